package main

import (
	"strings"
	"testing"
	"unicode/utf16"
)

// utf16Bytes encodes s as UTF-16 with a byte order mark.
func utf16Bytes(s string, bigEndian bool) string {
	var b []byte
	put := func(u uint16) {
		if bigEndian {
			b = append(b, byte(u>>8), byte(u))
		} else {
			b = append(b, byte(u), byte(u>>8))
		}
	}
	put(0xfeff)
	for _, u := range utf16.Encode([]rune(s)) {
		put(u)
	}
	return string(b)
}

// TestBadBytes feeds urlgrep the bytes real input holds (issue 6): each
// gets a clean result or a clear note, never a panic, a hang or a silent
// stop, and the scan goes on after it.
func TestBadBytes(t *testing.T) {
	text := "see http://a.example/caf\u00e9 and <URL:ftp://b.example/pub/\n  file.txt>.\n"
	want := "http://a.example/café\nftp://b.example/pub/file.txt\n" // an IRI as written (issue 15)
	mail := func(headers, body string) string {
		return "From: a@example.org\nSubject: t\nMessage-ID: <1@example.org>\n" + headers + "\n" + body
	}
	tests := []struct {
		name     string
		in       string
		args     []string
		want     string
		wantCode int
		wantErr  string // substring of stderr; "" means stderr must be empty
	}{
		{"UTF-16LE with BOM is decoded", utf16Bytes(text, false), nil, want, 0, ""},
		{"UTF-16BE with BOM is decoded", utf16Bytes(text, true), nil, want, 0, ""},
		{"UTF-8 BOM", "\xef\xbb\xbf" + text, nil, want, 0, ""},
		// Bytes that are not UTF-8 end a bare URL; the scan goes on.
		{"invalid UTF-8", "caf\xe9 http://a.example/x\xe9y \xff\xfe http://b.example/\n", nil, "http://a.example/x\nhttp://b.example/\n", 0, ""},
		// A NUL early says binary, as grep decides; -a scans it anyway.
		{"NUL: binary skipped", "x\x00 http://a.example/\n", nil, "", 1, "binary file skipped"},
		{"NUL with -a", "x\x00 http://a.example/ \x00http://b.example/\n", []string{"-a"}, "http://a.example/\nhttp://b.example/\n", 0, ""},
		{"NUL after 8 KiB", strings.Repeat("text ", 2000) + "http://a.example/\x00http://b.example/\n", nil, "http://a.example/\nhttp://b.example/\n", 0, ""},
		// Line ends: lone CR (old Mac text), mixed CRLF and LF.
		{"lone CR", "a\rhttp://a.example/\rb http://b.example/\r", nil, "http://a.example/\nhttp://b.example/\n", 0, ""},
		{"mixed CRLF and LF", "one\r\ntwo http://a.example/\nthree\r\nfour http://b.example/\r\n", []string{"-n"}, "2:http://a.example/\n4:http://b.example/\n", 0, ""},
		// Broken mail: a note on stderr, what came before is found.
		{"truncated base64", mail("Content-Transfer-Encoding: base64\n", "aHR0cDovL2EuZXhhbXBsZS8gaGVsbG8=\naHR0cDov!!!\n"), nil, "http://a.example/\n", 0, "base64: text after the data"},
		{"truncated QP", mail("Content-Transfer-Encoding: quoted-printable\n", "http://a.example/long-=\npath and =ZZ then http://b.example/=\n"), nil, "http://a.example/long-path\nhttp://b.example/\n", 0, ""},
		{"missing closing boundary", mail("Content-Type: multipart/mixed; boundary=B\n", "--B\nContent-Type: text/plain\n\nhttp://a.example/\n--B\nContent-Type: text/plain\n\nhttp://b.example/\n"), nil, "http://a.example/\nhttp://b.example/\n", 0, "closing boundary"},
		// UTF-8 declared as ISO-8859-1: "é" reads as "Ã©", and "©", a
		// symbol, ends the URL; a clean result all the same.
		{"charset that lies", mail("Content-Type: text/plain; charset=iso-8859-1\n", "http://a.example/caf\u00e9\n"), nil, "http://a.example/cafÃ\n", 0, ""}, // "Ã©": the "©" is a symbol and ends the URL,
		{"unknown charset", mail("Content-Type: text/plain; charset=x-unheard-of\n", "http://a.example/\n"), nil, "http://a.example/\n", 0, "unknown charset"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, stderr, code := urlgrep(t, tt.in, tt.args...)
			if got != tt.want || code != tt.wantCode {
				t.Errorf("urlgrep %q on %q = %q, exit %d; want %q, exit %d", tt.args, tt.in, got, code, tt.want, tt.wantCode)
			}
			if tt.wantErr == "" && stderr != "" || !strings.Contains(stderr, tt.wantErr) {
				t.Errorf("stderr = %q, want %q", stderr, tt.wantErr)
			}
		})
	}
}
