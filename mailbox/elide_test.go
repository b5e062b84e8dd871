package mailbox

import (
	"bytes"
	"fmt"
	"io"
	"math/rand/v2"
	"runtime"
	"strings"
	"testing"

	"github.com/urlgrep/urlgrep/internal/mailgen"
)

// partTexts reads every part of in, with opts, and returns their texts
// and the problems reported.
func partTexts(t testing.TB, in []byte, opts ...Option) ([]string, []Problem) {
	t.Helper()
	var problems []Problem
	r := NewReader(bytes.NewReader(in), append(opts, OnProblem(func(p Problem) { problems = append(problems, p) }))...)
	var texts []string
	for {
		p, err := r.Next()
		if err == io.EOF {
			return texts, problems
		}
		if err != nil {
			t.Fatal(err)
		}
		b, err := io.ReadAll(p.Body)
		if err != nil {
			t.Fatal(err)
		}
		texts = append(texts, string(b))
	}
}

// htmlMessage is an 8bit HTML message holding doc.
func htmlMessage(doc string) []byte {
	return []byte("From: a@example.org\nContent-Type: text/html; charset=utf-8\nContent-Transfer-Encoding: 8bit\n\n" + doc + "\n")
}

// TestElideLongGaps checks ElideLong's text against the text without it:
// as long, and the same but for bytes of base64 runs, each at least n
// bytes from either end of its run (in the text without it), given as
// "A"; with gaps where runs are long, none where they are short, and
// nothing of script or style contents either way.
func TestElideLongGaps(t *testing.T) {
	const n = 1000
	long := 2*n + elideSlack + 150<<10 // read on past the first refill that finds the run long enough
	docs := []struct {
		doc  string
		gaps bool
	}{
		{`<img src="data:image/png;base64,` + mailgen.Base64Run(1, 3*long) + `" alt="x"> http://a.example/`, true},
		{`<a href="http://b.example/?q=` + mailgen.Base64Run(2, long) + `">text</a>`, true},
		{`<a href="http://c.example/&amp;` + mailgen.Base64Run(3, long) + ` ` + mailgen.Base64Run(4, long) + `">t</a>`, true},
		{`<a href=` + mailgen.Base64Run(5, long) + `>u</a><img src="data:a;base64,` + mailgen.Base64Run(6, long) + `" background="data:b;base64,` + mailgen.Base64Run(7, long) + `">`, true},
		{`<img src="data:image/png;base64,` + mailgen.Base64Run(8, 2*n+elideSlack-100) + `.` + mailgen.Base64Run(9, 2*n+elideSlack-100) + `">`, false},
		{`<img src="data:image/png;base64,` + mailgen.Base64Run(10, 2*n+elideSlack-1) + `">`, false},
		{`<meta http-equiv=refresh content="0;url=http://d.example/` + mailgen.Base64Run(11, long) + `">`, false},
		{`<style>p{background:url(data:x;base64,` + mailgen.Base64Run(12, 3*long) + `)}</style><p>after http://e.example/</p><script>"` + mailgen.Base64Run(13, 2*long) + `"</script>`, false},
	}
	for i, d := range docs {
		msg := htmlMessage(d.doc)
		want, wantP := partTexts(t, msg)
		got, gotP := partTexts(t, msg, ElideLong(n))
		if len(got) != len(want) || len(gotP) != len(wantP) {
			t.Fatalf("doc %d: %d parts and %d problems with ElideLong, %d and %d without", i, len(got), len(gotP), len(want), len(wantP))
		}
		gaps := 0
		for p := range want {
			ok, d := gapsOK(got[p], want[p], n)
			if !ok {
				t.Errorf("doc %d part %d: the text with ElideLong is not the text without but for bytes inside base64 runs given as \"A\"", i, p)
			}
			gaps += d
		}
		if (gaps > 0) != d.gaps {
			t.Errorf("doc %d: %d bytes passed over, want gaps %v", i, gaps, d.gaps)
		}
	}
}

