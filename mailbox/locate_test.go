package mailbox

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/sebdah/goldie/v2"

	"github.com/urlgrep/urlgrep/extract"
	"github.com/urlgrep/urlgrep/internal/mailgen"
)

// parts reads every part of in, its body whole, and the position of each
// decoded byte.
type readPart struct {
	p    *Part
	body []byte
	pos  []Position
}

func readParts(t *testing.T, in string, opts ...Option) []readPart {
	t.Helper()
	r := NewReader(strings.NewReader(in), opts...)
	var out []readPart
	for {
		p, err := r.Next()
		if err == io.EOF {
			return out
		}
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(p.Body)
		rp := readPart{p: p, body: body}
		for i := range body {
			rp.pos = append(rp.pos, p.Locate(int64(i)))
		}
		out = append(out, rp)
	}
}

// TestLocateQP checks Locate on a quoted-printable part with escapes,
// soft line breaks and CRLF: each decoded byte that is not from an escape
// is the input's byte at its position, and line and column agree with
// the offset; an escaped byte points at its "=".
func TestLocateQP(t *testing.T) {
	in := "From a@x Mon Nov  2 09:14:03 1994\nFrom: a@example.org\nSubject: qp\nContent-Transfer-Encoding: quoted-printable\n\n" +
		"see http://qp.example/a/very/lo=\nng/path?x=3D1 and =ZZ stays\r\n" + "caf=C3=A9 http://b.example/=\r\n\n" +
		"last line\n"
	for _, rp := range readParts(t, in) {
		if rp.p.Path != "1" {
			continue
		}
		exact := 0
		for i, pos := range rp.pos {
			line := 1 + strings.Count(in[:pos.Offset], "\n")
			col := int(pos.Offset) - (strings.LastIndexByte(in[:pos.Offset], '\n') + 1) + 1
			if pos.Line != line || pos.Col != col {
				t.Errorf("byte %d %q: position %+v, but offset %d is %d:%d", i, rp.body[i], pos, pos.Offset, line, col)
			}
			if !pos.Exact {
				continue
			}
			exact++
			if c := in[pos.Offset]; c != rp.body[i] && c != '=' {
				t.Errorf("byte %d %q at %+v: the input has %q", i, rp.body[i], pos, c)
			}
		}
		if exact != len(rp.body) {
			t.Errorf("%d of %d bytes exact in %q", exact, len(rp.body), rp.body)
		}
		return
	}
	t.Fatal("no part 1")
}

// TestBase64Footer checks that text after a base64 body, such as a
// mailing list's footer, is read as text.
func TestBase64Footer(t *testing.T) {
	for _, footer := range []string{"\n--\nList footer: http://footer.example/unsub\n", "List footer: http://footer.example/unsub\n"} {
		in := "From: a@example.org\nSubject: b64\nContent-Transfer-Encoding: base64\n\n" +
			"aHR0cDovL2I2NC5leGFtcGxlLwo=\n" + footer
		var body string
		for _, rp := range readParts(t, in) {
			if rp.p.Path == "1" {
				body = string(rp.body)
			}
		}
		if !strings.Contains(body, "http://b64.example/") || !strings.Contains(body, "http://footer.example/unsub") {
			t.Errorf("body %q lacks the base64 text or the footer", body)
		}
	}
}

// TestBase64Damaged: a line of base64 with a few characters outside the
// alphabet in it (an anonymizer's placeholder address written into the
// data) is passed over, and the lines after it decode as written; a
// footer that is a URL alone, or a line of more such characters, is
// still a footer, read as text.
func TestBase64Damaged(t *testing.T) {
	line := func(s string) string { return base64.StdEncoding.EncodeToString([]byte(s)) + "\n" } // 57 bytes: 76 characters, whole groups
	first, lost, last := line(strings.Repeat("a", 45)+" http://first.example/"), line(strings.Repeat("l", 57)), line("see http://after.example/x and more text, 57 bytes long..")
	damaged := lost[:20] + "phishing@pot" + lost[24:]
	for _, c := range []struct {
		name, body string
		want, lack []string
	}{
		{"damaged line", first + damaged + last, []string{"http://first.example/", "http://after.example/x"}, []string{"llll"}},
		{"URL footer", first + "https://lists.example.org/mailman/listinfo/some-list-name\n", []string{"http://first.example/", "https://lists.example.org/mailman/listinfo/some-list-name"}, nil},
		{"footer of symbols", first + "____________________________________________________\n", []string{"http://first.example/", "______"}, nil},
	} {
		in := "From: a@example.org\nSubject: b64\nContent-Transfer-Encoding: base64\n\n" + c.body
		var body string
		for _, rp := range readParts(t, in) {
			if rp.p.Path == "1" {
				body = string(rp.body)
			}
		}
		for _, w := range c.want {
			if !strings.Contains(body, w) {
				t.Errorf("%s: body %q lacks %q", c.name, body, w)
			}
		}
		for _, w := range c.lack {
			if strings.Contains(body, w) {
				t.Errorf("%s: body %q holds %q", c.name, body, w)
			}
		}
	}
}

