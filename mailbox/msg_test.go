package mailbox

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"io"
	"reflect"
	"sort"
	"strings"
	"testing"
	"time"
	"unicode/utf16"

	"github.com/urlgrep/urlgrep/internal/mailgen"
)

// minStream is the least length utf16le, padded and props make a stream:
// 4096, the mini stream's cutoff, puts every stream in regular sectors;
// 0 puts the short ones in the mini stream, as Outlook's are.
var minStream = 4096

// utf16le encodes s as UTF-16LE, with a NUL (a string property's
// terminator, trimmed by the reader) and more to minStream bytes.
func utf16le(s string) []byte {
	u := utf16.Encode([]rune(s))
	b := make([]byte, max(minStream, 2*len(u)+2))
	for i, c := range u {
		binary.LittleEndian.PutUint16(b[2*i:], c)
	}
	return b
}

// padded is s, padded with spaces to minStream bytes.
func padded(s string) []byte { return []byte(s + strings.Repeat(" ", max(0, minStream-len(s)))) }

// props is a fixed-length property stream ([MS-OXMSG] §2.4) with its
// header of head bytes and PR_INTERNET_CPID, padded.
func props(head int, cpid uint32) []byte {
	b := make([]byte, max(minStream, head+16))
	binary.LittleEndian.PutUint32(b[head:], propInternetCPID<<16|typeLong)
	binary.LittleEndian.PutUint32(b[head+8:], cpid)
	return b
}

func stream(name string, data []byte) *mailgen.CFBEntry {
	return &mailgen.CFBEntry{Name: name, Data: data}
}

// buildCFB is mailgen.CompoundFile, failing the test on its error.
func buildCFB(t *testing.T, entries []*mailgen.CFBEntry) []byte {
	t.Helper()
	b, err := mailgen.CompoundFile(entries)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestOutlookMessage reads a .msg file built here as Outlook lays one
// out: its transport headers, its body as UTF-16 text, as rich text (its
// text read, not Word's XML namespace) and as HTML in its code page (one
// multipart/alternative group: a link in each is one), an
// HTML attachment sent as application/octet-stream, an image attachment,
// and an attached message with a body of its own.
func TestOutlookMessage(t *testing.T) {
	defer func(n int) { minStream = n }(minStream)
	for _, n := range []int{4096, 0} {
		minStream = n
		t.Run(fmt.Sprintf("streams of %d bytes or more", n), testOutlookMessage)
	}
}

func testOutlookMessage(t *testing.T) {
	file := buildCFB(t, []*mailgen.CFBEntry{
		stream("__properties_version1.0", props(32, 1252)),
		stream("__substg1.0_0037001F", utf16le("Your invoice")),
		stream("__substg1.0_007D001F", utf16le("Received: from mx.example.org\r\nMessage-ID: <1@example.org>\r\nList-Unsubscribe: <https://list.example/u>\r\nMIME-Version: 1.0\r\nContent-Type: multipart/alternative;\r\n\tboundary=\"orig\"\r\nSubject: Your invoice\r\n\r\n")),
		stream("__substg1.0_1000001F", utf16le("Pay at http://text.example/pay now.")),
		stream("__substg1.0_10090102", padded(string(mailgen.UncompressedRTF(`{\rtf1{\*\xmlnstbl {\xmlns1 http://schemas.microsoft.com/office/word/2003/wordml}}Pay {\field{\*\fldinst HYPERLINK "http://rtf.example/pay"}{\fldrslt here}}}`)))),
		stream("__substg1.0_10130102", padded("<p>Caf\xe9 <a href=\"http://html.example/pay\">pay</a></p>")),
		{Name: "__attach_version1.0_#00000000", Storage: true, Children: []*mailgen.CFBEntry{
			stream("__substg1.0_3707001F", utf16le("statement.htm")),
			stream("__substg1.0_370E001F", utf16le("application/octet-stream")),
			stream("__substg1.0_37010102", padded(`<a href="https://phish.example/login">Sign in</a>`)),
		}},
		{Name: "__attach_version1.0_#00000001", Storage: true, Children: []*mailgen.CFBEntry{
			stream("__substg1.0_3707001F", utf16le("logo.png")),
			stream("__substg1.0_37010102", append([]byte("\x89PNG\r\n\x1a\n http://hidden.example/"), make([]byte, minStream)...)),
		}},
		{Name: "__attach_version1.0_#00000002", Storage: true, Children: []*mailgen.CFBEntry{
			{Name: "__substg1.0_3701000D", Storage: true, Children: []*mailgen.CFBEntry{
				stream("__properties_version1.0", props(24, 65001)),
				stream("__substg1.0_1000001F", utf16le("Forwarded: https://fwd.example/a")),
			}},
		}},
	})
	mr, err := OutlookMessage(bytes.NewReader(file))
	if err != nil {
		t.Fatal(err)
	}
	defer mr.Close()
	parts, _ := readAll(t, mr)
	var bodies []string
	for _, p := range parts {
		if p.MessageID != "1@example.org" {
			t.Errorf("part %s: Message-ID %q, want the transport headers' 1@example.org", p.Path, p.MessageID)
		}
		text := strings.TrimRight(strings.TrimSpace(p.Body), "\x00") // the padding of CompoundFile's streams
		if text != "" {
			bodies = append(bodies, p.Path+" "+p.Type+" group="+p.Group+": "+text)
		}
	}
	sort.Strings(bodies) // the order is the compound file's
	want := []string{
		"1.1 text/plain group=1: Pay at http://text.example/pay now.",
		`1.2 text/plain group=1: Pay HYPERLINK "http://rtf.example/pay"here`,
		"1.3 text/html group=1: Café \n<http://html.example/pay>\n\npay",
		"2 application/octet-stream group=: <https://phish.example/login>\n\nSign in",
		"4 text/plain group=: Forwarded: https://fwd.example/a",
		"header:List-Unsubscribe text/plain group=: <https://list.example/u>",
		"header:Subject text/plain group=: Your invoice",
	}
	if !reflect.DeepEqual(bodies, want) {
		for i := range bodies {
			bodies[i] = bodies[i][:min(len(bodies[i]), 200)]
		}
		t.Errorf("parts:\n%q\nwant\n%q", bodies, want)
	}
}

// TestOutlookMessageNotOne: a compound file that holds no message (a
// Word document's), and bytes that are none, are errors.
func TestOutlookMessageNotOne(t *testing.T) {
	doc := buildCFB(t, []*mailgen.CFBEntry{stream("WordDocument", padded("text"))})
	if !IsOutlookMessage(doc) {
		t.Fatal("IsOutlookMessage: false for a compound file")
	}
	if _, err := OutlookMessage(bytes.NewReader(doc)); err == nil {
		t.Error("OutlookMessage of a Word document: no error")
	}
	if _, err := OutlookMessage(strings.NewReader("From: a@example.org\n\nbody\n")); err == nil {
		t.Error("OutlookMessage of a message's text: no error")
	}
}

// FuzzOutlookMessage: whatever a compound file holds, OutlookMessage
// answers (an error, or a message the Reader reads to its end) without
// a panic or a hang.
func FuzzOutlookMessage(f *testing.F) {
	defer func(n int) { minStream = n }(minStream)
	for _, n := range []int{4096, 0} { // in regular sectors, in the mini stream
		minStream = n
		seed, err := mailgen.CompoundFile([]*mailgen.CFBEntry{
			stream("__properties_version1.0", props(32, 1252)),
			stream("__substg1.0_1000001F", utf16le("see http://a.example/")),
			{Name: "__attach_version1.0_#00000000", Storage: true, Children: []*mailgen.CFBEntry{
				stream("__substg1.0_3707001F", utf16le("a.htm")),
				stream("__substg1.0_37010102", padded(`<a href="http://b.example/">b</a>`)),
			}},
		})
		if err != nil {
			f.Fatal(err)
		}
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		mr, err := OutlookMessage(bytes.NewReader(data))
		if err != nil {
			return
		}
		defer mr.Close()
		within(t, 20*time.Second, len(data), func() { readToEnd(io.LimitReader(mr, 8<<20)) })
	})
}

