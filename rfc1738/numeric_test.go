package rfc1738

import "testing"

// TestNumericHost checks the WHATWG IPv4 parser's forms (URL Standard,
// "IPv4 parser" and "IPv4 number parser") and its failures.
func TestNumericHost(t *testing.T) {
	for _, tt := range []struct {
		host, want string // want "" for no address
	}{
		{"1113343455", "66.92.69.223"},
		{"0x425c45de", "66.92.69.222"},
		{"0X425C45DE", "66.92.69.222"},
		{"0102.0134.0105.0336", "66.92.69.222"},
		{"66.92.0x45.221", "66.92.69.221"},
		{"10.1", "10.0.0.1"},
		{"1.65536", "1.1.0.0"},
		{"1.2.65535", "1.2.255.255"},
		{"0x", "0.0.0.0"},
		{"1.0x", "1.0.0.0"},
		{"4294967295", "255.255.255.255"},
		{"4294967296", ""},
		{"99999999999999999999", ""},
		{"1.16777216", ""},
		{"1.2.65536", ""},
		{"1.2.3.256", ""},
		{"256.1.1", ""},
		{"1.2.3.4.5", ""},
		{"1..2", ""},
		{"1.2.", ""}, // a final dot is ErrTrailingDot's, not this
		{"", ""},
		{"08", ""},
		{"0xg", ""},
		{"a.1", ""},
		{"1.a", ""},
	} {
		got, ok := numericHost(tt.host)
		if ok != (tt.want != "") || got != tt.want {
			t.Errorf("numericHost(%q) = %q, %v; want %q", tt.host, got, ok, tt.want)
		}
	}
}
