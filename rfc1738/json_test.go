package rfc1738

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

func TestJSONStringKeepsBytes(t *testing.T) {
	tests := []struct{ in, want string }{
		{"plain", `"plain"`},
		{"caf\u00e9 \u2028", `"café \u2028"`},
		{"q\"b\\s\n\t\x01\x7f", `"q\"b\\s\n\t\u0001\u007f"`},
		{"RETR \xff\xfe", `"RETR \udcff\udcfe"`},
		{"\xc3", `"\udcc3"`}, // a truncated sequence is one byte
	}
	for _, tt := range tests {
		got, err := json.Marshal(JSONString(tt.in))
		if err != nil || string(got) != tt.want {
			t.Errorf("json.Marshal(JSONString(%q)) = %s, %v; want %s", tt.in, got, err, tt.want)
		}
		var back string
		if err := json.Unmarshal(got, &back); err != nil {
			t.Errorf("json.Unmarshal(%s): %v", got, err)
		}
	}
}

// sameAsEncodingJSON checks that p.AppendJSON writes what encoding/json
// writes for p with HTML escaping off, less its newline.
func sameAsEncodingJSON(t *testing.T, what string, p Parts) {
	t.Helper()
	var want bytes.Buffer
	enc := json.NewEncoder(&want)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(p); err != nil {
		t.Fatalf("%s: encoding/json: %v", what, err)
	}
	if got := p.AppendJSON([]byte("x")); string(got) != "x"+strings.TrimSuffix(want.String(), "\n") {
		t.Errorf("%s: AppendJSON\n%s\nencoding/json\n%s", what, got[1:], want.Bytes())
	}
}

// TestAppendJSON checks Parts.AppendJSON against encoding/json: on the
// parse of every seed URL, redacted and not, and on Parts with every
// member set to strings that need escaping of each kind (a JSONString's,
// and the plain strings of Security and of a map's keys).
func TestAppendJSON(t *testing.T) {
	for _, raw := range seeds {
		for _, parse := range []func(string) (*URL, error){Parse, ParseLenient} {
			u, err := parse(raw)
			for _, redact := range []bool{false, true} {
				sameAsEncodingJSON(t, raw, NewParts(raw, u, err, redact))
			}
		}
	}
	odd := []string{"", "plain", "q\"b\\s", "\b\f\n\r\t\x00\x01\x1f\x7f", "caf\u00e9 \u2028 \u2029", "\xff\xfe", "\xc3", "<a&b>", "\u00a0\U0001F600", strings.Repeat("x", 300)}
	for _, s := range odd {
		js := JSONString(s)
		n, b := 7, true
		var n64 int64 = -3
		p := Parts{URL: js, Raw: js, Scheme: js, Valid: true, Error: js, ErrorOffset: &n, Warnings: []JSONString{js, "w"},
			Security: []string{s, "note"}, User: &js, Password: &js, Host: &js, HostUnicode: js, Port: &n, Path: &js,
			Opaque: &js, Fragment: &js, FTPType: js, FTPCommands: []JSONString{js}, HTTPSearch: &js, GopherType: js,
			GopherSelector: &js, GopherSearch: &js, GopherPlus: &js, MailtoAddress: js,
			MailtoHeaders: map[string]JSONString{s: js, "subject": "x", "b": js}, NewsGroup: js, NewsArticle: js, NewsServer: js,
			NNTPGroup: js, NNTPArticle: &n64, WAISDatabase: &js, WAISSearch: &js, WAISType: &js, WAISPath: &js, FileLocal: &b,
			ProsperoHSOName: &js, ProsperoFields: map[string]JSONString{s: js, "a": "b"}}
		sameAsEncodingJSON(t, fmt.Sprintf("every member %q", s), p)
		sameAsEncodingJSON(t, fmt.Sprintf("raw only %q", s), Parts{Raw: js})
	}
}