// TestOutlookMessageLoop: a stream whose chain loops back on itself, and
// that says it is a gigabyte long, gives no more than the file holds (its
// streams' budget) and an end, not a read without end.
func TestOutlookMessageLoop(t *testing.T) {
	defer func(n int) { minStream = n }(minStream)
	minStream = 4096
	file := buildCFB(t, []*mailgen.CFBEntry{
		stream("__properties_version1.0", props(32, 1252)),
		stream("__substg1.0_1000001F", utf16le("see http://a.example/")),
	})
	// Its streams come first, the body's (the shorter name) in sectors 0
	// to 7: the FAT entry of its last sector is made to point to its
	// first, and its size to a gigabyte.
	fatAt := (int64(binary.LittleEndian.Uint32(file[0x4C:])) + 1) * 512
	binary.LittleEndian.PutUint32(file[fatAt+4*7:], 0)
	dirAt := (int64(binary.LittleEndian.Uint32(file[0x30:])) + 1) * 512
	patched := false
	for i := int64(0); i < 4; i++ {
		e := file[dirAt+128*i : dirAt+128*i+128]
		if binary.LittleEndian.Uint32(e[0x74:]) == 0 && e[0x42] == 2 {
			binary.LittleEndian.PutUint64(e[0x78:], 1<<30)
			patched = true
		}
	}
	if !patched {
		t.Fatal("no stream starts at sector 0: the layout changed")
	}
	mr, err := OutlookMessage(bytes.NewReader(file))
	if err != nil {
		return // refused: fine
	}
	defer mr.Close()
	n, _ := io.Copy(io.Discard, mr)
	if n > 4*int64(len(file)) {
		t.Errorf("%d bytes rendered from a file of %d", n, len(file))
	}
}
