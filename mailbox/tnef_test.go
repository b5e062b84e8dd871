package mailbox

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"io"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/urlgrep/urlgrep/internal/mailgen"
)

// le32 is v as four little-endian bytes: a fixed-size property's value.
func le32(v uint32) []byte { return binary.LittleEndian.AppendUint32(nil, v) }

// winmail is a TNEF stream as Outlook writes one: its code page and
// subject, its bodies (text, HTML and rich text) among properties of
// other kinds (named, multi-valued, fixed-size), an HTML page attached
// with its title after its data (as Outlook writes it), a text file, an
// image, a PDF with no name, and an attached message, itself a TNEF
// stream, of which inner is the body.
func winmail(inner string) []byte {
	nested := mailgen.TNEF([]mailgen.TNEFAttr{
		{Level: 1, ID: attMAPIProps, Props: []mailgen.TNEFProp{
			{ID: propBody, Type: typeString8, Values: [][]byte{[]byte(inner + "\x00")}},
		}},
	})
	iid := []byte("\x07\x03\x02\x00\x00\x00\x00\x00\xc0\x00\x00\x00\x00\x00\x00\x46") // IID_IMessage
	return mailgen.TNEF([]mailgen.TNEFAttr{
		{Level: 1, ID: 0x00089006, Data: le32(0x00010000)}, // attTnefVersion
		{Level: 1, ID: attOemCodepage, Data: append(le32(1252), le32(437)...)},
		{Level: 1, ID: attSubject, Data: []byte("Quarterly report\x00")},
		{Level: 1, ID: attMAPIProps, Props: []mailgen.TNEFProp{
			{ID: 0x8005, Type: typeLong, Named: true, Name: "x-custom", Values: [][]byte{le32(7)}},
			{ID: 0x8006, Type: typeLong, Values: [][]byte{le32(8)}},
			{ID: 0x3A00, Type: typeUnicode | typeMultiple, Values: [][]byte{mailgen.UTF16("one"), mailgen.UTF16("two http://not-a-body.example/")}},
			{ID: 0x0E07, Type: 0x000B, Values: [][]byte{le32(1)}},                           // a boolean
			{ID: 0x0E06, Type: 0x0040, Values: [][]byte{make([]byte, 8)}},                   // a time
			{ID: 0x0FFF, Type: 0x0048, Values: [][]byte{make([]byte, 16)}},                  // a GUID
			{ID: 0x3FF9, Type: typeLong | typeMultiple, Values: [][]byte{le32(1), le32(2)}}, // longs
			{ID: propBody, Type: typeString8, Values: [][]byte{[]byte("Caf\xe9: see http://text.example/report\r\n\x00")}},
			{ID: propHTML, Type: typeBinary, Values: [][]byte{[]byte(`<p><a href="http://html.example/r?a=1&amp;b=2">the report</a></p>`)}},
			{ID: propRTFCompressed, Type: typeBinary, Values: [][]byte{mailgen.UncompressedRTF(`{\rtf1\ansi {\field{\*\fldinst HYPERLINK "http://rtf.example/link"}{\fldrslt here}}}`)}},
		}},
		{Level: 2, ID: attAttachRendData, Data: make([]byte, 14)},
		{Level: 2, ID: attAttachData, Data: []byte(`<html><body><a href="http://attached.example/page">page</a></body></html>`)},
		{Level: 2, ID: attAttachTitle, Data: []byte("page.htm\x00")},
		{Level: 2, ID: attAttachment, Props: []mailgen.TNEFProp{
			{ID: propAttachLong, Type: typeUnicode, Values: [][]byte{mailgen.UTF16("page.htm")}},
		}},
		{Level: 2, ID: attAttachRendData, Data: make([]byte, 14)},
		{Level: 2, ID: attAttachTitle, Data: []byte("notes.txt\x00")},
		{Level: 2, ID: attAttachData, Data: []byte("notes: http://notes.example/x\r\n")},
		{Level: 2, ID: attAttachRendData, Data: make([]byte, 14)},
		{Level: 2, ID: attAttachData, Data: []byte("\x89PNG\r\n\x1a\n\x00\x00 http://hidden.example/")},
		{Level: 2, ID: attAttachRendData, Data: make([]byte, 14)},
		{Level: 2, ID: attAttachData, Data: []byte("%PDF-1.4\n<< /A << /S /URI /URI (http://pdf.example/) >> >>\n")},
		{Level: 2, ID: attAttachRendData, Data: make([]byte, 14)},
		{Level: 2, ID: attAttachment, Props: []mailgen.TNEFProp{
			{ID: propAttachMethod, Type: typeLong, Values: [][]byte{le32(attachEmbedded)}},
			{ID: propAttachData, Type: typeObject, Values: [][]byte{append(iid, nested...)}},
		}},
	})
}

// tnefMail is a mail whose second part is the TNEF stream data, of type
// ctype, named name, in base64.
func tnefMail(ctype, name string, data []byte) string {
	return "From: a@example.org\nMessage-ID: <t@example.org>\nContent-Type: multipart/mixed; boundary=b\n\n--b\nContent-Type: text/plain\n\nthe plain text\n" +
		"--b\nContent-Type: " + ctype + "; name=\"" + name + "\"\nContent-Transfer-Encoding: base64\n\n" +
		mailgen.Base64Lines(string(data)) + "\n--b--\n"
}

