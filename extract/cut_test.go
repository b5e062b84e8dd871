package extract

import (
	"bytes"
	"math"
	"math/rand/v2"
	"reflect"
	"regexp"
	"strings"
	"testing"
)

// scanAt scans in as a piece of a larger text that starts at offset, on
// line, with ResetAt, and returns its matches.
func scanAt(t testing.TB, in string, offset int64, line int, opts ...Option) scanResult {
	t.Helper()
	s := NewScanner(strings.NewReader("unfinished <URL:http://e.example/ "+strings.Repeat("> x\n", 300)), opts...)
	s.Scan() // state left by an earlier input must not matter
	s.ResetAt(strings.NewReader(in), offset, line)
	var res scanResult
	for s.Scan() {
		res.segs = append(res.segs, segment{raw: bytes.Clone(s.Raw()), m: s.Match()})
	}
	res.err, res.dropped = s.Err(), s.Dropped()
	return res
}

// checkCut checks that scanning in whole and scanning in[:i] and in[i:]
// apart (the second with ResetAt) give identical matches, every field, and
// the same dropped count.
func checkCut(t testing.TB, in string, i int, opts ...Option) {
	t.Helper()
	whole := scan(t, strings.NewReader(in), opts...)
	head := scan(t, strings.NewReader(in[:i]), opts...)
	tail := scanAt(t, in[i:], int64(i), 1+strings.Count(in[:i], "\n"), opts...)
	got := append(head.matches(), tail.matches()...)
	if !reflect.DeepEqual(got, whole.matches()) {
		t.Fatalf("cut at %d of %q: matches differ:\n got %s\nwant %s", i, trunc(in), describe(got), describe(whole.matches()))
	}
	if d := head.dropped + tail.dropped; d != whole.dropped {
		t.Fatalf("cut at %d: dropped %d, whole %d", i, d, whole.dropped)
	}
	if head.err != nil || tail.err != nil {
		t.Fatalf("cut at %d: errors %v, %v", i, head.err, tail.err)
	}
}

// blankLineEnds returns every index just after a blank line in in that
// is not in an RFC's page break: the points where Cut may cut.
func blankLineEnds(in string) []int {
	spans := pageBreakRE.FindAllStringIndex(in, -1)
	var ends []int
	for i := 1; i < len(in); i++ {
		if in[i] == '\n' && (in[i-1] == '\n' || i >= 2 && in[i-1] == '\r' && in[i-2] == '\n') {
			inside := false
			for _, sp := range spans {
				inside = inside || sp[0] < i+1 && i+1 <= sp[1]
			}
			if !inside {
				ends = append(ends, i+1)
			}
		}
	}
	return ends
}

// pageBreakRE matches an RFC's page break as a wrapper crosses one (RFC
// 7322 §4.1): up to eight blank lines, the footer ending "[Page N]", a
// form feed, the header, up to eight blank lines; none with '<' or '>'.
var pageBreakRE = regexp.MustCompile(`(?m)(?:^[ \t\r]*\n){0,8}^[^\n<>]*\[Page [0-9]+\][ \t\r]*\n\f(?:[ \t\r]*\n)?[^\n<>]*[^ \t\r\n<>][^\n<>]*\n(?:^[ \t\r]*\n){0,8}`)

// decidedEnd reports whether a cut at e, just after a blank line of in, is
// known to be no page break's: a complete line that is not blank follows
// it (no footer: the inputs of the tests that use it have none), or nine
// blank ones; otherwise in ends before a page break could be told.
func decidedEnd(in string, e int) bool {
	for blanks := 0; ; blanks++ {
		k := strings.IndexByte(in[e:], '\n')
		if k < 0 {
			return false
		}
		if strings.TrimRight(in[e:e+k], " \t\r") != "" || blanks == 8 {
			return true
		}
		e += k + 1
	}
}

