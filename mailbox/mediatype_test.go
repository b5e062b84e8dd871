package mailbox

import (
	"mime"
	"strings"
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
		format: params["format"], delsp: params["delsp"], name: params["name"]}
	got, gotErr := parseContentType([]byte(s))
	if got != want || gotErr != err {
		t.Errorf("%q: %+v, %v; mime.ParseMediaType: %+v, %v", s, got, gotErr, want, err)
	}
	// Where the parameters are valid, reading them leniently reads the
	// same (RFC 2231's encoded and continued ones aside, which the
	// lenient reading leaves).
	if salvaged := salvageParams([]byte(s)); err == nil && !strings.Contains(s, "*") {
		params := want
		params.mediatype = ""
		if salvaged != params {
			t.Errorf("%q: read leniently %+v; mime.ParseMediaType: %+v", s, salvaged, params)
		}
	}
	// Where the media type is valid (a type and a subtype: ParseMediaType
	// takes a lone token too, a disposition), reading it leniently reads
	// the same.
	if st := salvageType([]byte(s)); err == nil && strings.Contains(mt, "/") && st != mt {
		t.Errorf("%q: media type read leniently %q; mime.ParseMediaType: %q", s, st, mt)
	}
	if fast, ok := fastContentType([]byte(s)); ok && (err != nil || fast != want) {
		t.Errorf("%q: the fast path read %+v; mime.ParseMediaType: %+v, %v", s, fast, want, err)
	}
}

// TestSalvageParams: the parameters of values mime.ParseMediaType
// refuses, read as mail readers read them.
func TestSalvageParams(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want contentType
	}{
		{"multipart/alternative;\n                boundary=----=_NextPart_000_0023_08_E8CD50F3.4EF2F754",
			contentType{boundary: "----=_NextPart_000_0023_08_E8CD50F3.4EF2F754"}},
		{"text/plain; name=This is a test.txt; charset=ISO-8859-1", contentType{charset: "ISO-8859-1", name: "This is a test.txt"}},
		{"text/plain; name=ci\u00eble.txt; charset=\"utf-8\"; format=flowed ; delsp=yes", contentType{charset: "utf-8", format: "flowed", delsp: "yes", name: "ci\u00eble.txt"}},
		{"text/html;;;;;;;;;;;; ;;;; charset=koi8-r;;;", contentType{charset: "koi8-r"}},
		{"text/plain; Windows-1252", contentType{}},
		{"TEXT/PLAIN charset=US-ASCII", contentType{}}, // no ";": a bad media type, not a parameter
		{`multipart/mixed; boundary="a\"b;c"; x=@`, contentType{boundary: `a"b;c`}},
		{`multipart/mixed; boundary="unclosed`, contentType{boundary: "unclosed"}},
		{`text/plain; charset=a; charset=b; x=`, contentType{charset: "a"}},
		{`text/plain; charset= ; boundary=`, contentType{}},
		{`text/plain; =x; charset`, contentType{}},
	} {
		if got := salvageParams([]byte(tc.in)); got != tc.want {
			t.Errorf("%q: %+v, want %+v", tc.in, got, tc.want)
		}
	}
}

// TestSalvageType: the media type of values mime.ParseMediaType refuses,
// as mail readers read it.
func TestSalvageType(t *testing.T) {
	for in, want := range map[string]string{
		"TEXT/HTML charset=US-ASCII":     "text/html",
		"text/plain x":                   "text/plain",
		" text/html\n\tcharset=us-ascii": "text/html",
		"text/html;;;; charset=koi8-r":   "text/html",
		"multipart/mixed boundary=x":     "multipart/mixed",
		"text/html(comment)":             "",
		"text/pl\u00e4in":                "",
		"text":                           "",
		"text/":                          "",
		"/plain":                         "",
		"text plain":                     "",
		"":                               "",
	} {
		if got := salvageType([]byte(in)); got != want {
			t.Errorf("%q: %q, want %q", in, got, want)
		}
	}
}

// TestTransferEncoding: the mechanism of a Content-Transfer-Encoding
// value, as mail readers take it.
func TestTransferEncoding(t *testing.T) {
	for in, want := range map[string]string{
		"quoted-printable":   "quoted-printable",
		" Quoted-Printable ": "quoted-printable",
		"quoted-printable;":  "quoted-printable",
		"base64 (MIME)":      "base64",
		"base64; x=y":        "base64",
		"quoted printable":   "quoted-printable",
		"QUOTED_PRINTABLE":   "quoted-printable",
		"8bit (8-bit text)":  "8bit",
		"7bit unknown words": "7bit",
		"x-uuencode":         "x-uuencode",
		"":                   "",
		"(only a comment)":   "",
		"text/html":          "text/html",
		"7vladi.pimenovit":   "7vladi.pimenovit",
	} {
		if got := transferEncoding([]byte(in)); got != want {
			t.Errorf("%q: %q, want %q", in, got, want)
		}
	}
	// The values mail has cost no allocation, in any case: a part's.
	for _, in := range []string{"Base64", "quoted-printable", "7BIT", " 8bit"} {
		v := []byte(in)
		if n := testing.AllocsPerRun(100, func() { transferEncoding(v) }); n != 0 {
			t.Errorf("%q: %v allocations", in, n)
		}
	}
}
