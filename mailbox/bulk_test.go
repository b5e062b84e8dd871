package mailbox

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"io"
	"math/rand/v2"
	"mime/quotedprintable"
	"net/textproto"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/urlgrep/urlgrep/internal/mailgen"
)

// describeParts reads every part of in and describes it: its path, type, body
// and the position Locate gives for each byte of the body, and then the
// problems reported.
func describeParts(t *testing.T, in []byte, opts ...Option) string {
	t.Helper()
	return describeFrom(t, bytes.NewReader(in), opts...)
}

// describeFrom is describeParts reading from r.
func describeFrom(t *testing.T, r io.Reader, opts ...Option) string {
	t.Helper()
	var b, probs strings.Builder
	opts = append(opts[:len(opts):len(opts)], OnProblem(func(p Problem) { fmt.Fprintf(&probs, "problem: %v\n", p) }))
	mr := NewReader(r, opts...)
	for {
		p, err := mr.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		body, err := io.ReadAll(p.Body)
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(&b, "part %d %q %q %s %s %q %d:%d %q\n", p.Message, p.MessageID, p.Subject, p.Path, p.Type, p.Group, p.Offset, p.Line, body)
		for i := range body {
			fmt.Fprintf(&b, "%d:%+v ", i, p.Locate(int64(i)))
		}
		b.WriteByte('\n')
	}
	b.WriteString(probs.String())
	return b.String()
}

// firstDiff returns the index of the first byte where a and b differ (the
// shorter one's length when one is the other's start).
func firstDiff(a, b string) int {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	return i
}

// TestBulkSameAsLines: reading whole buffered lines at once gives the
// parts, bodies and positions that reading line by line gives, on the
// mailbox inputs and on generated mail (HTML, flowed, charsets, QP,
// base64, nested multiparts).
func TestBulkSameAsLines(t *testing.T) {
	lineByLine := func(r *Reader) { r.noBulk = true }
	for name, in := range sampleInputs(t) {
		want := describeParts(t, in, lineByLine)
		if got := describeParts(t, in); got != want {
			i := firstDiff(got, want)
			t.Errorf("%s: bulk reading differs from line reading at byte %d:\nbulk  %.200q\nlines %.200q", name, i, got[i:], want[i:])
		}
	}
}

// sampleInputs are the mailbox inputs, generated mail (HTML, flowed,
// charsets, QP, base64, nested multiparts) and a few shapes of their own.
func sampleInputs(t *testing.T) map[string][]byte {
	t.Helper()
	ins := map[string][]byte{}
	files, _ := filepath.Glob("../testdata/input/mailbox/*.txt")
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		ins[filepath.Base(f)] = data
	}
	for seed := range uint64(4) {
		var buf bytes.Buffer
		if _, err := mailgen.Generate(&buf, 60, seed); err != nil {
			t.Fatal(err)
		}
		ins[fmt.Sprintf("mailgen-%d", seed)] = buf.Bytes()
	}
	ins["html"] = []byte("From a@b.example Mon Nov  2 09:14:03 1994\nContent-Type: text/html\n\n<p>one\n<a href=\"http://a.example/x\">x</a>\n<br>two <img src=\"http://a.example/i.png\">\nthree http://a.example/t\n</p>\n")
	// Ignored fields folded over many lines (skipFolded), among kept ones.
	ins["folded"] = []byte("From a@b.example Mon Nov  2 09:14:03 1994\nReceived: from a.example\n\tby b.example;\n    Mon, 2 Nov 1994\n" +
		"DKIM-Signature: v=1;\n b=abc\n\t def\nSubject: see\n http://a.example/s\nReceived: x\n \n\t\nX-Url: http://b.example/\n\n" +
		"body http://c.example/\n  indented http://d.example/\n")
	// HTML in quoted-printable latin-1: soft line breaks, tags and text
	// across lines, an escape per line (htmlSegs: several flows a step).
	ins["html-qp"] = []byte("From a@b.example Mon Nov  2 09:14:03 1994\nContent-Type: text/html; charset=iso-8859-1\n" +
		"Content-Transfer-Encoding: quoted-printable\n\n<html><body><p>caf=E9 <a href=3D\"http://a.example/=\nx\">see</a>\n" +
		"r=E9sum=E9 http://b.example/y and <b\nclass=3D\"c\">bold</b> <img src=3D\"http://c.example/i.png\">=\n\n" +
		"<style>p { color: red }\n</style><p>na=EFve <a href=3D\"http://d.example/\">http://d.example/</a></p>\n</body></html>\n")
	// Quoted-printable text in UTF-8, whose lines with no escape pass at
	// once (qpRuns) among lines with escapes, soft breaks, trailing white
	// space, a raw control byte and CRLF line breaks.
	var qp strings.Builder
	qp.WriteString("From a@b.example Mon Nov  2 09:14:03 1994\nContent-Type: text/plain; charset=utf-8\n" +
		"Content-Transfer-Encoding: quoted-printable\n\n")
	for i := range 40 {
		qp.WriteString("plain line http://a.example/" + fmt.Sprint(i) + "\n")
		switch i % 8 {
		case 0:
			qp.WriteString("caf=C3=A9 http://b.example/?a=3D1\n")
		case 1:
			qp.WriteString("soft break http://c.example/lo=\nng/path\n")
		case 2:
			qp.WriteString("trailing blanks  \t\n")
		case 3:
			qp.WriteString("a raw \x01 control\n")
		case 4:
			qp.WriteString("crlf line http://d.example/\r\n")
		case 5:
			qp.WriteString("crlf blank \r\n=\r\n")
		}
	}
	ins["qp-utf8"] = []byte(qp.String())
	ins["forwarded-footer"] = []byte(forwardedFooter)
	return ins
}