// TestElideLongHolds checks what reading a part allocates with ElideLong:
// a few hundred kilobytes for a 3 MB inline image or style sheet, which
// without it grow the tokenizer's buffer to its megabyte bound (and past
// it end the HTML: the rest is read as text, and said to be); with it,
// the link after them is read as HTML.
func TestElideLongHolds(t *testing.T) {
	const n = 64<<10 + 4<<10 // a search's, at the default candidate bound
	for _, doc := range []string{
		`<img src="data:image/png;base64,` + mailgen.Base64Run(1, 3<<20) + `"><a href="http://after.example/x&amp;y">after</a>`,
		`<style>.a{background:url(data:image/png;base64,` + mailgen.Base64Run(2, 3<<20) + `)}</style><a href="http://after.example/x&amp;y">after</a>`,
	} {
		msg := htmlMessage(doc)
		texts, problems := partTexts(t, msg)
		if len(problems) != 1 || !strings.Contains(problems[0].Error(), "max buffer exceeded") {
			t.Errorf("%.40s: without ElideLong, problems %v, want the tokenizer's bound", doc, problems)
		}
		if strings.Contains(strings.Join(texts, ""), "<http://after.example/x&y>") {
			t.Errorf("%.40s: without ElideLong, the link after the bound was read as HTML", doc)
		}
		texts, problems = partTexts(t, msg, ElideLong(n))
		if len(problems) != 0 || !strings.Contains(strings.Join(texts, ""), "<http://after.example/x&y>") {
			t.Errorf("%.40s: with ElideLong, problems %v, and the link after it not read as HTML", doc, problems)
		}

		buf := make([]byte, 32<<10)
		var src bytes.Reader
		r := NewReader(&src, ElideLong(n))
		read := func() {
			src.Reset(msg)
			r.Reset(&src, ElideLong(n))
			for {
				p, err := r.Next()
				if err != nil {
					return
				}
				for {
					if _, err := p.Body.Read(buf); err != nil {
						break
					}
				}
			}
		}
		read()
		runtime.GC()
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		read()
		runtime.ReadMemStats(&after)
		if a := after.TotalAlloc - before.TotalAlloc; a > 1<<20 {
			t.Errorf("%.40s: reading %d bytes with ElideLong allocated %d bytes, want at most 1 MiB", doc, len(msg), a)
		}
	}
}

// elideTok is a token as elideTokens describes it.
type elideTok struct {
	desc  string   // its kind and name, or a text's text ("" for script and style contents)
	attrs []string // a start tag's attribute values as written, a gap filled with "A"
}

// elideTokens reads in's tokens with htmlTok, in the reads sizes gives,
// passing over base64 runs past n bytes with slack (ElideLong) when n > 0.
func elideTokens(in []byte, sizes []int, n, slack int) []elideTok {
	src := &chunkReader{data: in, sizes: sizes}
	z := newHTMLTok(src, htmlMaxBuf)
	z.elideRun, z.slack = n, slack
	var toks []elideTok
	raw := false // the text to come is script or style contents
	for {
		switch tt := z.next(); tt {
		case tokError:
			return append(toks, elideTok{desc: fmt.Sprint("error ", z.err)})
		case tokText:
			text := string(z.text(nil))
			if raw {
				text = ""
			}
			toks = append(toks, elideTok{desc: "text " + text})
			raw = false
		case tokStartTag:
			name, more := z.tagName()
			t := elideTok{desc: "start " + string(name)}
			raw = string(name) == "script" || string(name) == "style"
			for more {
				var k, v []byte
				k, v, more = z.tagAttr()
				if g := z.tagAttrGap(); g.n > 0 {
					v = []byte(string(v[:g.at]) + strings.Repeat("A", g.n) + string(v[g.at:]))
				}
				t.attrs = append(t.attrs, string(k)+"="+string(v))
			}
			toks = append(toks, t)
		case tokEndTag:
			name, _ := z.tagName()
			toks = append(toks, elideTok{desc: "end " + string(name)})
			raw = false
		default:
			toks = append(toks, elideTok{desc: "comment"})
			raw = false
		}
	}
}

