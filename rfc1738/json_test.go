package rfc1738

import (
	"encoding/json"
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
