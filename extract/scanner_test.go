package extract

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/urlgrep/urlgrep/internal/stalltest"
	"github.com/urlgrep/urlgrep/rfc1738"
	"github.com/urlgrep/urlgrep/wrapper"
)

// segment is one segment of a scan: its Raw bytes, copied, and its match,
// nil for text.
type segment struct {
	raw []byte
	m   *Match
}

// scanResult is everything a scan reports.
type scanResult struct {
	segs    []segment
	err     error
	dropped int64
}

func (r scanResult) matches() []*Match {
	var ms []*Match
	for _, sg := range r.segs {
		if sg.m != nil {
			ms = append(ms, sg.m)
		}
	}
	return ms
}

func (r scanResult) joined() []byte {
	var b bytes.Buffer
	for _, sg := range r.segs {
		b.Write(sg.raw)
	}
	return b.Bytes()
}

// scan runs the Scan loop over r and records every segment, copying each
// Raw (it is valid only until the next Scan). It also checks, after every
// Scan, that the buffer is within its bound.
func scan(t testing.TB, r io.Reader, opts ...Option) scanResult {
	t.Helper()
	s := NewScanner(r, opts...)
	var res scanResult
	for s.Scan() {
		raw := s.Raw()
		if len(raw) == 0 {
			// An empty segment would break "offsets strictly increase",
			// and a scanner returning them could loop for ever.
			t.Errorf("Scan returned an empty segment after %d segments", len(res.segs))
			break
		}
		if len(s.buf) > s.max {
			t.Fatalf("buffer is %d bytes, above its bound %d", len(s.buf), s.max)
		}
		res.segs = append(res.segs, segment{raw: bytes.Clone(raw), m: s.Match()})
	}
	res.err, res.dropped = s.Err(), s.Dropped()
	return res
}

// scanAll runs the Scan loop over r and returns the matches, every
// segment's Raw (copied), and Err.
func scanAll(t testing.TB, r io.Reader, opts ...Option) (matches []*Match, segs [][]byte, err error) {
	t.Helper()
	res := scan(t, r, opts...)
	for _, sg := range res.segs {
		segs = append(segs, sg.raw)
	}
	return res.matches(), segs, res.err
}

// texts returns the Text of each match.
func texts(ms []*Match) []string {
	var s []string
	for _, m := range ms {
		s = append(s, m.Text)
	}
	return s
}

// stutterReader returns (0, nil) a few times between reads, and reads of
// varying small sizes, as a slow network connection may.
type stutterReader struct {
	r     io.Reader
	n     int // calls so far
	sizes []int
}

func newStutterReader(r io.Reader) io.Reader {
	return &stutterReader{r: r, sizes: []int{1, 7, 2, 64, 3, 1, 513, 5}}
}

func (r *stutterReader) Read(p []byte) (int, error) {
	r.n++
	if r.n%4 != 0 {
		return 0, nil // three empty reads, well under the scanner's limit
	}
	size := r.sizes[(r.n/4)%len(r.sizes)]
	if len(p) > size {
		p = p[:size]
	}
	return r.r.Read(p)
}

// countingReader counts the bytes and calls of the reads it passes on.
type countingReader struct {
	r            io.Reader
	bytes, calls int64
}

func (r *countingReader) Read(p []byte) (int, error) {
	n, err := r.r.Read(p)
	r.bytes += int64(n)
	r.calls++
	return n, err
}

// readers are the ways TestReaders feeds the same input to the scanner;
// the results must not depend on them (STYLE §7, after bufio's slowReader).
var readers = []struct {
	name string
	wrap func(io.Reader) io.Reader
}{
	{"strings.Reader", func(r io.Reader) io.Reader { return r }},
	{"OneByteReader", iotest.OneByteReader},
	{"HalfReader", iotest.HalfReader},
	{"DataErrReader", iotest.DataErrReader},
	{"stutterReader", newStutterReader},
	{"OneByteReader+DataErrReader", func(r io.Reader) io.Reader { return iotest.DataErrReader(iotest.OneByteReader(r)) }},
}

// smallBuffers shrink the read size and candidate bound to their minimum,
// so that the buffer is compacted and grown many times over short inputs.
var smallBuffers = []Option{WithReadSize(512), WithMaxCandidate(256)}

// input is one input that the reader, partition and fuzz tests all run.
type input struct {
	name string
	in   string
	opts []Option
}

// allInputs returns the inputs of the table tests and of the golden tests.
func allInputs(t testing.TB) []input {
	t.Helper()
	var ins []input
	for _, tt := range scanTests {
		ins = append(ins, input{"table/" + tt.name, tt.in, tt.opts})
	}
	for _, tt := range matchTests {
		ins = append(ins, input{"detail/" + tt.name, tt.in, tt.opts})
	}
	for _, tt := range todayTests {
		ins = append(ins, input{"today/" + tt.name, tt.in, nil})
	}
	files, err := filepath.Glob("../testdata/input/extract/*.txt")
	if err != nil || len(files) == 0 {
		t.Fatalf("no golden inputs: %v", err)
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		name := strings.TrimSuffix(filepath.Base(f), ".txt")
		ins = append(ins, input{"golden/" + name, string(data), goldenOpts(name)})
	}
	return ins
}

// TestReaders runs every input through each reader of readers and requires
// identical matches (every field), identical concatenated segments, the
// same count of dropped candidates and no error, with the default read size
// and the smallest. With the smallest candidate bound too, inputs whose
// URLs are short must give the same matches again.
func TestReaders(t *testing.T) {
	for _, in := range allInputs(t) {
		t.Run(in.name, func(t *testing.T) {
			want := scan(t, strings.NewReader(in.in), in.opts...)
			if want.err != nil {
				t.Fatalf("Err() = %v, want nil", want.err)
			}
			if got := want.joined(); string(got) != in.in {
				t.Fatalf("segments joined = %q, want the input %q", got, in.in)
			}
			short := true
			for _, m := range want.matches() {
				if m.End-m.Offset > 128 {
					short = false
				}
			}
			type config struct {
				name string
				opts []Option
				same bool // Dropped must match too
			}
			// The read size changes only when the buffer fills, never
			// what is found.
			small := append(append([]Option(nil), in.opts...), WithReadSize(512))
			configs := []config{{"default", in.opts, true}, {"small reads", small, true}}
			if short {
				configs = append(configs, config{"small", append(append([]Option(nil), in.opts...), smallBuffers...), false})
			}
			for _, c := range configs {
				var base scanResult
				for i, rd := range readers {
					got := scan(t, rd.wrap(strings.NewReader(in.in)), c.opts...)
					if got.err != nil {
						t.Errorf("%s/%s: Err() = %v, want nil", c.name, rd.name, got.err)
					}
					if j := got.joined(); string(j) != in.in {
						t.Errorf("%s/%s: segments joined = %q, want the input", c.name, rd.name, j)
					}
					if !reflect.DeepEqual(got.matches(), want.matches()) {
						t.Errorf("%s/%s: matches differ from strings.Reader with default buffers:\n got %s\nwant %s",
							c.name, rd.name, describe(got.matches()), describe(want.matches()))
					}
					if i == 0 {
						base = got
					} else if got.dropped != base.dropped {
						t.Errorf("%s/%s: Dropped() = %d, strings.Reader: %d", c.name, rd.name, got.dropped, base.dropped)
					}
					if c.same && got.dropped != want.dropped {
						t.Errorf("%s/%s: Dropped() = %d, want %d", c.name, rd.name, got.dropped, want.dropped)
					}
				}
			}
		})
	}
}

// describe formats matches for a failure message.
func describe(ms []*Match) string {
	var b strings.Builder
	for _, m := range ms {
		fmt.Fprintf(&b, "\n\t%d:%d %d-%d %v %q raw %q alt %q err %v", m.Line, m.Col, m.Offset, m.End, m.Kind, m.Text, m.Raw, m.Alternates, m.Err)
	}
	return b.String()
}

// checkPartition checks the guarantees of a scan of in: the segments' Raw
// bytes, concatenated, are in; offsets strictly increase; each URL
// segment's Raw is its Match.Raw and in[Offset:End]; Line, Col and EndLine
// agree with the line breaks of in.
func checkPartition(t testing.TB, in string, res scanResult) {
	t.Helper()
	if j := res.joined(); string(j) != in {
		t.Errorf("segments joined = %q, want the input %q", j, in)
		return
	}
	off := int64(0)
	for i, sg := range res.segs {
		if len(sg.raw) == 0 {
			t.Errorf("segment %d at offset %d is empty", i, off)
		}
		if i > 0 && res.segs[i-1].m != nil && sg.m != nil {
			// Two URLs are always apart: a wrapper's ">" and "<URL:",
			// or a byte that ended the first, stand between them.
			t.Errorf("segments %d and %d are both URLs: %q, %q", i-1, i, res.segs[i-1].raw, sg.raw)
		}
		if m := sg.m; m != nil {
			if m.Offset != off {
				t.Errorf("match %q: Offset = %d, want %d (the segment's)", m.Text, m.Offset, off)
			}
			if m.End != off+int64(len(sg.raw)) {
				t.Errorf("match %q: End = %d, want %d", m.Text, m.End, off+int64(len(sg.raw)))
			}
			if m.Raw != string(sg.raw) {
				t.Errorf("match %q: Raw = %q, segment Raw = %q", m.Text, m.Raw, sg.raw)
			}
			if m.Offset >= 0 && m.End <= int64(len(in)) && m.Offset <= m.End && in[m.Offset:m.End] != m.Raw {
				t.Errorf("match %q: input[%d:%d] = %q, want Raw %q", m.Text, m.Offset, m.End, in[m.Offset:m.End], m.Raw)
			}
			before := in[:min(int(m.Offset), len(in))]
			line := strings.Count(before, "\n") + 1
			col := len(before) - (strings.LastIndexByte(before, '\n') + 1) + 1
			endLine := line + strings.Count(m.Raw, "\n")
			if m.Line != line || m.Col != col || m.EndLine != endLine {
				t.Errorf("match %q at offset %d: Line:Col-EndLine = %d:%d-%d, want %d:%d-%d",
					m.Text, m.Offset, m.Line, m.Col, m.EndLine, line, col, endLine)
			}
			if m.Parsed == nil {
				t.Errorf("match %q: Parsed is nil", m.Text)
			} else if m.URL != m.Parsed.String() {
				t.Errorf("match %q: URL = %q, Parsed.String() = %q", m.Text, m.URL, m.Parsed.String())
			}
		}
		off += int64(len(sg.raw))
	}
}

// TestPartition checks checkPartition's guarantees on every input, with
// whole and one-byte reads, default and small buffers.
func TestPartition(t *testing.T) {
	for _, in := range allInputs(t) {
		t.Run(in.name, func(t *testing.T) {
			small := append(append([]Option(nil), in.opts...), smallBuffers...)
			checkPartition(t, in.in, scan(t, strings.NewReader(in.in), in.opts...))
			checkPartition(t, in.in, scan(t, iotest.OneByteReader(strings.NewReader(in.in)), in.opts...))
			checkPartition(t, in.in, scan(t, strings.NewReader(in.in), small...))
			checkPartition(t, in.in, scan(t, iotest.HalfReader(strings.NewReader(in.in)), small...))
		})
	}
}

var errBoom = errors.New("boom")

// lineStaller is a StallReader that gives its text a line a Read, and
// stalls after each line, as a log written a line at a time does.
type lineStaller struct {
	rest  string
	early bool
}

func (r *lineStaller) Read(p []byte) (int, error) {
	if !r.early && len(r.rest) > 0 && len(p) > 0 {
		r.early = true
		return 0, nil
	}
	r.early = false
	if len(r.rest) == 0 {
		return 0, io.EOF
	}
	n := len(r.rest)
	if i := strings.IndexByte(r.rest, '\n'); i >= 0 {
		n = i + 1
	}
	n = copy(p, r.rest[:n])
	r.rest = r.rest[n:]
	return n, nil
}

func (r *lineStaller) Stalled() bool { return r.early }

// onlyReader hides every method of a reader but Read.
type onlyReader struct{ io.Reader }

