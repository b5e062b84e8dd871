package linkify

import (
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/urlgrep/urlgrep/linktext"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
)

// benchDoc generates about size bytes of Markdown: paragraphs with bare
// URLs, hosts and wrappers (some across lines), code blocks and lists;
// with urls false, the same shapes with no URL in them.
func benchDoc(size int, urls bool) []byte {
	var b strings.Builder
	for i := 0; b.Len() < size; i++ {
		if urls {
			fmt.Fprintf(&b, "Paragraph %d links to http://www.example.org/docs/%d/index.html and to\n", i, i)
			fmt.Fprintf(&b, "www.example.com/search?q=%d, and the archive is at <URL:ftp://ftp.example.org/pub/\n", i)
			fmt.Fprintf(&b, "  archive/%d.tar.gz> (mirrored at <URL:http://mirror.example.net/%d>), *see also\n", i, i)
			b.WriteString("https://www.example.org/emphasis*, with `http://localhost:8080/code` in code.\n\n")
			b.WriteString("```\ncurl http://localhost:8080/health\n```\n\n")
			fmt.Fprintf(&b, "- item one: gopher://gopher.example.org/1/%d\n- item two: [a link](http://example.org/%d)\n\n", i, i)
		} else {
			fmt.Fprintf(&b, "Paragraph %d says nothing much and says it at length, going on to a\n", i)
			b.WriteString("second line, where it goes on, and on, with no address anywhere to be seen,\n")
			b.WriteString("and a third with *emphasis* and `code` in it, before it comes, at last,\n")
			b.WriteString("to an end, as every paragraph does, with a full stop and a blank line.\n\n")
			b.WriteString("```\ncurl localhost 8080\n```\n\n")
			fmt.Fprintf(&b, "- item one: number %d\n- item two: [a link](somewhere)\n\n", i)
		}
	}
	return []byte(b.String())
}

// BenchmarkRender renders about 1 MB of Markdown with plain goldmark (GFM
// without Linkify), with goldmark's extension.Linkify and with this
// extension, on text with many URLs and with none.
func BenchmarkRender(b *testing.B) {
	for _, corpus := range []struct {
		name string
		urls bool
	}{{"many", true}, {"none", false}} {
		src := benchDoc(1<<20, corpus.urls)
		for _, md := range []struct {
			name string
			md   goldmark.Markdown
		}{
			{"plain", newMarkdown()},
			{"goldmark-linkify", newMarkdown(extension.Linkify)},
			{"linkify", newMarkdown(New())},
		} {
			b.Run(corpus.name+"/"+md.name, func(b *testing.B) {
				b.SetBytes(int64(len(src)))
				b.ReportAllocs()
				for b.Loop() {
					if err := md.md.Convert(src, io.Discard); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// BenchmarkLinktextRender streams about 1 MB of text through linktext.Render.
func BenchmarkLinktextRender(b *testing.B) {
	src := string(benchDoc(1<<20, true))
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		if err := linktext.Render(io.Discard, strings.NewReader(src)); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkPathological renders runs built to make a naive candidate
// loop quadratic ("http://http://...": each failed candidate costs the
// run's length) at 256 KiB and 512 KiB: linear time shows as the same MB/s
// at both sizes. The bound on failed candidates in one run that keeps them
// linear is extract's, tested there without a clock (TestPathologicalWork,
// TestScan's "too many tries" cases); TestLinearLinks checks this
// package's own loops.
func BenchmarkPathological(b *testing.B) {
	md := newMarkdown(New(WithEmail(true)))
	for _, unit := range []string{"http://http://", "http://a_b/", "www.a_b/", "a@b_c", "<URL:"} {
		for _, size := range []int{256 << 10, 512 << 10} {
			src := []byte(strings.Repeat(unit, size/len(unit)))
			b.Run(fmt.Sprintf("%s/%dKiB", unit, size>>10), func(b *testing.B) {
				b.SetBytes(int64(len(src)))
				b.ReportAllocs()
				for b.Loop() {
					if err := md.Convert(src, io.Discard); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// TestLinearLinks converts one paragraph of n URL lines, and of 2n, and
// checks that the work of making the links (the text pieces the
// transformer visits) doubles, not quadruples: a list of 60,000 URLs took
// 30 s when each link walked the paragraph's pieces from the start. The
// wrapper lines of the appendix are the other shape.
func TestLinearLinks(t *testing.T) {
	for _, line := range []string{"http://a%d.example/\n", "see <URL:http://a%d.example/\n x> and\n"} {
		work := func(n int) int64 {
			var src strings.Builder
			for i := range n {
				fmt.Fprintf(&src, line, i)
			}
			ext := New()
			if err := newMarkdown(ext).Convert([]byte(src.String()), io.Discard); err != nil {
				t.Fatal(err)
			}
			return ext.(*extender).l.visits.Load()
		}
		w1, w2 := work(2000), work(4000)
		if w1 < 2000 || w2 > 5*w1/2 {
			t.Errorf("%q: %d pieces visited for 2,000 lines, %d for 4,000: not linear", line, w1, w2)
		}
	}
}
