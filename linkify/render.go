package linkify

import (
	"bytes"
	"unsafe"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/renderer/html"
	"github.com/yuin/goldmark/util"
)

// linkRenderer writes every *ast.Link as goldmark's HTML renderer writes
// it (renderLink in goldmark v1.8.7's renderer/html, line for line, with
// the renderer's own options: Unsafe, the Writer of titles), but for its
// dangerous-URL check, which is done without allocating: goldmark's
// IsDangerousURL makes six byte slices for every link it writes, a third
// of the allocations of a URL-dense document with this extension.
// dangerous says what IsDangerousURL says (TestDangerousMirrorsGoldmark),
// and TestLinkRendererIsGoldmarks holds the output to goldmark's on links
// of every shape and option. It is registered just ahead of goldmark's
// renderer (priority 999 to its 1000), so that a renderer a program
// registers for links itself still wins.
type linkRenderer struct {
	html.Config
}

func newLinkRenderer() *linkRenderer { return &linkRenderer{Config: html.NewConfig()} }

// SetOption implements renderer.SetOptioner: the options goldmark's HTML
// renderer is given.
func (r *linkRenderer) SetOption(name renderer.OptionName, value any) {
	r.Config.SetOption(name, value)
}

// RegisterFuncs implements renderer.NodeRenderer.
func (r *linkRenderer) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(ast.KindLink, r.renderLink)
}

func (r *linkRenderer) renderLink(w util.BufWriter, source []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	n := node.(*ast.Link)
	if r.Unsafe {
		if _, ok := n.Attribute(rawAnchorMark); ok {
			return ast.WalkContinue, nil // its text only, inside the raw <a> written
		}
	}
	if entering {
		_, _ = w.WriteString("<a href=\"")
		dest := urlEscape(n.Destination)
		if _, ok := n.Attribute(ipLiteralMark); ok {
			dest = ipLiteral(dest)
		}
		if r.Unsafe || !dangerous(unsafe.String(unsafe.SliceData(dest), len(dest))) {
			_, _ = w.Write(util.EscapeHTML(dest))
		}
		_ = w.WriteByte('"')
		if n.Title != nil {
			_, _ = w.WriteString(` title="`)
			r.Writer.Write(w, n.Title)
			_ = w.WriteByte('"')
		}
		if n.Attributes() != nil {
			html.RenderAttributes(w, n, html.LinkAttributeFilter)
		}
		_ = w.WriteByte('>')
	} else {
		_, _ = w.WriteString("</a>")
	}
	return ast.WalkContinue, nil
}

// ipLiteralMark marks a link this extension made whose destination holds
// a "[": goldmark's URLEscape writes an IP literal's brackets as %5B and
// %5D, and browsers read no host from "http://%5B2001:db8::1%5D/" (RFC
// 3986 §3.2.2 and the WHATWG URL standard take a bracket there as it is).
// The name passes no attribute filter (html.LinkAttributeFilter, nor the
// "data-" prefix RenderAttributes lets through): it is never written.
// Links written in the Markdown are rendered as goldmark renders them.
var ipLiteralMark = []byte("urlgrep-ip-literal")

// rawAnchorMark marks a link this extension made inside an inline raw
// HTML "<a>...</a>" (runner.walk): with html.WithUnsafe, which writes that
// <a>, the link's own tags are left out. Like ipLiteralMark, it is never
// written.
var rawAnchorMark = []byte("urlgrep-in-raw-a")

// ipLiteral returns dest, a destination URLEscape wrote, with the brackets
// of its host's IP literal as they are: the "%5B" that opens the
// authority (after "//" and any userinfo's "@") and the "%5D" that closes
// it before the port, path, query or fragment.
func ipLiteral(dest []byte) []byte {
	i := bytes.Index(dest, []byte("://"))
	if i < 0 {
		return dest
	}
	auth := dest[i+3:]
	if j := bytes.IndexAny(auth, "/?#"); j >= 0 {
		auth = auth[:j]
	}
	open := i + 3
	if at := bytes.LastIndexByte(auth, '@'); at >= 0 {
		open += at + 1
	}
	if !bytes.HasPrefix(dest[open:], []byte("%5B")) {
		return dest
	}
	end := i + 3 + len(auth)
	closing := bytes.Index(dest[open:end], []byte("%5D"))
	if closing < 0 {
		return dest
	}
	closing += open
	out := make([]byte, 0, len(dest)-4)
	out = append(out, dest[:open]...)
	out = append(out, '[')
	out = append(out, dest[open+3:closing]...)
	out = append(out, ']')
	return append(out, dest[closing+3:]...)
}

// urlEscape is goldmark's util.URLEscape(v, true) for a destination, which
// it returns as it is when it holds nothing to resolve or escape: a link
// this extension makes, whose destination is a canonical URL, most often
// does. URLEscape resolves backslash escapes and character references
// and then percent-encodes, each a pass over the bytes, and the check
// here is one; TestURLEscapeShortcut holds it to URLEscape.
func urlEscape(v []byte) []byte {
	for i := 0; i < len(v); i++ {
		c := v[i]
		if destKept[c] {
			continue
		}
		if c == '%' && i+2 < len(v) && util.IsHexDecimal(v[i+1]) && util.IsHexDecimal(v[i+2]) {
			i += 2
			continue
		}
		return util.URLEscape(v, true)
	}
	return v
}

// destKept holds the ASCII bytes that util.URLEscape keeps as they are
// wherever they stand, asked of URLEscape itself: not "%" (kept before two
// hex digits only), "&" and "\\" (references and escapes are resolved).
var destKept = func() (t [256]bool) {
	for c := 0; c < 0x80; c++ {
		b := []byte{byte(c)}
		if c != '%' && c != '&' && c != '\\' && string(util.URLEscape(b, true)) == string(b) {
			t[c] = true
		}
	}
	return t
}()
