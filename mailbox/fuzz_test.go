package mailbox

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"
)

// FuzzReader checks that the reader never panics, never hangs, holds its
// output in proportion to its input, never returns an error from a Body,
// reads the same parts, text, positions and problems in bulk as line by
// line, and never loses a message boundary: the fuzz input, split at NUL
// bytes into k bodies joined into an mboxrd mbox (each body given a first
// header line "Subject: msg-<i>."), reads as exactly k messages, in
// order.
func FuzzReader(f *testing.F) {
	for _, tt := range readerTests {
		if len(tt.in) <= 16<<10 {
			f.Add([]byte(tt.in))
		}
	}
	f.Add([]byte("body one\x00From the top\n>From quoted\n\nFrom x Mon Jan  2 15:04:05 2006\x00\x00Content-Type: multipart/mixed; boundary=b\n\n--b\n"))
	f.Add([]byte("Content-Type: text/plain; format=flowed; delsp=yes\n\n> a \n>> b \nFrom c\x00Content-Type: text/html\n\n<a href=x>x</a><script>"))
	f.Add([]byte("\r\r\nSubject: x\n"))
	if b, err := os.ReadFile("../testdata/sample/mailbox.mbox"); err == nil {
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		// A hang is a crash, with the input that caused it.
		watchdog := time.AfterFunc(30*time.Second, func() {
			panic(fmt.Sprintf("FuzzReader: no result after 30s on %q", data))
		})
		defer watchdog.Stop()

		Sniff(data)
		checkBounded(t, data)
		if len(data) <= 8<<10 {
			lines := describeParts(t, data, func(r *Reader) { r.noBulk = true })
			if bulk := describeParts(t, data); bulk != lines {
				i := firstDiff(bulk, lines)
				t.Fatalf("bulk reading differs from line reading at byte %d:\nbulk  %.200q\nlines %.200q", i, bulk[i:], lines[i:])
			}
		}

		bodies := bytes.Split(data, []byte{0})
		if len(bodies) > 32 {
			bodies = bodies[:32]
		}
		var mbox strings.Builder
		for i, b := range bodies {
			m := "Subject: msg-" + strconv.Itoa(i+1) + ".\n" + string(b)
			if !strings.HasSuffix(m, "\n") {
				m += "\n"
			}
			mbox.WriteString(fromLine + mboxrdQuote(m) + "\n")
		}
		for _, readBodies := range []bool{true, false} {
			subjects := messageSubjects(t, mbox.String(), readBodies)
			if len(subjects) != len(bodies) {
				t.Fatalf("read %d messages, want %d (bodies read: %v)", len(subjects), len(bodies), readBodies)
			}
			for i, s := range subjects {
				if want := "msg-" + strconv.Itoa(i+1) + "."; !strings.HasPrefix(s, want) {
					t.Fatalf("message %d has Subject %q, want %q... (bodies read: %v)", i+1, s, want, readBodies)
				}
			}
		}
	})
}

// checkBounded reads every part of data and checks that the parts and the
// text they hold are within a constant factor of the input: each byte in
// becomes at most a few bytes out (a charset's character, an HTML tag's
// line break, a quote mark's space).
func checkBounded(t *testing.T, data []byte) {
	t.Helper()
	r := NewReader(bytes.NewReader(data))
	parts, total := 0, int64(0)
	for {
		p, err := r.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("Next: %v", err)
		}
		parts++
		if parts > len(data)+1 {
			t.Fatalf("more than %d parts from %d bytes", parts, len(data))
		}
		n, err := io.Copy(io.Discard, p.Body)
		if err != nil {
			t.Fatalf("part %d/%s: Body: %v", p.Message, p.Path, err)
		}
		total += n
		if total > 16*int64(len(data))+1024 {
			t.Fatalf("%d bytes of text from %d bytes", total, len(data))
		}
	}
}

// messageSubjects returns, for each message the reader reports, the value
// of its first Subject part; reading each part's Body, or not.
func messageSubjects(t *testing.T, mbox string, readBodies bool) []string {
	t.Helper()
	r := NewReader(strings.NewReader(mbox))
	var subjects []string
	for {
		p, err := r.Next()
		if err == io.EOF {
			return subjects
		}
		if err != nil {
			t.Fatalf("Next: %v", err)
		}
		if p.Message < len(subjects) || p.Message > len(subjects)+1 {
			t.Fatalf("part of message %d after message %d", p.Message, len(subjects))
		}
		if p.Message == len(subjects)+1 {
			if p.Path != "header:Subject" {
				t.Fatalf("message %d starts with part %s, want header:Subject", p.Message, p.Path)
			}
			b, _ := io.ReadAll(p.Body)
			subjects = append(subjects, string(b))
			continue
		}
		if readBodies {
			if _, err := io.Copy(io.Discard, p.Body); err != nil {
				t.Fatalf("part %d/%s: Body: %v", p.Message, p.Path, err)
			}
		}
	}
}
