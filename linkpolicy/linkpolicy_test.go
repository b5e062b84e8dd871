package linkpolicy

import (
	"math/rand/v2"
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

// TestSafeShortcut checks that Safe, which resolves references and
// escapes only when one comes before the first ':', answers as both tests
// in full do, on destinations made of the bytes that matter to a scheme.
func TestSafeShortcut(t *testing.T) {
	p := New(WithSchemes("http", "https", "mailto"))
	full := func(dest string) bool { return p.safeAs(dest) && p.safeResolved(dest) }
	parts := []string{"java", "script", "http", "s", ":", "&#58;", "&colon;", "&#x3A;", "&amp;", "\\", "\\:",
		"\t", "\n", " ", "\x01", "%3A", "é", "/", "//a.example", "&", "#", "x", "J", "&#106;"}
	r := rand.New(rand.NewPCG(7, 7))
	for range 200000 {
		var b strings.Builder
		for range 1 + r.IntN(6) {
			b.WriteString(parts[r.IntN(len(parts))])
		}
		dest := b.String()
		if got, want := p.Safe(dest), full(dest); got != want {
			t.Fatalf("Safe(%q) = %v, both tests in full say %v", dest, got, want)
		}
	}
	for _, dest := range []string{"javascript&#58;alert(1)", "java\\script:x", "&#106;avascript:x", "http://x/&#58;javascript:"} {
		if got, want := p.Safe(dest), full(dest); got != want {
			t.Errorf("Safe(%q) = %v, want %v", dest, got, want)
		}
	}
}
