package extract_test

import (
	"bytes"
	"fmt"
	"io"
	"strings"

	"github.com/urlgrep/urlgrep/extract"
)

// The Scan loop over a mail: a wrapper broken across quoted lines, a bare
// URL at the end of a sentence, and a word followed by a colon that is not
// a URL.
func ExampleScanner() {
	const mail = `Bob Baker writes:
> The working copy lives at <URL:ftp://ftp.example.net/pub/drafts/
> draft-uri-context-03.txt;type=a> but the mirror may be newer.

Note: the mirror is http://www.example.com/drafts/index.html.
`
	s := extract.NewScanner(strings.NewReader(mail))
	for s.Scan() {
		if m := s.Match(); m != nil {
			fmt.Printf("%d:%d %s %s\n", m.Line, m.Col, m.Kind, m.Text)
		}
	}
	if err := s.Err(); err != nil {
		fmt.Println("error:", err)
	}
	// Output:
	// 2:34 wrapped ftp://ftp.example.net/pub/drafts/draft-uri-context-03.txt;type=a
	// 5:21 bare http://www.example.com/drafts/index.html
}

// A Finder recognises a URL at the start of text held in memory: a
// wrapper at a '<', else a bare URL when the byte before starts a word.
func ExampleFinder_At() {
	f := extract.NewFinder()
	text := []byte("see <URL:http://ds.internic.\n      net/instructions/overview.html#WARNING>.")

	m, n := f.At(text[4:], text[3], nil)
	fmt.Println(m.Kind, m.Text, m.Rejoined)
	fmt.Printf("%q\n", text[4+n:])

	m, n = f.At([]byte("http://www.example.com/index.html?lang=en."), ' ', nil)
	fmt.Println(m.Kind, m.Text, n)

	m, _ = f.At([]byte("news: is not a URL"), ' ', nil)
	fmt.Println(m == nil)
	// Output:
	// wrapped http://ds.internic.net/instructions/overview.html#WARNING true
	// "."
	// bare http://www.example.com/index.html?lang=en 41
	// true
}

func ExampleFinder_AtLine() {
	f := extract.NewFinder()
	// A reference of an RFC: the URL did not fit on its line, and the
	// text went on with the rest of it on the next.
	text := []byte("   [4]  IEEE, \"Guidelines for 64-bit Global Identifier (EUI-64)\",\n" +
		"        http://standards.ieee.org/regauth/oui/tutorials/\n" +
		"        EUI64.html, March 1997.\n")
	at := bytes.Index(text, []byte("http:"))
	line := text[bytes.LastIndexByte(text[:at], '\n')+1 : at]

	m, n := f.AtLine(text[at:], text[at-1], line)
	fmt.Println(m.Text, m.Rejoined)
	fmt.Printf("%q\n", text[at+n:at+n+6])

	// At, not told where the URL stands, cannot tell a line that was full.
	m, _ = f.At(text[at:], text[at-1], nil)
	fmt.Println(m.Text)
	// Output:
	// http://standards.ieee.org/regauth/oui/tutorials/EUI64.html true
	// ", Marc"
	// http://standards.ieee.org/regauth/oui/tutorials/
}

func ExampleFinder_All() {
	text := []byte("See <URL:ftp://ftp.example.org/pub/\n  README> and http://www.example.com/x.")
	for f := range extract.NewFinder().All(text, 0) {
		fmt.Printf("%q -> %s\n", text[f.Start:f.End], f.Match.URL)
	}
	// Output:
	// "<URL:ftp://ftp.example.org/pub/\n  README>" -> ftp://ftp.example.org/pub/README
	// "http://www.example.com/x" -> http://www.example.com/x
}

// A lazy Scanner counts URLs without building them; Borrow shows one as
// it was decided, valid until the next Scan.
func ExampleWithLazyMatch() {
	text := "See http://a.example/x, <URL:ftp://b.example/f> and www.c.example.\n"
	s := extract.NewScanner(strings.NewReader(text), extract.WithLazyMatch(true))
	n := 0
	for s.Scan() {
		if s.Found() {
			n++
			fmt.Println(s.Borrow().Text)
		}
	}
	fmt.Println(n, "URLs")
	// Output:
	// http://a.example/x
	// ftp://b.example/f
	// www.c.example
	// 3 URLs
}

// A text already in memory, here the second piece of a larger one that
// starts at byte 1000 on line 41, scanned where it is: no copy into the
// Scanner's buffer, positions in the larger text's terms.
func ExampleScanner_ResetBytes() {
	piece := []byte("The archive:\n  <URL:ftp://ftp.example.org/pub/\n  archive.tar.gz>\n")
	s := extract.NewScanner(nil)
	s.ResetBytes(piece, 1000, 41)
	for s.Scan() {
		if m := s.Match(); m != nil {
			fmt.Printf("line %d, byte %d: %s\n", m.Line, m.Offset, m.Text)
		}
	}
	// Output:
	// line 42, byte 1020: ftp://ftp.example.org/pub/archive.tar.gz
}

// logTail is a log written a line at a time, as "tail -f" reads one: an
// empty read after each line is a stall, which Stalled reports, and
// Read reports which lines it has given.
type logTail struct {
	lines   []string
	stalled bool
}

func (r *logTail) Read(p []byte) (int, error) {
	if !r.stalled && len(r.lines) > 0 {
		r.stalled = true // nothing more for a while
		return 0, nil
	}
	r.stalled = false
	if len(r.lines) == 0 {
		return 0, io.EOF
	}
	fmt.Println("(the log writes a line)")
	n := copy(p, r.lines[0])
	r.lines = r.lines[1:]
	return n, nil
}

func (r *logTail) Stalled() bool { return r.stalled }

// A Scanner reading a StallReader reports a URL that ends a line when
// the input stalls after it, not when the next line comes (which might
// go on with the URL, RFC 1738's appendix has it, but may be minutes
// away).
func ExampleStallReader() {
	r := &logTail{lines: []string{
		"12:00:01 GET http://example.com/docs/\n",
		"12:07:45 GET http://example.com/about\n",
	}}
	s := extract.NewScanner(r)
	for s.Scan() {
		if m := s.Match(); m != nil {
			fmt.Println(m.Text)
		}
	}
	// Output:
	// (the log writes a line)
	// http://example.com/docs/
	// (the log writes a line)
	// http://example.com/about
}