// TestFlowedQuotes checks that format=flowed keeps quote marks as written
// (RFC 3676 §4.5): ">>From:" stays ">>From:", "> > x" keeps its space.
func TestFlowedQuotes(t *testing.T) {
	in := "From: a@example.org\nSubject: f\nContent-Type: text/plain; format=flowed\n\n>>From: x http://f.example/\n> quoted \n> on\n plain\n"
	for _, rp := range readParts(t, in) {
		if rp.p.Path == "1" {
			if want := ">>From: x http://f.example/\n> quoted on\nplain\n"; string(rp.body) != want {
				t.Errorf("body %q, want %q", rp.body, want)
			}
			return
		}
	}
	t.Fatal("no part 1")
}

// TestFromInBody checks that a body line starting "From " ends the
// message only when it is a separator line (sender and asctime date).
func TestFromInBody(t *testing.T) {
	in := "From a@x Mon Nov  2 09:14:03 1994\nFrom: a@x\nSubject: hi\n\nFrom the notes: http://lost.example/\nSee: http://also-lost.example/\n" +
		"From b@x Tue Nov  3 10:00:00 1994\nFrom: b@x\nSubject: two\n\nsecond http://two.example/\n"
	var bodies []string
	for _, rp := range readParts(t, in) {
		if rp.p.Path == "1" {
			bodies = append(bodies, string(rp.body))
		}
	}
	want := []string{"From the notes: http://lost.example/\nSee: http://also-lost.example/\n", "second http://two.example/\n"}
	if strings.Join(bodies, "|") != strings.Join(want, "|") {
		t.Errorf("bodies %q, want %q", bodies, want)
	}
}

// TestCutPieces checks that a mailbox read in pieces cut where Cut says,
// each with StartAt, gives the parts, bodies and positions one Reader
// gives for the whole, message numbers counted on.
func TestCutPieces(t *testing.T) {
	var gen bytes.Buffer
	if _, err := mailgen.Generate(&gen, 120, 5); err != nil {
		t.Fatal(err)
	}
	testCutPieces(t, gen.String(), func(s string) int { return Messages([]byte(s)) })
}

// TestUndatedNotASCII: an undated "From" line with a byte that is not
// ASCII ("From \xcc", found by FuzzSearch) is a separator where a
// header field follows it, for the Reader as for Cut and Messages. They
// had the line after it; the Reader looked at the line alone, and read
// two messages where a search in pieces, cut there, read three.
func TestUndatedNotASCII(t *testing.T) {
	in := "From a@b.example Mon Nov  2 09:14:03 1994\nFrom: a@b.example\n\nFrom \xcc\nPAth:\n\n" +
		"From c@d.example Mon Nov  2 09:14:04 1994\nSubject: x\n\nFrom \u00e9\nSubject: y\n\nz\n"
	r := NewReader(strings.NewReader(in))
	for {
		if _, err := r.Next(); err == io.EOF {
			break
		} else if err != nil {
			t.Fatal(err)
		}
	}
	if got, want := r.Messages(), Messages([]byte(in)); got != want || want != 4 {
		t.Errorf("the Reader read %d messages, Messages counts %d, want 4", got, want)
	}
	if c, want := Cut([]byte(in)), strings.Index(in, "From \u00e9"); c != want {
		t.Errorf("Cut = %d, want %d", c, want)
	}
}