// TestStallSettles checks that a URL ending a line is decided at a
// StallReader's stall, before the next line is read (as "tail -f log |
// urlgrep" needs), and that other readers' empty reads change nothing:
// the URL waits for the next line, which may continue it.
func TestStallSettles(t *testing.T) {
	for _, c := range []struct {
		chunks  []string
		settled []string // the URLs a StallReader gives
		readsTo int      // the reads after which a StallReader's first URL comes
		held    []string // the URLs another reader gives
	}{
		// A URL that ends in "/" may go on in the next line: another
		// reader's holds it until that line comes.
		{[]string{"see http://a.example/x/\n", "", "", "y/z\n"}, []string{"http://a.example/x/"}, 2, []string{"http://a.example/x/"}},
		{[]string{"GET http://a.example/x/\r\n", "", "", "then http://b.example/\n"}, []string{"http://a.example/x/", "http://b.example/"}, 2, []string{"http://a.example/x/", "http://b.example/"}},
		// An open wrapper, which the next line would close: decided
		// at the stall without it.
		{[]string{"see <URL:http://a.example/x\n", "", "", "y/z>\n"}, []string{"http://a.example/x"}, 2, []string{"http://a.example/xy/z"}},
		// A line not ended is waited for, stall or not.
		{[]string{"see http://a.example/x", "", "", "y/z\n"}, []string{"http://a.example/xy/z"}, 5, []string{"http://a.example/xy/z"}},
	} {
		for _, stalls := range []bool{true, false} {
			r := &stalltest.Reader{Chunks: c.chunks, Stalls: stalls}
			var in io.Reader = r
			if !stalls {
				in = onlyReader{r}
			}
			s := NewScanner(in)
			var got []string
			first := 0
			for s.Scan() {
				if m := s.Match(); m != nil {
					got = append(got, m.Text)
					if first == 0 {
						first = r.Reads
					}
				}
			}
			want := c.held
			if !stalls && first < len(c.chunks) {
				t.Errorf("%q: first URL after %d reads, before the last line", c.chunks, first)
			}
			if stalls {
				want = c.settled
				if first != c.readsTo {
					t.Errorf("%q: first URL after %d reads, want %d", c.chunks, first, c.readsTo)
				}
			}
			if !reflect.DeepEqual(got, want) || s.Err() != nil {
				t.Errorf("%q (StallReader %v): %q, err %v; want %q", c.chunks, stalls, got, s.Err(), want)
			}
		}
	}
}

// TestReadErrors: Err reports I/O errors only, after the segments of the
// bytes read before the error, including the bytes of the failing read.
func TestReadErrors(t *testing.T) {
	const in = "see http://a.example/x and <URL:http://b.example/\n  y> then"
	tests := []struct {
		name    string
		r       io.Reader
		wantErr error
		want    []string
		read    string // the bytes read before the error
	}{
		// STYLE §4: handle the n > 0 bytes a read returns before its error.
		{"error after data", io.MultiReader(strings.NewReader(in), iotest.ErrReader(errBoom)), errBoom,
			[]string{"http://a.example/x", "http://b.example/y"}, in},
		{"data with error", &dataErrReader{data: in, err: errBoom}, errBoom,
			[]string{"http://a.example/x", "http://b.example/y"}, in},
		// The error cuts the wrapper short: what was read is text, and the
		// bare URL inside it is found.
		{"error inside wrapper", io.MultiReader(strings.NewReader(in[:49]), iotest.ErrReader(errBoom)), errBoom,
			[]string{"http://a.example/x", "http://b.example/"}, in[:49]},
		// STYLE §4: repeated (0, nil) reads are io.ErrNoProgress.
		{"no progress", io.MultiReader(strings.NewReader(in), zeroReader{}), io.ErrNoProgress,
			[]string{"http://a.example/x", "http://b.example/y"}, in},
		{"no progress at once", zeroReader{}, io.ErrNoProgress, nil, ""},
		// A reader that claims more than it was given is not believed.
		{"bad count", badCountReader{}, io.ErrNoProgress, nil, ""},
		// bufio/scan.go: a clean EOF is no error.
		{"EOF", strings.NewReader(in), nil, []string{"http://a.example/x", "http://b.example/y"}, in},
		{"empty", strings.NewReader(""), nil, nil, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := scan(t, tt.r)
			if !errors.Is(res.err, tt.wantErr) || (tt.wantErr == nil) != (res.err == nil) {
				t.Errorf("Err() = %v, want %v", res.err, tt.wantErr)
			}
			if got := texts(res.matches()); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("matches = %q, want %q", got, tt.want)
			}
			checkPartition(t, tt.read, res)
		})
	}
}

type zeroReader struct{}

func (zeroReader) Read([]byte) (int, error) { return 0, nil }

type badCountReader struct{}

func (badCountReader) Read(p []byte) (int, error) { return len(p) + 1, nil }

// dataErrReader returns all its data with err in one call.
type dataErrReader struct {
	data string
	err  error
}

func (r *dataErrReader) Read(p []byte) (int, error) {
	n := copy(p, r.data)
	r.data = r.data[n:]
	if r.data == "" {
		return n, r.err
	}
	return n, nil
}

// TestScanBeforeScan: Raw and Match are empty before the first Scan and
// after the last.
func TestScanBeforeScan(t *testing.T) {
	s := NewScanner(strings.NewReader("http://a.example/"))
	if s.Raw() != nil || s.Match() != nil || s.Err() != nil || s.Dropped() != 0 {
		t.Errorf("before Scan: Raw %q, Match %v, Err %v, Dropped %d; want all empty", s.Raw(), s.Match(), s.Err(), s.Dropped())
	}
	for s.Scan() {
	}
	if s.Scan() {
		t.Errorf("Scan after the end = true, want false")
	}
	if s.Raw() != nil || s.Match() != nil {
		t.Errorf("after the end: Raw %q, Match %v; want nil", s.Raw(), s.Match())
	}
}

// TestMatchErr: a URL whose generic syntax and host hold is reported even
// when its scheme's grammar does not, with that verdict in Err.
func TestMatchErr(t *testing.T) {
	tests := []struct {
		name    string
		in      string
		want    string
		wantErr error
		wantOff int
	}{
		// §3.3: "No user name or password is allowed" in an HTTP URL.
		{"http user", "see http://user@host.example/ now", "http://user@host.example/", rfc1738.ErrUserNotAllowed, 7},
		// §3.8: nothing may follow a telnet URL's host but "/".
		{"telnet path", "telnet://h.example/x", "telnet://h.example/x", rfc1738.ErrTelnetPath, 19},
		// §3.2.2: typecode is a, i or d.
		{"ftp typecode", "<URL:ftp://h.example/f;type=x>", "ftp://h.example/f;type=x", rfc1738.ErrBadTypecode, 23},
		// §3.3: the port is digits; a bad port is not a host that holds,
		// so there is no match at all (see scanTests "bad port").
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ms, _, err := scanAll(t, strings.NewReader(tt.in))
			if err != nil {
				t.Fatal(err)
			}
			if len(ms) != 1 || ms[0].Text != tt.want {
				t.Fatalf("Scan(%q) = %s, want one match %q", tt.in, describe(ms), tt.want)
			}
			m := ms[0]
			if m.Valid() {
				t.Fatalf("Scan(%q): Valid() = true, want false", tt.in)
			}
			var e *rfc1738.Error
			if !errors.As(m.Err, &e) {
				t.Fatalf("Scan(%q): Err = %T %v, want *rfc1738.Error", tt.in, m.Err, m.Err)
			}
			if !errors.Is(m.Err, tt.wantErr) || e.Offset != tt.wantOff {
				t.Errorf("Scan(%q): Err = %v (offset %d), want %v at offset %d", tt.in, m.Err, e.Offset, tt.wantErr, tt.wantOff)
			}
			if e.URL != m.Text {
				t.Errorf("Scan(%q): Err.URL = %q, want the Text %q", tt.in, e.URL, m.Text)
			}
		})
	}
}

// appendixText is the example of RFC 1738's appendix, as indented there.
const appendixText = `      Yes, Jim, I found it under <URL:ftp://info.cern.ch/pub/www/doc;
      type=d> but you can probably pick it up from <URL:ftp://ds.in
      ternic.net/rfc>.  Note the warning in <URL:http://ds.internic.
      net/instructions/overview.html#WARNING>.
`

// long is a URL of 1017 bytes.
var long = "http://a.example/" + strings.Repeat("x", 1000)

