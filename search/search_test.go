package search

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"runtime/metrics"
	"slices"
	"strings"
	"testing"
	"time"
	"unsafe"

	"github.com/urlgrep/urlgrep/extract"
	"github.com/urlgrep/urlgrep/internal/mailgen"
	"github.com/urlgrep/urlgrep/mailbox"
)

// render writes what a search reports, every field that can differ, one
// event a line.
func render(t *testing.T, name string, data []byte, o Options) string {
	t.Helper()
	return renderIn(t, Input{Name: name, R: bytes.NewReader(data)}, o)
}

// renderAt is render of data as a regular file (memFile), which the
// pipeline's workers read themselves (runAt) whatever its size; it reports
// whether they did, and checks that the file is left where a search
// reading it through would leave it.
func renderAt(t *testing.T, name string, data []byte, o Options) (string, bool) {
	t.Helper()
	defer func(m int64) { preadMin = m }(preadMin)
	preadMin = 0
	f := &memFile{Reader: bytes.NewReader(data)}
	before := preadSearches.Load()
	out := renderIn(t, Input{Name: name, R: f}, o)
	if pos, _ := f.Seek(0, io.SeekCurrent); strings.Contains(out, "err=<nil>") && pos != int64(len(data)) {
		t.Errorf("%s %+v: the file is left at %d of %d", name, o, pos, len(data))
	}
	return out, preadSearches.Load() > before
}

// renderWatched is render of data for the pipeline's watches' tests
// (TestJobsGainStretches, TestJobsStepDown): as a regular file, whose
// batches the workers read themselves (runAt), when o asks no line
// numbers. key names the run in their tallies of which inputs stepped
// down: the input, whether raw, and whether read as a file.
func renderWatched(t *testing.T, name string, data []byte, o Options) (got, key string) {
	t.Helper()
	key = fmt.Sprintf("%s raw=%v", name, o.Raw)
	if o.NoLineNumbers {
		got, _ = renderAt(t, name, data, o)
		return got, key + " file"
	}
	return render(t, name, data, o), key
}

// memFile is a regular file in memory: an io.ReaderAt and io.Seeker with
// a Stat method, as an *os.File is.
type memFile struct {
	*bytes.Reader
}

func (f *memFile) Stat() (fs.FileInfo, error) { return memInfo(f.Size()), nil }

// memInfo is the fs.FileInfo of a regular file of its size.
type memInfo int64

func (i memInfo) Name() string       { return "mem" }
func (i memInfo) Size() int64        { return int64(i) }
func (i memInfo) Mode() fs.FileMode  { return 0o644 }
func (i memInfo) ModTime() time.Time { return time.Time{} }
func (i memInfo) IsDir() bool        { return false }
func (i memInfo) Sys() any           { return nil }

// renderIn is render of in.
func renderIn(t *testing.T, in Input, o Options) string {
	t.Helper()
	var b strings.Builder
	st, err := Search(in, o, func(ev *Event) bool {
		switch ev.Kind {
		case URL:
			m := ev.Match
			if m == nil { // CountOnly
				b.WriteString("url\n")
				return true
			}
			fmt.Fprintf(&b, "url %d:%d:%d-%d exact=%v %s %q", ev.Pos.Line, ev.Pos.Col, ev.Pos.Offset, ev.End, ev.Pos.Exact, m.Kind, m.Text)
			fmt.Fprintf(&b, " part=%d:%d:%d", m.Line, m.Col, m.Offset)
			if ev.Part != nil {
				fmt.Fprintf(&b, " msg=%d %s", ev.Part.Message, ev.Part.Path)
			}
			if ev.Wrapped != nil {
				fmt.Fprintf(&b, " wrapped=%q", ev.Wrapped.Match.Text)
			}
			if c := ev.Context; c != nil {
				fmt.Fprintf(&b, " ctx=%q[%d:%d]%v", c.Text, c.Start, c.End, c.Cut)
			}
		case Note:
			fmt.Fprintf(&b, "note %s", ev.Note)
		case PartBegin:
			if ev.Part != nil {
				fmt.Fprintf(&b, "part msg=%d %s %s", ev.Part.Message, ev.Part.Path, ev.Part.Type)
			} else {
				b.WriteString("text")
			}
		default:
			return true // Stall depends on timing, not on the input
		}
		b.WriteByte('\n')
		return true
	})
	fmt.Fprintf(&b, "stats %+v err=%v\n", st, err)
	return b.String()
}

// inputs are the samples, the scanner's golden inputs and a generated
// mailbox.
func inputs(t *testing.T) map[string][]byte {
	t.Helper()
	files, _ := filepath.Glob("../testdata/sample/*[tx]")
	more, _ := filepath.Glob("../testdata/input/extract/*.txt")
	files = append(files, more...)
	in := map[string][]byte{}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		in[filepath.Base(f)] = b
	}
	var mbox bytes.Buffer
	if _, err := mailgen.Generate(&mbox, 300, 7); err != nil {
		t.Fatal(err)
	}
	in["gen.mbox"] = mbox.Bytes()
	if len(in) < 12 {
		t.Fatalf("only %d inputs", len(in))
	}
	return in
}

// TestJobsSameAsSerial checks that Jobs N (an input scanned in pieces on N
// goroutines) reports exactly what Jobs 1 reports, event for event, with
// every option, on the samples, the scanner's golden inputs and a
// generated mailbox, with the pipeline's default batch sizes and with tiny
// ones that cut at every cut point and fall back to a serial scan on any
// long paragraph or message (256-byte batches of at most 4 KiB lost mail
// text there in about half the runs before serialTo kept a batch's
// rest: TestSerialToKeepsRest).
func TestJobsSameAsSerial(t *testing.T) {
	optSets := []Options{
		{},
		{Raw: true},
		{Context: true, Email: true},
		{Unwrap: true, NoWWW: true},
		{Raw: true, Schemes: []string{"http", " https"}, Strict: true},
		{MaxLength: 300},
		{TextOnly: true},
		{TextOnly: true, Email: true, NoWWW: true},
		{TextOnly: true, NoPartBegin: true},
		{NoPartBegin: true, Email: true},
		{TextOnly: true, NoLineNumbers: true},
		{Raw: true, NoLineNumbers: true, MaxLength: 300},
		{Raw: true, NoLineNumbers: true, TextOnly: true},
		{Raw: true, CountOnly: true},
	}
	sizes := []struct{ target, max int }{{batchTarget, batchMax}, {64, 256}, {1, 1 << 10}, {256, 4 << 10}}
	defer func(t, m int) { batchTarget, batchMax = t, m }(batchTarget, batchMax)
	for _, sz := range sizes {
		batchTarget, batchMax = sz.target, sz.max
		for name, data := range inputs(t) {
			for _, o := range optSets {
				o.Jobs = 1
				want := render(t, name, data, o)
				o.Jobs = 3
				got := render(t, name, data, o)
				if !strings.Contains(want, "url") && len(o.Schemes) == 0 {
					t.Errorf("%s %+v: nothing found: the input does not test much", name, o)
				}
				if got != want {
					t.Fatalf("%s %+v (batches %d/%d): Jobs 3 differs from Jobs 1:\n%s", name, o, sz.target, sz.max, firstDiff(got, want))
				}
				// The same input as a regular file, whose batches the
				// workers read themselves where its lines are not counted
				// and it is read as text (runAt); with the default sizes
				// only, where they do not.
				text := o.Raw || strings.HasPrefix(want, "text\n")
				wantPread := text && (o.NoLineNumbers || o.CountOnly)
				if !wantPread && sz.target != sizes[0].target {
					continue
				}
				got, pread := renderAt(t, name, data, o)
				if got != want {
					t.Fatalf("%s %+v (batches %d/%d): Jobs 3 reading a file differs from Jobs 1:\n%s", name, o, sz.target, sz.max, firstDiff(got, want))
				}
				if pread != wantPread {
					t.Errorf("%s %+v: the workers read the file themselves: %v, want %v", name, o, pread, wantPread)
				}
			}
		}
	}
}

