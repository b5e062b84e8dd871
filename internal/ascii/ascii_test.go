package ascii

import "testing"

// TestClasses checks every byte against the definitions.
func TestClasses(t *testing.T) {
	for i := 0; i < 256; i++ {
		c := byte(i)
		alpha := 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
		digit := '0' <= c && c <= '9'
		hexd := digit || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
		sp := c == ' ' || c == '\t' || c == '\r' || c == '\n'
		if IsAlpha(c) != alpha || IsDigit(c) != digit || IsAlnum(c) != (alpha || digit) || IsHex(c) != hexd || IsSpace(c) != sp {
			t.Errorf("byte %#x: classes wrong", c)
		}
		if IsSchemeByte(c) != (alpha || digit || c == '+' || c == '-' || c == '.') {
			t.Errorf("IsSchemeByte(%#x) wrong", c)
		}
		if hexd != (Unhex(c) >= 0) {
			t.Errorf("Unhex(%#x) = %d", c, Unhex(c))
		}
	}
	if Unhex('f') != 15 || Unhex('A') != 10 || Unhex('7') != 7 {
		t.Error("Unhex values")
	}
}