// forwardedFooter is a forwarded message sent in base64, its own
// Content-Type damaged, with a mailing list's footer after the encoded
// data: the outer part and the forwarded message each have a problem,
// found in an order that depends on how far ahead the outer body decodes.
var forwardedFooter = func() string {
	inner := "Subject: " + strings.Repeat("a long subject ", 6) + "\nContent-Type: text/plain; x\x01\n\nhttp://a.example/in\n" + strings.Repeat("a line of the forwarded message\n", 4)
	enc := base64.StdEncoding.EncodeToString([]byte(inner))
	var b strings.Builder
	b.WriteString("Subject: fw\nContent-Type: multipart/mixed; boundary=b\n\n--b\n" +
		"Content-Type: message/rfc822\nContent-Transfer-Encoding: base64\n\n")
	for len(enc) > 76 {
		b.WriteString(enc[:76] + "\n")
		enc = enc[76:]
	}
	b.WriteString(enc + "\n_______________\nthe list's footer http://list.example/\n--b--\n")
	return b.String()
}()

// TestChildProblemsFirst: the problems a forwarded message has are told
// before those its encoded part's body has, read in bulk or line by line
// (Reader.childHeld).
func TestChildProblemsFirst(t *testing.T) {
	for _, noBulk := range []bool{false, true} {
		var probs []string
		for line := range strings.Lines(describeParts(t, []byte(forwardedFooter), func(r *Reader) { r.noBulk = noBulk })) {
			if p, ok := strings.CutPrefix(line, "problem: "); ok {
				probs = append(probs, strings.TrimSuffix(p, "\n"))
			}
		}
		want := []string{
			"message 1 part 1: bad Content-Type: mime: invalid media parameter",
			"message 1 part 1: base64: text after the data (a list footer?), read as text",
		}
		if !slices.Equal(probs, want) {
			t.Errorf("noBulk %v: problems\n%q\nwant\n%q", noBulk, probs, want)
		}
	}
}

// TestReuseParts: with ReuseParts, each Part as Next returns it is what it
// is without (fields, body, positions), though the Parts serve again: far
// fewer of them than parts read. Without it, every Part kept stays as it
// was returned.
func TestReuseParts(t *testing.T) {
	for name, in := range sampleInputs(t) {
		want := describeParts(t, in)
		if got := describeParts(t, in, ReuseParts()); got != want {
			i := firstDiff(got, want)
			t.Errorf("%s: with ReuseParts the parts differ at byte %d:\nreused %.200q\nnew    %.200q", name, i, got[i:], want[i:])
		}
		for _, reuse := range []bool{false, true} {
			var opts []Option
			if reuse {
				opts = append(opts, ReuseParts())
			}
			mr := NewReader(bytes.NewReader(in), opts...)
			kept := map[*Part]Part{}
			n := 0
			for {
				p, err := mr.Next()
				if err != nil {
					break
				}
				n++
				kept[p] = *p
			}
			if reuse {
				if n > 20 && len(kept) > n/4 {
					t.Errorf("%s: ReuseParts: %d Parts for %d parts", name, len(kept), n)
				}
				continue
			}
			if len(kept) != n {
				t.Errorf("%s: %d Parts for %d parts", name, len(kept), n)
			}
			for p, v := range kept {
				if *p != v {
					t.Errorf("%s: a Part kept changed: %+v, was %+v", name, *p, v)
					break
				}
			}
		}
	}
}