// scanTests are rows {name, in, want}: want is the Text of each match, in
// order, with the default options unless opts says otherwise.
var scanTests = []struct {
	name string
	in   string
	opts []Option
	want []string
}{
	// appendix: "Examples: Yes, Jim, I found it under <URL:ftp://info.cern.ch/pub/www/doc; type=d> ..."
	{name: "appendix example", in: appendixText, want: []string{
		"ftp://info.cern.ch/pub/www/doc;type=d",
		"ftp://ds.internic.net/rfc",
		"http://ds.internic.net/instructions/overview.html#WARNING"}},
	// appendix: the RFC's own references break a wrapped URL before "/".
	{name: "appendix reference 2", in: "       University of Minnesota, July 1993.\n       <URL:ftp://boombox.micro.umn.edu/pub/gopher/gopher_protocol\n       /Gopher+/Gopher+.txt>\n",
		want: []string{"ftp://boombox.micro.umn.edu/pub/gopher/gopher_protocol/Gopher+/Gopher+.txt"}},

	// appendix: the prefix "URL:"; §2.1 "treat upper case letters as
	// equivalent to lower case in scheme names", applied to the prefix.
	{name: "prefix lower case", in: "<url:http://a.example/>", want: []string{"http://a.example/"}},
	{name: "prefix mixed case", in: "<uRl:http://a.example/>", want: []string{"http://a.example/"}},
	// appendix: "The whitespace should be ignored when extracting the URL."
	{name: "space after prefix", in: "<URL: http://a.example/>", want: []string{"http://a.example/"}},
	{name: "break after prefix", in: "<URL:\n\thttp://a.example/>", want: []string{"http://a.example/"}},
	{name: "space before close", in: "<URL:http://a.example/ \t>", want: []string{"http://a.example/"}},
	{name: "broken over three lines", in: "<URL:http://a.example/one/\n   two/\n   three.html>", want: []string{"http://a.example/one/two/three.html"}},
	{name: "CRLF inside wrapper", in: "<URL:http://a.example/one/\r\n   two.html>", want: []string{"http://a.example/one/two.html"}},
	// appendix: "the identifier would be placed within the brackets as well"
	{name: "fragment inside", in: "<URL:http://a.example/doc.html#sec-2>.", want: []string{"http://a.example/doc.html#sec-2"}},
	// appendix: the wrapper "does not form part of the URL": what follows
	// the '>' is text, even URL characters.
	{name: "text after wrapper", in: "<URL:http://a.example/x>/y.", want: []string{"http://a.example/x"}},
	{name: "two wrappers abutting", in: "<URL:http://a.example/><URL:http://b.example/>", want: []string{"http://a.example/", "http://b.example/"}},
	{name: "double bracket", in: "<<URL:http://a.example/>>", want: []string{"http://a.example/"}},
	// appendix: the wrapper is for any URL; judging the scheme is the
	// caller's (linkify's dangerous-URL filter).
	{name: "any scheme wrapped", in: "<URL:javascript:alert(1)>", want: []string{"javascript:alert(1)"}},
	{name: "empty wrapper", in: "<URL:> and <URL: >", want: nil},

	// issue: plain angle brackets, as mail programs write them (RFC 3986
	// appendix C); "<URL:" is optional in practice.
	{name: "angle http", in: "see <http://a.example/x>.", want: []string{"http://a.example/x"}},
	{name: "angle mailto", in: "write to <mailto:x@y.org>", want: []string{"mailto:x@y.org"}},
	{name: "angle unknown scheme with slashes", in: "<foo://bar.example/>", want: []string{"foo://bar.example/"}},
	{name: "angle across lines", in: "<http://a.example/x\n  /y>", want: []string{"http://a.example/x/y"}},
	{name: "angle after unclosed URL prefix", in: "<URL: <http://a.example/>", want: []string{"http://a.example/"}},
	// issue: addresses and message IDs in angle brackets are not URLs.
	{name: "angle address", in: "From: Alice <alice@example.org>", want: nil},
	{name: "angle message-id", in: "Message-ID: <3cn4ab$f1@news.example.edu>", want: nil},
	{name: "angle message-id short", in: "Message-ID <abc@def>", want: nil},
	// find.go: only known schemes, or "//", in plain brackets ("<o:p>").
	{name: "angle unknown opaque", in: "<o:p></o:p> <javascript:alert(1)> <foo:bar>", want: nil},
	// Issue 15: a scheme registered with IANA stands in plain brackets.
	{name: "angle registered opaque", in: "<urn:isbn:0451450523>", want: []string{"urn:isbn:0451450523"}},
	// find.go xmlName: an XML element whose prefix is a scheme's name, in
	// the RFCs' XML examples (RFC 4575's conference-info), is no URL when
	// the scheme's own syntax fails; a URL in its attributes is found.
	{name: "angle xml element", in: "<info:entry label=\"456\">\n  <info:display-text>main</info:display-text>\n<urn:spppAddRequest>\n<tag:name>",
		want: nil},
	{name: "angle xml attribute", in: "<info:endpoint\n    entity=\"sip:alice@example.com\"/>", want: []string{"sip:alice@example.com"}},
	{name: "angle opaque valid", in: "<info:lccn/2002022641> <tag:example.com,2005:x> <URL:info:entry> <mailto:jan@example.com;CN=Jan>",
		want: []string{"info:lccn/2002022641", "tag:example.com,2005:x", "info:entry", "mailto:jan@example.com;CN=Jan"}},

	// appendix: "a line break immediately after a hyphen ... the hyphen
	// may or may not actually be part of the URL": kept by default.
	{name: "hyphen at line end", in: "<URL:http://www.example.com/~bob/meeting-\nnotes.html>", want: []string{"http://www.example.com/~bob/meeting-notes.html"}},
	// find.go wrapped: the hyphen goes when only the other reading holds.
	{name: "hyphen only alternate valid", in: "<URL:http://example.com-\n/x>", want: []string{"http://example.com/x"}},
	{name: "hyphen before close", in: "<URL:http://a.example/c-\n>", want: []string{"http://a.example/c-"}},

	// issue: quoted mail repeats the quote prefix on every line of a
	// wrapper; it is not part of the URL (corpus/news.txt).
	{name: "quoted >", in: "><URL:gopher://gopher.example.edu/11/Information%20About%20Gopher\n>/Gopher%2B>.",
		want: []string{"gopher://gopher.example.edu/11/Information%20About%20Gopher/Gopher%2B"}},
	{name: "quoted > space", in: "> <URL:gopher://gopher.example.edu/11/Information%20About%20Gopher\n> /Gopher%2B>.",
		want: []string{"gopher://gopher.example.edu/11/Information%20About%20Gopher/Gopher%2B"}},
	{name: "quoted > > space", in: "> > <URL:gopher://gopher.example.edu/11/Information%20About%20Gopher\n> > /Gopher%2B>.",
		want: []string{"gopher://gopher.example.edu/11/Information%20About%20Gopher/Gopher%2B"}},
	// wrapper.At: markers are compared, spaces aside: ">>" matches "> >";
	// '|' and indentation are quote prefixes too (wrapper.QuotePrefix).
	{name: "quoted >> against > >", in: ">> <URL:http://a.example/c\n> > d.html>", want: []string{"http://a.example/cd.html"}},
	{name: "quoted |", in: "| <URL:http://a.example/c\n| d.html>", want: []string{"http://a.example/cd.html"}},
	{name: "quoted indented", in: "  > <URL:http://a.example/c\n  > d.html>", want: []string{"http://a.example/cd.html"}},
	// The quote prefix holds when the line's start has left the buffer.
	{name: "quoted wrapper far into its line", in: "> " + strings.Repeat("text ", 400) + "<URL:http://a.example/x\n> y>", opts: smallBuffers,
		want: []string{"http://a.example/xy"}},
	{name: "quoted CRLF", in: "> <URL:http://a.example/c\r\n> d.html>\r\n", want: []string{"http://a.example/cd.html"}},
	// wrapper.At: "a continuation line without the quote prefix" ends
	// the wrapper unterminated; the bare URL in it is still found.
	{name: "quote prefix missing", in: "> <URL:http://a.example/x\nno prefix here>", want: []string{"http://a.example/x"}},
	// Pinned: one more '>' than the quote prefix closes the wrapper.
	{name: "quote deeper on next line", in: "> <URL:http://a.example/c\n>> d.html>", want: []string{"http://a.example/c"}},
	// Without a quote prefix, a '>' starting the next line closes it.
	{name: "> at next line start", in: "<URL:http://a.example/x\n>/more>", want: []string{"http://a.example/x"}},

	// wrapper.At: an unterminated wrapper does not swallow the text after
	// it; the bare URLs in it are found.
	{name: "unterminated wrapper", in: "<URL:http://a.example/x and then lots of text\n\nhttp://b.example/",
		want: []string{"http://a.example/x", "http://b.example/"}},
	{name: "wrapper cut by blank line", in: "<URL:http://a.example/x\n\nmore>", want: []string{"http://a.example/x"}},
	{name: "wrapper cut by <", in: "<URL:http://a.example/x <URL:http://b.example/>", want: []string{"http://a.example/x", "http://b.example/"}},
	{name: "wrapper cut by control", in: "<URL:http://a.example/x\x00y> http://b.example/", want: []string{"http://a.example/x", "http://b.example/"}},
	{name: "wrapper at end of input", in: "see <URL:http://a.example/x", want: []string{"http://a.example/x"}},
	// wrapper.Limits: a wrapper crosses at most 16 line breaks.
	// Issue 15: a wrapper spans as many lines as fit in the candidate bound.
	{name: "wrapper over 16 lines", in: "<URL:http://a.example/" + strings.Repeat("x\n", 17) + ">", want: []string{"http://a.example/" + strings.Repeat("x", 17)}},
	{name: "wrapper of 500 lines", in: "<URL:http://a.example/" + strings.Repeat("x\n", 500) + ">", want: []string{"http://a.example/" + strings.Repeat("x", 500)}},

	// §3: bare URLs of every scheme of RFC 1738 ...
	{name: "bare ftp", in: "get ftp://ftp.example.org/pub/README now", want: []string{"ftp://ftp.example.org/pub/README"}},
	{name: "bare http", in: "see http://www.example.org/ now", want: []string{"http://www.example.org/"}},
	{name: "bare gopher", in: "try gopher://gopher.example.edu/11/ now", want: []string{"gopher://gopher.example.edu/11/"}},
	{name: "bare mailto", in: "write mailto:alice@example.org now", want: []string{"mailto:alice@example.org"}},
	{name: "bare news", in: "post to news:comp.infosystems.www.misc now", want: []string{"news:comp.infosystems.www.misc"}},
	{name: "bare news article", in: "read news:3cm9q2$e0@news.example.net now", want: []string{"news:3cm9q2$e0@news.example.net"}},
	// §3.6: "news:*" means all groups; its '*' is no Markdown emphasis.
	// Issue 15: "news:*" needs more than "*" when it is not in a wrapper
	// ("*Net news:* A devastating new virus" is emphasis).
	{name: "bare news all", in: "all groups: news:* now", want: nil},
	{name: "bare news emphasis", in: "*Net news:* A devastating new virus", want: nil},
	{name: "wrapped news all", in: "all groups: <URL:news:*>.", want: []string{"news:*"}},
	{name: "bare nntp", in: "nntp://news.example.com/comp.infosystems.www.misc/1234 now", want: []string{"nntp://news.example.com/comp.infosystems.www.misc/1234"}},
	{name: "bare telnet", in: "telnet://guest@library.example.edu:2323/ now", want: []string{"telnet://guest@library.example.edu:2323/"}},
	{name: "bare wais", in: "wais://wais.example.com:210/rfc-index?url+context now", want: []string{"wais://wais.example.com:210/rfc-index?url+context"}},
	{name: "bare file", in: "file:///home/dave/notes.txt and file://h.example/x", want: []string{"file:///home/dave/notes.txt", "file://h.example/x"}},
	{name: "bare prospero", in: "prospero://prospero.example.edu//pros/name now", want: []string{"prospero://prospero.example.edu//pros/name"}},
	// doc.go: ... and the widely used later ones.
	{name: "bare https", in: "https://a.example/x", want: []string{"https://a.example/x"}},
	{name: "bare sftp", in: "sftp://a.example/x", want: []string{"sftp://a.example/x"}},
	{name: "bare ssh", in: "ssh://git@a.example:22/x", want: []string{"ssh://git@a.example:22/x"}},
	{name: "bare git", in: "git://a.example/r.git", want: []string{"git://a.example/r.git"}},
	{name: "bare git+ssh", in: "git+ssh://a.example/r", want: []string{"git+ssh://a.example/r"}},
	{name: "bare irc", in: "irc://irc.example.net/chan", want: []string{"irc://irc.example.net/chan"}},
	// §2.1: "programs interpreting URLs should treat upper case letters
	// as equivalent to lower case in scheme names".
	{name: "scheme upper case", in: "HTTP://X.ORG/", want: []string{"HTTP://X.ORG/"}},
	{name: "scheme mixed case", in: "HtTp://a.example/ MailTo:X@Y.example", want: []string{"HtTp://a.example/", "MailTo:X@Y.example"}},
	// Pinned (scanner.go try: "e.g.http:" has "http:"): a scheme may start
	// after any byte that is not a letter or digit.
	{name: "scheme after dot", in: "e.g.http://a.example/", want: []string{"http://a.example/"}},
	{name: "scheme after hyphen", in: "a-http://a.example/", want: []string{"http://a.example/"}},
	{name: "scheme after plus", in: strings.Repeat("+", 40) + "http://a.example/", want: []string{"http://a.example/"}},
	// A scheme inside a word is none, but http and https glued to a
	// word (spam's "GUARANTEEDhttp://", a missing space) are found.
	{name: "scheme in word", in: strings.Repeat("x", 40) + "ftp://a.example/ " + strings.Repeat("x", 40) + "http://b.example/", want: []string{"http://b.example/"}},
	// Issue 15: any scheme with "//" is a URL, whole ("git+https" is pip's).
	{name: "unknown scheme with slashes", in: "git+http://a.example/", want: []string{"git+http://a.example/"}},
	{name: "scheme after dotted word", in: "e.g.http://a.example/", want: []string{"http://a.example/"}},
	{name: "scheme after hyphenated word", in: "see-http://a.example/", want: []string{"http://a.example/"}},
	// scanner.go tooManyTries: after maxTries failed candidates in one run
	// of URL characters, the rest of the run is skipped, for linear time.
	{name: "run of failed candidates", in: strings.Repeat("http:x/", 7) + "http://a.example/ " + strings.Repeat("http:x/", 8) + "http://b.example/",
		want: []string{"http://a.example/"}},
	// A line break ends a bare URL.
	{name: "URL after URL", in: "http://a.example/\nhttp://b.example", want: []string{"http://a.example/", "http://b.example"}},

	// doc.go: hosts starting "www." with no scheme, as GFM links them.
	{name: "www", in: "www.example.com/path", want: []string{"www.example.com/path"}},
	{name: "www upper case", in: "WWW.EXAMPLE.COM/X", want: []string{"WWW.EXAMPLE.COM/X"}},
	{name: "www sentence end", in: "Visit www.example.com.", want: []string{"www.example.com"}},
	{name: "www in parens", in: "(www.example.com)", want: []string{"www.example.com"}},
	{name: "www in word", in: "awww.example.com", want: nil},
	{name: "www needs alnum", in: "www.-x.example www.", want: nil},
	{name: "www off", in: "www.example.com", opts: []Option{WithWWW(false)}, want: nil},
	// find.go www: a user part is no host of a www link.
	{name: "www with user", in: "www.user@example.com", want: nil},

	// doc.go: e-mail addresses, as mailto: URLs, with WithEmail only.
	{name: "email off by default", in: "write to alice@example.org.", want: nil},
	{name: "email", in: "write to alice@example.org.", opts: []Option{WithEmail(true)}, want: []string{"alice@example.org"}},
	{name: "email plus tag", in: "first.last+tag@mail.example.org,", opts: []Option{WithEmail(true)}, want: []string{"first.last+tag@mail.example.org"}},
	{name: "email in angle", in: "From: Alice <alice@example.org>", opts: []Option{WithEmail(true)}, want: []string{"alice@example.org"}},
	{name: "email message-id", in: "Message-ID: <3cn4ab$f1@news.example.edu>", opts: []Option{WithEmail(true)}, want: nil},
	{name: "email no dot", in: "root@localhost", opts: []Option{WithEmail(true)}, want: nil},
	// Thunderbird's tests of its mail linkifier (mozTXTToHTMLConv): an
	// address after a closing bracket.
	{name: "email after a closing bracket", in: "(mail)john.doe+test@mozilla.org bug#1509493 (john@mozilla.org)john@mozilla.org [1]a@b.example {x}c@d.example {project_number}-compute@developer.example.com", opts: []Option{WithEmail(true)},
		want: []string{"john.doe+test@mozilla.org", "john@mozilla.org", "john@mozilla.org", "a@b.example", "c@d.example"}},
	// Markdown escapes in a local part (WithEscapes: converters from HTML
	// write "john\_doe"); an escaped backslash is no escape of the "_".
	// Markdown's options, as the goldmark extension sets them: GFM's
	// "a.b" is a domain (WithGFMDomains).
	{name: "email with Markdown escapes", in: `write john\_doe@example.com, a.b-c\_d@a.b and x\\_y@c.example`, opts: []Option{WithEmail(true), WithEscapes(true), WithGFMDomains(true)},
		want: []string{"john_doe@example.com", "a.b-c_d@a.b"}},
	{name: "email escapes without WithEscapes", in: `write john\_doe@example.com`, opts: []Option{WithEmail(true)}, want: nil},
	// An apostrophe between letters is the local part's (RFC 5322 atext:
	// SpamAssassin's corpus, linkifyjs's tests); one that quotes is not.
	{name: "email apostrophe in a local part", in: "From: Tiarnan O Corrain <tiarnan.o'corrain@cmg.com>, o'malley@example.com.au, 'bob@example.com', x'@example.com, a.'b@example.com",
		opts: []Option{WithEmail(true)}, want: []string{"tiarnan.o'corrain@cmg.com", "o'malley@example.com.au", "bob@example.com", "b@example.com"}},
	// Sourcehut's lists, "~owner/list@lists.sr.ht": one "~", one owner, one
	// "/"; no other path's tail, no "~~" strike.
	{name: "email sourcehut list", in: "To: ~sircmpwn/public-inbox@lists.sr.ht (~emersion/soju-dev@lists.sr.ht) docs/joe@example.com ~~x/y@example.com ~/z@example.com ~a/b/c@example.com",
		opts: []Option{WithEmail(true)}, want: []string{"~sircmpwn/public-inbox@lists.sr.ht", "~emersion/soju-dev@lists.sr.ht"}},
	// An IDN domain (RFC 6531 §3.2), up to another script's letter after
	// an ASCII one, as a URL's host (otherScript); the parser holds it to
	// IDNA2008.
	{name: "email IDN domain", in: "info@ça.org, joe@例子.广告。 joe@example.comを参照 bob@sonyの.jp bad@ü..de bad@-ü.de", opts: []Option{WithEmail(true)}, want: []string{"info@ça.org", "joe@例子.广告", "joe@example.com", "bob@sonyの.jp"}},
	// A UTF-8 local part (RFC 6531 §3.3) is read whole, its two-byte
	// letters with its ASCII; Han before an address is prose's. An
	// address after a two-byte letter that is no local part's (here a
	// 65th byte) is not its ASCII tail.
	{name: "email UTF-8 local part", in: "<Dörte@Sörensen.example.com> Σtest@example.com 请联系joe@example.com иван.петров@пример.рф, «jörg@example.de» " + strings.Repeat("é", 32) + "x@example.com",
		opts: []Option{WithEmail(true)}, want: []string{"Dörte@Sörensen.example.com", "Σtest@example.com", "joe@example.com", "иван.петров@пример.рф", "jörg@example.de"}},
	// Three-byte letters of scripts whose prose sets spaces between words
	// go on as two-byte ones do (the Universal Acceptance Steering
	// Group's test addresses, Android's); kana, Thai and fullwidth letters
	// before an address are prose's; an address after a Devanagari
	// letter that is no local part's (a 65th byte) is not its tail.
	{name: "email three-byte local part", in: "संपर्क@डाटामेल.भारत। 현금영수증@android.kr ქართული@example.ge メールjoe@example.jp ติดต่อbob@example.th ｍａｉｌann@example.com " + strings.Repeat("क", 22) + "y@example.com",
		opts: []Option{WithEmail(true)}, want: []string{"संपर्क@डाटामेल.भारत", "현금영수증@android.kr", "ქართული@example.ge", "joe@example.jp", "bob@example.th", "ann@example.com"}},
	// A local part that starts with a letter of UTF-8 after a stray byte
	// is another charset's text read as UTF-8 (SpamAssassin's public
	// corpus: an undeclared Big5 header); after a whole character it is
	// one.
	{name: "email after a stray byte", in: "From: |\xab\xe1\xae\xac@dogma.example.org, \xab\xc3\xa4x@example.org «ärger@example.de» “संपर्क@example.in”",
		opts: []Option{WithEmail(true)}, want: []string{"ärger@example.de", "संपर्क@example.in"}},
	{name: "email bad host", in: "a@-b.example.com x@y", opts: []Option{WithEmail(true)}, want: nil},
	{name: "email mailto not twice", in: "mailto:alice@example.org", opts: []Option{WithEmail(true)}, want: []string{"mailto:alice@example.org"}},
	// find.go maxLocal: a local part has at most 64 bytes.
	{name: "email local part 64", in: strings.Repeat("b", 64) + "@example.com", opts: []Option{WithEmail(true)}, want: []string{strings.Repeat("b", 64) + "@example.com"}},
	// The local part starts before a www candidate that ran to the end of
	// a full buffer; text returned to make room must not cut it.
	{name: "email across a full buffer", in: strings.Repeat(" x", 417) + " a_www.example@x.com y",
		opts: []Option{WithEmail(true), WithReadSize(512), WithMaxCandidate(256)}, want: []string{"a_www.example@x.com"}},
	{name: "email local part 100", in: strings.Repeat("a", 100) + "@example.com", opts: []Option{WithEmail(true)}, want: nil},

	// doc.go: "a word followed by a colon is not a URL".
	{name: "not: Good news:", in: "Good news: the draft is out.", want: nil},
	{name: "not: news: with space", in: "nothing here is a news: URL", want: nil},
	{name: "not: Note:", in: "Note: see below", want: nil},
	{name: "not: time", in: "At 10:30 tomorrow", want: nil},
	{name: "not: ratio", in: "ratio 3:1", want: nil},
	{name: "not: e.g. foo:bar", in: "e.g. foo:bar", want: nil},
	{name: "not: mailto without colon", in: `and "mailto" without a colon`, want: nil},
	{name: "not: scheme alone", in: "http: alone", want: nil},
	{name: "not: scheme and slashes alone", in: "http:// alone", want: nil},
	{name: "not: no host", in: "https:///x and ftp://", want: nil},
	{name: "unregistered scheme", in: "xftp://a.b/ zoommtg://zoom.us/join?confno=1 git+http://c.example/", want: []string{"xftp://a.b/", "zoommtg://zoom.us/join?confno=1", "git+http://c.example/"}},
	{name: "not: after digit", in: "1ftp://a.b/", want: nil},
	// gluedWeb: what parsed as schemes "randomtexthttp", "www.a.comhttp"
	// and "hhttp" (valid by RFC 3986's syntax), and quoted-printable's
	// "=3D" and "=22" read raw, where nothing was found.
	{name: "http glued to a word", in: "randomtexthttp://a.example/x www.a.comhttp://b.example/ GUARANTEEDHTTPS://c.example/ hhttp://d.example/",
		want: []string{"http://a.example/x", "http://b.example/", "HTTPS://c.example/", "http://d.example/"}},
	{name: "http after a quoted-printable escape", in: "<a href=3Dhttp://a.example/x>\n=22https://b.example/=22 1http://c.example/",
		want: []string{"http://a.example/x", "https://b.example/=22", "http://c.example/"}},
	// A bare URL broken after a hyphen at a line break, as mail clients
	// break long lines (Finder.bareJoined): rejoined with the next line
	// when that repeats the quote prefix and goes on at once; as written
	// otherwise.
	{name: "bare broken after a hyphen", in: "see http://www.dcc-\nservers.net/dcc/ and\n> git://git.example.org/trondmy/linux-\n> nfs.git\n> > [mailto:linux-spi-\n> > owner@vger.example.org] On\nhttp://a.example/x-\r\ny.html\n",
		want: []string{"http://www.dcc-servers.net/dcc/", "git://git.example.org/trondmy/linux-nfs.git", "mailto:linux-spi-owner@vger.example.org", "http://a.example/x-y.html"}},
	{name: "bare hyphen at a break, not rejoined", in: "http://a.example/x-\n\nNext\n> http://www.b.example/y-\n>> z\nhttp://c.example/z-\n-- \nhttp://d.example/w- \nv\nhttp://www.e-\n(f.example)\n",
		want: []string{"http://a.example/x-", "http://www.b.example/y-", "http://c.example/z-", "http://d.example/w-"}},
	// More than one line, and schemes with no "//" (URNs, tel:, sip:), and
	// www hosts: the RFC archive's shapes.
	{name: "bare broken after hyphens, over lines", in: "URL \"http://cs-\n   tr.cs.rice.edu/Dienst/TR98-\n   318/\".\n  \"urn:ietf:params:xml:ns:epp:org-\n   1.0\" and \"tel:456-\n   7890;phone-context=213\", www.ietf.org/mail-\n   archive/web/aaa-doctors.\n",
		want: []string{"http://cs-tr.cs.rice.edu/Dienst/TR98-318/", "urn:ietf:params:xml:ns:epp:org-1.0", "tel:456-7890;phone-context=213", "www.ietf.org/mail-archive/web/aaa-doctors"}},
	// A bare URL broken after a "/" and the like, where filled text had no
	// room for the rest (Finder.joined, goesOn): the RFC archive's
	// references, its 2009 boilerplate, quoted attribute values, mail.
	{name: "bare broken after a slash", in: "   [4]  IEEE, \"Guidelines for 64-bit Global Identifier (EUI-64)\",\n        http://standards.ieee.org/regauth/oui/tutorials/\n        EUI64.html, March 1997.\n   Provisions Relating to IETF Documents (http://trustee.ietf.org/\n   license-info) in effect on the date of publication.\n" +
		"<x xsi:schemaLocation=\"http://www.iana.org/assignments/xml-registry/schema/\n       iodef-2.0.xsd\">\n   [M]   Mannheim.  URL \"http://www.informatik.uni-\n         mannheim.de/informatik/pi4/projects/\n         CongCtrl/pcc/index.html\".\n> This was discussed on the list last year, see https://lkml.org/lkml/2016/\n> 8/30/198 for the thread, and the results of the search at the site are at\n> https://a.example/search?q=the+thread+about+this+in+the+list+archive&\n> page=2\n",
		want: []string{"http://standards.ieee.org/regauth/oui/tutorials/EUI64.html", "http://trustee.ietf.org/license-info", "http://www.iana.org/assignments/xml-registry/schema/iodef-2.0.xsd",
			"http://www.informatik.uni-mannheim.de/informatik/pi4/projects/CongCtrl/pcc/index.html", "https://lkml.org/lkml/2016/8/30/198", "https://a.example/search?q=the+thread+about+this+in+the+list+archive&page=2"}},
	// find.go driveBar: a DOS drive letter's "|" in a file URL (RFC 8089
	// Appendix E.2.2's examples); anywhere else "|" ends a URL.
	{name: "file URL drive bar", in: "see file:///c|/path/to/file and file:/C|/x or file://localhost/c|/dir/f.txt.\nnot file:///a/b|c nor http://x.example/c|/d nor file:///ab|/x",
		want: []string{"file:///c|/path/to/file", "file:/C|/x", "file://localhost/c|/dir/f.txt", "file:///a/b", "http://x.example/c", "file:///ab"}},
	// A bare "scheme://" at a line's end, its host on the next line
	// (Finder.joined, hostAhead): RFC 2732's reference, RFC 3744's www
	// hosts, a quoted reply, an address; not where the next word names no
	// host ("and", "e.g.").
	{name: "bare broken after its slashes", in: "paper, currently available at http://\n       www2000.ogsm.vanderbilt.edu/novak/web.standards/webstand.html.\n" +
		"the URL http://\n   www.example.com/acl/users/gstein, wrapped\n> see ftp://\n>   192.0.2.1/pub/x and\nthe URI http://\n   example.org/inorder.ord.  The\n" +
		"the scheme http://\n   and the rest; see http://\n   e.g. this; at https://\r\n  example.org/x\r\nthe end http://\n",
		want: []string{"http://www2000.ogsm.vanderbilt.edu/novak/web.standards/webstand.html", "http://www.example.com/acl/users/gstein",
			"ftp://192.0.2.1/pub/x", "http://example.org/inorder.ord", "https://example.org/x"}},
	// The URL alone on its line and a compound word alone on the next, at
	// its column: a reStructuredText target (docutils joins its lines), an
	// RFC's reference, a message id on a list's archive, a spam's link.
	{name: "bare broken after a slash, a compound alone next", in: ".. _Google Application Default Credentials:\n    https://developers.google.com/identity/protocols/\n    application-default-credentials\n" +
		"        http://www.iana.org/assignments/\n        ianaaddressfamilynumbers-mib\n" +
		"      http://mailarchive.ietf.org/arch/msg/ietf-announce/\n      Ztd2ed9U04qSxI-k9-Oj80jJLXc\n",
		want: []string{"https://developers.google.com/identity/protocols/application-default-credentials", "http://www.iana.org/assignments/ianaaddressfamilynumbers-mib",
			"http://mailarchive.ietf.org/arch/msg/ietf-announce/Ztd2ed9U04qSxI-k9-Oj80jJLXc"}},
	// Not where the word is not at the column where the URL's line starts
	// its text or the URL (At, which cannot see the line before the URL,
	// reads a URL as starting its line), the word is not alone on its
	// line, or it is no compound.
	{name: "bare broken after a slash, a compound not alone", in: "The page is at https://developers.google.com/identity/protocols/\n    application-default-credentials\n" +
		"    https://developers.google.com/identity/protocols/\n    application-default-credentials are used\n" +
		"    https://developers.google.com/identity/protocols/oauth/\n    Introduction\n",
		want: []string{"https://developers.google.com/identity/protocols/", "https://developers.google.com/identity/protocols/", "https://developers.google.com/identity/protocols/oauth/"}},
	// A bare URL's line folded by a backslash (RFC 8792 §7; RFCs' SIP and
	// RESTCONF examples, in the middle of a word too): the URL goes on on
	// the next line without it, but for a request line's version.
	{name: "bare folded by backslashes", in: "    INVITE sip:voicemail@example.com;\\\n           target=sip:+15555551002%40example.com;user=phone;\\\n           cause=486  SIP/2.0\n" +
		"      Location: https://example.com/restconf/data/\\\n          example-jukebox:jukebox/library/artist=Foo%20Fighters\n" +
		"     <namespace>urn:ietf:params:xml:ns:yang:ietf-ipv4-unicas\\\n       t-routing</namespace>\n" +
		"   INVITE sip:vm@192.0.2.6;target=sip:bob%40example.com;cause=480\\\n                        SIP/2.0\n",
		want: []string{"sip:voicemail@example.com;target=sip:+15555551002%40example.com;user=phone;cause=486",
			"https://example.com/restconf/data/example-jukebox:jukebox/library/artist=Foo%20Fighters",
			"urn:ietf:params:xml:ns:yang:ietf-ipv4-unicast-routing", "sip:vm@192.0.2.6;target=sip:bob%40example.com;cause=480"}},
	// A wrapper's line folded by a backslash (RFC 8792 §7, RFCs' SIP
	// examples) or two (a YANG string): never the URL's.
	{name: "wrapper folded by backslashes", in: "Call-Info: <sip:vm@example.com;\\\n           target=sip:bob%40example.com;cause=480>\n" +
		"   IANA URL: <https://www.iana.org/assignments/ssh-para\\\\\n              meters>\n",
		want: []string{"sip:vm@example.com;target=sip:bob%40example.com;cause=480", "https://www.iana.org/assignments/ssh-parameters"}},
	// A closer of any quote, a Markdown code span's backtick too: lineBreakAt
	// once turned it down before joined could see it.
	{name: "bare broken after a slash, closed by a backtick", in: "The namespace of the keystore usage module is `https://example.com/ns/\nexample-keystore-usage` in its YANG.\n",
		want: []string{"https://example.com/ns/example-keystore-usage"}},
	// Cut in the middle of a word, where a tool cut lines at a width of 70
	// to 80 (news and mail archives, RFC 2616), whatever it cut.
	{name: "bare cut at a line's width", in: "http://www.microfocus.com/Resources/Communities/Academic/shop/description.as\np?productid=52\n" +
		"        http://www.ncsa.uiuc.edu/SDG/IT94/Proceedings/DDay/mogul/HTTPLat\n        ency.html.\n" +
		"> [1] http://lkml.kernel.org/r/20171113160637.jhekbdyfpccme3be@dhcp22.s\n> use.cz\n",
		want: []string{"http://www.microfocus.com/Resources/Communities/Academic/shop/description.asp?productid=52", "http://www.ncsa.uiuc.edu/SDG/IT94/Proceedings/DDay/mogul/HTTPLatency.html",
			"http://lkml.kernel.org/r/20171113160637.jhekbdyfpccme3be@dhcp22.suse.cz"}},
	// A token too long for its lines, cut at the width line after line: a
	// gateway's rewritten link (ciscoclean's example), a quoted attribute
	// of HTML sent as text (SpamAssassin's public corpus). Not a rule of
	// "=" at the width, nor a word of prose.
	{name: "bare token cut at a width, line after line", in: "https://secure-web.cisco.com/1VqOjcxMgKL3XZfH1RVFk4flLLurhrVbZyjVabNjFFr\nwcwvrjcKOq0YBEA_UeqrpX0yBPcmEGpNMmKGjUFJRPMyGPhHq61q7mepfDCD8F09vHfZp4tZ\nttps%3A%2F%2Fwww.example.org%2F\n\n" +
		"<area shape=\"rect\"\nhref=\"http://www.softchoice.com/software/prod_description.asp?5445x$qJpibFSc\nVSPL34dNX1NpKIC7k0y8w2JTWf0TJAZv16neAteuE$2jAUDdqSkqd22U8RG_ODIY1ZVd0ZK2FJBL\nHCmHgoBko9i4bo43b9ggk2ngYvPiimlN6\" coords=\"196\">\n\n" +
		"http://a.example/download/release/2024/stable/packages/linux/amd64/archiv\n========================================================================\n\n" +
		"http://b.example/download/release/2024/stable/packages/linux/amd64/archiv\nIntroductoryParagraphsAboutTheReleaseAndWhatItHoldsForUsersOfAllKindsToo\n",
		want: []string{"https://secure-web.cisco.com/1VqOjcxMgKL3XZfH1RVFk4flLLurhrVbZyjVabNjFFrwcwvrjcKOq0YBEA_UeqrpX0yBPcmEGpNMmKGjUFJRPMyGPhHq61q7mepfDCD8F09vHfZp4tZttps%3A%2F%2Fwww.example.org%2F",
			"http://www.softchoice.com/software/prod_description.asp?5445x$qJpibFScVSPL34dNX1NpKIC7k0y8w2JTWf0TJAZv16neAteuE$2jAUDdqSkqd22U8RG_ODIY1ZVd0ZK2FJBLHCmHgoBko9i4bo43b9ggk2ngYvPiimlN6",
			"http://a.example/download/release/2024/stable/packages/linux/amd64/archiv", "http://b.example/download/release/2024/stable/packages/linux/amd64/archiv"}},
	// A "%" escape cut short at a line cut at its width goes on on the
	// next line, the escape's digits first, even where a reply's client
	// quoted it one level less (SpamAssassin's public corpus); not into
	// prose that happens to start with hex letters.
	{name: "bare escape cut at a width", in: "> >http://xbox-linux.sourceforge.net/articles.php?aid=1&sub=Press%20Release%\n> 3A%20Xbox%20Linux%20Mandrake%209%20Released\n\n" +
		"see http://a.example/discount/now/on/everything/in/the/store/here/today/50%\nAbout the offer\n",
		want: []string{"http://xbox-linux.sourceforge.net/articles.php?aid=1&sub=Press%20Release%3A%20Xbox%20Linux%20Mandrake%209%20Released",
			"http://a.example/discount/now/on/everything/in/the/store/here/today/50%"}},
	// Not where a line wrapped at a URL's end, a space the break stands
	// for: prose, a commit's hash in brackets, a signature's next line; nor
	// in lines longer than a width (a CSV row).
	{name: "bare ending a long line, not rejoined", in: "As discussed on LKML http://marc.info/?i=54611D86.4040306%40de.ibm.com\nACCESS_ONCE might fail with specific compilers.\n" +
		"ClangBuiltLinux clang version 9.0.0 (git://github.com/llvm/llvm-project\n544315b4197034a3be8acd12cba56a75fb1f08dc) (based on LLVM 9.0.0svn)\n" +
		"Dr. Marc Baaden, Institut de Biologie, Paris  -  http://www.marc-baaden.de\nFAX/Voice +33 1 58 41 50 00\n" +
		"2018-08-29,yes,2018-08-29T06:30:41+00:00,yes,PayPal,http://www.a.example/login/signin.php?locale.x=en&_token=MTUzNTUxMzAxOQ\n5766442,yes,Other\n" +
		"The release is at https://example.com/download/2024/stable/release.tar.gz\nREADME.txt says how to build it.\n" +
		"The identifiers are listed by the authority at https://e.example/list/ab\ne.g. for it\n",
		want: []string{"http://marc.info/?i=54611D86.4040306%40de.ibm.com", "git://github.com/llvm/llvm-project", "http://www.marc-baaden.de", "http://www.a.example/login/signin.php?locale.x=en&_token=MTUzNTUxMzAxOQ",
			"https://example.com/download/2024/stable/release.tar.gz", "https://e.example/list/ab"}},
	// What only looks so: prose after a URL that ends a line, a list's next
	// item, a label, a compiler's message, short lines of a table.
	{name: "bare ending a line at a slash, not rejoined", in: "All of it can be read, with its history and the rest, at http://a.example/docs/\nfor more details.\n" +
		"Today's news on the web: http://freshmeat.net/daily/2002/07/30/\nfreshmeat.net newsgroup: news://news.freshmeat.net/fm.announce\n" +
		"      http://radio.weblogs.com/0113147/categories/photos/\n    MISTERMITTENS.COM\n" +
		"http://kisskb.ellerman.id.au/kisskb/buildresult/10701849/\narch/mips/kernel/cpu-probe.c:856:7: error: undeclared\n" +
		"CFITSIO      http://heasarc.gsfc.nasa.gov/fitsio/\nfitsTcl      x\n" +
		"which do have windows printer drivers, check http://www.starmicronics.com/\nand/or http://www.epson.com/\n" +
		">    * ftp://ftp-stud.fht-esslingen.de/pub/redhat/linux/beta/null/\n>  Asia/Pacific:\n",
		want: []string{"http://a.example/docs/", "http://freshmeat.net/daily/2002/07/30/", "news://news.freshmeat.net/fm.announce", "http://radio.weblogs.com/0113147/categories/photos/",
			"http://kisskb.ellerman.id.au/kisskb/buildresult/10701849/", "http://heasarc.gsfc.nasa.gov/fitsio/", "http://www.starmicronics.com/", "http://www.epson.com/", "ftp://ftp-stud.fht-esslingen.de/pub/redhat/linux/beta/null/"}},
	// A line that starts a URL of its own is no continuation; a host and
	// its port are.
	{name: "bare hyphen at a break, a URL next", in: "http://a.example/x-\nhttp://b.example/ and\nhttp://c.example/y-\nmailto:d@e.example\nhttp://www.ex-\nample.com:8080/z\n",
		want: []string{"http://a.example/x-", "http://b.example/", "http://c.example/y-", "mailto:d@e.example", "http://www.ex-ample.com:8080/z"}},
	{name: "not: bad host", in: "https://my_host.example_com/ http://a_b/ www.a_b.", want: nil},
	{name: "underscore in a host's label", in: "https://my_host.example.com/ and www.sub_domain.example.org.", want: []string{"https://my_host.example.com/", "www.sub_domain.example.org"}},
	{name: "not: bad port", in: "http://a.example:x/", want: nil},
	{name: "IPv6", in: "http://[::1]/ http://[2001:db8::1]:8080/x", want: []string{"http://[::1]/", "http://[2001:db8::1]:8080/x"}},
	{name: "not: bad IPv6", in: "http://[::g]/ http://[10.0.0.1]/ http://[::1/", want: nil},
	{name: "not: scheme not bare", in: "javascript:alert(1) vbscript:x C:\\dir std::vector", want: nil},
	// Issue 15: a word before a colon that is not a registered scheme is
	// never one; a registered one needs some structure after it.
	{name: "not: words before colons", in: "Note:x Re:y TODO: 10:30 go:generate //go:build about:this", want: nil},
	{name: "not: registered scheme inside a host", in: "http://a.example:x/", want: nil},
	{name: "registered opaque", in: "tel:+1-201-555-0123, urn:isbn:0451450523 xmpp:alice@jabber.example.org magnet:?xt=urn:btih:abc",
		want: []string{"tel:+1-201-555-0123", "urn:isbn:0451450523", "xmpp:alice@jabber.example.org", "magnet:?xt=urn:btih:abc"}},
	{name: "not: registered opaque, own syntax broken", in: "tel:abc urn:x geo:north magnet:xt data:text", want: nil},
	{name: "not: mailto without address", in: "mailto: alice", want: nil},
	// RFC 8089 §2: a file URL's local path with no "//", as Java writes it.
	{name: "file local path", in: "see file:/etc/motd and FILE:/home/u/x.txt, file:/ alone, file:etc, file:///etc/hosts.\nFileNotFoundException: file:/C:/JMSAdmin/JMSAdmin.config (No such file)",
		want: []string{"file:/etc/motd", "FILE:/home/u/x.txt", "file:///etc/hosts", "file:/C:/JMSAdmin/JMSAdmin.config"}},

	// doc.go: "trailing sentence punctuation and quotes are not part of it"
	{name: "trailing .", in: "See http://a.example/c.", want: []string{"http://a.example/c"}},
	{name: "trailing ,", in: "http://a.example/c, and", want: []string{"http://a.example/c"}},
	{name: "trailing ;", in: "http://a.example/c; and", want: []string{"http://a.example/c"}},
	{name: "trailing :", in: "http://a.example/c: and", want: []string{"http://a.example/c"}},
	{name: "trailing !", in: "http://a.example/c!", want: []string{"http://a.example/c"}},
	{name: "trailing ?", in: "http://a.example/c?", want: []string{"http://a.example/c"}},
	{name: "trailing ...", in: "http://a.example/c...", want: []string{"http://a.example/c"}},
	{name: "trailing ?!.", in: "http://a.example/c?!.", want: []string{"http://a.example/c"}},
	{name: "single quotes", in: "'http://a.example/c'", want: []string{"http://a.example/c"}},
	{name: "double quotes", in: `"http://a.b/"`, want: []string{"http://a.b/"}},
	{name: "quote then period", in: `"http://a.example/c".`, want: []string{"http://a.example/c"}},
	{name: "query kept", in: "http://www.example.com/drafts/index.html?lang=en&fmt=txt.", want: []string{"http://www.example.com/drafts/index.html?lang=en&fmt=txt"}},
	{name: "fragment kept", in: "http://a.example/x#frag.", want: []string{"http://a.example/x#frag"}},
	// doc.go: "closing brackets only when they close one opened inside it"
	{name: "parens inside kept", in: "(See http://example.com/papers/(1994)/urls.html.)", want: []string{"http://example.com/papers/(1994)/urls.html"}},
	{name: "parens around", in: "(http://a.example/c)", want: []string{"http://a.example/c"}},
	{name: "parens doubled", in: "((http://a.example/c))", want: []string{"http://a.example/c"}},
	{name: "paren unopened", in: "http://a.example/c)", want: []string{"http://a.example/c"}},
	{name: "paren pair at end", in: "http://a.example/wiki/Pi_(film)", want: []string{"http://a.example/wiki/Pi_(film)"}},
	{name: "paren pair then close", in: "(http://a.example/wiki/Pi_(film))", want: []string{"http://a.example/wiki/Pi_(film)"}},
	{name: "brackets", in: "[http://a.b/c]", want: []string{"http://a.b/c"}},
	{name: "braces", in: "{http://a.b/}", want: []string{"http://a.b/"}},
	{name: "markdown link", in: "[the archive](http://a.example/archive/)", want: []string{"http://a.example/archive/"}},
	// trimEnd: AsciiDoc's link macro, "URL[label]" (asciidoctor's own
	// docs); a final "[...]" that may be the URL's stays, and a host's
	// IP literal brackets are no label.
	{name: "asciidoc link macros", in: "https://example.org/docs[Example docs] http://a.example/c[text^] https://github.com/mojavelinux[@mojavelinux] https://a.example/issues/3641[#3641] https://a.example/x.adoc[] https://docs.example/[获取帮助] <https://a.example/y[@y]> mailto:hello@example.org[Email us]", want: []string{"https://example.org/docs", "http://a.example/c", "https://github.com/mojavelinux", "https://a.example/issues/3641", "https://a.example/x.adoc", "https://docs.example/", "https://a.example/y", "mailto:hello@example.org"}},
	{name: "brackets that are the URL's", in: "http://a.example/dictionary/subject[3] http://a.example/ad;ord=[timestamp]? http://a.example/x.php?ids[]=1 http://[::1]/x sip:bob@[2001:db8::33] http://a.example/home[1].jpg", want: []string{"http://a.example/dictionary/subject[3]", "http://a.example/ad;ord=[timestamp]", "http://a.example/x.php?ids[]=1", "http://[::1]/x", "sip:bob@[2001:db8::33]", "http://a.example/home[1].jpg"}},
	// runEnd: in a quoted URL an unopened bracket goes on (the Rust
	// docs' playground links, HTML read as text); one at its end is
	// trimmed as before, and unquoted it ends the URL.
	{name: "quoted URL, unopened bracket", in: `<a href="https://play.example/?code=x+%5B1,+2)%0Ay&edition=2024">run</a> 'http://a.example/b)c' "http://a.example/d)" http://a.example/e)f`, want: []string{"https://play.example/?code=x+%5B1,+2)%0Ay&edition=2024", "http://a.example/b)c", "http://a.example/d", "http://a.example/e"}},
	// linkDelimiting: a Markdown link's destination is the URL, all of it
	// (EbookFoundation/free-programming-books: YouTube playlist ids end in
	// "_", an edX course in "#!", a page in ".aspx?"), with a title too;
	// the same text in prose or in brackets loses its end as before (but
	// a final "_" in a path, which it keeps: "final underscore").
	{name: "markdown link destination whole", in: "* [Python](https://www.youtube.com/playlist?list=PL6gx4Cwl9DGAcbMi1sH6oAMk4JHw91mC_) - x\n[c](https://a.example/course-1#!) [b](http://a.example/b.aspx?) [t](http://a.example/x_ \"T\") [w](www.a.example/y.)", want: []string{"https://www.youtube.com/playlist?list=PL6gx4Cwl9DGAcbMi1sH6oAMk4JHw91mC_", "https://a.example/course-1#!", "http://a.example/b.aspx?", "http://a.example/x_", "www.a.example/y."}},
	// A destination goes on past prose's punctuation (curly quotes, CJK
	// brackets) to its ")" or its title (ruanyf/weekly's issue 330), not
	// past a space or an ideographic space, and not outside a destination.
	{name: "markdown destination past prose punctuation", in: "[p](https://a.example/do-not-be-‘built’%3a-x) [t](https://a.example/“x”y \"T\") [c](https://a.example/路径」x) (https://a.example/‘q’) [u](https://a.example/‘q’ more) [n](https://a.example/‘q\u3000x)",
		want: []string{"https://a.example/do-not-be-‘built’%3a-x", "https://a.example/“x”y", "https://a.example/路径」x", "https://a.example/", "https://a.example/", "https://a.example/"}},
	// A typographic apostrophe inside a word of a path is the URL's
	// (urlscan's test: a WordPress slug); after a host, a "/", or before
	// a space, it is prose's closing quote.
	{name: "apostrophe inside a word", in: "see http://www.pantherhouse.com/newshelton/my-wife-thinks-i’m-a-swan/ and https://en.wikipedia.org/wiki/Ender’s_Game, http://x.example’s site, ‘http://y.example/a’ and http://z.example/b/’s http://w.example/c’ d",
		want: []string{"http://www.pantherhouse.com/newshelton/my-wife-thinks-i’m-a-swan/", "https://en.wikipedia.org/wiki/Ender’s_Game", "http://x.example", "http://y.example/a", "http://z.example/b/", "http://w.example/c"}},
	// An attribute's or a setting's value after "=" and a quote is the
	// URL, all of it (the Rust documentation's QNX link ends in "."; a
	// SenML base name in ":"), but not past a space, and a quote with a
	// space or no "=" before it is prose's.
	{name: "attribute value whole", in: `<a href="https://a.example/page.">x</a> bn='urn:dev:ow:10e2:' url="https://b.example/‘q’" t="https://c.example/‘q’ more" s = "https://d.example/e." say "https://f.example/g." (h="https://h.example/i!")`,
		want: []string{"https://a.example/page.", "urn:dev:ow:10e2:", "https://b.example/‘q’", "https://c.example/", "https://d.example/e", "https://f.example/g", "https://h.example/i!"}},
	// CommonMark §6.3: the destination may start on the next line.
	{name: "markdown destination on the next line", in: "deploy with [Click to Deploy](\nhttps://a.example/kafka?) or [b](\r\nhttps://a.example/b*) and (\nhttps://a.example/c*)", want: []string{"https://a.example/kafka?", "https://a.example/b*", "https://a.example/c"}},
	{name: "not a markdown destination", in: "(https://a.example/x*) [https://a.example/y!] ](http://a.example/z* after [t](http://a.example/w. T)", want: []string{"https://a.example/x", "https://a.example/y", "http://a.example/z", "http://a.example/w"}},
	// trimEnd: a final "_" in a path, query or fragment is the URL's
	// (real URLs end so), but after a "_" that opened before the URL
	// (an underline) or at a host's end.
	{name: "final underscore", in: "see https://invisible-island.net/xterm/ctlseqs/ctlseqs.html#h3-Functions-using-CSI-_-ordered-by-the-final-character_s_ and (http://a.example/clicks.asp?id=7848_8_) _http://b.example/u_ www.c.example_ http://d.example_ mailto:e@f.example_ news:comp.lang.cobol_ http://g.example/r.asp?r______________ http://h.example/__init__",
		want: []string{"https://invisible-island.net/xterm/ctlseqs/ctlseqs.html#h3-Functions-using-CSI-_-ordered-by-the-final-character_s_", "http://a.example/clicks.asp?id=7848_8_", "http://b.example/u", "www.c.example", "http://d.example", "mailto:e@f.example", "news:comp.lang.cobol", "http://g.example/r.asp?r", "http://h.example/__init__"}},
	{name: "final underscore, GFM's way", in: "see http://a.example/x_y_ and (http://a.example/clicks.asp?id=7848_8_) _http://b.example/u_ www.c.example/d_", opts: []Option{WithGFMTrailing(true)},
		want: []string{"http://a.example/x_y", "http://a.example/clicks.asp?id=7848_8", "http://b.example/u", "www.c.example/d"}},
	// WithGFMDomains: any name with a dot after "www." and "@" (today_test's
	// "www host's top-level domain" for the default).
	{name: "www host's domain, GFM's way", in: "see www.conf, www.x.y/z and www.python.org", opts: []Option{WithGFMDomains(true)},
		want: []string{"www.conf", "www.x.y/z", "www.python.org"}},
	{name: "address's domain", in: "logo@2x.png icon@3x.webp, node@v18.js postgresql@13-main.service foo@bar.baz a@b.example x@y.com me@host.local root@localhost.localdomain jo@例え.jp", opts: []Option{WithEmail(true)},
		want: []string{"a@b.example", "x@y.com", "me@host.local", "root@localhost.localdomain", "jo@例え.jp"}},
	{name: "address's domain, GFM's way", in: "logo@2x.png foo@bar.baz x@y.com", opts: []Option{WithEmail(true), WithGFMDomains(true)},
		want: []string{"logo@2x.png", "foo@bar.baz", "x@y.com"}},
	// find.go emailAt: a colon glued after the host makes a remote path
	// or a port; one before white space or at the end is prose's.
	{name: "address before a colon", in: "git clone git@github.com:golang/go.git; cvs -d :pserver:anoncvs@cvs.example.org:/cvsroot; rsync -a root@host.example.com:~/x jan@example.com:1234 but ann@example.com: hi, (jo@example.com:) bo@example.com:\nand cy@example.com:",
		opts: []Option{WithEmail(true)}, want: []string{"ann@example.com", "jo@example.com", "bo@example.com", "cy@example.com"}},
	{name: "address before a colon, GFM's way", in: "git@github.com:golang/go.git", opts: []Option{WithEmail(true), WithGFMDomains(true)},
		want: []string{"git@github.com"}},
	// find.go trimEnd: an entity reference ("&amp;") is not the URL's.
	{name: "entity at end", in: "http://a.b/?x=1&amp;", want: []string{"http://a.b/?x=1"}},
	// "&amp;" stands for "&" wherever it is (HTML read as text); Raw keeps it.
	{name: "entity inside", in: "http://a.b/?x=1&amp;y=2", want: []string{"http://a.b/?x=1&y=2"}},
	// A numeric reference too (Rinku's suite: "hello &#39;http://example.com&#39;
	// hello"); a fragment before ";" is no reference.
	{name: "numeric references and a fragment", in: "&#39;http://example.com&#39; &#39;http://a.b/x&#x27; http://a.b/#frag;", want: []string{"http://example.com", "http://a.b/x", "http://a.b/#frag"}},
	{name: "entity lt at end", in: "http://a.b/?q=&lt;", want: []string{"http://a.b/?q="}},
	// A numeric character reference at the end is not the URL's (it lost
	// only its ';' until the fifteenth session).
	// robinst/linkify's suite: an opening bracket at the end opens
	// nothing; a "-" after the host is prose's, in a path the URL's.
	{name: "opening bracket at end", in: "http://example.org/( http://example.org/(. http://a.example/(a)( http://a.example/y[ z", want: []string{"http://example.org/", "http://example.org/", "http://a.example/(a)", "http://a.example/y"}},
	{name: "hyphen after host", in: "https://example.org- and www.example.org- and http://t.co/FNkPfmii- and mailto:joe@a.example-", want: []string{"https://example.org", "www.example.org", "http://t.co/FNkPfmii-", "mailto:joe@a.example"}},
	// groff, in a UTF-8 locale, hyphenates words at a line's end with
	// U+2010 (wrapper.TypoHyphen): man pages at a terminal's width. It is
	// never the URL's: one reading, without it, for bare URLs, www hosts
	// and wrappers. A first line it cut is no URL alone when the whole is
	// none (a host with "_"); a U+2010 before no line that goes on is
	// trimmed as a dash is.
	{name: "typographic hyphen at a line break", in: "see https://savan‐\n       nah.nongnu.org/bugs/?group=man-db and\n  www.exam‐\n  ple.com/x‐\n  y/ <https://gnu.org/li‐\n  censes/gpl.html>.\n\n  uri=gs://destina‐\n  tion_bucket/x\n\nend http://a.example/‐\n\n",
		want: []string{"https://savannah.nongnu.org/bugs/?group=man-db", "www.example.com/xy/", "https://gnu.org/licenses/gpl.html", "http://a.example/"}},
	// A host broken after a hyphen at a line's end is cut, not ended:
	// nothing is reported rather than the name's first half.
	{name: "not: host broken after hyphen", in: "see http://www.dcc-\n> servers.net/ and\n", want: nil},
	{name: "numeric reference alone", in: "http://a.b/c&#39;", want: []string{"http://a.b/c"}},
	// find.go startsWord / trimEnd: Markdown emphasis.
	{name: "markdown *", in: "*http://a.b/c*", want: []string{"http://a.b/c"}},
	{name: "markdown **", in: "**http://a.b/c**", want: []string{"http://a.b/c"}},
	{name: "markdown _", in: "_http://a.b/c_", want: []string{"http://a.b/c"}},
	{name: "markdown ~~", in: "~~http://a.b/c~~", want: []string{"http://a.b/c"}},
	// An emphasis mark inside a word starts nothing: "my_service:8080"
	// is a Docker service's host and port (not the registered scheme
	// "service"), "foo_www.a.example" no www host; "foo_http://" is
	// "foohttp://" (gluedWeb).
	{name: "underscore inside a word", in: "curl my_service:8080/health; foo_www.a.example x_mailto:j@a.example foo_http://b.example/ _www.c.example_", want: []string{"http://b.example/", "www.c.example"}},
	// Quoted, a final "*", "_" or "~" is the URL's (RFCs' wildcards,
	// "http://jabber.org/protocol/*"; Go's tests, "https://example.com/_");
	// a "." stays prose's.
	{name: "quoted wildcard", in: `"http://jabber.org/protocol/*" 'https://a.example/_' "http://a.b/x~" "http://a.b/y." "_http://a.b/z_"`, want: []string{"http://jabber.org/protocol/*", "https://a.example/_", "http://a.b/x~", "http://a.b/y", "http://a.b/z"}},
	{name: "markdown code", in: "`http://a.b/c`", want: []string{"http://a.b/c"}},
	// Pinned: an RFC 2047 encoded word keeps its "?=" (corpus/mailbox.mbox).
	{name: "encoded word", in: "Subject: =?UTF-8?Q?Caf=C3=A9_http://events.example.com/cafe?=\n", want: []string{"http://events.example.com/cafe?="}},
	// runEnd: '"', '<' and '>' end a URL; a trailing '\'' is trimmed.
	{name: "html attribute", in: `<a href="http://a.b/c">x</a> <a href='http://a.b/d'>y</a>`, want: []string{"http://a.b/c", "http://a.b/d"}},

	// doc.go: "Unicode punctuation and CJK text end it".
	{name: "CJK around", in: "见http://example.com/a。", want: []string{"http://example.com/a"}},
	// Issue 15: CJK letters are IRI letters; only punctuation, symbols and
	// spaces end a bare URL.
	{name: "CJK after", in: "http://example.com/a见面 http://example.com/カナ", want: []string{"http://example.com/a见面", "http://example.com/カナ"}},
	{name: "CJK punctuation", in: "见http://example.com/a。谢 「http://example.com/b」 http://example.com/c、d", want: []string{"http://example.com/a", "http://example.com/b", "http://example.com/c"}},
	// A symbol goes on inside a path, and emoji and the like are taken
	// off its end; spaces end it.
	{name: "symbols and spaces", in: "http://a.b/x©2024 http://a.b/y✪ http://a.b/z\u3000n http://a.b/w\u00a0n", want: []string{"http://a.b/x©2024", "http://a.b/y", "http://a.b/z", "http://a.b/w"}},
	{name: "Unicode dash inside, trimmed at end", in: "http://a.b/Hatfield–McCoy_feud http://a.b/x— next", want: []string{"http://a.b/Hatfield–McCoy_feud", "http://a.b/x"}},
	{name: "fullwidth parens", in: "（http://a.b/）", want: []string{"http://a.b/"}},
	{name: "fullwidth punctuation", in: "http://a.b/c，http://a.b/d！", want: []string{"http://a.b/c", "http://a.b/d"}},
	{name: "curly quotes", in: "“http://a.b/q” «http://a.b/r» http://a.b/”x", want: []string{"http://a.b/q", "http://a.b/r", "http://a.b/"}},
	// Pinned: CJK ends the URL before its host, so an IDN is not found.
	// Issue 15: an IDNA2008 host is a host; one with a symbol below its
	// top label is one for UTS #46, as browsers read it (rfc1738.ErrSymbolHost).
	{name: "IDN host", in: "http://例え.jp/ http://müller.de/", want: []string{"http://例え.jp/", "http://müller.de/"}},
	{name: "IDN host with a symbol in it", in: "http://bücher♥.de/ x", want: []string{"http://bücher♥.de/"}},
	{name: "not: symbol in a top label", in: "http://bücher.d♥e/ x", want: nil}, // not "http://bücher.d"
	// match.go Text: an IRI as written; only controls, spaces, format
	// characters and bytes that are not UTF-8 percent-encoded.
	{name: "non-ASCII letters", in: "http://example.com/café", want: []string{"http://example.com/café"}},
	{name: "combining mark and digit", in: "http://a.b/e\u0301 http://a.b/\u0661", want: []string{"http://a.b/e\u0301", "http://a.b/\u0661"}},
	{name: "tilde as written", in: "http://a.b/~bob", want: []string{"http://a.b/~bob"}},
	{name: "percent kept", in: "http://a.b/%7Ebob%zz", want: []string{"http://a.b/%7Ebob%zz"}},
	// RFC 3987 §2.2: private use characters (iprivate) only in a query.
	{name: "private use in a query", in: "<URL:http://e.example/p\uf8ff?q=\uf8ff\U000f0000#f\uf8ff>", want: []string{"http://e.example/p%EF%A3%BF?q=\uf8ff\U000f0000#f%EF%A3%BF"}},

	// doc.go Positions: a CRLF line is one line.
	{name: "CRLF", in: "line1\r\nsee http://a.b/c\r\nhttp://d.e/f\r\n", want: []string{"http://a.b/c", "http://d.e/f"}},
	{name: "at start", in: "http://start.example/ text", want: []string{"http://start.example/"}},
	{name: "at end without newline", in: "text http://end.example/x", want: []string{"http://end.example/x"}},
	{name: "only a URL", in: "http://a.b", want: []string{"http://a.b"}},
	{name: "empty input", in: "", want: nil},

	// STYLE §3: malformed text is data, never an error or a panic.
	{name: "NUL around", in: "\x00http://a.b/\x00 and \x00http://c.d/x", want: []string{"http://a.b/", "http://c.d/x"}},
	{name: "NUL inside", in: "http://a.b/c\x00d http://e.f/", want: []string{"http://a.b/c", "http://e.f/"}},
	{name: "Latin-1 around", in: "caf\xe9 http://a.b/\xe9t\xe9 http://c.d/ na\xefve", want: []string{"http://a.b/", "http://c.d/"}},
	{name: "Latin-1 before", in: "\xe0http://a.b/", want: []string{"http://a.b/"}},
	{name: "invalid UTF-8 in wrapper", in: "<URL:http://e.f/\xff> http://g.h/", want: []string{"http://e.f/%FF", "http://g.h/"}},
	{name: "truncated UTF-8 at end", in: "http://a.b/\xc3", want: []string{"http://a.b/"}},
	{name: "only bytes", in: "\xff\xfe\x00\x01<:@.", want: nil},

	// STYLE §4: "Bound one candidate, never the stream."
	{name: "200 KB line", in: strings.Repeat("word ", 40000) + "http://end.example/", want: []string{"http://end.example/"}},
	{name: "200 KB run", in: strings.Repeat("a", 200000) + " http://end.example/", want: []string{"http://end.example/"}},
	{name: "long URL found", in: long + " http://b.example/", want: []string{long, "http://b.example/"}},
	{name: "long URL dropped", in: long + " http://b.example/", opts: []Option{WithMaxCandidate(256)}, want: []string{"http://b.example/"}},
	{name: "long wrapper dropped", in: "<URL:" + long + "> http://b.example/", opts: []Option{WithMaxCandidate(256)}, want: []string{"http://b.example/"}},
	{name: "long www dropped", in: "www.example.com/" + strings.Repeat("y", 1000) + " www.b.example", opts: []Option{WithMaxCandidate(256)}, want: []string{"www.b.example"}},
}

