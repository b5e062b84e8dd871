package extract

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/sebdah/goldie/v2"

	"github.com/urlgrep/urlgrep/rfc1738"
)

// goldenOpts returns the options a golden input is scanned with: the
// defaults, but for email.txt, which shows WithEmail.
func goldenOpts(name string) []Option {
	if name == "email" {
		return []Option{WithEmail(true)}
	}
	return nil
}

// TestGoldenLongLineInput checks that longline.txt is what longLine
// generates; GOLDIE_UPDATE=1 writes it, before TestGolden reads it.
func TestGoldenLongLineInput(t *testing.T) {
	const file = "../testdata/input/extract/longline.txt"
	want := longLine()
	if v, _ := strconv.ParseBool(os.Getenv("GOLDIE_UPDATE")); v {
		if err := os.WriteFile(file, want, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s is not what longLine generates; regenerate with GOLDIE_UPDATE=1", file)
	}
	if n := bytes.Count(got, []byte{'\n'}); n != 1 {
		t.Errorf("%s has %d line breaks, want 1", file, n)
	}
}

// TestGolden scans each testdata/input/extract/*.txt and compares the
// rendered matches with testdata/golden/extract/<name>.golden. Regenerate
// with GOLDIE_UPDATE=1 go test ./extract -run Golden, and read the diff.
func TestGolden(t *testing.T) {
	inputs, err := filepath.Glob("../testdata/input/extract/*.txt")
	if err != nil || len(inputs) == 0 {
		t.Fatalf("no inputs: %v", err)
	}
	g := goldie.New(t, goldie.WithFixtureDir("../testdata/golden/extract"))
	for _, in := range inputs {
		name := strings.TrimSuffix(filepath.Base(in), ".txt")
		t.Run(name, func(t *testing.T) {
			data, err := os.ReadFile(in)
			if err != nil {
				t.Fatal(err)
			}
			g.Assert(t, name, render(t, data, goldenOpts(name)...))
		})
	}
}

// render scans data and writes one line per match:
//
//	line:col-endline offset-end kind valid|invalid rejoined|- text  <- "raw"  = canonical  | alternates  ! error
//
// "<- raw" is left out when Raw is Text, "= canonical" when URL is Text
// (or, for www and e-mail, the scheme and Text), and the rest when empty.
// A last line counts the segments and the dropped candidates.
func render(t *testing.T, data []byte, opts ...Option) []byte {
	t.Helper()
	res := scan(t, bytes.NewReader(data), opts...)
	if res.err != nil {
		t.Fatalf("Err() = %v", res.err)
	}
	var b bytes.Buffer
	for _, m := range res.matches() {
		valid, rejoined := "valid", "-"
		if !m.Valid() {
			valid = "invalid"
		}
		if m.Rejoined {
			rejoined = "rejoined"
		}
		fmt.Fprintf(&b, "%d:%d-%d %d-%d %v %s %s %s", m.Line, m.Col, m.EndLine, m.Offset, m.End, m.Kind, valid, rejoined, m.Text)
		if m.Raw != m.Text {
			fmt.Fprintf(&b, "  <- %s", strconv.Quote(m.Raw))
		}
		if m.URL != m.Text && m.URL != schemeFor(m.Kind)+m.Text {
			fmt.Fprintf(&b, "  = %s", m.URL)
		}
		if len(m.Alternates) > 0 {
			fmt.Fprintf(&b, "  | %s", strings.Join(m.Alternates, " "))
		}
		if m.Err != nil {
			var e *rfc1738.Error
			if errors.As(m.Err, &e) {
				fmt.Fprintf(&b, "  ! %s: offset %d: %v", e.Op, e.Offset, e.Err)
			} else {
				fmt.Fprintf(&b, "  ! %T %v", m.Err, m.Err)
			}
		}
		b.WriteByte('\n')
	}
	fmt.Fprintf(&b, "# %d bytes, %d segments, %d matches, %d dropped\n", len(data), len(res.segs), len(res.matches()), res.dropped)
	return b.Bytes()
}

func schemeFor(k Kind) string {
	switch k {
	case WWW:
		return "http://"
	case Email:
		return "mailto:"
	}
	return ""
}

// longLine returns the input of longline.txt: one line of about 100 KB of
// words with a few URLs, deterministic.
func longLine() []byte {
	words := []string{"the", "working", "group", "archive", "is", "mirrored", "daily;", "see", "also", "(notes)", "and", "\"quotes\","}
	urls := []string{"http://www.example.org/uri/archive/", "<URL:ftp://ftp.example.org/pub/README>", "www.example.com/long/line.",
		"(http://example.com/papers/(1994)/urls.html)", "<http://www.example.org/autolink>", "gopher://gopher.example.edu/11/"}
	var b bytes.Buffer
	for i, u := 0, 0; b.Len() < 100_000; i++ {
		b.WriteString(words[(i*7)%len(words)])
		b.WriteByte(' ')
		if i%2500 == 2499 {
			b.WriteString(urls[u%len(urls)])
			b.WriteByte(' ')
			u++
		}
	}
	b.WriteString("http://end.example.org/of/the/line\n")
	return b.Bytes()
}