// resetReading returns a function that reads a mailbox whole with one
// Reader, Reset with ReuseParts for each call (as the search's workers
// reset theirs), as the allocation tests measure it. The bodies are read
// into the test's own buffer, not copied to io.Discard, whose buffers come
// from a sync.Pool that -race empties at random.
func resetReading(t *testing.T) func(data []byte) {
	r := NewReader(bytes.NewReader(nil), ReuseParts())
	var src bytes.Reader
	buf := make([]byte, 4096)
	return func(data []byte) {
		src.Reset(data)
		r.Reset(&src, ReuseParts())
		for {
			p, err := r.Next()
			if err != nil {
				break
			}
			for {
				_, err := p.Body.Read(buf)
				if err == io.EOF {
					break
				}
				if err != nil {
					t.Fatal(err)
				}
			}
		}
	}
}

// readAllocs returns the allocations of reading small and of reading
// large with one Reader reset for each (resetReading), once a reading of
// large has grown its buffers.
func readAllocs(t *testing.T, small, large []byte) (a, b float64) {
	t.Helper()
	read := resetReading(t)
	read(large) // warm: the Reader's buffers grow to what large needs
	return testing.AllocsPerRun(20, func() { read(small) }), testing.AllocsPerRun(20, func() { read(large) })
}

// TestResetAllocsPerLine: a Reader reset for each piece of a mailbox (as
// the search's workers reset theirs) allocates nothing for a message's
// lines once it has read one piece, plain, format=flowed (whose lines
// were each a new buffer) or HTML: reading messages of 10 lines and of
// 4,000 costs the same allocations (none, with -race or without). A
// Reset that dropped the array of line ends cost one more allocation
// each time the lines doubled. (Copying the bodies to io.Discard made
// the count 3 to 5, and the test flaky, under -race: resetReading.)
func TestResetAllocsPerLine(t *testing.T) {
	for _, ctype := range []string{"text/plain", "text/plain; format=flowed", "text/html"} {
		mbox := func(lines int) []byte {
			var b bytes.Buffer
			for m := range 3 {
				fmt.Fprintf(&b, "From a@example.org Mon Nov  2 09:14:0%d 1994\nFrom: a@example.org\nSubject: s\nContent-Type: %s\n\n", m, ctype)
				for i := range lines {
					if ctype == "text/html" { // tokens of a line or less: the tokenizer's buffer need not grow
						fmt.Fprintf(&b, "<p>line %d of a body, see <a href=\"http://example.org/%d\">it</a></p>\n", i, i)
						continue
					}
					fmt.Fprintf(&b, "line %d of a body, see http://example.org/%d \n", i, i)
				}
				b.WriteByte('\n')
			}
			return b.Bytes()
		}
		if a, b := readAllocs(t, mbox(10), mbox(4000)); b > a {
			t.Errorf("%s: allocations: %v reading messages of 10 lines, %v of 4,000: a buffer made for each line, or dropped by Reset as the lines grow", ctype, a, b)
		}
	}
}