// gapsOK reports whether got, an attribute value with its gaps filled,
// is want but for bytes of base64 runs of want given as "A", each at
// least n bytes from either end of its run; and how many bytes differ.
func gapsOK(got, want string, n int) (bool, int) {
	if len(got) != len(want) {
		return false, 0
	}
	diff := 0
	for j := 0; j < len(want); {
		if !base64Byte[want[j]] {
			if got[j] != want[j] {
				return false, diff
			}
			j++
			continue
		}
		start, end := j, j
		for end < len(want) && base64Byte[want[end]] {
			end++
		}
		for k := start; k < end; k++ {
			if got[k] != want[k] {
				if got[k] != 'A' || k-start < n || end-k <= n {
					return false, diff
				}
				diff++
			}
		}
		j = end
	}
	return true, diff
}

// checkElided compares in's tokens read with ElideLong's passing over
// (n, slack) with those read without: the same tokens, but for script and
// style contents, not held, and attribute values that lost bytes of base64
// runs (gapsOK). It returns how many bytes were passed over.
func checkElided(t *testing.T, in []byte, sizes []int, n, slack int) int {
	t.Helper()
	want := elideTokens(in, sizes, 0, 0)
	got := elideTokens(in, sizes, n, slack)
	if len(got) != len(want) {
		t.Fatalf("reads %v, n %d: %d tokens with ElideLong, %d without:\n%v\n%v", sizes, n, len(got), len(want), got, want)
	}
	passed := 0
	for i := range want {
		g, w := got[i], want[i]
		if g.desc != w.desc && !(strings.HasPrefix(w.desc, "text ") && g.desc == "text ") || len(g.attrs) != len(w.attrs) {
			t.Fatalf("reads %v, n %d: token %d is %.80q %d attributes with ElideLong, %.80q %d without", sizes, n, i, g.desc, len(g.attrs), w.desc, len(w.attrs))
		}
		for a := range w.attrs {
			ok, d := gapsOK(g.attrs[a], w.attrs[a], n)
			if !ok {
				t.Fatalf("reads %v, n %d: token %d attribute %d is %q with ElideLong, %q without", sizes, n, i, a, g.attrs[a], w.attrs[a])
			}
			passed += d
		}
	}
	return passed
}

// TestElideTokens checks the tokenizer's passing over with short bounds
// (runs of tens of bytes, reads of a few), on documents of base64 runs in
// quoted and unquoted values, around references, line breaks and other
// bytes, beside script and style contents, and the seeds.
func TestElideTokens(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	pieces := []string{"&amp;", "\n", " ", ".", ":", "=", "/", "+", "http://a.example/", "<", ">", "'", "\""}
	var docs []string
	for range 300 {
		var b strings.Builder
		for range 1 + rng.IntN(4) {
			var v strings.Builder
			for range 1 + rng.IntN(4) {
				v.WriteString(mailgen.Base64Run(rng.Uint64(), rng.IntN(200)))
				if rng.IntN(2) == 0 {
					v.WriteString(pieces[rng.IntN(len(pieces))])
				}
			}
			value := strings.NewReplacer(`"`, "", "<", "", ">", "").Replace(v.String())
			switch rng.IntN(5) {
			case 0:
				b.WriteString(`<img src="` + value + `" alt=x>`)
			case 1:
				b.WriteString(`<a href='` + strings.ReplaceAll(value, "'", "") + `' title="t">x</a>`)
			case 2:
				b.WriteString(`<a href=` + strings.NewReplacer(" ", "", "\n", "", "'", "").Replace(value) + `>y</a>`)
			case 3:
				b.WriteString(`<style>p{background:url(data:x;base64,` + value + `)}</style>`)
			default:
				b.WriteString(`<script>var d="` + value + `";</script><p>` + value + `</p>`)
			}
		}
		docs = append(docs, b.String())
	}
	docs = append(docs, htmlSeeds...)
	passed := 0
	for _, doc := range docs {
		for _, sizes := range [][]int{{1}, {3, 7, 1}, {16}, {64}} {
			for _, n := range []int{1, 4, 20} {
				passed += checkElided(t, []byte(doc), sizes, n, 8)
			}
		}
	}
	if passed == 0 {
		t.Error("no byte passed over: the documents do not test ElideLong")
	}
}