// firstDiff shows where two outputs part.
func firstDiff(got, want string) string {
	i := 0
	for i < len(got) && i < len(want) && got[i] == want[i] {
		i++
	}
	lo := max(0, i-300)
	return "got:  ..." + got[lo:min(len(got), i+300)] + "\nwant: ..." + want[lo:min(len(want), i+300)]
}

// TestPositionsRaw checks, for every URL of every input read as text,
// that the input's bytes at the reported offset are the URL's text as it
// appeared (Match.Raw), and that line and column agree with the offset.
func TestPositionsRaw(t *testing.T) {
	for name, data := range inputs(t) {
		n := 0
		Search(Input{Name: name, R: bytes.NewReader(data)}, Options{Raw: true, Email: true, Jobs: 2}, func(ev *Event) bool {
			if ev.Kind != URL {
				return true
			}
			n++
			m, p := ev.Match, ev.Pos
			if !p.Exact || p.Offset < 0 || ev.End > int64(len(data)) || string(data[p.Offset:ev.End]) != m.Raw {
				t.Errorf("%s: URL %q at %d-%d (exact %v): input has %q", name, m.Raw, p.Offset, ev.End, p.Exact, data[max(0, p.Offset):min(int64(len(data)), ev.End)])
				return true
			}
			line := 1 + bytes.Count(data[:p.Offset], []byte{'\n'})
			col := int(p.Offset) - (bytes.LastIndexByte(data[:p.Offset], '\n') + 1) + 1
			if p.Line != line || p.Col != col {
				t.Errorf("%s: URL %q at offset %d: line:col %d:%d, want %d:%d", name, m.Raw, p.Offset, p.Line, p.Col, line, col)
			}
			return true
		})
		if n == 0 && name != "noturls.txt" {
			t.Errorf("%s: no URL found", name)
		}
	}
}

// urls returns the texts of the URLs a search of data reports, and its
// notes.
func urls(t *testing.T, data string, o Options) (found, notes []string, st Stats) {
	t.Helper()
	st, err := Search(Input{Name: "in", R: strings.NewReader(data)}, o, func(ev *Event) bool {
		switch ev.Kind {
		case URL:
			found = append(found, ev.Match.Text)
		case Note:
			notes = append(notes, ev.Note)
		}
		return true
	})
	if err != nil {
		t.Fatalf("Search: %v", err)
	}
	return found, notes, st
}

// TestTooLong checks that a candidate over MaxLength is reported, with
// its line, and counted, and that the scan goes on after it.
func TestTooLong(t *testing.T) {
	for _, jobs := range []int{1, 2} {
		in := "first http://a.example/\n\nsee http://long.example/" + strings.Repeat("x", 70000) + " and\nhttp://b.example/\n"
		found, notes, st := urls(t, in, Options{Jobs: jobs})
		if want := []string{"http://a.example/", "http://b.example/"}; fmt.Sprint(found) != fmt.Sprint(want) {
			t.Errorf("jobs %d: found %q, want %q", jobs, found, want)
		}
		if want := []string{"in:3: URL longer than 65536 bytes skipped"}; fmt.Sprint(notes) != fmt.Sprint(want) {
			t.Errorf("jobs %d: notes %q, want %q", jobs, notes, want)
		}
		if st.Dropped != 1 {
			t.Errorf("jobs %d: Dropped = %d, want 1", jobs, st.Dropped)
		}
	}
}

// TestByteOrderMark checks that a byte order mark decides UTF-16 only
// when the bytes after it are UTF-16.
func TestByteOrderMark(t *testing.T) {
	utf16le := func(s string) string {
		var b []byte
		for _, r := range s {
			b = append(b, byte(r), byte(r>>8))
		}
		return string(b)
	}
	utf16be := func(s string) string {
		var b []byte
		for _, r := range s {
			b = append(b, byte(r>>8), byte(r))
		}
		return string(b)
	}
	text := "Read http://a.example/x and\nftp://b.example/y.\n"
	want := "[http://a.example/x ftp://b.example/y]"
	tests := []struct{ name, in string }{
		{"FF FE then ASCII", "\xff\xfe" + text},
		{"FE FF then ASCII", "\xfe\xff" + text},
		{"UTF-16LE", "\xff\xfe" + utf16le(text)},
		{"UTF-16BE", "\xfe\xff" + utf16be(text)},
		{"UTF-16LE, CJK around", "\xff\xfe" + utf16le("東京の記事 "+text+" 終わり")},
	}
	for _, tt := range tests {
		found, notes, _ := urls(t, tt.in, Options{})
		if fmt.Sprint(found) != want || len(notes) > 0 {
			t.Errorf("%s: found %q, notes %q; want %s", tt.name, found, notes, want)
		}
	}
}

// TestRoff checks that a manual page's source is read with its escapes
// resolved, on each line of the source, with one job or two and gzipped;
// Raw reads it as written; and Sniff says Roff.
func TestRoff(t *testing.T) {
	page := ".\\\" generated\n.TH X 1\n.  so www.example.org/man7/groff.7\n.SH SEE\n.URL \"https://github.com/util\\-linux/util\\-linux/\" \"\" \".\"\n" +
		"\\fIftp://ftp.gnu.org/pub/gnu/bash/\\fP and \\*(Aqhttp://a.example/\\:x/\\:y\\*(Aq\n"
	want := "[https://github.com/util-linux/util-linux/:5 ftp://ftp.gnu.org/pub/gnu/bash/:6 http://a.example/x/y:6]"
	for _, tc := range []struct {
		name, in string
		o        Options
	}{
		{"one job", page, Options{}},
		{"two jobs", page, Options{Jobs: 2}},
		{"gzipped", gzipString(page), Options{Decompress: true}},
	} {
		var got []string
		_, err := Search(Input{Name: "in", R: strings.NewReader(tc.in)}, tc.o, func(ev *Event) bool {
			if ev.Kind == URL {
				got = append(got, fmt.Sprintf("%s:%d", ev.Match.Text, ev.Match.Line))
			}
			return true
		})
		if err != nil || fmt.Sprint(got) != want {
			t.Errorf("%s: found %q, %v; want %s", tc.name, got, err, want)
		}
	}
	found, _, _ := urls(t, page, Options{Raw: true})
	// As written: "\\-" escapes "-" as a backslash before a character a
	// URL holds does in any text (extract's escapable); roff's other
	// escapes cut the URLs or join what is no URL's.
	if want := "[www.example.org/man7/groff.7 https://github.com/util-linux/util-linux/ fIftp://ftp.gnu.org/pub/gnu/bash/ http://a.example/]"; fmt.Sprint(found) != want {
		t.Errorf("Raw: found %q, want %s", found, want)
	}
	if k := Sniff([]byte(page), Options{}); k != Roff {
		t.Errorf("Sniff = %v, want Roff", k)
	}
	if k := Sniff([]byte(page), Options{Raw: true}); k != Text {
		t.Errorf("Sniff with Raw = %v, want Text", k)
	}
}

// TestBinary checks that binary input is skipped with a note, and
// scanned with Binary.
func TestBinary(t *testing.T) {
	in := "\x00\x01ELF http://a.example/ \x00"
	found, notes, _ := urls(t, in, Options{})
	if len(found) != 0 || fmt.Sprint(notes) != "[in: binary file skipped (use -a to scan it)]" {
		t.Errorf("found %q, notes %q", found, notes)
	}
	found, _, _ = urls(t, in, Options{Binary: true})
	if fmt.Sprint(found) != "[http://a.example/]" {
		t.Errorf("with Binary: found %q", found)
	}
}

// gzipString returns s as a gzip member.
func gzipString(s string) string {
	var b bytes.Buffer
	w := gzip.NewWriter(&b)
	io.WriteString(w, s)
	w.Close()
	return b.String()
}

