package linkify

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/sebdah/goldie/v2"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"

	"github.com/urlgrep/urlgrep/extract"
)

// goldenOptions are the options each input is rendered with; an input not
// listed is rendered with the defaults. Inputs named "both-*" are rendered
// with goldmark's extension.GFM, Linkify included, and this extension.
var goldenOptions = map[string][]Option{
	"wrappers-original":  {WithText(TextOriginal)},
	"www-email":          {WithEmail(true)},
	"gfm-autolinks":      {WithEmail(true)},
	"both-gfm-autolinks": {WithEmail(true)},
	"schemes-custom":     {WithSchemes("HTTP", "file", "sftp", "javascript", "data", "vbscript")},
	"rel-target":         {WithRel("nofollow noopener"), WithTarget("_blank")},
	"maxlength":          {WithMaxLength(40)},
	"rewrite":            {WithRewrite(redirect)},
	"both-notes":         nil,
	"notes":              nil,
	"punctuation":        nil,
	"leave-alone":        {WithEmail(true)},
	"wrappers":           nil,
	"schemes":            nil,
}

// redirect is the rewrite hook of the "rewrite" golden: it sends links
// through a redirector, refuses private hosts, and tries to smuggle in a
// javascript: URL, which the extension refuses.
func redirect(m *extract.Match) (string, bool) {
	switch {
	case strings.HasPrefix(m.Parsed.Host, "private."):
		return "", false
	case strings.HasSuffix(m.Parsed.Path, "evil"):
		return "javascript&#58;alert(1)", true
	}
	return "https://redirect.example.net/?to=" + m.URL, true
}

// TestGolden renders each testdata/input/linkify/*.md with GFM (without
// goldmark's Linkify) and this extension, and pins the HTML in
// testdata/golden/linkify/<name>.golden. Regenerate with
// GOLDIE_UPDATE=1 go test ./linkify -run Golden, and read the diff.
func TestGolden(t *testing.T) {
	inputs, err := filepath.Glob("../testdata/input/linkify/*.md")
	if err != nil {
		t.Fatal(err)
	}
	if len(inputs) == 0 {
		t.Fatal("no input in ../testdata/input/linkify")
	}
	g := goldie.New(t, goldie.WithFixtureDir("../testdata/golden/linkify"))
	for _, in := range inputs {
		name := strings.TrimSuffix(filepath.Base(in), ".md")
		t.Run(name, func(t *testing.T) {
			src, err := os.ReadFile(in)
			if err != nil {
				t.Fatal(err)
			}
			md := newMarkdown(New(goldenOptions[name]...))
			if strings.HasPrefix(name, "both-") {
				md = goldmark.New(goldmark.WithExtensions(extension.GFM, New(goldenOptions[name]...)))
			}
			var b bytes.Buffer
			if err := md.Convert(src, &b); err != nil {
				t.Fatal(err)
			}
			g.Assert(t, name, b.Bytes())
		})
	}
}

// TestConcurrent converts with one goldmark.Markdown from many goroutines:
// the extension keeps no state between documents.
func TestConcurrent(t *testing.T) {
	src, err := os.ReadFile("../testdata/input/linkify/wrappers.md")
	if err != nil {
		t.Fatal(err)
	}
	md := newMarkdown(New(WithEmail(true)))
	var want bytes.Buffer
	if err := md.Convert(src, &want); err != nil {
		t.Fatal(err)
	}
	for i := range 8 {
		t.Run(strconv.Itoa(i), func(t *testing.T) {
			t.Parallel()
			for range 20 {
				var got bytes.Buffer
				if err := md.Convert(src, &got); err != nil {
					t.Fatal(err)
				}
				if got.String() != want.String() {
					t.Fatalf("concurrent conversion differs:\n%s", got.String())
				}
			}
		})
	}
}