// TestCutPiecesMMDF is TestCutPieces for the same mailbox as MMDF writes
// it: each message between lines of four ^A, with the "From " line after
// the first (Python's mailbox.MMDF, mutt) or without it. A "From " line
// was a cut point, and the piece after it was then read as an mbox.
func TestCutPiecesMMDF(t *testing.T) {
	var gen bytes.Buffer
	if _, err := mailgen.Generate(&gen, 120, 5); err != nil {
		t.Fatal(err)
	}
	countMMDF := func(s string) int { return Messages([]byte(s)) }
	for _, keepFrom := range []bool{true, false} {
		var b strings.Builder
		for _, m := range splitMbox(gen.String()) {
			if !keepFrom {
				m = m[strings.IndexByte(m, '\n')+1:]
			}
			b.WriteString(mmdfSep + "\n" + m + mmdfSep + "\n")
		}
		data := b.String()
		if got, want := countMMDF(data), len(splitMbox(gen.String())); got != want {
			t.Fatalf("%d MMDF messages, want %d", got, want)
		}
		// Each cut is at a line that opens a message.
		cuts := 0
		for from := 0; from+20000 < len(data); cuts++ {
			c := Cut([]byte(data[from : from+20000]))
			if c <= 0 {
				t.Fatalf("keepFrom %v: no cut in data[%d:%d]", keepFrom, from, from+20000)
			}
			if from += c; !strings.HasPrefix(data[from:], mmdfSep+"\n") || !strings.HasSuffix(data[:from], "\n"+mmdfSep+"\n") {
				t.Fatalf("keepFrom %v: cut at %d, not between a message's closing line and the next's opening one: %q", keepFrom, from, data[from-10:from+10])
			}
		}
		if n := strings.Count(data, mmdfSep+"\n"); countMMDF(data[:len(data)-1]) != n/2 || countMMDF(data[:len(data)-len(mmdfSep)-2]) != n/2 {
			t.Fatalf("Messages: %d, %d, want %d", countMMDF(data[:len(data)-1]), countMMDF(data[:len(data)-len(mmdfSep)-2]), n/2)
		}
		testCutPieces(t, data, countMMDF)
	}
}

// TestCutPiecesNews is TestCutPieces for the same messages in a news
// batch, each after its "#! rnews" line.
func TestCutPiecesNews(t *testing.T) {
	var gen bytes.Buffer
	if _, err := mailgen.Generate(&gen, 120, 5); err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	msgs := splitMbox(gen.String())
	for _, m := range msgs {
		m = m[strings.IndexByte(m, '\n')+1:]
		fmt.Fprintf(&b, "#! rnews %d\n%s", len(m), m)
	}
	data := b.String()
	count := func(s string) int { return Messages([]byte(s)) }
	if got := count(data); got != len(msgs) {
		t.Fatalf("Messages: %d articles, want %d", got, len(msgs))
	}
	for from := 0; from+20000 < len(data); {
		c := Cut([]byte(data[from : from+20000]))
		if c <= 0 {
			t.Fatalf("no cut in data[%d:%d]", from, from+20000)
		}
		if from += c; !strings.HasPrefix(data[from:], rnewsSep) {
			t.Fatalf("cut at %d, not at a \"#! rnews\" line: %q", from, data[from:from+10])
		}
	}
	testCutPieces(t, data, count)
}

// splitMbox returns the messages of an mbox, each with its "From " line.
func splitMbox(s string) []string {
	var msgs []string
	start := 0
	for i := 0; i < len(s); i = strings.IndexByte(s[i:], '\n') + i + 1 {
		if i > 0 && isFromLine([]byte(s[i:])) {
			msgs = append(msgs, s[start:i])
			start = i
		}
		if strings.IndexByte(s[i:], '\n') < 0 {
			break
		}
	}
	return append(msgs, s[start:])
}

