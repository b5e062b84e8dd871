package linktext

import (
	"bytes"
	"errors"
	"io"
	"regexp"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/urlgrep/urlgrep/internal/stalltest"
	"github.com/urlgrep/urlgrep/linkpolicy"
)

func TestRender(t *testing.T) {
	tests := []struct {
		name string
		in   string
		opts []linkpolicy.Option
		want string
	}{
		{"empty", "", nil, ""},
		{"no URL", `a < b & "c" 'd'`, nil, "a &lt; b &amp; &#34;c&#34; &#39;d&#39;"},
		{"bare", "see http://example.com/a.", nil, `see <a href="http://example.com/a">http://example.com/a</a>.`},
		{ // appendix: the wrapper stays text, the URL inside is the link
			"wrapper across lines", "<URL:http://example.com/a/\n  b.html>", nil,
			"&lt;URL:<a href=\"http://example.com/a/b.html\">http://example.com/a/\n  b.html</a>&gt;",
		},
		{ // in plain text, plain angle brackets are linked too
			"angle", "<http://example.com/>", nil, `&lt;<a href="http://example.com/">http://example.com/</a>&gt;`,
		},
		{"www", "www.example.com", nil, `<a href="http://www.example.com">www.example.com</a>`},
		{"www off", "www.example.com", []linkpolicy.Option{linkpolicy.WithWWW(false)}, "www.example.com"},
		{"email off", "a@example.com", nil, "a@example.com"},
		{"email", "a@example.com", []linkpolicy.Option{linkpolicy.WithEmail(true)}, `<a href="mailto:a@example.com">a@example.com</a>`},
		{"refused", "file:///etc/passwd <URL:javascript:x>", nil, "file:///etc/passwd &lt;URL:javascript:x&gt;"},
		{"file asked for", "file:///etc/passwd", []linkpolicy.Option{linkpolicy.WithSchemes("file")}, `<a href="file:///etc/passwd">file:///etc/passwd</a>`},
		{"escaped URL", `http://example.com/?a=1&b="2"`, nil, `<a href="http://example.com/?a=1&amp;b=">http://example.com/?a=1&amp;b=</a>&#34;2&#34;`},
		{
			"rel and target", "http://example.com/", []linkpolicy.Option{linkpolicy.WithRel(`no"follow`), linkpolicy.WithTarget("_blank")},
			`<a href="http://example.com/" rel="no&#34;follow" target="_blank">http://example.com/</a>`,
		},
		{"max length", "http://example.com/long http://e.com/", []linkpolicy.Option{linkpolicy.WithMaxLength(16)}, `http://example.com/long <a href="http://e.com/">http://e.com/</a>`},
		{"not UTF-8", "\xff http://example.com/ \x00", nil, "\xff <a href=\"http://example.com/\">http://example.com/</a> \x00"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			readers := map[string]func(io.Reader) io.Reader{
				"plain": func(r io.Reader) io.Reader { return r }, "one byte": iotest.OneByteReader,
				"half": iotest.HalfReader, "data err": iotest.DataErrReader,
			}
			for rname, wrap := range readers {
				var b bytes.Buffer
				if err := Render(&b, wrap(strings.NewReader(tt.in)), tt.opts...); err != nil {
					t.Fatalf("%s: Render(%q) error %v", rname, tt.in, err)
				}
				if got := b.String(); got != tt.want {
					t.Errorf("%s: Render(%q) = %q, want %q", rname, tt.in, got, tt.want)
				}
				checkRender(t, []byte(tt.in), tt.opts...)
			}
		})
	}
}

