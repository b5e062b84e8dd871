package mailgen

import (
	"bytes"
	"strings"
	"testing"
)

// The same n and seed give the same mbox and URLs; another seed another.
func TestGenerateDeterministic(t *testing.T) {
	var a, b, c bytes.Buffer
	wa, err := Generate(&a, 200, 1)
	if err != nil {
		t.Fatal(err)
	}
	wb, _ := Generate(&b, 200, 1)
	Generate(&c, 200, 2)
	if !bytes.Equal(a.Bytes(), b.Bytes()) || len(wa) != len(wb) {
		t.Errorf("two runs with seed 1 differ")
	}
	for i := range wa {
		if wa[i] != wb[i] {
			t.Fatalf("want %d differs: %v, %v", i, wa[i], wb[i])
		}
	}
	if bytes.Equal(a.Bytes(), c.Bytes()) {
		t.Errorf("seeds 1 and 2 give the same mbox")
	}
}

// Every message starts with a "From " line, and the URLs are numbered
// with their messages, in order.
func TestGenerateShape(t *testing.T) {
	const n = 300
	var buf bytes.Buffer
	wants, err := Generate(&buf, n, 7)
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Count("\n"+buf.String(), "\nFrom sender"); got != n {
		t.Errorf("%d \"From \" lines, want %d", got, n)
	}
	last := 0
	for _, w := range wants {
		if w.Message < last || w.Message < 1 || w.Message > n {
			t.Fatalf("want %v out of order or range", w)
		}
		last = w.Message
	}
	if len(wants) < n {
		t.Errorf("only %d URLs in %d messages", len(wants), n)
	}
	var empty bytes.Buffer
	if w, err := Generate(&empty, 0, 7); err != nil || len(w) != 0 || empty.Len() != 0 {
		t.Errorf("Generate(0) = %v, %v, %d bytes; want nothing", w, err, empty.Len())
	}
}

func TestCanonical(t *testing.T) {
	tests := []struct{ in, want string }{
		{"http://example.com/a/b.html", "http://example.com/a/b.html"},
		{"http://example.com/café", "http://example.com/caf%C3%A9"},
		{"http://example.jp/日本", "http://example.jp/%E6%97%A5%E6%9C%AC"},
		{"http://example.com/~bob/", "http://example.com/%7Ebob/"},
		{"www.example.com/x", "http://www.example.com/x"},
	}
	for _, tt := range tests {
		if got := Canonical(tt.in); got != tt.want {
			t.Errorf("Canonical(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