// TestQPLineSameAsPieces: decodeQP hands a quoted-printable line of HTML
// or format=flowed text on in one piece; that gives the bodies and the
// positions of every byte that handing it in pieces, a run between
// escapes and an escaped byte each, gives (qpByPiece). On the sample
// inputs and on random quoted-printable lines of each kind of part:
// escapes in either case, lone and cut "=", soft breaks with blanks
// after them, CRLF, bytes of UTF-8 and of latin-1, tags and URLs across
// lines.
func TestQPLineSameAsPieces(t *testing.T) {
	ins := sampleInputs(t)
	rng := rand.New(rand.NewPCG(1, 14))
	atoms := []string{"=3D", "=3d", "=20", "=E9", "=C3=A9", "=E2=80=99", "=", "=4", "=ZZ", "=\n", "= \t\n", "=\r\n", "\r\n", "\n", "\n\n",
		" ", "\t", "  \n", "a", "word ", "<a href=3D\"http://a.example/x?y=3Dz\">", "</a>", "<p>", "http://b.example/p=\nath ",
		"> ", ">> ", "-- \n", "caf\xe9 ", "\xc3\xa9", "<img src=\n=3D\"http://c.example/i.png\">", "<b\nclass=3Dc>"}
	types := []string{"text/html", "text/html; charset=iso-8859-1", "text/plain; format=flowed", "text/plain; format=flowed; delsp=yes",
		"text/plain; format=flowed; charset=iso-8859-1", "text/plain", "text/plain; charset=iso-8859-1"}
	for i := range 300 {
		var body strings.Builder
		for range 1 + rng.IntN(60) {
			body.WriteString(atoms[rng.IntN(len(atoms))])
		}
		ins[fmt.Sprintf("random-%d", i)] = []byte("From a@b.example Mon Nov  2 09:14:03 1994\nContent-Type: " + types[i%len(types)] +
			"\nContent-Transfer-Encoding: quoted-printable\n\n" + body.String() + "\n")
	}
	byPiece := func(r *Reader) { r.qpByPiece = true }
	merged := 0
	for name, in := range ins {
		want := describeParts(t, in, byPiece)
		if got := describeParts(t, in); got != want {
			i := firstDiff(got, want)
			t.Errorf("%s: a line in one piece differs from one in pieces at byte %d:\nline   %.200q\npieces %.200q", name, i, got[i:], want[i:])
		}
		if bytes.Contains(in, []byte("quoted-printable")) && (bytes.Contains(in, []byte("text/html")) || bytes.Contains(in, []byte("flowed"))) {
			merged++
		}
	}
	if merged < 200 {
		t.Errorf("only %d inputs with quoted-printable HTML or flowed text", merged)
	}
}

// TestHasControl: hasControl, which passes eight bytes at a time, finds a
// control byte other than tab (or DEL) at every place of a line of 0 to
// 24 bytes, and nothing in a line of tabs, spaces, printable ASCII and
// bytes above 0x7f.
func TestHasControl(t *testing.T) {
	for n := range 25 {
		for pos := range n {
			for _, c := range []byte{0x00, 0x01, 0x09, 0x0a, 0x0d, 0x1f, 0x20, 0x21, 0x7e, 0x7f, 0x80, 0x9f, 0xa0, 0xdf, 0xff} {
				line := []byte(strings.Repeat("a\tb \xc3\xa9!", 4)[:n])
				line[pos] = c
				want := c < 0x20 && c != '\t' || c == 0x7f
				if got := hasControl(line); got != want {
					t.Errorf("hasControl(%q) = %v, want %v", line, got, want)
				}
			}
		}
	}
}

// TestHeaderNameCache: headerName answers the same through its cache, its
// map, and a name met for the first time, for names that collide in the
// cache (600 of them, looked up in turn three times), and a name met
// before costs no allocation.
func TestHeaderNameCache(t *testing.T) {
	var r Reader
	var names [][]byte
	for i := range 600 {
		names = append(names, []byte(fmt.Sprintf("x-Field-%d", i)))
	}
	names = append(names, []byte("Subject"), []byte("received"), []byte("LIST-unsubscribe"))
	first := map[string]headerName{}
	for round := range 3 {
		for _, n := range names {
			hn := r.headerName(n)
			canon := textproto.CanonicalMIMEHeaderKey(string(n))
			if hn.name != canon || hn.path != "header:"+canon || hn.ignored != ignored(n) || hn.read != readField(canon) {
				t.Fatalf("round %d: headerName(%q) = %+v", round, n, hn)
			}
			if round == 0 {
				first[string(n)] = *hn
			} else if *hn != first[string(n)] {
				t.Fatalf("round %d: headerName(%q) = %+v, first %+v", round, n, hn, first[string(n)])
			}
		}
	}
	if a := testing.AllocsPerRun(10, func() {
		for _, n := range names {
			r.headerName(n)
		}
	}); a != 0 {
		t.Errorf("%v allocations looking up %d names met before", a, len(names))
	}
}