func TestRenderErrors(t *testing.T) {
	errRead := errors.New("read failed")
	var b bytes.Buffer
	r := io.MultiReader(strings.NewReader("see http://example.com/ "), iotest.ErrReader(errRead))
	if err := Render(&b, r); !errors.Is(err, errRead) {
		t.Errorf("Render with a failing reader: error %v, want %v", err, errRead)
	}
	if got, want := b.String(), `see <a href="http://example.com/">http://example.com/</a> `; got != want {
		t.Errorf("Render with a failing reader wrote %q, want %q", got, want)
	}

	errWrite := errors.New("write failed")
	big := strings.Repeat("text http://example.com/ ", 10000)
	if err := Render(failingWriter{errWrite}, strings.NewReader(big)); !errors.Is(err, errWrite) {
		t.Errorf("Render with a failing writer: error %v, want %v", err, errWrite)
	}
}

type failingWriter struct{ err error }

func (w failingWriter) Write([]byte) (int, error) { return 0, w.err }

// TestRenderStreams renders 16 MiB without holding it: the input is
// generated as it is read and the output discarded, so only the
// Scanner's bounded buffer is in memory.
func TestRenderStreams(t *testing.T) {
	if testing.Short() {
		t.Skip("16 MiB")
	}
	const size = 16 << 20
	line := []byte("a line with http://example.com/a/path and <URL:ftp://ftp.example.org/\n  pub/x> in it\n")
	r := io.LimitReader(&repeater{data: line}, size)
	n := &countingWriter{}
	if err := Render(n, r); err != nil {
		t.Fatal(err)
	}
	if n.n < size {
		t.Errorf("Render wrote %d bytes for %d", n.n, size)
	}
}

type repeater struct {
	data []byte
	off  int
}

func (r *repeater) Read(p []byte) (int, error) {
	n := 0
	for n < len(p) {
		c := copy(p[n:], r.data[r.off:])
		n += c
		r.off = (r.off + c) % len(r.data)
	}
	return n, nil
}

type countingWriter struct{ n int64 }

func (w *countingWriter) Write(p []byte) (int, error) { w.n += int64(len(p)); return len(p), nil }

// checkRender checks that the text content of Render's output is its
// input, exactly: the output with its tags taken out and its five escapes
// resolved.
func checkRender(t *testing.T, src []byte, opts ...linkpolicy.Option) {
	t.Helper()
	var b bytes.Buffer
	if err := Render(&b, bytes.NewReader(src), opts...); err != nil {
		t.Fatal(err)
	}
	text := regexp.MustCompile(`<[^>]*>`).ReplaceAllString(b.String(), "")
	text = strings.NewReplacer("&lt;", "<", "&gt;", ">", "&#34;", `"`, "&#39;", "'", "&amp;", "&").Replace(text)
	if text != string(src) {
		t.Fatalf("Render(%q): text content %q, output %s", src, text, b.String())
	}
}

// TestRenderWritesBeforeReads checks that what Render has rendered is
// written out before it reads on, which may wait ("tail -f log"), and
// that it passes a StallReader's stalls to the Scanner: a URL that ends
// its line is linked at the stall, before the next line is read.
func TestRenderWritesBeforeReads(t *testing.T) {
	link := `see <a href="http://a.example/dir/">http://a.example/dir/</a>` + "\n"
	for _, c := range []struct {
		chunks []string
		stalls bool
		want   string // the output before the last read
	}{
		{[]string{"see http://a.example/dir/ here\n\n", "", "next\n"}, false, `see <a href="http://a.example/dir/">http://a.example/dir/</a> here` + "\n\n"},
		{[]string{"see http://a.example/dir/\n", "", "next\n"}, true, link},
		{[]string{"see http://a.example/dir/\n", "", "next\n"}, false, ""},
	} {
		// seen is what the output held at each read.
		var b bytes.Buffer
		var seen []string
		r := &stalltest.Reader{Chunks: c.chunks, Stalls: c.stalls, OnRead: func() { seen = append(seen, b.String()) }}
		if err := Render(&b, r); err != nil {
			t.Fatal(err)
		}
		// The read that gives "next": the third.
		if len(seen) < 3 || seen[2] != c.want {
			t.Errorf("%q (StallReader %v): before the third read, the output was %q, want %q", c.chunks, c.stalls, seen, c.want)
		}
	}
}
