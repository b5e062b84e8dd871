package main

import (
	"fmt"
	"strings"
	"testing"
)

// TestContextControlBytes checks that --context shows the input's control
// bytes instead of sending them to the terminal: an OSC title sequence, a
// C1 CSI, a bare CR and a byte that is not UTF-8, also after quoted-
// printable decoding.
func TestContextControlBytes(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"text", "see \x1b]0;pwned\x07 http://a.example/ \xc2\x9b ok \xff\rx\r\n",
			"http://a.example/\n\tsee ^[]0;pwned^G http://a.example/ <U+009B> ok \\xFF^Mx\n"},
		{"qp", "From: a@example.org\nSubject: x\nContent-Transfer-Encoding: quoted-printable\n\nsee =1B[2J http://a.example/ =7F\n",
			"http://a.example/\n\tsee ^[[2J http://a.example/ ^?\n"},
	}
	for _, tt := range tests {
		out, _, _ := urlgrep(t, tt.in, "--context")
		if out != tt.want {
			t.Errorf("%s: got %q, want %q", tt.name, out, tt.want)
		}
		if strings.ContainsAny(out, "\x1b\x07\x7f") || strings.Contains(out, "\u009b") {
			t.Errorf("%s: a control byte got through: %q", tt.name, out)
		}
	}
}

// TestContextBounded checks that a long line of dense URLs gives each URL
// a bounded window of its line, not the whole line: the output grows
// with the input, not with its square.
func TestContextBounded(t *testing.T) {
	var in strings.Builder
	n := 50000
	for i := range n {
		fmt.Fprintf(&in, "http://a.example/%d ", i)
	}
	in.WriteString("\n")
	out, _, _ := urlgrep(t, in.String(), "--context", "--raw")
	if got := strings.Count(out, "\n\t"); got != n {
		t.Fatalf("%d context lines, want %d", got, n)
	}
	if max := n * (30 + 2*400 + 8); len(out) > max {
		t.Errorf("%d bytes of output for %d URLs, more than %d", len(out), n, max)
	}
	if !strings.Contains(out, "\thttp://a.example/0 http://a.example/1 ") || !strings.Contains(out, "…\n") {
		t.Errorf("no window or no cut mark in %q", out[:min(len(out), 600)])
	}
}