// TestHeaderBodiesReused: the bodies of header fields' parts serve again
// for the next message's (maxFreeHeaderBodies): with ReuseParts, reading
// 40 messages with three scanned fields each costs no more allocations
// than reading 10. A Part not marked as a header field's keeps its body
// from being reused, and costs allocations per message. (No Subject: its
// decoded string, which every Part of the message holds, is one
// allocation a message.)
func TestHeaderBodiesReused(t *testing.T) {
	mbox := func(msgs int) []byte {
		var b bytes.Buffer
		for m := range msgs {
			fmt.Fprintf(&b, "From a@example.org Mon Nov  2 09:14:%02d 1994\nFrom: a@example.org\nTo: b@example.org\nComments: see http://example.org/%d\n\nbody http://example.org/\n\n", m%60, m)
		}
		return b.Bytes()
	}
	if a, b := readAllocs(t, mbox(10), mbox(40)); b > a {
		t.Errorf("allocations: %v reading 10 messages, %v reading 40: header fields' bodies not reused", a, b)
	}
}

// TestLongFieldsReused: a mailing list's messages fold their Cc over
// dozens of lines, and vary in their number of fields. The arrays of a
// field's continuation lines, and a header part's anchors (one a line),
// serve again for the next messages' (maxKeptLines, maxFreeAnchors):
// reading 40 such messages costs no more allocations than reading 10.
// Before, the fields past a shorter header dropped their arrays, and a
// part's body with more than 64 anchors was dropped: allocations each
// message.
func TestLongFieldsReused(t *testing.T) {
	mbox := func(msgs int) []byte {
		var b bytes.Buffer
		for m := range msgs {
			fmt.Fprintf(&b, "From a@example.org Mon Nov  2 09:14:%02d 1994\nFrom: a@example.org\n", m%60)
			if m%2 == 0 {
				for i := range 8 {
					fmt.Fprintf(&b, "X-Note-%d: see http://example.org/%d\n", i, i)
				}
			}
			b.WriteString("Cc: list@example.org")
			for i := range 40 + 30*(m%3) {
				fmt.Fprintf(&b, ",\n    Person %d <p%d@example.org>", i, i)
			}
			b.WriteString("\nTo: b@example.org\n\nbody http://example.org/\n\n")
		}
		return b.Bytes()
	}
	if a, b := readAllocs(t, mbox(10), mbox(40)); b > a {
		t.Errorf("allocations: %v reading 10 messages, %v reading 40: long fields' lines or anchors made anew", a, b)
	}
}

// skipMailbox is a mailbox (an mbox, or one message without a "From "
// line) whose messages carry bodies the Reader skips (attachments, images),
// mostly base64 lines, among them every kind of line that must stop a run
// of skipped lines or must not: a separator, "From " prose, the part's
// delimiter and an outer one, other "--" lines, mboxrd quoting, spaces and
// "-" near a line's start, blank lines, CRLF, a line longer than the
// source's buffer.
func skipMailbox(rng *rand.Rand, mbox bool) []byte {
	var b bytes.Buffer
	b64 := func() string {
		const alpha = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
		line := make([]byte, 76)
		for i := range line {
			line[i] = alpha[rng.IntN(len(alpha))]
		}
		return string(line)
	}
	body := func(delims []string) {
		for range rng.IntN(150) {
			line := b64()
			switch rng.IntN(40) {
			case 0:
				line = "From someone in the text"
			case 1:
				if mbox && rng.IntN(4) == 0 {
					line = "From a@b.example Mon Nov  2 09:14:03 1994" // a separator: the message ends
				}
			case 2:
				line = ">From quoted"
			case 3:
				line = "--not-a-boundary"
			case 4:
				if len(delims) > 0 && rng.IntN(8) == 0 {
					line = delims[rng.IntN(len(delims))] // a delimiter: the part ends
					if rng.IntN(2) == 0 {
						line += strings.Repeat(" ", 1100) // transport padding (RFC 2046 §5.1.1)
					}
				}
			case 5:
				line = line[:rng.IntN(8)] + " " + line[8:]
			case 6:
				line = line[:rng.IntN(8)] + "-" + line[8:]
			case 7:
				line = ""
			case 8:
				line += "\r"
			case 9:
				if rng.IntN(10) == 0 {
					line = strings.Repeat(b64(), 900) // longer than the source's buffer
				}
			case 10:
				line = "F"
			case 11:
				line = "-"
			}
			b.WriteString(line)
			b.WriteByte('\n')
		}
	}
	for m := range 1 + rng.IntN(4) {
		if mbox {
			fmt.Fprintf(&b, "From a@b.example Mon Nov  2 09:14:0%d 1994\n", m%10)
		}
		outer, inner := fmt.Sprintf("out%d", m), fmt.Sprintf("in%d", m)
		fmt.Fprintf(&b, "Subject: m%d http://s.example/%d\n", m, m)
		switch rng.IntN(3) {
		case 0: // the message's body is skipped: no delimiters
			b.WriteString("Content-Type: image/png\nContent-Transfer-Encoding: base64\n\n")
			body(nil)
		case 1: // a multipart with an attachment and text
			fmt.Fprintf(&b, "Content-Type: multipart/mixed; boundary=%q\n\n--%s\n\ntext http://t.example/%d\n--%s\n", outer, outer, m, outer)
			b.WriteString("Content-Type: application/octet-stream\nContent-Transfer-Encoding: base64\n\n")
			body([]string{"--" + outer, "--" + outer + "--"})
			fmt.Fprintf(&b, "--%s\n\nafter http://u.example/\n--%s--\n", outer, outer)
		default: // nested: the inner delimiter and the outer one
			fmt.Fprintf(&b, "Content-Type: multipart/mixed; boundary=%q\n\n--%s\n", outer, outer)
			fmt.Fprintf(&b, "Content-Type: multipart/related; boundary=%q\n\n--%s\n", inner, inner)
			b.WriteString("Content-Type: image/gif\n\n")
			body([]string{"--" + inner, "--" + outer, "--" + outer + "--"})
			fmt.Fprintf(&b, "--%s\n\ninner http://i.example/\n--%s--\n--%s--\n", inner, inner, outer)
		}
		b.WriteByte('\n')
	}
	return b.Bytes()
}

