package mailbox

import (
	"bytes"
	"encoding/binary"
	"io"
	"reflect"
	"sort"
	"strings"
	"testing"
	"time"
	"unicode/utf16"

	"github.com/urlgrep/urlgrep/internal/mailgen"
)

// utf16le encodes s as UTF-16LE, padded with NULs (a string property's
// terminator, trimmed by the reader) to at least 4096 bytes.
func utf16le(s string) []byte {
	u := utf16.Encode([]rune(s))
	b := make([]byte, max(4096, 2*len(u)+2))
	for i, c := range u {
		binary.LittleEndian.PutUint16(b[2*i:], c)
	}
	return b
}

// padded is s, padded with spaces to at least 4096 bytes.
func padded(s string) []byte { return []byte(s + strings.Repeat(" ", max(0, 4096-len(s)))) }

// props is a fixed-length property stream ([MS-OXMSG] §2.4) with its
// header of head bytes and PR_INTERNET_CPID, padded.
func props(head int, cpid uint32) []byte {
	b := make([]byte, 4096)
	binary.LittleEndian.PutUint32(b[head:], propInternetCPID<<16|typeLong)
	binary.LittleEndian.PutUint32(b[head+8:], cpid)
	return b
}

func stream(name string, data []byte) *mailgen.CFBEntry {
	return &mailgen.CFBEntry{Name: name, Data: data}
}

// cfb is mailgen.CompoundFile, failing the test on its error.
func cfb(t *testing.T, entries []*mailgen.CFBEntry) []byte {
	t.Helper()
	b, err := mailgen.CompoundFile(entries)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestOutlookMessage reads a .msg file built here as Outlook lays one
// out: its transport headers, its body as UTF-16 text and as HTML in its
// code page (one multipart/alternative group: a link in both is one), an
// HTML attachment sent as application/octet-stream, an image attachment,
// and an attached message with a body of its own.
func TestOutlookMessage(t *testing.T) {
	file := cfb(t, []*mailgen.CFBEntry{
		stream("__properties_version1.0", props(32, 1252)),
		stream("__substg1.0_0037001F", utf16le("Your invoice")),
		stream("__substg1.0_007D001F", utf16le("Received: from mx.example.org\r\nMessage-ID: <1@example.org>\r\nList-Unsubscribe: <https://list.example/u>\r\nMIME-Version: 1.0\r\nContent-Type: multipart/alternative;\r\n\tboundary=\"orig\"\r\nSubject: Your invoice\r\n\r\n")),
		stream("__substg1.0_1000001F", utf16le("Pay at http://text.example/pay now.")),
		stream("__substg1.0_10130102", padded("<p>Caf\xe9 <a href=\"http://html.example/pay\">pay</a></p>")),
		{Name: "__attach_version1.0_#00000000", Storage: true, Children: []*mailgen.CFBEntry{
			stream("__substg1.0_3707001F", utf16le("statement.htm")),
			stream("__substg1.0_370E001F", utf16le("application/octet-stream")),
			stream("__substg1.0_37010102", padded(`<a href="https://phish.example/login">Sign in</a>`)),
		}},
		{Name: "__attach_version1.0_#00000001", Storage: true, Children: []*mailgen.CFBEntry{
			stream("__substg1.0_3707001F", utf16le("logo.png")),
			stream("__substg1.0_37010102", append([]byte("\x89PNG\r\n\x1a\n http://hidden.example/"), make([]byte, 4096)...)),
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
		"1.2 text/html group=1: Café \n<http://html.example/pay>\n\npay",
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
	doc := cfb(t, []*mailgen.CFBEntry{stream("WordDocument", padded("text"))})
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
	f.Fuzz(func(t *testing.T, data []byte) {
		mr, err := OutlookMessage(bytes.NewReader(data))
		if err != nil {
			return
		}
		defer mr.Close()
		done := make(chan struct{})
		go func() {
			defer close(done)
			r := NewReader(io.LimitReader(mr, 8<<20))
			for {
				p, err := r.Next()
				if err != nil {
					return
				}
				io.Copy(io.Discard, p.Body)
			}
		}()
		select {
		case <-done:
		case <-time.After(20 * time.Second):
			t.Fatalf("no end after 20s on %d bytes", len(data))
		}
	})
}