// testCutPieces reads data whole, then in pieces cut where Cut says (at
// most 20,000 bytes each), and compares; count counts the messages of a
// prefix of data.
func testCutPieces(t *testing.T, data string, count func(string) int) {
	t.Helper()
	render := func(parts []readPart, base int) []string {
		var out []string
		for _, rp := range parts {
			s := fmt.Sprintf("%d %s %s %q", rp.p.Message+base, rp.p.Path, rp.p.Type, rp.body)
			if len(rp.pos) > 0 {
				s += fmt.Sprintf(" %+v %+v", rp.pos[0], rp.pos[len(rp.pos)-1])
			}
			out = append(out, s)
		}
		return out
	}
	want := render(readParts(t, data), 0)
	var got []string
	line, pieces := 1, 0
	for from := 0; from < len(data); pieces++ {
		to := len(data)
		if from+20000 < len(data) {
			if c := Cut([]byte(data[from : from+20000])); c > 0 {
				to = from + c
			}
		}
		piece := data[from:to]
		got = append(got, render(readParts(t, piece, StartAt(int64(from), line, 0)), count(data[:from]))...)
		line += strings.Count(piece, "\n")
		from = to
	}
	if pieces < 5 {
		t.Fatalf("only %d pieces", pieces)
	}
	if g, w := strings.Join(got, "\n"), strings.Join(want, "\n"); g != w {
		i := 0
		for i < len(g) && i < len(w) && g[i] == w[i] {
			i++
		}
		t.Errorf("pieces differ from the whole at %d:\ngot  %.300s\nwant %.300s", i, g[i:], w[i:])
	}
}

// TestCutIsLast checks that Cut gives the last separator line of its data
// that is preceded by a line break and complete, at every length of a
// generated mbox's first 40 KB (its windows and their edges included),
// and along a message longer than a window.
func TestCutIsLast(t *testing.T) {
	var gen bytes.Buffer
	if _, err := mailgen.Generate(&gen, 60, 9); err != nil {
		t.Fatal(err)
	}
	data := gen.Bytes()[:min(gen.Len(), 40000)]
	// Then a message longer than Cut's windows, and one more.
	data = append(data, "\nFrom a@b.example Mon Jan  1 00:00:00 2001\n\n"...)
	data = append(data, strings.Repeat("a line of a long body, From nobody\n", 1000)...)
	data = append(data, "From c@d.example Mon Jan  1 00:00:01 2001\nSubject: x\n\nbody\n"...)
	want := -1 // the answer for data[:n], kept as n grows
	for n := 0; n <= len(data); n++ {
		// A separator counts once its line's break is in: at n, the one
		// whose line ends at n-1.
		if n > 0 && data[n-1] == '\n' {
			start := bytes.LastIndexByte(data[:n-1], '\n') + 1
			if start > 0 && isFromLine(data[start:n]) {
				want = start
			}
		}
		if n > 40000 && n%101 != 0 && n < len(data)-200 {
			continue // the long message: every length would take long
		}
		if got := Cut(data[:n]); got != want {
			t.Fatalf("Cut(data[:%d]) = %d, want %d", n, got, want)
		}
	}
	if want < 0 {
		t.Fatal("no separator in the data: the test tests nothing")
	}
}

// TestHTMLPositions pins where the URLs of quoted-printable HTML are
// placed (Part.Locate: the start of the encoded line whose text the
// tokenizer was reading when it gave the URL), with tags and anchors
// broken over soft line breaks, as line by line reading places them and
// the runs of lines handed to the tokenizer (htmlSegs) must too.
// Regenerate with GOLDIE_UPDATE=1 and read the diff.
func TestHTMLPositions(t *testing.T) {
	var body strings.Builder
	body.WriteString("<html><head><title>x</title><meta http-equiv=3D\"Content-Type\" content=3D\"text/html; charset=3Diso-8859=\n-1\">\n</head><body>\n")
	for i := range 4 {
		fmt.Fprintf(&body, "<div align=3D\"center\"><thimble atone successor beneficial covenant delphin=\nus pancreas wightman %d avarice gallup fleece=20> <br>\n", i)
		fmt.Fprintf(&body, "<div><a href=3D\"http://a%d.example/?64\"><img src=3D=\n\"http://b%d.example/img/%d.jpg\" border=3D\"1\"></a> <br>\n", i, i, i)
		fmt.Fprintf(&body, "<p>caf=E9 http://c%d.example/p and=\n http://d%d.example/q</p>\n\n", i, i)
	}
	body.WriteString("</body></html>\n")
	in := "From a@b.example Mon Nov  2 09:14:03 1994\nSubject: x\nContent-Type: text/html; charset=iso-8859-1\n" +
		"Content-Transfer-Encoding: quoted-printable\n\n" + body.String()
	var out strings.Builder
	for _, bulk := range []bool{true, false} {
		for _, rp := range readParts(t, in, func(r *Reader) { r.noBulk = !bulk }) {
			if rp.p.Type != "text/html" {
				continue
			}
			s := extract.NewScanner(bytes.NewReader(rp.body))
			for s.Scan() {
				if m := s.Match(); m != nil {
					pos := rp.pos[m.Offset]
					fmt.Fprintf(&out, "bulk=%v %s line %d col %d offset %d exact %v\n", bulk, m.URL, pos.Line, pos.Col, pos.Offset, pos.Exact)
				}
			}
		}
	}
	if n := strings.Count(out.String(), "bulk=true"); n < 16 {
		t.Fatalf("only %d URLs found:\n%s", n, out.String())
	}
	goldie.New(t, goldie.WithFixtureDir("../testdata/golden/mailbox")).Assert(t, "html-positions", []byte(out.String()))
}

