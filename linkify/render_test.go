package linkify

import (
	"bytes"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/renderer/html"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// linkShapes is Markdown with links of every shape renderLink tells
// apart: titles (with quotes, entities and escapes), destinations to
// escape, dangerous schemes in any case, allowed data images, references,
// autolinks (which are not *ast.Link, for contrast) and images.
const linkShapes = `[plain](http://a.example/x) [titled](http://a.example/ "a \"title\" &amp; <b>")
[single](http://a.example/ 'it''s') [paren](http://a.example/ (title)) [empty]() [space](<http://a.example/a b>)
[escapes](http://a.example/\(x\)?q=1&r=2#frag) [unicode](http://a.example/café/日本?q=ü) [pct](http://a.example/%7e%zz)
[js](javascript:alert(1)) [JS](JaVaScRiPt:alert(1)) [vb](vbscript:x) [file](file:///etc/passwd) [FILE](FILE:x)
[data](data:text/html,<b>x</b>) [png](data:image/png;base64,AAAA) [svg](data:image/svg+xml;x) [DATA](DATA:IMAGE/GIF;x)
[entity](&#x6A;avascript:x) [kelvin](&#x212A;x:y) [ref][r1] [Ref][] [collapsed][r2] ![img](http://a.example/i.png "t")
<http://a.example/auto> <a@b.example> [**strong** and ` + "`code`" + `](http://a.example/s) [nested [brackets]](http://a.example/n)

[r1]: http://a.example/ref "Ref title"
[Ref]: javascript:void(0)
[r2]: <http://a.example/with space> 'x'
`

// TestLinkRendererIsGoldmarks renders linkShapes with goldmark's renderer
// and with linkRenderer ahead of it, with each renderer option that
// renderLink reads, and with attributes on links (some of which
// html.LinkAttributeFilter drops), and wants the same HTML.
func TestLinkRendererIsGoldmarks(t *testing.T) {
	options := map[string][]renderer.Option{
		"default": nil,
		"unsafe":  {html.WithUnsafe()},
		"xhtml":   {html.WithXHTML(), html.WithHardWraps()},
		"writer":  {html.WithWriter(html.NewWriter(html.WithEscapedSpace()))},
	}
	for name, opts := range options {
		render := func(ours bool) string {
			ropts := append([]renderer.Option{}, opts...)
			if ours {
				ropts = append(ropts, renderer.WithNodeRenderers(util.Prioritized(newLinkRenderer(), 999)))
			}
			md := goldmark.New(goldmark.WithExtensions(extension.Table, extension.Strikethrough),
				goldmark.WithParserOptions(parser.WithAttribute()), goldmark.WithRendererOptions(ropts...))
			src := []byte(linkShapes)
			doc := md.Parser().Parse(text.NewReader(src))
			i := 0
			ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
				if l, ok := n.(*ast.Link); ok && entering {
					switch i++; i % 3 {
					case 1:
						l.SetAttributeString("rel", []byte("nofollow noopener"))
						l.SetAttributeString("target", []byte(`_"blank"`))
					case 2:
						l.SetAttributeString("onclick", []byte("x()")) // filtered out
						l.SetAttributeString("class", []byte("a<b"))
					}
				}
				return ast.WalkContinue, nil
			})
			var out bytes.Buffer
			if err := md.Renderer().Render(&out, src, doc); err != nil {
				t.Fatal(err)
			}
			return out.String()
		}
		want, got := render(false), render(true)
		if got != want {
			t.Errorf("%s: linkRenderer's HTML differs from goldmark's:\n got %s\nwant %s", name, got, want)
		}
		if n := strings.Count(want, "<a href"); n < 20 {
			t.Errorf("%s: only %d links rendered: the test tests little", name, n)
		}
	}
}