func TestCutIndex(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want int
	}{
		{"", -1},
		{"\n", -1},
		{"\n\nb\n", 2},
		{"a\n\nb\n", 3},
		{"a\n\nb\n\nc\n", 6},
		{"a\r\n\r\nb\r\n", 5},
		{"a\n \nb\n", -1},  // a line of spaces is not cut at: only LF LF and LF CR LF
		{"a\r\r\nb\n", -1}, // a lone CR is no line break
		{"x\n>\n\ny\n", 5},
		{strings.Repeat("line\n", 1000), -1},
		// Where the text ends before what follows a blank line is known,
		// an RFC's page break may follow (wrapper.InPageBreak): no cut.
		{"\n\n", -1},
		{"a\n\nb", -1},
		{"a\r\n\r\n", -1},
		{"a\n\nb\n\nc", 3},
		// Nor in a page break's blank lines, nor just after them.
		{"a <URL:http://x/\n\nAuthor [Page 2]\n\f\nRFC 1 Title\n\nb>\n", -1},
		{"a\n\nb <URL:http://x/\n\nAuthor [Page 2]\n\f\nRFC 1 Title\n\nb>\n", 3},
		{"a\n\nAuthor [Page 2]\n\f\nRFC 1 Title\n\nb\n\nc\n", 37},
	} {
		if got := Cut([]byte(tt.in)); got != tt.want {
			t.Errorf("Cut(%q) = %d, want %d", trunc(tt.in), got, tt.want)
		}
		if ends := blankLineEnds(tt.in); tt.want >= 0 && ends[len(ends)-1] != tt.want && decidedEnd(tt.in, ends[len(ends)-1]) {
			t.Errorf("blankLineEnds(%q) ends %v, Cut says %d", tt.in, ends, tt.want)
		}
	}
}

// TestCutIsLast holds Cut to blankLineEnds' rule on random text (LF and CRLF
// lines, blank ones, lone CRs, runs longer than Cut's windows) at every
// length: the last blank line's end, or -1.
func TestCutIsLast(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 1738))
	var b strings.Builder
	for b.Len() < 30000 {
		switch r.IntN(12) {
		case 0:
			b.WriteString("\n")
		case 1:
			b.WriteString("\r\n")
		case 2:
			b.WriteString("\r")
		case 3:
			b.WriteString(strings.Repeat("a long run of text with no blank line\n", 1+r.IntN(400)))
		default:
			b.WriteString(strings.Repeat("x", r.IntN(80)) + "\n")
		}
	}
	in := b.String()
	var ends []int // the blank lines' ends so far
	for n := 0; n <= len(in); n++ {
		if n >= 2 { // blankLineEnds' test, for the LF at n-1
			if i := n - 1; in[i] == '\n' && (in[i-1] == '\n' || i >= 2 && in[i-1] == '\r' && in[i-2] == '\n') {
				ends = append(ends, n)
			}
		}
		want := -1 // the last that in[:n] tells is no page break's
		for k := len(ends) - 1; k >= 0; k-- {
			if decidedEnd(in[:n], ends[k]) {
				want = ends[k]
				break
			}
		}
		if got := Cut([]byte(in[:n])); got != want {
			t.Fatalf("Cut(in[:%d]) = %d, want %d", n, got, want)
		}
	}
}

// TestCut checks, for every table and golden input and for generated
// documents with URLs in every context, that cutting at blank lines and
// scanning the pieces apart with ResetAt finds exactly what one scan of
// the whole finds: the promise that lets urlgrep scan one input on several
// goroutines.
func TestCut(t *testing.T) {
	ins := allInputs(t)
	r := rand.New(rand.NewPCG(5, 0x1738))
	var count [nLostContexts]int
	for d := range 40 {
		doc, _ := lostDocument(r, &count)
		ins = append(ins, input{name: "lost/" + string(rune('a'+d%26)), in: doc})
	}
	cuts := 0
	for _, in := range ins {
		ends := blankLineEnds(in.in)
		// Every cut point of short inputs, an even spread of long ones'.
		step := max(1, len(ends)/25)
		for k := 0; k < len(ends); k += step {
			checkCut(t, in.in, ends[k], in.opts...)
			cuts++
		}
	}
	if cuts < 200 {
		t.Fatalf("only %d cuts tried: the inputs lost their blank lines", cuts)
	}
}

// TestHugeMaxCandidate checks that a candidate bound too large for the
// buffer's arithmetic is clamped, not a panic.
func TestHugeMaxCandidate(t *testing.T) {
	s := NewScanner(strings.NewReader("see http://a.example/ now"), WithMaxCandidate(math.MaxInt))
	n := 0
	for s.Scan() {
		if s.Match() != nil {
			n++
		}
	}
	if n != 1 || s.Err() != nil {
		t.Errorf("found %d URLs, err %v; want 1, nil", n, s.Err())
	}
}

