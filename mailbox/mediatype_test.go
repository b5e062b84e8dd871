package mailbox

import (
	"mime"
	"testing"
)

// contentTypes are Content-Type values of real mail and of broken mail.
var contentTypes = []string{
	`text/plain`, `text/plain; charset="us-ascii"`, `Text/HTML; Charset=ISO-8859-1`,
	"multipart/alternative;\n\tboundary=\"----=_NextPart_000_0000_01C2A9A1.2AA1F1E0\"",
	`text/plain; charset=utf-8; format=flowed; delsp=yes`, `text/plain;charset=utf-8;`,
	`multipart/mixed; boundary=0016e687869333b1570478963d35`, `application/octet-stream; name="a b.txt"`,
	` text/plain ; charset = "utf-8" `, `text/plain; charset=""`, `message/rfc822`,
	// Broken, or beyond the fast path: mime.ParseMediaType reads these.
	``, `text`, `text/`, `/plain`, `text plain`, `text/plain x`, `text/plain;;`, `text/plain; charset`,
	`text/plain; charset=`, `text/plain; charset="utf-8`, `text/plain; charset=utf-8 x=y`,
	`text/plain; name*=utf-8''%e2%82%ac`, `text/plain; name*0="a"; name*1="b"`, `text/plain; a=1; A=1`,
	`text/plain; a=1; A=2`, `text/plain; name="C:\dev\a.txt"`, `text/plain; name="a\"b"`,
	"text/plain; name=\"a\rb\"", "text/plain; charset=\u00e9", "text/pl\u00e4in", "text/plain;\u00a0charset=x",
	`text/plain; charset=utf-8"x"`, `text/plain; a=1; b=2; c=3; d=4; e=5; f=6; g=7; h=8; i=9`,
}

// TestContentTypeAsMime: parseContentType reads every value as
// mime.ParseMediaType does, and the common shapes without it.
func TestContentTypeAsMime(t *testing.T) {
	for _, s := range contentTypes {
		sameAsMime(t, s)
	}
	for _, s := range contentTypes[:11] {
		if _, ok := fastContentType([]byte(s)); !ok {
			t.Errorf("%q: not read by the fast path", s)
		}
	}
}

// FuzzContentType holds parseContentType, and its fast path where it
// takes a value, to mime.ParseMediaType.
func FuzzContentType(f *testing.F) {
	for _, s := range contentTypes {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		sameAsMime(t, s)
	})
}

// sameAsMime checks parseContentType against mime.ParseMediaType on s.
func sameAsMime(t *testing.T, s string) {
	t.Helper()
	mt, params, err := mime.ParseMediaType(s)
	want := contentType{mediatype: mt, boundary: params["boundary"], charset: params["charset"],
		format: params["format"], delsp: params["delsp"]}
	got, gotErr := parseContentType([]byte(s))
	if got != want || gotErr != err {
		t.Errorf("%q: %+v, %v; mime.ParseMediaType: %+v, %v", s, got, gotErr, want, err)
	}
	if fast, ok := fastContentType([]byte(s)); ok && (err != nil || fast != want) {
		t.Errorf("%q: the fast path read %+v; mime.ParseMediaType: %+v, %v", s, fast, want, err)
	}
}