// TestURLEscapeShortcut holds urlEscape to goldmark's util.URLEscape: every
// pair of ASCII bytes, and random destinations of URL bytes, escapes,
// references, backslashes, spaces and UTF-8.
func TestURLEscapeShortcut(t *testing.T) {
	check := func(v []byte) {
		t.Helper()
		want := util.URLEscape(bytes.Clone(v), true)
		if got := urlEscape(bytes.Clone(v)); !bytes.Equal(got, want) {
			t.Fatalf("urlEscape(%q) = %q; util.URLEscape %q", v, got, want)
		}
	}
	for a := range 0x80 {
		for b := range 0x80 {
			check([]byte{byte(a), byte(b)})
		}
	}
	pieces := []string{"http://a.example/", "x", "Z9", "-._~", "%41", "%4", "%zz", "%", "&amp;", "&#65;", "&", "&lt",
		"\\_", "\\", " ", "é", "日本", "\xff", "?q=1", "#frag", "[", "]", "'", "\"", "<", ">", "(", ")", "*"}
	r := rand.New(rand.NewPCG(11, 12))
	for range 20000 {
		var v []byte
		for range r.IntN(8) {
			v = append(v, pieces[r.IntN(len(pieces))]...)
		}
		check(v)
	}
}

// TestIPLiteralHref checks that a link this extension makes to a host in
// brackets keeps them: goldmark's URLEscape writes "%5B" and "%5D", and a
// browser reads no host from "http://%5B2001:db8::1%5D/". A bracket
// elsewhere is escaped as goldmark escapes it, and a link written in the
// Markdown is rendered as goldmark renders it.
func TestIPLiteralHref(t *testing.T) {
	md := goldmark.New(goldmark.WithExtensions(New()))
	src := "see http://[2001:db8::1]:8080/x, https://user@[::1]/a?q=[1] and <URL:http://[fe80::1%25eth0]/>\n\n[written](http://[::1]/)\n"
	var out bytes.Buffer
	if err := md.Convert([]byte(src), &out); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		`href="http://[2001:db8::1]:8080/x"`,
		`href="https://user@[::1]/a?q=%5B1%5D"`,
		`href="http://[fe80::1%25eth0]/"`,
		`href="http://%5B::1%5D/"`, // goldmark's, as written
	} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %s:\n%s", want, out.String())
		}
	}
	if strings.Contains(out.String(), "urlgrep-ip-literal") {
		t.Errorf("the mark is written:\n%s", out.String())
	}
}

// TestRawAnchor checks a URL between inline raw HTML's "<a ...>" and
// "</a>": with html.WithUnsafe, which writes that <a>, it is text (a link
// inside a link is invalid HTML, and goldmark's Linkify makes one); where
// raw HTML is left out, it is the only link and is written. An "<a>" left
// open ends with its paragraph.
func TestRawAnchor(t *testing.T) {
	src := "Raw: <a href=\"https://x.example/\">see https://inside.example/ and *www.also.example*</a>, then https://after.example/.\n\n" +
		"Open <a href=\"https://y.example/\">https://open.example/\n\nNext https://next.example/.\n"
	convert := func(opts ...renderer.Option) string {
		md := goldmark.New(goldmark.WithExtensions(New()), goldmark.WithRendererOptions(opts...))
		var out bytes.Buffer
		if err := md.Convert([]byte(src), &out); err != nil {
			t.Fatal(err)
		}
		return out.String()
	}
	unsafe := convert(html.WithUnsafe())
	for _, want := range []string{
		`<a href="https://x.example/">see https://inside.example/ and <em>www.also.example</em></a>`,
		`then <a href="https://after.example/">https://after.example/</a>`,
		`<a href="https://y.example/">https://open.example/`,
		`Next <a href="https://next.example/">https://next.example/</a>`,
	} {
		if !strings.Contains(unsafe, want) {
			t.Errorf("unsafe output lacks %s:\n%s", want, unsafe)
		}
	}
	safe := convert()
	for _, want := range []string{
		`see <a href="https://inside.example/">https://inside.example/</a>`,
		`<em><a href="http://www.also.example">www.also.example</a></em>`,
	} {
		if !strings.Contains(safe, want) {
			t.Errorf("safe output lacks %s:\n%s", want, safe)
		}
	}
	if strings.Contains(unsafe+safe, "urlgrep-in-raw-a") {
		t.Errorf("the mark is written")
	}
}