// TestZeroScanner checks that the zero Scanner works once Reset, with the
// default options, and scans nothing before.
func TestZeroScanner(t *testing.T) {
	var s Scanner
	if s.Scan() {
		t.Fatal("zero Scanner with no reader: Scan = true")
	}
	s.Reset(strings.NewReader("see <URL:http://a.example/x> and http://b.example/\n"))
	var got []string
	for s.Scan() {
		if m := s.Match(); m != nil {
			got = append(got, m.Text)
		}
	}
	if want := []string{"http://a.example/x", "http://b.example/"}; !reflect.DeepEqual(got, want) || s.Err() != nil {
		t.Errorf("found %q, err %v; want %q", got, s.Err(), want)
	}
}

// TestDeepQuote checks that a wrapper continued under a quote prefix
// deeper than 64 levels is still rejoined.
func TestDeepQuote(t *testing.T) {
	for _, depth := range []int{1, 64, 65, 200} {
		q := strings.Repeat("> ", depth)
		in := q + "see <URL:http://a.example/long/\n" + q + "path/x.html> ok\n"
		var got []string
		for _, seg := range scanAt(t, in, 0, 1).segs {
			if seg.m != nil {
				got = append(got, seg.m.Text)
			}
		}
		if len(got) != 1 || got[0] != "http://a.example/long/path/x.html" {
			t.Errorf("depth %d: found %q", depth, got)
		}
	}
}

// scanBytes is scanAt with ResetBytes: the Scanner reads in where it is.
// It checks that in is left as it was, and that the Scanner, Reset to a
// reader afterwards, scans with a buffer of its own again.
func scanBytes(t testing.TB, in string, offset int64, line int, opts ...Option) scanResult {
	t.Helper()
	s := NewScanner(strings.NewReader("unfinished <URL:http://e.example/ "+strings.Repeat("> x\n", 300)), opts...)
	s.Scan() // state left by an earlier input must not matter
	data := []byte(in)
	s.ResetBytes(data, offset, line)
	var res scanResult
	for s.Scan() {
		if len(s.Raw()) == 0 {
			t.Fatalf("ResetBytes: an empty segment after %d", len(res.segs))
		}
		res.segs = append(res.segs, segment{raw: bytes.Clone(s.Raw()), m: s.Match()})
	}
	res.err, res.dropped = s.Err(), s.Dropped()
	if string(data) != in {
		t.Fatalf("ResetBytes changed its input")
	}
	s.Reset(strings.NewReader("then http://after.example/ from a reader"))
	found := ""
	for s.Scan() {
		if m := s.Match(); m != nil && found == "" {
			found = m.Text
		}
	}
	if found != "http://after.example/" || len(data) > 0 && &s.buf[0] == &data[0] {
		t.Fatalf("after ResetBytes, Reset to a reader does not scan with the Scanner's own buffer (found %q)", found)
	}
	return res
}

// TestResetBytes: a Scanner reading a text in place finds every URL (all
// fields, positions included), error and dropped candidate that one
// reading it from an io.Reader does, and its segments partition the input,
// on every table, golden and generated input, eager and lazy, with the
// default and the smallest buffers, at offset 0 and as a later piece.
func TestResetBytes(t *testing.T) {
	ins := allInputs(t)
	ins = append(ins, input{"generated/many", string(inputMany), nil}, input{"generated/none", string(inputNone), nil},
		input{"generated/many-email", string(inputMany), []Option{WithEmail(true)}}, input{"empty", "", nil})
	for _, in := range ins {
		for _, extra := range [][]Option{nil, smallBuffers, {WithLazyMatch(true)}} {
			opts := append(append([]Option{}, in.opts...), extra...)
			for _, at := range []struct {
				offset int64
				line   int
			}{{0, 1}, {12345, 67}} {
				want := scanAt(t, in.in, at.offset, at.line, opts...)
				got := scanBytes(t, in.in, at.offset, at.line, opts...)
				if !reflect.DeepEqual(got.matches(), want.matches()) {
					t.Fatalf("%s %v at %d: matches differ:\n got %s\nwant %s", in.name, extra, at.offset,
						describe(got.matches()), describe(want.matches()))
				}
				if got.err != want.err || got.dropped != want.dropped {
					t.Fatalf("%s: Err %v dropped %d; from a reader %v, %d", in.name, got.err, got.dropped, want.err, want.dropped)
				}
				var all []byte
				for _, sg := range got.segs {
					all = append(all, sg.raw...)
				}
				if string(all) != in.in {
					t.Fatalf("%s: the segments do not partition the input", in.name)
				}
			}
		}
	}
}