// TestCutBase64: Cut finds the last separator among lines of base64 (an
// attachment: no space in 8 KiB windows, which it passes at once), at
// every place around its windows' edges, and none where there is none.
func TestCutBase64(t *testing.T) {
	line := strings.Repeat("QUJDREVGR0hJSktMTU5PUFFSU1RVVldYWVo", 3)[:76] + "\n"
	sep := "From a@b.example Mon Jan  1 00:00:00 2001\n"
	body := strings.Repeat(line, 400) // 30,800 bytes
	for at := 0; at <= len(body); at += len(line) {
		for _, extra := range []string{"", "x", "From nobody here\n"} {
			data := []byte(sep + "\n" + body[:at] + sep + extra + body[at:])
			want := len(sep) + 1 + at
			if got := Cut(data); got != want {
				t.Fatalf("separator after %d bytes of base64 (then %q): Cut = %d, want %d", at, extra, got, want)
			}
		}
	}
	// A separator's line break at each place of a window, its "From "
	// in the next: a tail of each length after it moves the windows.
	for at := 0; at <= len(body); at += len(line) {
		for pad := range len(line) + 1 {
			data := []byte(sep + "\n" + body[:at] + sep + body[at:] + strings.Repeat("A", pad))
			if got, want := Cut(data), len(sep)+1+at; got != want {
				t.Fatalf("separator after %d bytes of base64, %d after the last line: Cut = %d, want %d", at, pad, got, want)
			}
		}
	}
	if got := Cut([]byte(sep + "\n" + body)); got != -1 {
		t.Fatalf("base64 alone after the first separator: Cut = %d, want -1", got)
	}
}

// TestCutFor checks that a mailbox is cut at its own kind of separator
// only, as the Reader reads it, and a single message not at all: a
// "From " line in a single message's body, an MMDF message's or a news
// article's is text (FuzzSearch found a single message cut at
// "From \nPath:", then read as two); a Babyl file is not cut.
func TestCutFor(t *testing.T) {
	const from = "From a@example.org Mon Nov  2 09:14:03 1994\n"
	body := "Subject: x\n\ntext\n\n" + from + "more\n"
	mmdf := mmdfSep + "\nSubject: a\n\n" + body + mmdfSep + "\n"
	news := "#! rnews 40\nPath: a\nSubject: a\n\n" + body
	for _, tt := range []struct {
		name, in string
		want     int // the cut, -1 for none; -2 for no cutter at all
	}{
		{"mbox", from + body, len(from) + len("Subject: x\n\ntext\n\n")},
		{"single message", body, -2},
		{"single message, undated From", "From:\n\nFrom \nPath:\n", -2},
		{"MMDF, From in a body", mmdf, -1},
		{"MMDF, the next message", mmdf + mmdf, len(mmdf)},
		{"news, From in an article", news, -1},
		{"news, the next article", news + news, len(news)},
		// A Babyl file is read whole by one Reader: a "From " line in a
		// message's body is text.
		{"Babyl", "BABYL OPTIONS:\n\x1f\x0c\n1,,\n" + body + "\x1f", -2},
	} {
		c := CutFor([]byte(tt.in))
		got := -2
		if c != nil {
			got = c([]byte(tt.in))
		}
		if got != tt.want {
			t.Errorf("%s: CutFor(...)(...) = %d, want %d", tt.name, got, tt.want)
		}
	}
}
