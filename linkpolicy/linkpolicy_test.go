package linkpolicy

import (
	"strings"
	"testing"
)

// TestSchemeOf checks the scheme of a destination as a browser reads it
// (WHATWG URL Standard, basic URL parser), which decides its safety.
func TestSchemeOf(t *testing.T) {
	tests := []struct {
		in, want string
		ok       bool
	}{
		{"http://x", "http", true},
		{"JavaScript:x", "javascript", true},
		{" \x01java\tscr\nipt:x", "javascript", true}, // WHATWG: leading C0 and space stripped, tab/LF removed
		{"%6Aavascript:x", "", false},                 // not a scheme: a relative path
		{"/path:x", "", false},
		{"1http:x", "", false}, // a scheme starts with a letter
		{"git+ssh://x", "git+ssh", true},
		{"", "", false},
		{":x", "", false},
		{strings.Repeat("a", 100) + ":x", "", true}, // too long to be allowed
	}
	for _, tt := range tests {
		if got, ok := schemeOf(tt.in, make([]byte, 0, maxScheme)); string(got) != tt.want || ok != tt.ok {
			t.Errorf("schemeOf(%q) = %q, %v, want %q, %v", tt.in, got, ok, tt.want, tt.ok)
		}
	}
}