// TestDecompress checks gzip input: binary (skipped) without Decompress;
// with it, read as what it holds, mail decoded, members one after another
// read as one stream, positions in the decompressed text, and a cut
// stream an error after what came before it.
func TestDecompress(t *testing.T) {
	gz := gzipString
	mail := "From a@example.org Mon Nov  2 09:14:03 1994\nFrom: a@example.org\nSubject: x\nContent-Transfer-Encoding: quoted-printable\n\nsee http://a.example/lo=\nng\n"
	in := gz(mail) + gz("and http://b.example/ in a second member\n")
	found, notes, _ := urls(t, in, Options{})
	if len(found) != 0 || fmt.Sprint(notes) != "[in: compressed file skipped (use --search-zip to read it)]" {
		t.Errorf("without Decompress: found %q, notes %q", found, notes)
	}
	// The note is marked as a binary input's and a compressed one's
	// (Event.Binary, Event.Compressed), a plain binary input's as the
	// first only: the command counts them apart with -r.
	for _, tt := range []struct {
		in                 string
		binary, compressed bool
	}{{in, true, true}, {"\x00\x01ELF http://a.example/", true, false}} {
		var got []Event
		if _, err := Search(Input{Name: "in", R: strings.NewReader(tt.in)}, Options{}, func(ev *Event) bool {
			if ev.Kind == Note {
				got = append(got, *ev)
			}
			return true
		}); err != nil {
			t.Fatal(err)
		}
		if len(got) != 1 || got[0].Binary != tt.binary || got[0].Compressed != tt.compressed {
			t.Errorf("%q: notes %+v, want one with Binary %v, Compressed %v", tt.in[:4], got, tt.binary, tt.compressed)
		}
	}
	for _, jobs := range []int{1, 2} {
		var lines []int
		_, err := Search(Input{Name: "in", R: strings.NewReader(in)}, Options{Decompress: true, Jobs: jobs}, func(ev *Event) bool {
			if ev.Kind == URL {
				found = append(found, ev.Match.Text)
				lines = append(lines, ev.Pos.Line)
			}
			return true
		})
		if err != nil || fmt.Sprint(found) != "[http://a.example/long http://b.example/]" || fmt.Sprint(lines) != "[6 8]" {
			t.Errorf("jobs %d: found %q at lines %v, err %v", jobs, found, lines, err)
		}
		found = nil
	}
	cut := gz(strings.Repeat("http://c.example/\n", 10000))
	n := 0
	_, err := Search(Input{Name: "in", R: strings.NewReader(cut[:len(cut)/2])}, Options{Decompress: true}, func(ev *Event) bool {
		n += b2i(ev.Kind == URL)
		return true
	})
	if err == nil || n == 0 {
		t.Errorf("a cut stream: %d URLs, err %v; want some, and an error", n, err)
	}
}

// b2i is 1 for true.
func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// TestAlternativeRepeats checks that in a multipart/alternative message,
// a URL repeated in the text part is reported each time, and the HTML
// part's copies of the text part's URLs are not.
func TestAlternativeRepeats(t *testing.T) {
	in := "From: a@example.org\nSubject: hi\nMIME-Version: 1.0\nContent-Type: multipart/alternative; boundary=b\n\n" +
		"--b\nContent-Type: text/plain\n\nhttp://a.example/ and http://a.example/\nagain http://a.example/\n" +
		"--b\nContent-Type: text/html\n\n<a href=\"http://a.example/\">http://a.example/</a> <a href=\"http://html.example/\">x</a>\n--b--\n"
	found, _, _ := urls(t, in, Options{})
	want := "[http://a.example/ http://a.example/ http://a.example/ http://html.example/]"
	if fmt.Sprint(found) != want {
		t.Errorf("found %q, want %s", found, want)
	}
}

// TestStreaming checks that a URL is reported while the input is still
// open: the writer sends a URL and a blank line, or a URL that ends the
// input's (or the mail body's) first line, waits until the search reports
// it, and only then sends the rest. A search that held its events until
// the end of input (or a URL until the next line came, where no next line
// could make it longer: a short line, cut in a word) would never report
// it, and the test would fail at its deadline instead of hanging.
func TestStreaming(t *testing.T) {
	mail := "From a@x Mon Nov  2 09:14:03 1994\nFrom: a@example.org\nSubject: hi\n\n"
	type streamCase struct {
		o           Options
		head, first string
		want        string
	}
	var cases []streamCase
	for _, tt := range []struct {
		o    Options
		head string
	}{{Options{}, ""}, {Options{Jobs: 4}, ""}, {Options{Context: true}, ""}, {Options{Raw: true}, ""},
		{Options{}, mail}, {Options{Jobs: 4}, mail}} {
		cases = append(cases, streamCase{tt.o, tt.head, "see http://a.example/ here\n\n", "http://a.example/"},
			streamCase{tt.o, tt.head, "see http://a.example/x\n", "http://a.example/x"})
	}
	for _, tt := range cases {
		o := tt.o
		pr, pw, err := os.Pipe()
		if err != nil {
			t.Fatal(err)
		}
		got := make(chan string, 10)
		done := make(chan error, 1)
		go func() {
			_, err := Search(Input{Name: "pipe", R: pr}, o, func(ev *Event) bool {
				if ev.Kind == URL {
					got <- ev.Match.Text
				}
				return true
			})
			pr.Close()
			done <- err
		}()
		io.WriteString(pw, tt.head+tt.first)
		select {
		case u := <-got:
			if u != tt.want {
				t.Errorf("%+v: first URL %q, want %q", o, u, tt.want)
			}
		case <-time.After(20 * time.Second):
			t.Fatalf("%+v, %q: the first URL was not reported while the input was open", o, tt.first)
		}
		io.WriteString(pw, "then http://b.example/\n")
		pw.Close()
		if err := <-done; err != nil {
			t.Errorf("%+v: %v", o, err)
		}
		if u := <-got; u != "http://b.example/" {
			t.Errorf("%+v: second URL %q", o, u)
		}
	}
}