// TestTNEF: an ms-tnef attachment (winmail.dat) is read as the message it
// holds: its bodies as one alternative group (the rich text as its text,
// its HYPERLINK field's URL in it; a string's terminating NUL kept), its
// text attachments by their type or first bytes, a PDF with no name by
// its first bytes (read for its links), not its image, and its attached
// message; not the values of its other properties. A part that is not
// TNEF, whatever its name, is skipped as any binary part.
func TestTNEF(t *testing.T) {
	for _, c := range []struct{ ctype, name string }{
		{"application/ms-tnef", "winmail.dat"},
		{"application/vnd.ms-tnef", "x.dat"},
		{"application/octet-stream", "WINMAIL.DAT"},
	} {
		parts, probs := readAll(t, strings.NewReader(tnefMail(c.ctype, c.name, winmail("inner http://inner.example/ body"))))
		var bodies []string
		for _, p := range parts {
			if p.MessageID != "t@example.org" {
				t.Errorf("%s: part %s: Message-ID %q", c.ctype, p.Path, p.MessageID)
			}
			bodies = append(bodies, fmt.Sprintf("%s %s group=%s: %s", p.Path, p.Type, p.Group, strings.TrimSpace(strings.TrimRight(strings.ReplaceAll(p.Body, "\r\n", "\n"), "\x00"))))
		}
		want := []string{
			"1 text/plain group=: the plain text",
			"2.header:Subject text/plain group=: Quarterly report",
			"2.1.1 text/plain group=2.1: Café: see http://text.example/report",
			"2.1.2 text/html group=2.1: <http://html.example/r?a=1&b=2>\n\nthe report",
			`2.1.3 text/plain group=2.1: HYPERLINK "http://rtf.example/link"here`,
			"2.2 text/html group=: <http://attached.example/page>\n\npage",
			"2.3 application/octet-stream group=: notes: http://notes.example/x",
			"2.5.1 text/plain group=: http://pdf.example/",
			"2.6.1.1 text/plain group=2.6.1: inner http://inner.example/ body",
		}
		if !reflect.DeepEqual(bodies, want) {
			t.Errorf("%s: parts:\n%q\nwant\n%q", c.ctype, bodies, want)
		}
		if len(probs) > 0 {
			t.Errorf("%s: problems %v", c.ctype, probs)
		}
	}
	// Named winmail.dat, but no TNEF stream: skipped.
	parts, _ := readAll(t, strings.NewReader(tnefMail("application/ms-tnef", "winmail.dat", []byte("\x00\x01binary http://no.example/"))))
	if len(parts) != 1 {
		t.Errorf("a part that is no TNEF stream: %d parts, want the text's", len(parts))
	}
}

// TestTNEFCut: a stream cut anywhere gives a message that ends there,
// each part with what of its value came, and no value past the cut.
func TestTNEFCut(t *testing.T) {
	full := winmail("inner http://inner.example/ body")
	for n := 0; n <= len(full); n++ {
		out, err := io.ReadAll(TNEFMessage(bytes.NewReader(full[:n])))
		if err != nil {
			t.Fatalf("cut at %d: %v", n, err)
		}
		if !bytes.HasSuffix(out, []byte("--"+tnefBoundary+"--\r\n")) {
			t.Fatalf("cut at %d: no closing delimiter: %q", n, out[max(0, len(out)-80):])
		}
		parts, _ := readAll(t, bytes.NewReader(out))
		for _, p := range parts {
			if strings.Contains(p.Body, "hidden.example") || strings.Contains(p.Body, "not-a-body") {
				t.Fatalf("cut at %d: part %s holds %q", n, p.Path, p.Body)
			}
		}
	}
}

// FuzzTNEF: whatever a TNEF stream holds, its rendering ends, bounded by
// the stream's size and the depth of its attached messages, and a
// Reader reads it to its end.
func FuzzTNEF(f *testing.F) {
	f.Add(winmail("see http://a.example/"))
	f.Add(mailgen.TNEF([]mailgen.TNEFAttr{{Level: 1, ID: attBody, Data: []byte("http://b.example/")}}))
	f.Fuzz(func(t *testing.T, data []byte) {
		within(t, 20*time.Second, len(data), func() {
			out, err := io.ReadAll(io.LimitReader(TNEFMessage(bytes.NewReader(data)), 64<<20))
			if err != nil {
				t.Errorf("TNEFMessage: %v", err)
				return
			}
			// Compressed rich text makes at most 136 bytes of 17 (a
			// control byte and eight references of 17 bytes each), its
			// text three bytes of one (a code page's byte as UTF-8),
			// base64 4 of 3 with a line break each 76; each part adds
			// its header.
			if bound := 33*len(data) + 4096; len(out) > bound {
				t.Errorf("%d bytes out of %d in, more than %d", len(out), len(data), bound)
			}
			readToEnd(bytes.NewReader(out))
		})
	})
}

// within runs f, and fails the test when it takes longer than d (on an
// input of n bytes): a hang.
func within(t *testing.T, d time.Duration, n int, f func()) {
	t.Helper()
	done := make(chan struct{})
	go func() {
		defer close(done)
		f()
	}()
	select {
	case <-done:
	case <-time.After(d):
		t.Fatalf("no end after %v on %d bytes", d, n)
	}
}

// readToEnd reads every part of the mail in r to its end.
func readToEnd(r io.Reader) {
	mr := NewReader(r)
	for {
		p, err := mr.Next()
		if err != nil {
			return
		}
		io.Copy(io.Discard, p.Body)
	}
}
