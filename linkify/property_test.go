package linkify

import (
	"bytes"
	"html"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/urlgrep/urlgrep/extract"
	"github.com/urlgrep/urlgrep/linktext"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/text"
)

// gfm is GFM without goldmark's Linkify: extension.GFM includes it.
func gfm() []goldmark.Extender {
	return []goldmark.Extender{extension.Table, extension.Strikethrough, extension.TaskList}
}

func newMarkdown(ext ...goldmark.Extender) goldmark.Markdown {
	return goldmark.New(goldmark.WithExtensions(append(gfm(), ext...)...))
}

// leafText returns the text of doc's leaves in document order: text and
// string nodes, autolinks' labels, raw HTML and the lines of code and HTML
// blocks, with "\n" for each line break of a text node.
func leafText(doc ast.Node, source []byte) string {
	var b strings.Builder
	lines := func(segs *text.Segments) {
		for i := 0; i < segs.Len(); i++ {
			seg := segs.At(i)
			b.Write(seg.Value(source))
		}
	}
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *ast.Text:
			b.Write(n.Segment.Value(source))
			if n.SoftLineBreak() || n.HardLineBreak() {
				b.WriteByte('\n')
			}
		case *ast.String:
			b.Write(n.Value)
		case *ast.AutoLink:
			b.Write(n.Label(source))
		case *ast.RawHTML:
			lines(n.Segments)
		default:
			if n.Type() == ast.TypeBlock && n.IsRaw() {
				lines(n.Lines())
			}
		}
		return ast.WalkContinue, nil
	})
	return b.String()
}

// htmlText returns the text content of goldmark's HTML: tags stripped (in
// goldmark's output a '<' or '>' that is text is always escaped), then
// character references resolved.
func htmlText(s string) string {
	var b strings.Builder
	for {
		i := strings.IndexByte(s, '<')
		if i < 0 {
			b.WriteString(s)
			break
		}
		b.WriteString(s[:i])
		j := strings.IndexByte(s[i:], '>')
		if j < 0 {
			break
		}
		s = s[i+j+1:]
	}
	return html.UnescapeString(b.String())
}

// normalize leaves out what a wrapper's link drops: whitespace, "<", ">"
// and "URL:" in any case.
func normalize(s string) string {
	// Byte by byte: the bytes left out are ASCII, and the bytes kept are
	// compared as they are. (strings.Map read each byte that is not UTF-8
	// as U+FFFD, so that "\xd7 \x99" in a wrapper, which the wrapper rules
	// rejoin as "\xd7\x99", the letter "י", compared unequal to itself.)
	var kept []byte
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case ' ', '\t', '\n', '\r', '\f', '\v', '<', '>':
		default:
			kept = append(kept, s[i])
		}
	}
	s = string(kept)
	var b strings.Builder
	for {
		i := indexFold(s, "url:")
		if i < 0 {
			b.WriteString(s)
			return b.String()
		}
		b.WriteString(s[:i])
		s = s[i+4:]
	}
}

func indexFold(s, sub string) int {
	for i := 0; i+len(sub) <= len(s); i++ {
		if strings.EqualFold(s[i:i+len(sub)], sub) {
			return i
		}
	}
	return -1
}

// checkTextPreserved checks that goldmark with the extension keeps the
// text of src as plain goldmark (GFM without Linkify) has it, in the AST
// and in the HTML. With no "<URL:" in src the texts must be equal; with
// one, equal but for what a wrapper drops (see normalize).
func checkTextPreserved(t *testing.T, src []byte, opts ...Option) {
	t.Helper()
	plain, ours := newMarkdown(), newMarkdown(New(opts...))
	exact := indexFold(string(src), "<url:") < 0
	same := func(a, b string) bool {
		if exact {
			return a == b
		}
		return normalize(a) == normalize(b)
	}
	pa := leafText(plain.Parser().Parse(text.NewReader(src)), src)
	oa := leafText(ours.Parser().Parse(text.NewReader(src)), src)
	if !same(pa, oa) {
		t.Fatalf("AST text of %q:\nplain %q\nours  %q", src, pa, oa)
	}
	var ph, oh bytes.Buffer
	if err := plain.Convert(src, &ph); err != nil {
		t.Fatal(err)
	}
	if err := ours.Convert(src, &oh); err != nil {
		t.Fatal(err)
	}
	if p, o := htmlText(ph.String()), htmlText(oh.String()); !same(p, o) {
		t.Fatalf("HTML text of %q:\nplain %q\nours  %q\nplain HTML %s\nours HTML  %s", src, p, o, ph.String(), oh.String())
	}
}

// checkTextRender checks that the text content of linktext.Render's output is
// its input, exactly.
func checkTextRender(t *testing.T, src []byte, opts ...Option) {
	t.Helper()
	var b bytes.Buffer
	if err := linktext.Render(&b, bytes.NewReader(src), opts...); err != nil {
		t.Fatal(err)
	}
	if got := htmlText(b.String()); got != string(src) {
		t.Fatalf("linktext.Render(%q): text content %q, output %s", src, got, b.String())
	}
}

