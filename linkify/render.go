package linkify

import (
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
	if entering {
		_, _ = w.WriteString("<a href=\"")
		dest := urlEscape(n.Destination)
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
