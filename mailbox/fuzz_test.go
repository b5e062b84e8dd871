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
	f.Add([]byte(elideSeed))
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

		if len(data) <= 16<<10 {
			checkElideLong(t, data)
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

// elideSeed is an HTML part in quoted-printable whose soft line breaks
// cut a data: URI into lines, each a read of the tokenizer's: with
// FuzzReader's short runs, ElideLong passes over parts of it.
var elideSeed = "Content-Type: text/html\nContent-Transfer-Encoding: quoted-printable\n\n<p>x <img src=3D\"data:image/png;base64,iVBORw0KGgoAAAANS=\nUhEUgAAAlgAAAUKCAIAAAC15Zj5iVBORw0KGgoAAAANSUhEUgAAAlgAAAUKCAIAAAC15Zj5=\niVBORw0KGgoAAAANSUhEUgAAAlgAAAUKCAIAAAC15Zj5iVBORw0KGgoAAAANSUhEUgAAAl=\ngAAAUKCAIAAAC15Zj5\" alt=3Dx> <a href=3D\"http://a.example/?q=3DiVBORw0KGgoAAAAN=\nSUhEUgAAAlgAAAUKCAIAAAC15Zj5iVBORw0KGgoAAAANSUhEUgAAAlgAAAUKCAIAAAC15Zj5=\n\">a</a> <style>p{background:url(data:x;base64,iVBORw0KGgoAAAANSUhEUgA=\nAAlgAAAUKCAIAAAC15Zj5iVBORw0KGgoAAAANSUhEUgAAAlgAAAUKCAIAAAC15Zj5)}</sty=\nle> http://b.example/</p>\n"

// TestElideSeed checks that FuzzReader's seed has bytes passed over, so
// that the fuzzer starts from inputs that reach ElideLong's gaps.
func TestElideSeed(t *testing.T) {
	want, _ := partTexts(t, []byte(elideSeed))
	defer func(s int) { elideSlack = s }(elideSlack)
	elideSlack = 8
	got, _ := partTexts(t, []byte(elideSeed), ElideLong(2))
	passed := 0
	for i := range want {
		ok, d := gapsOK(got[i], want[i], 2)
		if !ok {
			t.Fatalf("part %d is\n%q\nwithout ElideLong\n%q", i, got[i], want[i])
		}
		passed += d
	}
	if passed == 0 {
		t.Errorf("no byte passed over in\n%q", want)
	}
}

// checkElideLong reads data with ElideLong, runs of tens of bytes passed
// over, and without: the same parts and problems, and texts that differ
// only by bytes of base64 runs given as "A" (gapsOK).
func checkElideLong(t *testing.T, data []byte) {
	t.Helper()
	n := 1 + len(data)%8
	want, wantP := partTexts(t, data)
	defer func(s int) { elideSlack = s }(elideSlack)
	elideSlack = 8
	got, gotP := partTexts(t, data, ElideLong(n))
	if len(got) != len(want) || len(gotP) != len(wantP) {
		t.Fatalf("ElideLong(%d): %d parts and %d problems, %d and %d without", n, len(got), len(gotP), len(want), len(wantP))
	}
	for i := range want {
		if ok, _ := gapsOK(got[i], want[i], n); !ok {
			t.Fatalf("ElideLong(%d): part %d is\n%q\nwithout it\n%q", n, i, got[i], want[i])
		}
	}
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