// TestScan runs scanTests.
func TestScan(t *testing.T) {
	for _, tt := range scanTests {
		t.Run(tt.name, func(t *testing.T) {
			ms, _, err := scanAll(t, strings.NewReader(tt.in), tt.opts...)
			if err != nil {
				t.Fatalf("Err() = %v", err)
			}
			if got := texts(ms); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("Scan(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}

// wantMatch is the detail of one match that matchTests check.
type wantMatch struct {
	Text            string
	Kind            Kind
	Line, Col       int
	Offset          int64
	Valid, Rejoined bool
	Alternates      []string
}

// matchTests check every field of the matches but Parsed, Err and Raw
// (which TestPartition and TestMatchErr check).
var matchTests = []struct {
	name string
	in   string
	opts []Option
	want []wantMatch
}{
	// appendix: Examples.
	{name: "appendix example", in: appendixText, want: []wantMatch{
		{Text: "ftp://info.cern.ch/pub/www/doc;type=d", Kind: Wrapped, Line: 1, Col: 39, Offset: 38, Valid: true, Rejoined: true},
		{Text: "ftp://ds.internic.net/rfc", Kind: Wrapped, Line: 2, Col: 57, Offset: 126, Valid: true, Rejoined: true},
		{Text: "http://ds.internic.net/instructions/overview.html#WARNING", Kind: Wrapped, Line: 3, Col: 50, Offset: 187, Valid: true, Rejoined: true},
	}},
	// appendix: "the hyphen may or may not actually be part of the URL".
	{name: "hyphen alternate", in: "see <URL:http://www.example.com/~bob/meeting-\nnotes.html>", want: []wantMatch{
		{Text: "http://www.example.com/~bob/meeting-notes.html", Kind: Wrapped, Line: 1, Col: 10, Offset: 9, Valid: true, Rejoined: true,
			Alternates: []string{"http://www.example.com/~bob/meetingnotes.html"}},
	}},
	{name: "hyphen only alternate valid", in: "<URL:http://example.com-\n/x>", want: []wantMatch{
		{Text: "http://example.com/x", Kind: Wrapped, Line: 1, Col: 6, Offset: 5, Valid: true, Rejoined: true,
			Alternates: []string{"http://example.com-/x"}},
	}},
	// A bare URL broken after a hyphen: rejoined, the hyphen kept unless
	// only the other reading is valid, as for wrappers.
	{name: "bare host broken after a hyphen", in: "x\n> see http://www.dcc-\n> servers.net/dcc/ ok", want: []wantMatch{
		{Text: "http://www.dcc-servers.net/dcc/", Kind: Bare, Line: 2, Col: 7, Offset: 8, Valid: true, Rejoined: true,
			Alternates: []string{"http://www.dccservers.net/dcc/"}},
	}},
	{name: "bare escape broken after a hyphen", in: "http://a.example/%2-\n0 b", want: []wantMatch{
		{Text: "http://a.example/%20", Kind: Bare, Line: 1, Col: 1, Offset: 0, Valid: true, Rejoined: true,
			Alternates: []string{"http://a.example/%2-0"}},
	}},
	// issue: quoted mail.
	{name: "quoted", in: "x\n> > <URL:gopher://gopher.example.edu/11/Information%20About%20Gopher\n> > /Gopher%2B>.", want: []wantMatch{
		{Text: "gopher://gopher.example.edu/11/Information%20About%20Gopher/Gopher%2B", Kind: Wrapped, Line: 2, Col: 10, Offset: 11, Valid: true, Rejoined: true},
	}},
	// An RFC's page break inside a wrapper (RFC 7322 §4.1): the footer,
	// form feed and header are left out, and the text after it is read.
	{name: "page break", in: rfcPageBreak, want: []wantMatch{
		{Text: "http://www.iana.org/assignments/media-types/", Kind: Wrapped, Line: 2, Col: 35, Offset: 90, Valid: true, Rejoined: true},
		{Text: "http://a.example/", Kind: Bare, Line: 13, Col: 37, Offset: 356, Valid: true},
	}},
	// Kinds.
	{name: "kinds", in: "<http://a.example/> www.b.example c@d.example <URL:e:f> http://g.example/",
		opts: []Option{WithEmail(true)}, want: []wantMatch{
			{Text: "http://a.example/", Kind: Angle, Line: 1, Col: 2, Offset: 1, Valid: true},
			{Text: "www.b.example", Kind: WWW, Line: 1, Col: 21, Offset: 20, Valid: true},
			{Text: "c@d.example", Kind: Email, Line: 1, Col: 35, Offset: 34, Valid: true},
			{Text: "e:f", Kind: Wrapped, Line: 1, Col: 52, Offset: 51, Valid: true},
			{Text: "http://g.example/", Kind: Bare, Line: 1, Col: 57, Offset: 56, Valid: true},
		}},
	// Pinned: Rejoined is true when the wrapper crosses a line break, even
	// when the URL itself was on one line.
	{name: "break before URL", in: "<URL:\n  http://c.example/>", want: []wantMatch{
		{Text: "http://c.example/", Kind: Wrapped, Line: 2, Col: 3, Offset: 8, Valid: true, Rejoined: true},
	}},
	{name: "one line wrapper", in: "<URL:http://c.example/>", want: []wantMatch{
		{Text: "http://c.example/", Kind: Wrapped, Line: 1, Col: 6, Offset: 5, Valid: true},
	}},
	// doc.go Positions: CRLF.
	{name: "CRLF", in: "line one\r\nsee http://a.example/x\r\n<URL:http://b.example/\r\n  y>\r\n", want: []wantMatch{
		{Text: "http://a.example/x", Kind: Bare, Line: 2, Col: 5, Offset: 14, Valid: true},
		{Text: "http://b.example/y", Kind: Wrapped, Line: 3, Col: 6, Offset: 39, Valid: true, Rejoined: true},
	}},
	{name: "start and end", in: "http://a.example/\nhttp://b.example/x", want: []wantMatch{
		{Text: "http://a.example/", Kind: Bare, Line: 1, Col: 1, Offset: 0, Valid: true},
		{Text: "http://b.example/x", Kind: Bare, Line: 2, Col: 1, Offset: 18, Valid: true},
	}},
	// Col counts bytes: "见" is three.
	{name: "Col in bytes", in: "见http://example.com/a。\n\xe9\xe9http://example.com/café", want: []wantMatch{
		{Text: "http://example.com/a", Kind: Bare, Line: 1, Col: 4, Offset: 3, Valid: true},
		{Text: "http://example.com/café", Kind: Bare, Line: 2, Col: 3, Offset: 29, Valid: true},
	}},
	{name: "NUL and Latin-1", in: "\x00\xe9\n\x00http://a.b/\xe9t\xe9\x00 http://c.d/", want: []wantMatch{
		{Text: "http://a.b/", Kind: Bare, Line: 2, Col: 2, Offset: 4, Valid: true},
		{Text: "http://c.d/", Kind: Bare, Line: 2, Col: 18, Offset: 20, Valid: true},
	}},
	// §3.3: the scheme's verdict is in Err.
	{name: "invalid", in: "http://user@host.example/", want: []wantMatch{
		{Text: "http://user@host.example/", Kind: Bare, Line: 1, Col: 1, Offset: 0},
	}},
}

// rfcPageBreak is the end of an RFC's page and the start of the next, a
// wrapper folded over them.
const rfcPageBreak = "   The registry of media types is kept by the IANA; see\n" +
	"   the list of registrations <URL:http://www.iana.org/assignments/\n" +
	"\n\n\n" +
	"Berners-Lee, Masinter & McCahill                                [Page 5]\n" +
	"\f\n" +
	"RFC 1738            Uniform Resource Locators (URL)        December 1994\n" +
	"\n\n" +
	"   media-types/> for the types themselves.\n" +
	"\n" +
	"   The examples of this page are at http://a.example/ too.\n"

// TestScanDetail runs matchTests.
func TestScanDetail(t *testing.T) {
	for _, tt := range matchTests {
		t.Run(tt.name, func(t *testing.T) {
			ms, _, err := scanAll(t, strings.NewReader(tt.in), tt.opts...)
			if err != nil {
				t.Fatalf("Err() = %v", err)
			}
			var got []wantMatch
			for _, m := range ms {
				got = append(got, wantMatch{Text: m.Text, Kind: m.Kind, Line: m.Line, Col: m.Col, Offset: m.Offset,
					Valid: m.Valid(), Rejoined: m.Rejoined, Alternates: m.Alternates})
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("Scan(%q) =\n%+v\nwant\n%+v", tt.in, got, tt.want)
			}
		})
	}
}

// TestDropped: a candidate longer than the bound is dropped and counted,
// whatever the reads, and the scan goes on (STYLE §4).
func TestDropped(t *testing.T) {
	tests := []struct {
		name        string
		in          string
		opts        []Option
		want        []string
		wantDropped int64
	}{
		{"bare", long + " http://b.example/", []Option{WithMaxCandidate(256)}, []string{"http://b.example/"}, 1},
		// At the default bound, read a byte at a time too: the scanner
		// reads on until half its free space is filled before it runs a
		// recogniser again, so this costs linear time, not L²/2 steps.
		{"bare default bound", strings.Repeat("x", 100) + " http://a.example/" + strings.Repeat("y", 70000) + " http://b.example/", nil, []string{"http://b.example/"}, 1},
		{"www", "www.example.com/" + strings.Repeat("y", 1000) + " www.b.example", []Option{WithMaxCandidate(256)}, []string{"www.b.example"}, 1},
		{"email", "a@" + strings.Repeat("b.", 150) + "example http://b.example/", []Option{WithMaxCandidate(256), WithEmail(true)}, []string{"http://b.example/"}, 1},
		// the wrapper gives up, and the bare URL in it is dropped.
		{"wrapper", "<URL:" + long + "> http://b.example/", []Option{WithMaxCandidate(256)}, []string{"http://b.example/"}, 1},
		{"within bound", "http://a.example/" + strings.Repeat("x", 239) + " http://b.example/", []Option{WithMaxCandidate(256)},
			[]string{"http://a.example/" + strings.Repeat("x", 239), "http://b.example/"}, 0},
		{"one over bound", "http://a.example/" + strings.Repeat("x", 240) + " http://b.example/", []Option{WithMaxCandidate(256)},
			[]string{"http://b.example/"}, 1},
		{"bound then period", "http://a.example/" + strings.Repeat("x", 239) + ". http://b.example/", []Option{WithMaxCandidate(256)},
			[]string{"http://a.example/" + strings.Repeat("x", 239), "http://b.example/"}, 0},
	}
	for _, tt := range tests {
		for _, rd := range readers {
			t.Run(tt.name+"/"+rd.name, func(t *testing.T) {
				res := scan(t, rd.wrap(strings.NewReader(tt.in)), tt.opts...)
				if got := texts(res.matches()); !reflect.DeepEqual(got, tt.want) {
					t.Errorf("Scan = %q, want %q", got, tt.want)
				}
				if res.dropped != tt.wantDropped {
					t.Errorf("Dropped() = %d, want %d", res.dropped, tt.wantDropped)
				}
			})
		}
	}
}

// byteAt is s[i], 0 outside s.
func byteAt(s string, i int) byte {
	if i < 0 || i >= len(s) {
		return 0
	}
	return s[i]
}

// TestFinderAt: a Finder finds, at the start of each URL the Scanner
// reports (at the '<' for wrappers), the same URL: "by exactly the rules
// of the Scanner".
func TestFinderAt(t *testing.T) {
	for _, in := range allInputs(t) {
		t.Run(in.name, func(t *testing.T) {
			f := NewFinder(in.opts...)
			ms, _, _ := scanAll(t, strings.NewReader(in.in), in.opts...)
			for _, m := range ms {
				at := int(m.Offset)
				if m.Kind == Wrapped || m.Kind == Angle {
					at = strings.LastIndexByte(in.in[:m.Offset], '<')
				}
				// The quote prefix of the line: wrappers and bare URLs
				// broken after a hyphen go on on the next line.
				ls := strings.LastIndexByte(in.in[:at], '\n') + 1
				line := []byte(in.in[ls:at])
				quote := line[:wrapper.QuotePrefix(line)]
				var prev byte
				if at > 0 {
					prev = in.in[at-1]
				}
				if strings.HasSuffix(in.in[:at], "](\n") || strings.HasSuffix(in.in[:at], "](\r\n") {
					// A link's destination on the line after its "](":
					// AtLine reads one line (documented).
					continue
				}
				got, n := f.AtLine([]byte(in.in[at:]), prev, line)
				if m.Kind == Wrapped || m.Kind == Angle || !m.Rejoined && linkOpens(prev, byteAt(in.in, at-2)) == 0 {
					// At, with no more than the quote prefix, gives the same
					// (but for a Markdown link's destination and an
					// attribute's value, which it cannot tell from a URL in
					// brackets or quotes).
					if got2, n2 := f.At([]byte(in.in[at:]), prev, quote); !reflect.DeepEqual(got2, got) || n2 != n {
						t.Errorf("At(%q, %q) = %s, %d; AtLine gives %s, %d", trunc(in.in[at:]), prev, describe([]*Match{got2}), n2, describe([]*Match{got}), n)
					}
				}
				if got == nil {
					t.Errorf("At(%q, %q) = nil, want %q", trunc(in.in[at:]), prev, m.Text)
					continue
				}
				if got.Text != m.Text || got.Kind != m.Kind || got.Raw != m.Raw || got.URL != m.URL ||
					int64(at)+got.Offset != m.Offset || int64(at)+got.End != m.End ||
					!reflect.DeepEqual(got.Alternates, m.Alternates) || got.Rejoined != m.Rejoined {
					t.Errorf("At(%q, %q) = %s, want %s", trunc(in.in[at:]), prev, describe([]*Match{got}), describe([]*Match{m}))
				}
				if got.Line != 0 || got.Col != 0 {
					t.Errorf("At(%q): Line, Col = %d, %d, want 0, 0", trunc(in.in[at:]), got.Line, got.Col)
				}
				if want := m.End - int64(at); m.Kind != Wrapped && m.Kind != Angle && int64(n) != want {
					t.Errorf("At(%q): n = %d, want %d", trunc(in.in[at:]), n, want)
				}
			}
		})
	}
}

func trunc(s string) string {
	if len(s) > 60 {
		return s[:60] + "…"
	}
	return s
}

// TestReset checks that a Scanner reset to a new input gives what a new
// Scanner gives, whatever state the old input left it in.
func TestReset(t *testing.T) {
	inputs := []string{
		"first <URL:ftp://a.example/x\n  y> and http://b.example/ " + strings.Repeat("z", 5000),
		"> quoted <URL:gopher://c.example/1\n> /sel> end",
		"",
		"http://d.example/(1994)/x.html.",
	}
	s := NewScanner(strings.NewReader("unfinished <URL:http://e.example/"), WithReadSize(512))
	s.Scan() // leave it mid-input
	for _, in := range inputs {
		s.Reset(strings.NewReader(in))
		var got []Match
		for s.Scan() {
			if m := s.Match(); m != nil {
				got = append(got, *m)
			}
		}
		fresh := scan(t, strings.NewReader(in), WithReadSize(512))
		want := fresh.matches()
		if len(got) != len(want) {
			t.Fatalf("Reset then Scan(%q) found %d URLs, a new Scanner %d", in, len(got), len(want))
		}
		for i := range got {
			if got[i].Text != want[i].Text || got[i].Offset != want[i].Offset || got[i].Line != want[i].Line || got[i].Col != want[i].Col {
				t.Errorf("Reset then Scan(%q)[%d] = %+v, want %+v", in, i, got[i], want[i])
			}
		}
	}
}

// TestHostSymbolsAnyReads checks that a host followed by a run of symbols
// (emoji, or bytes that are no UTF-8, which decode to the symbol U+FFFD)
// and then a letter is decided the same whatever the reads bring: the
// run's length decides ("http://x🍄.ga/" is no URL; past maxHostSymbols
// bytes the run is no host's and the URL ends before it), not where a read
// happened to end. Read a byte at a time, 418 bytes of 0x9b after
// "tp://b" gave a URL that one read did not (FuzzScanner).
func TestHostSymbolsAnyReads(t *testing.T) {
	small := []Option{WithMaxCandidate(256), WithReadSize(512)}
	for _, sym := range []string{"\x9b", "🍄"} {
		for _, n := range []int{1, 7, 8, 9, 31, 32, 33, 100, 418, 2000} {
			in := "tp://b" + strings.Repeat(sym, n) + "m.example/"
			for _, opts := range [][]Option{nil, small} {
				want := scan(t, strings.NewReader(in), opts...)
				for name, r := range map[string]io.Reader{
					"one byte": iotest.OneByteReader(strings.NewReader(in)),
					"half":     iotest.HalfReader(strings.NewReader(in)),
				} {
					got := scan(t, r, opts...)
					if !reflect.DeepEqual(got.matches(), want.matches()) {
						t.Errorf("%q × %d, %s reads: %s, one read: %s", sym, n, name, describe(got.matches()), describe(want.matches()))
					}
				}
				// Up to maxHostSymbols bytes of symbols the host goes on
				// (no URL); past them the URL ends before the run.
				found := len(want.matches()) == 1 && want.matches()[0].Text == "tp://b"
				if wantFound := n*len(sym) >= maxHostSymbols; found != wantFound {
					t.Errorf("%q × %d: found %s, want tp://b found %v", sym, n, describe(want.matches()), wantFound)
				}
			}
		}
	}
}

// TestAtLineContext: AtLine reads the two bytes before a URL as the
// Scanner does (linkOpens, wordByte, localGoesOn), where At, which sees
// only the byte before, cannot.
func TestAtLineContext(t *testing.T) {
	f := NewFinder(WithEmail(true))
	for _, tt := range []struct {
		line string // the line, up to and with the URL
		at   int    // where the URL starts
		want string // what AtLine finds, "" for nothing
	}{
		{"see [t](http://a.example/x*) ok", 8, "http://a.example/x*"},
		{"see (http://a.example/x*) ok", 5, "http://a.example/x"},
		{"curl my_service:8080/health", 8, ""},
		{"curl _http://b.example/_ ok", 6, "http://b.example/"},
		{"foo_www.c.example and", 4, ""},
		{"<Dörte@Sörensen.example.com>", 4, ""},
		{"请联系joe@example.com", 9, "joe@example.com"},
	} {
		line := []byte(tt.line)
		m, _ := f.AtLine(line[tt.at:], line[tt.at-1], line[:tt.at])
		got := ""
		if m != nil {
			got = m.Text
		}
		if got != tt.want {
			t.Errorf("AtLine(%q at %d) = %q, want %q", tt.line, tt.at, got, tt.want)
		}
	}
}

// TestPlainRun: plainRun's eight-byte steps stop where a byte at a time
// stops, from every start and bound, on random texts of plain URL bytes
// with the bytes that end a run among them.
func TestPlainRun(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 8))
	const alphabet = "abz09/.-_~%?=&#(){}[]'\\\" <>\x00\x7f\x80\xff"
	for range 2000 {
		data := make([]byte, rng.IntN(40))
		for i := range data {
			if rng.IntN(6) == 0 {
				data[i] = alphabet[rng.IntN(len(alphabet))]
			} else {
				data[i] = "abcxyz0123/.-_~"[rng.IntN(15)]
			}
		}
		for end := 0; end <= len(data); end++ {
			for i := 0; i <= end; i++ {
				want := i
				for want < end && plainURLByte[data[want]] {
					want++
				}
				if got := plainRun(data, i, end); got != want {
					t.Fatalf("plainRun(%q, %d, %d) = %d, want %d", data, i, end, got, want)
				}
			}
		}
	}
}
