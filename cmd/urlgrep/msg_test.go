package main

import (
	"bytes"
	"encoding/binary"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf16"

	"github.com/urlgrep/urlgrep/internal/mailgen"
)

// TestOutlookMessageFile: an Outlook .msg file named on the command line
// is read as the message it holds (mailbox.OutlookMessage); on standard
// input that cannot be read at its offsets (a pipe), it is skipped with a
// note, as a binary file is.
func TestOutlookMessageFile(t *testing.T) {
	text := func(s string) []byte { // UTF-16LE, padded with NULs
		u := utf16.Encode([]rune(s))
		b := make([]byte, 4096)
		for i, c := range u {
			binary.LittleEndian.PutUint16(b[2*i:], c)
		}
		return b
	}
	msg, err := mailgen.CompoundFile([]*mailgen.CFBEntry{
		{Name: "__properties_version1.0", Data: make([]byte, 4096)},
		{Name: "__substg1.0_0037001F", Data: text("Invoice")},
		{Name: "__substg1.0_1000001F", Data: text("Pay at https://pay.example/now today.")},
		{Name: "__attach_version1.0_#00000000", Storage: true, Children: []*mailgen.CFBEntry{
			{Name: "__substg1.0_3707001F", Data: text("invoice.html")},
			{Name: "__substg1.0_37010102", Data: []byte(`<a href="https://phish.example/x">open</a>` + strings.Repeat(" ", 4096))},
		}},
	})
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "invoice.msg")
	if err := os.WriteFile(path, msg, 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errOut bytes.Buffer
	if code := run([]string{"--json", path}, strings.NewReader(""), &out, &errOut); code != 0 {
		t.Fatalf("exit status %d; stderr %q", code, errOut.String())
	}
	for _, want := range []string{`"url":"https://pay.example/now"`, `"url":"https://phish.example/x"`, `"message":1`} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %s:\n%s", want, out.String())
		}
	}
	// Standard input that is a file (a ReaderAt) is read so too; a pipe
	// (no ReaderAt) is not.
	out.Reset()
	errOut.Reset()
	if code := run(nil, bytes.NewReader(msg), &out, &errOut); code != 0 || !strings.Contains(out.String(), "https://phish.example/x") {
		t.Errorf("standard input: exit status %d, output %q, stderr %q", code, out.String(), errOut.String())
	}
	out.Reset()
	errOut.Reset()
	if code := run(nil, onlyReader{bytes.NewReader(msg)}, &out, &errOut); code != 1 || out.Len() > 0 ||
		!strings.Contains(errOut.String(), "an Outlook message is read from a file, not a pipe") {
		t.Errorf("a pipe: exit status %d, output %q, stderr %q", code, out.String(), errOut.String())
	}
}

// onlyReader hides all but Read of a reader: a pipe's.
type onlyReader struct{ r io.Reader }

func (o onlyReader) Read(p []byte) (int, error) { return o.r.Read(p) }