// urlLines renders the URL and note events of a search of r, as render
// does, without the stats and text boundaries.
func urlLines(t *testing.T, in Input, o Options) []string {
	t.Helper()
	var out []string
	_, err := Search(in, o, func(ev *Event) bool {
		switch ev.Kind {
		case URL:
			m := ev.Match
			s := fmt.Sprintf("url %d:%d:%d-%d %s %q", ev.Pos.Line, ev.Pos.Col, ev.Pos.Offset, ev.End, m.Kind, m.Text)
			if ev.Part != nil {
				s += fmt.Sprintf(" msg=%d %s", ev.Part.Message, ev.Part.Path)
			}
			out = append(out, s)
		case Note:
			out = append(out, "note "+ev.Note)
		}
		return true
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestRanges checks that an input searched in ranges, each cut where
// extract.Cut (text) or mailbox.Cut (mail) allows and searched with its
// Start, reports what one search of the whole reports.
func TestRanges(t *testing.T) {
	for name, data := range inputs(t) {
		kind := Sniff(data[:min(len(data), sniffSize)], Options{})
		if kind != Text && kind != Mail {
			continue
		}
		cut := extract.Cut
		if kind == Mail {
			cut = mailbox.Cut
		}
		want := urlLines(t, Input{Name: name, R: bytes.NewReader(data)}, Options{})
		// Cut about every 2 KiB, at the last cut point before.
		var got []string
		var at Start
		at.Line, at.Mail = 1, kind == Mail
		for from := 0; from < len(data); {
			to := len(data)
			if from+2048 < len(data) {
				if c := cut(data[from : from+2048]); c > 0 {
					to = from + c
				}
			}
			piece := data[from:to]
			n := 0
			got = append(got, urlLines(t, Input{Name: name, R: bytes.NewReader(piece), Start: at}, Options{})...)
			st, _ := Search(Input{Name: name, R: bytes.NewReader(piece), Start: at}, Options{}, func(*Event) bool { return true })
			n = st.Messages
			at.Offset += int64(len(piece))
			at.Line += bytes.Count(piece, []byte{'\n'})
			at.Messages += n
			from = to
		}
		if strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Errorf("%s: in ranges:\n%s", name, firstDiff(strings.Join(got, "\n"), strings.Join(want, "\n")))
		}
	}
}

// TestPositionsMail checks, for every URL found in mail, that its
// position is consistent (line and column agree with the offset), and
// for an exact one (plain and quoted-printable parts, header values)
// that the input's byte there is the URL's first, as written or as the
// quoted-printable escape of it. It also checks that most positions are
// exact: a reader that gave up would pass the rest.
func TestPositionsMail(t *testing.T) {
	var gen bytes.Buffer
	if _, err := mailgen.Generate(&gen, 400, 3); err != nil {
		t.Fatal(err)
	}
	ins := map[string][]byte{"gen.mbox": gen.Bytes()}
	for _, f := range []string{"../testdata/sample/mailbox.mbox", "../testdata/sample/charsets.mbox", "../testdata/sample/news.txt"} {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		ins[filepath.Base(f)] = b
	}
	for name, data := range ins {
		n, exact := 0, 0
		for _, jobs := range []int{1, 3} {
			Search(Input{Name: name, R: bytes.NewReader(data)}, Options{Jobs: jobs}, func(ev *Event) bool {
				if ev.Kind != URL || ev.Part == nil {
					return true
				}
				n++
				p, m := ev.Pos, ev.Match
				if p.Offset < 0 || p.Offset >= int64(len(data)) {
					t.Fatalf("%s: %q at offset %d, outside the input", name, m.Text, p.Offset)
				}
				line := 1 + bytes.Count(data[:p.Offset], []byte{'\n'})
				col := int(p.Offset) - (bytes.LastIndexByte(data[:p.Offset], '\n') + 1) + 1
				if p.Line != line || p.Col != col {
					t.Errorf("%s: %q at offset %d: line:col %d:%d, the offset's is %d:%d", name, m.Text, p.Offset, p.Line, p.Col, line, col)
				}
				if !p.Exact {
					return true
				}
				exact++
				c := data[p.Offset]
				if c != m.Raw[0] && !(c == '=' && int(p.Offset)+2 < len(data) && unhex2(data[p.Offset+1:p.Offset+3]) == int(m.Raw[0])) {
					t.Errorf("%s: %q (message %d part %s) at %d:%d: the input has %q there", name, m.Raw, ev.Part.Message, ev.Part.Path, p.Line, p.Col, data[p.Offset:min(len(data), int(p.Offset)+20)])
				}
				return true
			})
		}
		// mailbox.mbox and news.txt are plain and quoted-printable; the
		// generated mailbox uses every charset, base64 and flowed text,
		// whose positions are the encoded line's.
		if n == 0 || (name == "mailbox.mbox" || name == "news.txt") && exact*3 < n*2 || exact == 0 {
			t.Errorf("%s: %d URLs, %d exact", name, n, exact)
		}
	}
}

func unhex2(b []byte) int {
	v := 0
	for _, c := range b {
		switch {
		case '0' <= c && c <= '9':
			v = v*16 + int(c-'0')
		case 'a' <= c && c <= 'f':
			v = v*16 + int(c-'a'+10)
		case 'A' <= c && c <= 'F':
			v = v*16 + int(c-'A'+10)
		default:
			return -1
		}
	}
	return v
}

// TestJobsMailNotes checks that the notes of mail problems name the
// message they are in when the mailbox is read in pieces (TextOnly and
// CountOnly, Jobs 3, batches of every size, a serial stretch included):
// the workers count messages from their piece's start, and the notes,
// like the parts, are renumbered.
func TestJobsMailNotes(t *testing.T) {
	var b strings.Builder
	for i := range 60 {
		fmt.Fprintf(&b, "From a@b.example Mon Nov  2 09:14:03 1994\n")
		switch i % 4 {
		case 1:
			b.WriteString("not a header at all\nhttp://a.example/\n\n") // no header block
		case 2:
			b.WriteString("Content-Type: text/plain; charset=\"x\n\nhttp://b.example/\n\n") // bad parameter
		case 3:
			fmt.Fprintf(&b, "Subject: %d\n\n%s\n\n", i, strings.Repeat("long body line\n", 30*i))
		default:
			fmt.Fprintf(&b, "Subject: %d\nContent-Type: text/plain; charset=no-such\n\nhttp://c.example/%d\n\n", i, i)
		}
	}
	data := []byte(b.String())
	defer func(t, m int) { batchTarget, batchMax = t, m }(batchTarget, batchMax)
	for _, sz := range []struct{ target, max int }{{64 << 10, 256 << 10}, {64, 256}, {200, 1 << 10}} {
		batchTarget, batchMax = sz.target, sz.max
		for _, o := range []Options{{TextOnly: true}, {CountOnly: true}} {
			want := notes(t, data, Options{Jobs: 1})
			if !strings.Contains(want, "f: message 58") {
				t.Fatalf("no note for message 58 in:\n%s", want)
			}
			o.Jobs = 3
			if got := notes(t, data, o); got != want {
				t.Errorf("%+v, batches %d/%d: notes differ from Jobs 1:\n%s", o, sz.target, sz.max, firstDiff(got, want))
			}
		}
	}
}

// notes returns the notes a search of data reports, a line each.
func notes(t *testing.T, data []byte, o Options) string {
	t.Helper()
	var b strings.Builder
	if _, err := Search(Input{Name: "f", R: bytes.NewReader(data)}, o, func(ev *Event) bool {
		if ev.Kind == Note {
			b.WriteString(ev.Note + "\n")
		}
		return true
	}); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// TestJobsAlternativeGroups: each message is a multipart/alternative group
// whose two forms have the same links, among them a mailing list's footer
// that every message repeats. A worker reads batch after batch, each
// numbering its messages from 1: a group must not be told by its number
// and path alone, or a batch's group looks like the one the worker read
// last and its URLs are taken for repeats (found on notmuch's corpus:
// -j 2 lost URLs, a different number each run).
func TestJobsAlternativeGroups(t *testing.T) {
	var in strings.Builder
	const messages = 40
	filler := strings.Repeat("A line of text with no address in it, to make the message long.\n", 80)
	for i := range messages {
		fmt.Fprintf(&in, "From a@example.org Mon Jan  1 00:00:00 2001\n"+
			"Subject: %d\nContent-Type: multipart/alternative; boundary=b\n\n"+
			"--b\nContent-Type: text/plain\n\n%ssee http://example.org/%d and http://list.example.org/footer\n"+
			"--b\nContent-Type: text/html\n\n<a href=\"http://example.org/%d\">x</a> <a href=\"http://list.example.org/footer\">list</a>\n"+
			"--b--\n\n", i, filler, i, i)
	}
	data := []byte(in.String())
	defer func(t, m int) { batchTarget, batchMax = t, m }(batchTarget, batchMax)
	// Messages of 5 KiB read 4 KiB at a time: a batch a message, each
	// the worker's message 1, in group "0".
	batchTarget, batchMax = 1, 64<<10
	for _, o := range []Options{{TextOnly: true}, {CountOnly: true}} {
		o.Jobs = 1
		want := render(t, "alt", data, o)
		if n := strings.Count(want, "url "); n != 2*messages {
			t.Fatalf("%+v: Jobs 1 found %d URLs, want %d", o, n, 2*messages)
		}
		o.Jobs = 2
		if got := render(t, "alt", data, o); got != want {
			t.Fatalf("%+v: Jobs 2 differs from Jobs 1:\n%s", o, firstDiff(got, want))
		}
	}
}

// TestJobsHeldMatches: a URL a worker holds in its batch (TextOnly,
// CountOnly) comes to the callback with the Match fields a search with
// one job gives it (all but Raw, which a held copy does not keep, and
// Parsed, URL and Alternates, which a borrowed Match lacks), in mail and
// in text, with batches of every size.
func TestJobsHeldMatches(t *testing.T) {
	fields := func(name string, data []byte, o Options) string {
		var b strings.Builder
		Search(Input{Name: name, R: bytes.NewReader(data)}, o, func(ev *Event) bool {
			if ev.Kind != URL {
				return true
			}
			fmt.Fprintf(&b, "%+v %d", ev.Pos, ev.End)
			if ev.Part != nil {
				fmt.Fprintf(&b, " part %d %s", ev.Part.Message, ev.Part.Path)
			}
			if m := ev.Match; m != nil {
				fmt.Fprintf(&b, " %s %q %d-%d %d:%d-%d rejoined=%v err=%v", m.Kind, m.Text, m.Offset, m.End,
					m.Line, m.Col, m.EndLine, m.Rejoined, m.Err)
			}
			b.WriteByte('\n')
			return true
		})
		return b.String()
	}
	defer func(t, m int) { batchTarget, batchMax = t, m }(batchTarget, batchMax)
	for _, sz := range []struct{ target, max int }{{batchTarget, batchMax}, {64, 256}} {
		batchTarget, batchMax = sz.target, sz.max
		for name, data := range inputs(t) {
			for _, o := range []Options{{TextOnly: true}, {TextOnly: true, Raw: true, Email: true}, {CountOnly: true}} {
				o.Jobs = 1
				want := fields(name, data, o)
				o.Jobs = 3
				if got := fields(name, data, o); got != want {
					t.Fatalf("%s %+v (batches %d/%d): Jobs 3 differs from Jobs 1:\n%s", name, o, sz.target, sz.max, firstDiff(got, want))
				}
				if !strings.Contains(want, "rejoined=true") && !o.CountOnly && strings.Contains(name, "news") {
					t.Errorf("%s: no rejoined URL: the input does not test Rejoined", name)
				}
			}
		}
	}
}

// TestProgressTotals: when a search ends, Options.Progress has counted
// what its Stats say (URLs and messages are added in steps), with one job
// and with three, raw and as mail, and counting only.
func TestProgressTotals(t *testing.T) {
	defer func(t, m int) { batchTarget, batchMax = t, m }(batchTarget, batchMax)
	batchTarget, batchMax = 256, 1024
	for name, data := range inputs(t) {
		for _, o := range []Options{{Jobs: 1}, {Jobs: 3}, {Jobs: 3, Raw: true}, {Jobs: 3, CountOnly: true}, {Jobs: 3, TextOnly: true}} {
			var p Progress
			o.Progress = &p
			st, err := Search(Input{Name: name, R: bytes.NewReader(data)}, o, func(*Event) bool { return true })
			if err != nil {
				t.Fatal(err)
			}
			if p.URLs.Load() != st.URLs || p.Messages.Load() != int64(st.Messages) || p.Bytes.Load() != st.Bytes {
				t.Errorf("%s %+v: progress %d URLs, %d messages, %d bytes; stats %+v", name, o,
					p.URLs.Load(), p.Messages.Load(), p.Bytes.Load(), st)
			}
			if st.URLs == 0 {
				t.Errorf("%s: no URL: the input does not test much", name)
			}
		}
	}
}

// TestAdaptBatches: the pipeline's batches grow after sparseRun sparse
// batches in a row, never past 3/4 of batchMax, and shrink back at the
// first dense one.
func TestAdaptBatches(t *testing.T) {
	p := &pipeline{base: 64 << 10, target: 64 << 10}
	sparse := func() { p.adapt(64<<10, 63) } // under one event a KiB
	dense := func() { p.adapt(64<<10, 64) }
	for i := 1; i < sparseRun; i++ {
		sparse()
		if p.target != p.base {
			t.Fatalf("after %d sparse batches: target %d", i, p.target)
		}
	}
	sparse()
	if want := min(sparseScale*p.base, batchMax*3/4); p.target != want || p.target <= p.base || p.target > batchMax*3/4 {
		t.Fatalf("after %d sparse batches: target %d, want %d", sparseRun, p.target, want)
	}
	dense()
	if p.target != p.base {
		t.Fatalf("after a dense batch: target %d", p.target)
	}
	for i := 1; i < sparseRun; i++ {
		sparse()
	}
	if p.target != p.base {
		t.Fatalf("the sparse run did not start again after a dense batch: target %d", p.target)
	}
}

// TestWithin: batch.keep takes a text as it is only when it lies in the
// batch's buffer, up to its capacity; a text that starts or ends outside,
// or is longer than the buffer, is copied.
func TestWithin(t *testing.T) {
	arr := make([]byte, 16, 32)
	buf := arr[:16]
	str := func(b []byte) string { return unsafe.String(unsafe.SliceData(b), len(b)) }
	for _, tt := range []struct {
		name string
		s    string
		want bool
	}{
		{"start", str(arr[0:4]), true},
		{"past len, within cap", str(arr[10:30]), true},
		{"up to cap", str(arr[:32][28:32]), true},
		{"whole cap", str(arr[:32]), true},
		{"elsewhere", string(arr[0:4]), false},
		{"longer than cap", strings.Repeat("x", 40), false},
	} {
		if got := within(tt.s, buf); got != tt.want {
			t.Errorf("%s: within = %v, want %v", tt.name, got, tt.want)
		}
	}
	other := make([]byte, 8)
	if within(str(other), buf) || within(str(buf[:4]), other) {
		t.Error("a text in another array is within")
	}
	if within("", nil) || within("x", nil) {
		t.Error("a text is within a nil buffer")
	}
	// Just past the array's end: the next allocation may sit there.
	big := make([]byte, 64)
	if within(str(big[32:40]), big[:16:32]) {
		t.Error("a text past the buffer's capacity is within")
	}
}

// TestSerialToKeepsRest holds serialTo to the bytes after its cut when the
// cut lies among the batch's own bytes: run misses a cut point that
// straddles two of its reads further back than 8 bytes (an mbox "From "
// line), and the cutReader, reading the batch in other pieces, may then
// find it whole. The batch's bytes that the cutReader had not yet read
// were dropped, and with them up to batchMax bytes of mail (found
// comparing Jobs 3 with Jobs 1 on a generated mailbox, batches of 256
// bytes to 4 KiB).
func TestSerialToKeepsRest(t *testing.T) {
	msg := func(n int) string {
		return fmt.Sprintf("From sender%d@example.org Sun Jan 28 15:04:05 2024\nFrom: a@example.org\nSubject: %d\n\nsee http://www.example.org/%d/%s\n\n",
			n, n, n, strings.Repeat("x", 40*n))
	}
	var in strings.Builder
	for n := 1; n <= 6; n++ {
		in.WriteString(msg(n))
	}
	data := in.String()
	second := strings.Index(data, "From sender2")
	for _, tc := range []struct {
		split  int  // b holds data[:split], r the rest
		inside bool // the cut comes among b's bytes
	}{{second + 20, false}, {second + 200, true}, {second + len(msg(2)) + 30, true}} {
		var urls []string
		s := newSearcher(Input{Name: "x"}, Options{TextOnly: true}, func(ev *Event) bool {
			if ev.Kind == URL {
				urls = append(urls, strings.Clone(ev.Match.Text)) // borrowed (TextOnly)
			}
			return true
		})
		p := &pipeline{s: s, mail: true, cut: mailbox.Cut, target: 128}
		r := strings.NewReader(data[tc.split:])
		next, err := p.serialTo(&batch{buf: []byte(data[:tc.split])}, r, p.cut)
		if err != nil || next == nil {
			t.Fatalf("split %d: serialTo = %v, %v; want a batch after the cut", tc.split, next, err)
		}
		if inside := next.offset < int64(tc.split); inside != tc.inside {
			t.Errorf("split %d: cut at %d, inside b %v, want %v", tc.split, next.offset, inside, tc.inside)
		}
		// What serialTo scanned, the batch it returns, and what r has
		// left are the input, each byte once.
		end := len(data) - r.Len()
		if int(next.offset)+len(next.buf) != end || string(next.buf) != data[next.offset:end] {
			t.Errorf("split %d: the batch after the cut at %d holds %q, want %q", tc.split, next.offset, next.buf, data[next.offset:end])
		}
		var want []string
		for n := 1; strings.Index(data, fmt.Sprintf("From sender%d@", n)) < int(next.offset); n++ {
			want = append(want, fmt.Sprintf("http://www.example.org/%d/%s", n, strings.Repeat("x", 40*n)))
		}
		if !slices.Equal(urls, want) {
			t.Errorf("split %d: serialTo found %q before its cut at %d, want %q", tc.split, urls, next.offset, want)
		}
	}
}

// TestJobsStepDown checks the pipeline's step down (collectorBound): with
// the collector made to look busy over either of its windows, Jobs 3
// hands the rest of an input to one stream at its first cut past a
// window, and reports exactly what Jobs 1 reports; with it idle, or at
// the bound and not past it, the pipeline goes on.
func TestJobsStepDown(t *testing.T) {
	defer func(w, b, lw, lb int64, t, m int, read func([]metrics.Sample) uint64) {
		gcWindow, gcBytesPerCycle, gcLongWindow, gcLongBytesPerCycle, batchTarget, batchMax, readGCCycles = w, b, lw, lb, t, m, read
	}(gcWindow, gcBytesPerCycle, gcLongWindow, gcLongBytesPerCycle, batchTarget, batchMax, readGCCycles)
	batchTarget, batchMax = 256, 4<<10
	var cycles uint64
	for _, tc := range []struct {
		name     string
		long     bool   // the long window's bound is the one tried (the short one's otherwise)
		perCall  uint64 // cycles the collector seems to run between two looks
		stepDown bool
	}{{"busy", false, 1000, true}, {"idle", false, 0, false}, {"at the bound", false, 2, false},
		{"busy, long window", true, 3, true}, {"at the long bound", true, 2, false}} {
		// The window tried is of 2 KiB or more, two cycles a KiB allowed;
		// the other is never reached.
		gcWindow, gcBytesPerCycle, gcLongWindow, gcLongBytesPerCycle = 2<<10, 1<<10, 1<<40, 1
		if tc.long {
			gcWindow, gcBytesPerCycle, gcLongWindow, gcLongBytesPerCycle = 1<<40, 1, 2<<10, 1<<10
		}
		readGCCycles = func([]metrics.Sample) uint64 { cycles += tc.perCall; return cycles }
		stepped := map[string]bool{}
		for name, data := range inputs(t) {
			for _, o := range []Options{{}, {Raw: true}, {TextOnly: true, Email: true}, {Raw: true, NoLineNumbers: true}} {
				o.Jobs = 1
				want := render(t, name, data, o)
				o.Jobs = 3
				before := stepDowns.Load()
				got, key := renderWatched(t, name, data, o)
				if stepDowns.Load() > before {
					stepped[key] = true
				}
				if got != want {
					t.Fatalf("%s %s %+v: Jobs 3 differs from Jobs 1:\n%s", tc.name, name, o, firstDiff(got, want))
				}
			}
		}
		if !tc.stepDown && len(stepped) > 0 {
			t.Errorf("%s: stepped down on %v", tc.name, stepped)
		}
		// The generated mailbox, read as mail and as text, has cut points
		// past a window (the samples are a few KiB, most of them).
		if tc.stepDown && (!stepped["gen.mbox raw=false"] || !stepped["gen.mbox raw=true"] || !stepped["gen.mbox raw=true file"]) {
			t.Errorf("%s: stepped down only on %v", tc.name, stepped)
		}
	}
}

// TestDrainLetsGo checks that the batches the pipeline has emitted are
// not held by its queue's array: the queue is shifted from its head, and
// the array kept the emitted batches (with their events' arrays and the
// parts they pointed to) reachable; after the pipeline stepped down to one
// stream, 1-2 MB of them kept the collector as crowded as before in about
// a third of the runs on a mailing-list archive.
func TestDrainLetsGo(t *testing.T) {
	for _, stopped := range []bool{false, true} {
		s := newSearcher(Input{Name: "x"}, Options{TextOnly: true}, func(*Event) bool { return true })
		p := &pipeline{s: s, stopped: stopped, target: 128}
		for range 3 {
			b := p.newBatch(0, 1, []byte("text"))
			b.done = make(chan struct{})
			close(b.done)
			p.inflight = append(p.inflight, b)
		}
		queue := p.inflight[:cap(p.inflight)]
		p.drain()
		for i, b := range queue {
			if b != nil {
				t.Errorf("stopped %v: the queue's array still holds batch %d after drain", stopped, i)
			}
		}
	}
}

// TestJobsPartlessMessages checks the message numbers of Jobs N against
// Jobs 1 on a mailbox of messages that hold no part to scan (trace fields
// and an empty body; header fields with no URL in them, which are no
// parts), among messages with a URL and a problem to tell: a piece's
// message count came from the parts it read, and each part-less message
// at a piece's end shifted the numbers of every message after it.
func TestJobsPartlessMessages(t *testing.T) {
	var in strings.Builder
	for n := range 60 {
		fmt.Fprintf(&in, "From a@example.org Mon Nov  2 09:14:%02d 1994\nDate: Mon, 2 Nov 1994 09:14:%02d +0000\nSubject: nothing here\n\n", n%60, n%60)
		if n%3 == 0 {
			fmt.Fprintf(&in, "From b@example.org Mon Nov  2 09:15:00 1994\nContent-Type: text\nSubject: %d\n\nsee http://www.example.org/%d\n\n", n, n)
		}
	}
	data := []byte(in.String())
	defer func(t, m int) { batchTarget, batchMax = t, m }(batchTarget, batchMax)
	batchTarget, batchMax = 256, 1024
	want := render(t, "m", data, Options{Jobs: 1})
	if !strings.Contains(want, "msg=80 ") {
		t.Fatalf("Jobs 1 numbers the last URL's message otherwise than 80:\n%s", want)
	}
	for _, o := range []Options{{Jobs: 3}, {Jobs: 2, TextOnly: true}, {Jobs: 3, CountOnly: true}} {
		if got := render(t, "m", data, o); got != want {
			t.Errorf("%+v differs from Jobs 1:\n%s", o, firstDiff(got, want))
		}
	}
}

// TestJobsNoPartBegin: without PartBegin events (Options.NoPartBegin),
// the workers copy a part only for its first event, and renumber the
// copies when their batch is emitted: the URLs of a mailbox of many small
// messages, most with no URL, carry the message numbers one stream gives.
func TestJobsNoPartBegin(t *testing.T) {
	var in strings.Builder
	for n := range 300 {
		fmt.Fprintf(&in, "From a@example.org Mon Nov  2 09:14:%02d 1994\nSubject: %d\n\n", n%60, n)
		if n%7 == 0 {
			fmt.Fprintf(&in, "see http://www.example.org/%d\n", n)
		}
	}
	data := []byte(in.String())
	defer func(t, m int) { batchTarget, batchMax = t, m }(batchTarget, batchMax)
	batchTarget, batchMax = 256, 1024
	want := render(t, "m", data, Options{Jobs: 1, NoPartBegin: true})
	if !strings.Contains(want, "msg=295 ") || strings.Contains(want, "part ") {
		t.Fatalf("NoPartBegin, Jobs 1:\n%s", want)
	}
	for _, o := range []Options{{Jobs: 3, NoPartBegin: true}, {Jobs: 2, TextOnly: true, NoPartBegin: true}, {Jobs: 3, CountOnly: true, NoPartBegin: true}} {
		one := o
		one.Jobs = 1
		if got, want := render(t, "m", data, o), render(t, "m", data, one); got != want {
			t.Errorf("%+v differs from Jobs 1:\n%s", o, firstDiff(got, want))
		}
	}
}

// readCounter counts the reads made of r.
type readCounter struct {
	r     io.Reader
	reads int
}

func (c *readCounter) Read(p []byte) (int, error) {
	c.reads++
	return c.r.Read(p)
}

// TestLongStretchFewReads: a stretch with no cut point (a base64
// attachment read raw: no blank line in 150 KB) costs the pipeline a few
// reads, not one for each 4 KiB past the batch's target (27,759 reads
// for 203 MB of such mail, where one stream made 2,076), and the search
// finds what one stream finds.
func TestLongStretchFewReads(t *testing.T) {
	line := strings.Repeat("QUJDREVGR0hJSktMTU5PUFFSU1RVVldYWVo", 3)[:76] + "\n"
	var b strings.Builder
	for i := range 20 {
		fmt.Fprintf(&b, "see http://a.example/%d\n\n", i)
		b.WriteString(strings.Repeat(line, 150000/len(line)))
		b.WriteString("\n")
	}
	data := b.String()
	urls := func(jobs int) (string, int) {
		rc := &readCounter{r: strings.NewReader(data)}
		var got strings.Builder
		if _, err := Search(Input{Name: "x", R: rc}, Options{Raw: true, Jobs: jobs}, func(ev *Event) bool {
			if ev.Kind == URL {
				fmt.Fprintf(&got, "url %d %s\n", ev.Pos.Line, ev.Match.Text)
			}
			return true
		}); err != nil {
			t.Fatal(err)
		}
		return got.String(), rc.reads
	}
	want, _ := urls(1)
	got, reads := urls(2)
	if got != want || strings.Count(got, "url ") != 20 {
		t.Errorf("Jobs 2 found:\n%s\nJobs 1:\n%s", got, want)
	}
	if perRead := len(data) / reads; perRead < 32<<10 {
		t.Errorf("%d reads for %d bytes: %d bytes a read, want 32 KiB or more", reads, len(data), perRead)
	}
}

// endCounter is a reader of data that counts the reads that found its end.
type endCounter struct {
	r    *bytes.Reader
	ends int
}

func (e *endCounter) Read(p []byte) (int, error) {
	n, err := e.r.Read(p)
	if err == io.EOF {
		e.ends++
	}
	return n, err
}

// TestInputEndReadOnce: a search asks its input for more once it has
// said io.EOF, whatever reads on over it (the read buffer, the sniffing,
// the mail reader): each read past the end of a file was a system call,
// 5.7 reads a file over a maildir where two do.
func TestInputEndReadOnce(t *testing.T) {
	for name, data := range inputs(t) {
		for _, o := range []Options{{}, {Raw: true}, {CountOnly: true}, {TextOnly: true, Jobs: 2}} {
			in := &endCounter{r: bytes.NewReader(data)}
			if _, err := Search(Input{Name: name, R: in}, o, func(*Event) bool { return true }); err != nil {
				t.Fatal(err)
			}
			if in.ends != 1 {
				t.Errorf("%s %+v: the input's end read %d times, want once", name, o, in.ends)
			}
		}
	}
}

// TestPattern: Options.Pattern keeps the URLs whose text it matches, and
// InvertPattern the others, whatever the output asks (a count, the text
// only, whole matches) and on any number of workers.
func TestPattern(t *testing.T) {
	text := strings.Repeat("see http://github.com/a/b, https://example.org/x\nand <URL:ftp://GITHUB.example/pub/\n  README> or www.github.io/y.\n\n", 200)
	run := func(o Options) (urls []string, count int) {
		o.Raw = true
		_, err := Search(Input{Name: "x", R: strings.NewReader(text)}, o, func(ev *Event) bool {
			if ev.Kind == URL {
				count++
				if ev.Match != nil && !o.CountOnly {
					urls = append(urls, strings.Clone(ev.Match.Text))
				}
			}
			return true
		})
		if err != nil {
			t.Fatal(err)
		}
		return urls, count
	}
	re := regexp.MustCompile(`(?i)github`)
	for _, jobs := range []int{1, 2} {
		for _, tc := range []struct {
			invert bool
			want   []string
		}{
			{false, []string{"http://github.com/a/b", "ftp://GITHUB.example/pub/README", "www.github.io/y"}},
			{true, []string{"https://example.org/x"}},
		} {
			var want []string
			for range 200 {
				want = append(want, tc.want...)
			}
			o := Options{Pattern: re, InvertPattern: tc.invert, Jobs: jobs}
			if got, _ := run(o); !reflect.DeepEqual(got, want) {
				t.Errorf("jobs %d, invert %v: %d URLs, want %d (first %q)", jobs, tc.invert, len(got), len(want), got[:min(len(got), 3)])
			}
			o.TextOnly = true
			if got, _ := run(o); !reflect.DeepEqual(got, want) {
				t.Errorf("jobs %d, invert %v, TextOnly: %d URLs, want %d", jobs, tc.invert, len(got), len(want))
			}
			o.TextOnly, o.CountOnly = false, true
			if _, n := run(o); n != len(want) {
				t.Errorf("jobs %d, invert %v, CountOnly: %d URLs, want %d", jobs, tc.invert, n, len(want))
			}
		}
	}
}

// TestNoLineNumbers: with Options.NoLineNumbers a search reports what it
// reports without, with one job and with three, but for the line numbers
// it no longer counts: Pos.Line in plain text, Match.Line everywhere (mail
// positions are the mail reader's, and keep their lines).
func TestNoLineNumbers(t *testing.T) {
	urlLine := regexp.MustCompile(`(?m)^url \d+:`)
	partLine := regexp.MustCompile(` part=\d+:`)
	for name, data := range inputs(t) {
		for _, o := range []Options{{TextOnly: true}, {TextOnly: true, Raw: true}, {Raw: true, Email: true, MaxLength: 300}, {}} {
			for _, jobs := range []int{1, 3} {
				o.Jobs, o.NoLineNumbers = jobs, false
				with := render(t, name, data, o)
				o.NoLineNumbers = true
				without := render(t, name, data, o)
				var want strings.Builder
				for _, l := range strings.SplitAfter(with, "\n") {
					if strings.HasPrefix(l, "url ") {
						if !strings.Contains(l, " msg=") {
							l = urlLine.ReplaceAllString(l, "url 0:")
						}
						l = partLine.ReplaceAllString(l, " part=0:")
					}
					want.WriteString(l)
				}
				if without != want.String() {
					t.Fatalf("%s %+v:\n%s", name, o, firstDiff(without, want.String()))
				}
				if with == without && strings.Contains(with, "url ") {
					t.Errorf("%s %+v: the same output with line numbers and without", name, o)
				}
			}
		}
	}
}

// TestKindsInTurn searches inputs of every kind the searcher reads
// through a reader of its own (a winmail.dat's message, an Outlook .msg
// file's, a PDF's and an OpenDocument file's links (told by its first
// bytes, the input having no name of its kind), gzip, an .emlx file's message, rich text, a
// manual page, UTF-16) and plain mail and
// text, each after each, as a command reads a folder's files one after
// another with the same buffers (kits): each gives its own URLs. The
// mail reader kept reading through the buffer it was last given and
// reset that onto the next input: after a mail, a winmail.dat's message
// then read itself, and an .emlx file after another did too, with no end
// (a stack overflow).
func TestKindsInTurn(t *testing.T) {
	const (
		attBody, attTitle, attData = 0x0002800C, 0x00018010, 0x0006800F
		attRendData                = 0x00069002
	)
	emlx := func(msg string) string {
		return fmt.Sprintf("%-10d\n", len(msg)) + msg + "<?xml version=\"1.0\"?>\n<plist version=\"1.0\"><dict/></plist>\n"
	}
	utf16 := func(s string) string {
		b := []byte{0xff, 0xfe}
		for _, c := range s {
			b = append(b, byte(c), 0)
		}
		return string(b)
	}
	utf16le := func(s string) []byte { // padded with NULs past the mini stream's cutoff
		b := make([]byte, 4096)
		for i, c := range s {
			b[2*i] = byte(c)
		}
		return b
	}
	msg, err := mailgen.CompoundFile([]*mailgen.CFBEntry{
		{Name: "__properties_version1.0", Data: make([]byte, 4096)},
		{Name: "__substg1.0_1000001F", Data: utf16le("Pay at https://msg.example/now today.")},
	})
	if err != nil {
		t.Fatal(err)
	}
	inputs := []struct{ name, in, want string }{
		{"mail", "From: a@example.org\nSubject: s\n\nsee http://mail.example/\n", "http://mail.example/"},
		{"msg", string(msg), "https://msg.example/now"},
		{"pdf", "%PDF-1.4\n1 0 obj << /S /URI /URI (http://pdf.example/) >> endobj\n", "http://pdf.example/"},
		{"odt", string(mailgen.ODF("application/vnd.oasis.opendocument.text",
			mailgen.ZipEntry{Name: "content.xml", Data: `<text:a xlink:href="http://odt.example/">x</text:a>`})), "http://odt.example/"},
		{"winmail.dat", string(mailgen.TNEF([]mailgen.TNEFAttr{
			{Level: 1, ID: attBody, Data: []byte("Pay at https://pay.example/now today.\x00")},
			{Level: 2, ID: attRendData, Data: make([]byte, 14)},
			{Level: 2, ID: attTitle, Data: []byte("invoice.htm\x00")},
			{Level: 2, ID: attData, Data: []byte(`<a href="https://phish.example/x">open</a>`)},
		})), "https://pay.example/now https://phish.example/x"},
		{"gzip", gzipString("From: a@example.org\n\nzipped http://gz.example/\n"), "http://gz.example/"},
		{"emlx", emlx("From: a@example.org\nSubject: s\n\nsee http://emlx.example/\n"), "http://emlx.example/"},
		{"emlx again", emlx("From: b@example.org\n\nsee http://emlx2.example/\n"), "http://emlx2.example/"},
		{"rtf", "{\\rtf1\\ansi {\\field{\\*\\fldinst HYPERLINK \"http://rtf.example/\"}{\\fldrslt here}}\\par}\n", "http://rtf.example/"},
		{"roff", ".TH X 1\n.SH SEE\n\\fIhttp://roff.example/\\fP\n", "http://roff.example/"},
		{"utf-16", utf16("text http://utf16.example/ here\n"), "http://utf16.example/"},
		{"text", "plain http://text.example/\n", "http://text.example/"},
	}
	for _, a := range inputs {
		for _, b := range inputs {
			for _, in := range []struct{ name, in, want string }{a, b} {
				found, _, _ := urls(t, in.in, Options{Decompress: true, Jobs: 1})
				if got := strings.Join(found, " "); got != in.want {
					t.Errorf("%s after %s: found %q, want %q", in.name, a.name, got, in.want)
				}
			}
		}
	}
}

// TestArchives: with Decompress (--search-zip), a ZIP or tar archive, a
// gzipped tar too, is read for its files (mailbox.ZipMessage,
// TarMessage), each as what it is; without it, or with Raw, it is the
// binary file it is.
func TestArchives(t *testing.T) {
	files := []mailgen.ZipEntry{
		{Name: "Maildir/cur/1.host:2,S", Data: "From: a@example.org\nSubject: s\nContent-Transfer-Encoding: quoted-printable\n\nsee http://maildir.example/lo=\nng\n"},
		{Name: "notes", Data: "and http://notes.example/\n"},
	}
	tarred := string(mailgen.Tar(files...))
	want := "[http://maildir.example/long http://notes.example/]"
	for _, a := range []struct{ name, data string }{
		{"tar", tarred}, {"tar.gz", gzipString(tarred)}, {"zip", string(mailgen.Zip(files...))},
	} {
		found, notes, _ := urls(t, a.data, Options{Decompress: true})
		if fmt.Sprint(found) != want || len(notes) > 0 {
			t.Errorf("%s: found %q, notes %q; want %s", a.name, found, notes, want)
		}
		for _, o := range []Options{{}, {Decompress: true, Raw: true}} {
			if found, notes, _ := urls(t, a.data, o); len(found) > 0 || len(notes) != 1 || !strings.Contains(notes[0], "skipped") {
				t.Errorf("%s, %+v: found %q, notes %q; want it skipped", a.name, o, found, notes)
			}
		}
	}
	// Cut short inside its second file: the first file's URLs, then an
	// error that says the rest was not read.
	for _, a := range []struct{ name, data, err string }{
		{"tar", tarred[:1100], "tar: unexpected EOF: the rest of the archive not read"},
		{"zip", string(mailgen.Zip(files...))[:200], "zip: the archive is cut short"},
	} {
		var found []string
		_, err := Search(Input{Name: "in", R: strings.NewReader(a.data)}, Options{Decompress: true}, func(ev *Event) bool {
			if ev.Kind == URL {
				found = append(found, ev.Match.Text)
			}
			return true
		})
		if fmt.Sprint(found) != "[http://maildir.example/long]" || err == nil || err.Error() != a.err {
			t.Errorf("%s cut: found %q, error %v; want the first file's, and %q", a.name, found, err, a.err)
		}
	}
}

// TestHTMLTargetsWhole checks that a link target of an HTML part is the
// URL whole, a '|' or a final "[...]" in it included (the attribute is
// quoted: extract.Scanner.SetLinkTargets), where the same text in a plain
// part's angle brackets is Slack's and AsciiDoc's markup, with its label
// left out; on one goroutine and in pieces.
func TestHTMLTargetsWhole(t *testing.T) {
	mbox := "From a@b.example Mon Jan  1 00:00:00 2024\nFrom: a@b.example\nContent-Type: text/html\n\n" +
		"<p><img src=\"https://img.example/x?utm_content=banner|top\"> <a href=\"https://g.example/p[@owner]\">x</a></p>\n\n" +
		"From a@b.example Mon Jan  1 00:00:01 2024\nFrom: a@b.example\nContent-Type: text/plain\n\n" +
		"<https://img.example/y?utm_content=banner|top>\n<https://g.example/q[@owner]>\n"
	want := []string{"https://img.example/x?utm_content=banner|top", "https://g.example/p[@owner]", "https://img.example/y?utm_content=banner", "https://g.example/q"}
	for _, jobs := range []int{1, 2} {
		found, _, _ := urls(t, mbox, Options{Jobs: jobs})
		if !reflect.DeepEqual(found, want) {
			t.Errorf("Jobs %d: %q, want %q", jobs, found, want)
		}
	}
}

// TestOutlookDataFile checks that an Outlook data file (.pst, .ost) is
// skipped with a note that says what it is, not as any binary file, and
// that Binary (-a) scans it all the same.
func TestOutlookDataFile(t *testing.T) {
	pst := "!BDN\x12\x34\x56\x78SM\x17\x00\x13\x00\x01\x01\x00\x00 http://in.pst.example/ \x00"
	found, notes, _ := urls(t, pst, Options{})
	if len(found) != 0 || len(notes) != 1 || !strings.Contains(notes[0], "an Outlook data file (.pst, .ost)") {
		t.Errorf("found %q, notes %q: want none, and the note of an Outlook data file", found, notes)
	}
	if found, _, _ := urls(t, pst, Options{Binary: true}); !reflect.DeepEqual(found, []string{"http://in.pst.example/"}) {
		t.Errorf("with Binary: found %q", found)
	}
	if _, notes, _ := urls(t, pst, Options{QuietBinary: true}); len(notes) != 0 {
		t.Errorf("with QuietBinary: notes %q", notes)
	}
}