// TestLastNotBase64 compares lastNotBase64, eight bytes at a time, with
// a byte at a time, on runs of base64 of every length up to 40 with a
// byte that is not base64 at every place, or none.
func TestLastNotBase64(t *testing.T) {
	naive := func(b []byte) int {
		for i := len(b) - 1; i >= 0; i-- {
			if !base64Byte[b[i]] {
				return i
			}
		}
		return -1
	}
	for n := range 41 {
		run := []byte(mailgen.Base64Run(uint64(n), n))
		if got := lastNotBase64(run); got != -1 {
			t.Errorf("%q: %d, want -1", run, got)
		}
		for at := range n {
			for _, c := range []byte{'.', ':', '\n', 0x80, '-', '_'} {
				b := append([]byte(nil), run...)
				b[at] = c
				if got, want := lastNotBase64(b), naive(b); got != want {
					t.Errorf("%q: %d, want %d", b, got, want)
				}
			}
		}
	}
}

// TestStyleSheetElided: a style sheet of 600 KB, which a search's
// reader (ElideLong) drops as it reads it, gives the URLs of its url()s
// and @imports, at its end, as a reader holding it whole gives them,
// whatever falls across the pieces it is dropped in; its inline fonts
// (data:) are none.
func TestStyleSheetElided(t *testing.T) {
	var css strings.Builder
	css.WriteString("@import 'http://imp.example/a.css'; ")
	for i := 0; css.Len() < 600<<10; i++ { // less than htmlMaxBuf: held whole without ElideLong
		fmt.Fprintf(&css, ".c%d { background: URL( \"http://bg.example/%d.png\" ) } ", i, i)
		if i%500 == 0 {
			fmt.Fprintf(&css, "@font-face { src: url(data:font/woff2;base64,%s) } ", strings.Repeat("AAAA", 3000))
		}
	}
	doc := htmlMessage("<html><head><style>" + css.String() + "</style></head><body><p>text http://body.example/</p></body></html>")
	whole, _ := partTexts(t, doc)
	elided, _ := partTexts(t, doc, ElideLong(64<<10))
	if len(whole) == 0 || len(whole) != len(elided) {
		t.Fatalf("parts: %d whole, %d elided", len(whole), len(elided))
	}
	body := len(whole) - 1 // after the header's
	if whole[body] != elided[body] {
		w, e := strings.Split(whole[body], "\n"), strings.Split(elided[body], "\n")
		for i := range min(len(w), len(e)) {
			if w[i] != e[i] {
				t.Errorf("line %d: whole %.80q, elided %.80q", i, w[i], e[i])
				break
			}
		}
		t.Errorf("the sheet elided gives %d bytes of text (%d lines), whole %d (%d lines): they differ; whole's last lines %q, elided's %q", len(elided[body]), len(e), len(whole[body]), len(w), w[len(w)-4:], e[len(e)-4:])
	}
	urls := scanURLs(t, elided[body])
	if len(urls) < 1000 || urls[0] != "http://imp.example/a.css" || urls[len(urls)-1] != "http://body.example/" {
		t.Errorf("%d URLs, first %q, last %q", len(urls), urls[0], urls[len(urls)-1])
	}
	for _, u := range urls {
		if strings.HasPrefix(u, "data:") {
			t.Fatalf("an inline font reported: %.40s", u)
		}
	}
}