// TestSkipSameAsLines: skipping a body that is not read in runs found by
// vector searches (source.skip) gives the parts, bodies and positions
// that reading it line by line gives, whatever the reads return: whole
// buffers, half of them, a byte at a time.
func TestSkipSameAsLines(t *testing.T) {
	lineByLine := func(r *Reader) { r.noBulk = true }
	rng := rand.New(rand.NewPCG(7, 14))
	for i := range 40 {
		in := skipMailbox(rng, i%3 != 0)
		want := describeParts(t, in, lineByLine)
		for _, rd := range []struct {
			name string
			r    io.Reader
		}{
			{"whole", bytes.NewReader(in)},
			{"half", iotest.HalfReader(bytes.NewReader(in))},
			{"short", &shortReader{r: bytes.NewReader(in), rng: rng}},
		} {
			if got := describeFrom(t, rd.r); got != want {
				j := firstDiff(got, want)
				t.Fatalf("mailbox %d, %s reads: skipping differs from line reading at byte %d:\nskip  %.300q\nlines %.300q", i, rd.name, j, got[j:], want[j:])
			}
		}
	}
}

// shortReader returns reads of random sizes, up to 3 KiB.
type shortReader struct {
	r   io.Reader
	rng *rand.Rand
}

func (s *shortReader) Read(p []byte) (int, error) {
	return s.r.Read(p[:min(len(p), 1+s.rng.IntN(3<<10))])
}

// TestFieldsCleanPastUsed: after each header, the reused fields past the
// ones it used hold nothing of it (readHeader clears only those the last
// header used, and counts on the rest being clean): no name, value or
// continuation line of an earlier message stays in them, whatever the
// order of long and short headers, over a Reset too.
func TestFieldsCleanPastUsed(t *testing.T) {
	mbox := func(sizes ...int) []byte {
		var b bytes.Buffer
		for m, n := range sizes {
			fmt.Fprintf(&b, "From a@example.org Mon Nov  2 09:14:%02d 1994\nFrom: a@example.org\n", m)
			for i := range n {
				fmt.Fprintf(&b, "X-Note-%d: see http://example.org/%d/%d,\n    folded once\n", i, m, i)
			}
			b.WriteString("\nbody http://example.org/\n\n")
		}
		return b.Bytes()
	}
	check := func(r *Reader, when string) {
		h := r.fields[:cap(r.fields)]
		if r.fieldsUsed > len(h) {
			return // the array was dropped for a larger one
		}
		for i := r.fieldsUsed; i < len(h); i++ {
			f := h[i]
			if f.name != nil || f.value != nil || f.hn != nil || f.first.text != nil || len(f.more) != 0 || f.cut {
				t.Fatalf("%s: field %d past the %d used holds %q: %q", when, i, r.fieldsUsed, f.name, f.value)
			}
		}
	}
	// The second input, read after a Reset, starts with a shorter header
	// than the first input's last.
	inputs := [][]byte{mbox(30, 5, 20, 3, 12, 40), mbox(1, 12, 3)}
	r := NewReader(bytes.NewReader(inputs[0]))
	for round, in := range inputs {
		if round > 0 {
			r.Reset(bytes.NewReader(in))
		}
		msgs := 0
		for {
			p, err := r.Next()
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatal(err)
			}
			if p.Message > msgs {
				msgs = p.Message
				check(r, fmt.Sprintf("input %d, message %d", round, msgs))
			}
		}
		if want := bytes.Count(in, []byte("\nFrom: ")); msgs != want {
			t.Fatalf("input %d: %d messages, want %d", round, msgs, want)
		}
	}
}

