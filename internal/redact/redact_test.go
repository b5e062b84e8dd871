package redact

import (
	"io"
	"net/url"
	"strings"
	"testing"
	"testing/iotest"
)

// TestSpans checks that a URL span and the other URLs of a line lose
// their passwords, a redirect's encoded target's too, and that the spans
// move with the text.
func TestSpans(t *testing.T) {
	safe := "https://x.safelinks.protection.outlook.com/?url=" + url.QueryEscape("https://b:pw3@t.example/") + "&data=1"
	text := "see ftp://a:pw1@h.example/ and http://u:pw2@g.example/x then " + safe + " end"
	start := strings.Index(text, "http://u")
	end := start + len("http://u:pw2@g.example/x")
	got, spans := Spans([]byte(text), [][2]int{{start, end}})
	for _, pw := range []string{"pw1", "pw2", "pw3"} {
		if strings.Contains(string(got), pw) {
			t.Errorf("%s shows in %s", pw, got)
		}
	}
	if s := string(got[spans[0][0]:spans[0][1]]); s != "http://u:xxxxx@g.example/x" {
		t.Errorf("span now %q", s)
	}
	if !strings.HasSuffix(string(got), " end") || !strings.HasPrefix(string(got), "see ftp://a:xxxxx@h.example/ and ") {
		t.Errorf("text around: %s", got)
	}
}

// TestReader checks Reader over a text read a byte at a time: passwords
// hidden, the rest exactly the input.
func TestReader(t *testing.T) {
	in := "a ftp://a:pw1@h.example/ b\nno url here\nhttp://u:pw2@g.example/ c"
	got, err := io.ReadAll(NewReader(iotest.OneByteReader(strings.NewReader(in))))
	if err != nil {
		t.Fatal(err)
	}
	if want := "a ftp://a:xxxxx@h.example/ b\nno url here\nhttp://u:xxxxx@g.example/ c"; string(got) != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// TestTarget checks the forms a redirect may write its target's password
// in, and that a target with none hides nothing.
func TestTarget(t *testing.T) {
	h := Target("https://bob:s3cr%40t@t.example/")
	for _, in := range []string{"x:s3cr@t@y", "%3As3cr%40t%40", "%3as3cr%40t%40", "-3As3cr-40t-40"} {
		if got := In(h, in); strings.Contains(got, "s3cr") {
			t.Errorf("In(%q) = %q", in, got)
		}
	}
	if Target("https://t.example/") != nil || In(nil, "x") != "x" {
		t.Error("a target with no password hides something")
	}
}