// fragments are the pieces random documents are made of: URLs of every
// kind, wrappers (some across lines), Markdown markup, escapes and
// references.
var fragments = []string{
	"http://example.com/", "https://www.example.org/a_b/(c)", "www.example.com", "ftp://ftp.example.org/pub/x.txt",
	"foo@example.com", "mailto:a@b.org", "news:comp.lang.go", "file:///etc/passwd", "javascript:alert(1)",
	"<URL:http://example.com/a>", "<URL:http://example.com/\n  b>", "<URL:ftp://x.org/a-\nb>", "<URL:javascript:x>",
	"<url: http://x.org/ >", "<http://auto.link/>", "<URL:", ">", "<", "URL:", "http://", "www.",
	"*", "**", "_", "__", "~", "~~", "`", "``", "[", "]", "(", ")", "![", "](http://dest.org/)", "[ref]", "\n[ref]: http://r.org/\n",
	"\\", "\\_", "\\<", "&amp;", "&#58;", "&", ";", "<b>", "</b>", "<!-- c -->", "\n", "\n\n", "  \n", "\\\n",
	" ", " ", " ", "word", "x", ".", ",", "!", "?", ":", "'", "\"", "|", "\n| a | b |\n|---|---|\n| ", "\n> ", "\n- ", "\n```\n",
	"\n    ", "# ", "é", "见", "\t", "\r\n", "-",
}

func randomDoc(r *rand.Rand) []byte {
	var b strings.Builder
	for n := r.IntN(40); n >= 0; n-- {
		b.WriteString(fragments[r.IntN(len(fragments))])
	}
	return []byte(b.String())
}

// optionSets are the configurations the properties are checked under.
var optionSets = [][]Option{
	nil,
	{WithEmail(true), WithText(TextOriginal)},
	{WithSchemes("http", "file", "javascript"), WithWWW(false), WithMaxLength(20)},
}

func TestTextPreserved(t *testing.T) {
	inputs, _ := filepath.Glob("../testdata/input/linkify/*.md")
	for _, in := range inputs {
		src, err := os.ReadFile(in)
		if err != nil {
			t.Fatal(err)
		}
		for _, opts := range optionSets {
			checkTextPreserved(t, src, opts...)
			checkTextRender(t, src, opts...)
		}
	}
	r := rand.New(rand.NewPCG(1, 2))
	for range 3000 {
		src := randomDoc(r)
		for _, opts := range optionSets {
			checkTextPreserved(t, src, opts...)
			checkTextRender(t, src, opts...)
		}
	}
}

func FuzzTextPreserved(f *testing.F) {
	inputs, _ := filepath.Glob("../testdata/input/linkify/*.md")
	for _, in := range inputs {
		if src, err := os.ReadFile(in); err == nil {
			f.Add(src, uint8(0))
		}
	}
	r := rand.New(rand.NewPCG(3, 4))
	for i := range 50 {
		f.Add(randomDoc(r), uint8(i))
	}
	f.Fuzz(func(t *testing.T, src []byte, set uint8) {
		opts := optionSets[int(set)%len(optionSets)]
		checkTextPreserved(t, src, opts...)
		checkTextRender(t, src, opts...)
	})
}

// TestBorrowedSameAsEager renders the golden inputs, generated documents
// and the benchmark's with and without a Rewrite hook that changes
// nothing. Without one, the transformer and the wrapper parser borrow each
// match from a lazy Scanner; with one, each is a Match of its own, built
// as Finder.All and Finder.At build it. The HTML must be the same.
func TestBorrowedSameAsEager(t *testing.T) {
	same := func(m *extract.Match) (string, bool) { return m.URL, true }
	var docs [][]byte
	inputs, _ := filepath.Glob("../testdata/input/linkify/*.md")
	for _, in := range inputs {
		src, err := os.ReadFile(in)
		if err != nil {
			t.Fatal(err)
		}
		docs = append(docs, src)
	}
	r := rand.New(rand.NewPCG(5, 6))
	for range 2000 {
		docs = append(docs, randomDoc(r))
	}
	docs = append(docs, benchDoc(64<<10, true), benchDoc(16<<10, false))
	for _, opts := range optionSets {
		borrowed := newMarkdown(New(opts...))
		eager := newMarkdown(New(append(opts[:len(opts):len(opts)], WithRewrite(same))...))
		for _, src := range docs {
			var a, b bytes.Buffer
			if err := borrowed.Convert(src, &a); err != nil {
				t.Fatal(err)
			}
			if err := eager.Convert(src, &b); err != nil {
				t.Fatal(err)
			}
			if a.String() != b.String() {
				t.Fatalf("input %q:\nborrowed: %s\neager:    %s", src, a.String(), b.String())
			}
		}
	}
}