// TestInlineImageCopies: an HTML part whose inline image is a data: URI
// of 900 KB (phishing mail of 2022-2025 carries such images in 8bit HTML)
// is read with the URI copied once: into the tokenizer's buffer, which
// grows to hold the tag (doubling, and once past half its bound straight
// to the bound: twice the URI's length allocated); the text read is the
// URI where the tokenizer holds it (htmlText.view). Unescaping the value
// into a buffer of its own, copying it into the tokenizer's output and
// that into the body's made the bytes allocated 6.7 times the URI's
// length; 3.7 times without those copies; 2.5 times without a buffer of
// a megabyte grown to one a read larger. The test asks for at most 3,
// and for the URI in the text, whole, in angle brackets.
func TestInlineImageCopies(t *testing.T) {
	uri := "data:image/png;base64," + strings.Repeat("iVBORw0KGgoAAAANSUhEUgAAAlgAAAUKCAIAAAC15Zj5", 900<<10/44)
	msg := []byte("From: a@example.org\nContent-Type: text/html; charset=utf-8\nContent-Transfer-Encoding: 8bit\n\n" +
		"<p>See <a href=\"https://a.example/offer\">the offer</a>.</p>\n<img src=\"" + uri + "\" alt=\"\">\n<p>Bye</p>\n")

	var got bytes.Buffer
	r := NewReader(bytes.NewReader(msg))
	for {
		p, err := r.Next()
		if err != nil {
			break
		}
		if _, err := io.Copy(&got, p.Body); err != nil {
			t.Fatal(err)
		}
	}
	for _, want := range []string{"<https://a.example/offer>", "<" + uri + ">", "Bye"} {
		if !bytes.Contains(got.Bytes(), []byte(want)) {
			t.Errorf("the text lacks %.60q", want)
		}
	}

	buf := make([]byte, 32<<10)
	var src bytes.Reader
	runtime.GC()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	src.Reset(msg)
	r = NewReader(&src)
	for {
		p, err := r.Next()
		if err != nil {
			break
		}
		for {
			if _, err := p.Body.Read(buf); err != nil {
				break
			}
		}
	}
	runtime.ReadMemStats(&after)
	if ratio := float64(after.TotalAlloc-before.TotalAlloc) / float64(len(uri)); ratio > 3 {
		t.Errorf("reading the part allocated %.1f times the data: URI's length, want at most 3", ratio)
	}
}

