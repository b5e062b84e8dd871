package search

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"mime/quotedprintable"
	"strings"
	"sync"
	"testing"
)

// FuzzSearch checks three properties of a search on any text (issue 11):
// CRLF line ends give the URLs LF ones give; one body sent 8bit,
// quoted-printable and base64 gives the same URLs; and Jobs 3 with tiny
// batches reports what Jobs 1 reports, event for event, and so does
// TextOnly, in text and in mail, and a file whose batches the workers
// read themselves.
func FuzzSearch(f *testing.F) {
	const emlxMsg = "From: a@example.org\nSubject: s\n\nsee http://a.example/\n"
	for _, s := range []string{
		"see http://a.example/x and <URL:ftp://b.example/\n  c> ok\n\nwww.c.example/d\n",
		"> quoted <URL:http://q.example/a/\n> b> and http://x.example/(y)\n",
		"mailto:a@b.example, news:comp.x, http://h.example:8080/p?q#f\n\n\nhttp://z.example/",
		"http://a.example/x-\ny http://b.example/\r\n",
		// Undated separators (Netscape's "From - ") inside the mailbox
		// the last check builds: pieces cut there as one Reader splits.
		"one http://a.example/\n\nFrom - \nX-Mozilla-Status: 0001\nSubject: two\n\nhttp://b.example/\n\nFrom -\nhttp://c.example/\n\nFrom 184@xxx\nReturn-Path: <a@b.example>\n\nhttp://d.example/\n",
		// A manual page's source, read with its escapes resolved.
		".TH X 1\n.mso www.tmac\n\\fIhttp://a.example/util\\-linux/\\fP\n\n.UR http://b.example/\\:x\n\\*(Aqhttp://c.example/\\*(Aq\n",
		// An Apple Mail .emlx file, read through a reader of the mail
		// Reader's own, searched twice in the last check.
		fmt.Sprintf("%-10d\n%s<?xml version=\"1.0\"?>\n<plist/>\n", len(emlxMsg), emlxMsg),
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		if len(text) > 4096 {
			return
		}
		lf := strings.ReplaceAll(text, "\r\n", "\n")
		crlf := strings.ReplaceAll(lf, "\n", "\r\n")
		if a, b := texts(t, lf, Options{Raw: true}), texts(t, crlf, Options{Raw: true}); a != b {
			t.Errorf("LF and CRLF differ:\nLF   %s\nCRLF %s", a, b)
		}

		// One body, three transfer encodings. Its line breaks are CRLF,
		// a lone CR's too: quotedprintable.Writer writes a lone CR as a
		// line break (text mode, RFC 2045 §6.7 rule 4), so a body that
		// kept one would not be the text its quoted-printable form
		// carries ("http://0-\r0" is "http://0-" then "0" there).
		body := strings.ReplaceAll(strings.ReplaceAll(lf, "\r", "\n"), "\n", "\r\n")
		head := "From: a@example.org\r\nSubject: x\r\nContent-Type: text/plain\r\n"
		var qp bytes.Buffer
		w := quotedprintable.NewWriter(&qp)
		w.Write([]byte(body))
		w.Close()
		b64 := base64.StdEncoding.EncodeToString([]byte(body))
		var lines []string
		for len(b64) > 76 {
			lines, b64 = append(lines, b64[:76]), b64[76:]
		}
		lines = append(lines, b64)
		// Binary: a NUL byte sent 8bit would make the file binary, not
		// sent quoted-printable or base64.
		mo := Options{Binary: true}
		plain := texts(t, head+"Content-Transfer-Encoding: 8bit\r\n\r\n"+body, mo)
		if q := texts(t, head+"Content-Transfer-Encoding: quoted-printable\r\n\r\n"+qp.String(), mo); q != plain {
			t.Errorf("8bit and quoted-printable differ:\n8bit %s\nQP   %s", plain, q)
		}
		if b := texts(t, head+"Content-Transfer-Encoding: base64\r\n\r\n"+strings.Join(lines, "\r\n")+"\r\n", mo); b != plain {
			t.Errorf("8bit and base64 differ:\n8bit   %s\nbase64 %s", plain, b)
		}

		// Jobs 3 with batches of a few bytes, against Jobs 1.
		defer func(t, m int) { batchTarget, batchMax = t, m }(batchTarget, batchMax)
		batchTarget, batchMax = 16, 64
		a := render(t, "f", []byte(text), Options{Raw: true, Jobs: 1})
		if b := render(t, "f", []byte(text), Options{Raw: true, Jobs: 3}); a != b {
			t.Errorf("Jobs 3 differs from Jobs 1:\n%s", firstDiff(b, a))
		}
		// TextOnly (borrowed matches, copied by the pieces' workers) and
		// CountOnly report what a search building every Match does.
		if b := render(t, "f", []byte(text), Options{Raw: true, Jobs: 3, TextOnly: true}); a != b {
			t.Errorf("TextOnly with Jobs 3 differs from Jobs 1:\n%s", firstDiff(b, a))
		}
		// Read as a file, whose batches the workers read themselves
		// (runAt), with no line numbers.
		o := Options{Raw: true, NoLineNumbers: true, TextOnly: true, Jobs: 1}
		want := render(t, "f", []byte(text), o)
		o.Jobs = 3
		if got, _ := renderAt(t, "f", []byte(text), o); got != want {
			t.Errorf("Jobs 3 reading a file differs from Jobs 1:\n%s", firstDiff(got, want))
		}
		if a, b := render(t, "f", []byte(text), Options{Jobs: 1}), render(t, "f", []byte(text), Options{Jobs: 3, TextOnly: true}); a != b {
			t.Errorf("TextOnly with Jobs 3 differs from Jobs 1 (as sniffed: mail in pieces):\n%s", firstDiff(b, a))
		}
		mbox := "From a@b.example Mon Nov  2 09:14:03 1994\nFrom: a@b.example\n\n" + text + "\n\nFrom c@d.example Mon Nov  2 09:14:04 1994\nSubject: x\n\n" + text + "\n"
		if a, b := render(t, "f", []byte(mbox), Options{Jobs: 1}), render(t, "f", []byte(mbox), Options{Jobs: 3, TextOnly: true}); a != b {
			t.Errorf("mail in pieces with TextOnly differs from Jobs 1:\n%s", firstDiff(b, a))
		}
		// A Search on the buffers other searches left (kit) reports what
		// one on fresh buffers does, the mail searched after the same text
		// read raw and after itself.
		for _, o := range []Options{{Jobs: 1}, {Jobs: 1, TextOnly: true}} {
			kits = sync.Pool{}
			fresh := render(t, "f", []byte(mbox), o)
			render(t, "g", []byte(text), Options{Jobs: 1, Raw: true, TextOnly: o.TextOnly})
			if again := render(t, "f", []byte(mbox), o); again != fresh {
				t.Errorf("%+v: after a raw search, the mail gave\n%s", o, firstDiff(again, fresh))
			}
			if again := render(t, "f", []byte(mbox), o); again != fresh {
				t.Errorf("%+v: after itself, the mail gave\n%s", o, firstDiff(again, fresh))
			}
			// The text as sniffed (mail, an .emlx file, a manual page...),
			// after itself.
			fresh = render(t, "f", []byte(text), o)
			if again := render(t, "f", []byte(text), o); again != fresh {
				t.Errorf("%+v: after itself, the text gave\n%s", o, firstDiff(again, fresh))
			}
		}
	})
}

// texts returns the URLs a search of s finds, as written, and the other
// readings of each.
func texts(t *testing.T, s string, o Options) string {
	t.Helper()
	var b strings.Builder
	Search(Input{Name: "f", R: strings.NewReader(s)}, o, func(ev *Event) bool {
		if ev.Kind == URL {
			fmt.Fprintf(&b, "%q%q ", ev.Match.Text, ev.Match.Alternates)
		}
		return true
	})
	return b.String()
}
