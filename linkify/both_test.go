package linkify

import (
	"bytes"
	"strings"
	"testing"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/text"
)

// TestWithGoldmarkLinkify checks the combination the package
// documentation describes: goldmark's Linkify links first, as
// autolinks; this extension links the rest, wrappers first; nothing is
// linked twice and nothing links to "URL:".
func TestWithGoldmarkLinkify(t *testing.T) {
	src := []byte("Bare http://www.example.org/bare, gopher://gopher.example.org/1/ and\n" +
		"<URL:http://www.example.org/wrapped>, <URL:http://www.example.org/broken/\n" +
		"across.html>, <URL:javascript:alert(1)> and *http://www.example.org/em*.\n")
	md := goldmark.New(goldmark.WithExtensions(extension.GFM, New(WithRel("nofollow"))))
	doc := md.Parser().Parse(text.NewReader(src))
	var autolinks, links []string
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *ast.AutoLink:
			autolinks = append(autolinks, string(n.URL(src)))
		case *ast.Link:
			links = append(links, string(n.Destination))
			if n.FirstChild() == nil {
				t.Errorf("link to %s has no label", n.Destination)
			}
			for c := n.FirstChild(); c != nil; c = c.NextSibling() {
				if _, ok := c.(*ast.Text); !ok {
					t.Errorf("link to %s has a %s in its label", n.Destination, c.Kind())
				}
			}
		}
		return ast.WalkContinue, nil
	})
	wantAuto := "http://www.example.org/bare http://www.example.org/em"
	wantLinks := "gopher://gopher.example.org/1/ http://www.example.org/wrapped http://www.example.org/broken/across.html"
	if got := strings.Join(autolinks, " "); got != wantAuto {
		t.Errorf("autolinks (goldmark's Linkify) = %s, want %s", got, wantAuto)
	}
	if got := strings.Join(links, " "); got != wantLinks {
		t.Errorf("links (ours) = %s, want %s", got, wantLinks)
	}
	var b bytes.Buffer
	if err := md.Convert(src, &b); err != nil {
		t.Fatal(err)
	}
	if out := b.String(); strings.Contains(out, `href="URL:`) || strings.Contains(out, "javascript:alert(1)\"") {
		t.Errorf("a link to URL: or javascript: in\n%s", out)
	}

	// The text is goldmark's with Linkify alone, but for the wrappers.
	alone := goldmark.New(goldmark.WithExtensions(extension.GFM))
	got := leafText(doc, src)
	want := leafText(alone.Parser().Parse(text.NewReader(src)), src)
	if normalize(got) != normalize(want) {
		t.Errorf("text with both = %q, with Linkify alone %q", got, want)
	}
}

// TestGoldmarkLinkifyLosesMarkup pins the reason the bare URLs are linked
// by a transformer: goldmark's Linkify, an inline parser, takes
// "http://x.org/a_" before emphasis is parsed, and the text changes.
func TestGoldmarkLinkifyLosesMarkup(t *testing.T) {
	src := []byte("_see http://www.example.org/a_/b\n")
	render := func(md goldmark.Markdown) string {
		var b bytes.Buffer
		if err := md.Convert(src, &b); err != nil {
			t.Fatal(err)
		}
		return b.String()
	}
	theirs := render(goldmark.New(goldmark.WithExtensions(extension.Linkify)))
	ours := render(goldmark.New(goldmark.WithExtensions(New())))
	plain := render(goldmark.New())
	if htmlText(ours) != htmlText(plain) {
		t.Errorf("ours %q changes the text of plain %q", ours, plain)
	}
	if htmlText(theirs) == htmlText(plain) {
		t.Logf("goldmark's Linkify keeps the text now: %q", theirs)
	}
	if want := "<p><em>see <a href=\"http://www.example.org/a\">http://www.example.org/a</a></em>/b</p>\n"; ours != want {
		t.Errorf("ours = %q, want %q", ours, want)
	}
}