// TestLongTargetsRead: link targets of htmlViewMin bytes and more, read
// where the tokenizer holds them, give the text that short ones give
// with the long ones in their place: one in a tag, two in one (the second
// copied), one behind an escape (unescaped into a buffer the next value
// reuses: copied), one in a conditional comment (whose tokenizer reads
// on, moving what it holds: copied), one that is
// also a link's text, read in one Read, in reads of 4 KiB and of 7 bytes,
// in 8bit and in quoted-printable.
func TestLongTargetsRead(t *testing.T) {
	long1 := "data:image/png;base64," + strings.Repeat("iVBORw0KGgoAAAANSUhEUg", 70<<10/22)
	long2 := "https://a.example/" + strings.Repeat("p/", 50<<10)
	docs := []string{
		`<p>x</p><img src="L1" alt=""><p>after</p>`,
		`<img src="L1" background="L2"><a href="L2">L2</a> and text`,
		`<img src="L1&amp;x=1" background="https://b.example/?a&amp;b"><p>y</p>`,
		`<!--[if mso]><v:roundrect href="L2"></v:roundrect><p>` + strings.Repeat("word ", 40<<10) + `</p><v:rect href="https://c.example/"></v:rect><![endif]--><p>y</p>`,
		`<table background="L2"><tr><td><a href="L1">see</a></td></tr></table>`,
	}
	read := func(doc, cte string, size int) string {
		body := doc
		if cte == "quoted-printable" {
			body = qpEncode(doc)
		}
		msg := "From: a@example.org\nContent-Type: text/html; charset=utf-8\nContent-Transfer-Encoding: " + cte + "\n\n" + body + "\n"
		r := NewReader(strings.NewReader(msg))
		var out strings.Builder
		buf := make([]byte, size)
		for {
			p, err := r.Next()
			if err != nil {
				break
			}
			if strings.HasPrefix(p.Path, "header:") {
				continue
			}
			for {
				n, err := p.Body.Read(buf)
				out.Write(buf[:n])
				if err != nil {
					break
				}
			}
		}
		return out.String()
	}
	short := strings.NewReplacer("L1", "data:s1", "L2", "https://s2.example/")
	back := strings.NewReplacer("data:s1", long1, "https://s2.example/", long2)
	long := strings.NewReplacer("L1", long1, "L2", long2)
	for i, doc := range docs {
		for _, cte := range []string{"8bit", "quoted-printable"} {
			want := back.Replace(read(short.Replace(doc), cte, 1<<20))
			if !strings.Contains(want, "<"+long1) && !strings.Contains(want, "<"+long2) {
				t.Fatalf("doc %d: the text lacks the long target: %.80q", i, want)
			}
			for _, size := range []int{1 << 20, 4096, 7} {
				if got := read(long.Replace(doc), cte, size); got != want {
					t.Errorf("doc %d, %s, reads of %d: %d bytes, want %d; first difference at %d", i, cte, size, len(got), len(want), firstDiff(got, want))
				}
			}
		}
	}
}

// qpEncode encodes s as quoted-printable (mime/quotedprintable: lines of
// at most 76 characters, soft line breaks).
func qpEncode(s string) string {
	var b strings.Builder
	w := quotedprintable.NewWriter(&b)
	w.Write([]byte(s))
	w.Close()
	return b.String()
}

// TestEncodedMessagesReuse: with ReuseParts, the Reader of a forwarded
// message sent in base64 serves the next one in the same message
// (startChild, spare), as an archive's files are the parts of one: a
// message of 400 such parts allocates a few bytes for each, where a new
// child Reader, its 64 KiB source buffer among its buffers, was made for
// each (about 80 KB a part). The next message lets the spare go: kept
// across a mailbox, it held its buffers for nothing.
func TestEncodedMessagesReuse(t *testing.T) {
	var b bytes.Buffer
	inner := mailgen.Base64Lines("From: b@example.org\nSubject: inner\n\nsee http://inner.example/\n")
	b.WriteString("From: a@example.org\nContent-Type: multipart/mixed; boundary=B\n\n")
	for range 400 {
		fmt.Fprintf(&b, "--B\nContent-Type: message/rfc822\nContent-Transfer-Encoding: base64\n\n%s\n", inner)
	}
	b.WriteString("--B--\n")
	read := resetReading(t)
	read(b.Bytes()) // warm
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	read(b.Bytes())
	runtime.ReadMemStats(&after)
	if per := (after.TotalAlloc - before.TotalAlloc) / 400; per > 16<<10 {
		t.Errorf("%d bytes allocated for each encoded part: a Reader made for each", per)
	}

	two := "From a@example.org Mon Nov  2 09:14:03 1994\nFrom: a@example.org\nContent-Type: message/rfc822\nContent-Transfer-Encoding: base64\n\n" + inner +
		"\n\nFrom b@example.org Mon Nov  2 09:14:04 1994\nFrom: b@example.org\nSubject: two\n\nplain\n"
	r := NewReader(strings.NewReader(two), ReuseParts())
	for {
		p, err := r.Next()
		if err != nil {
			t.Fatalf("no second message: %v", err)
		}
		io.Copy(io.Discard, p.Body)
		if p.Message == 2 {
			break
		}
	}
	if r.spare != nil {
		t.Error("the first message's spare child kept into the second")
	}
}
