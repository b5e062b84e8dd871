package mailbox

import (
	"bytes"
	"testing"
)

// TestIsASCII compares isASCII, which reads 16 bytes a step, with a byte
// loop, over every length up to 40 and every place of one non-ASCII byte.
func TestIsASCII(t *testing.T) {
	for n := 0; n <= 40; n++ {
		b := bytes.Repeat([]byte{'a'}, n)
		if !isASCII(b) {
			t.Errorf("isASCII(%d ASCII bytes) = false", n)
		}
		for i := range n {
			for _, c := range []byte{0x80, 0xc3, 0xff} {
				b[i] = c
				if isASCII(b) {
					t.Errorf("isASCII(%q) = true, byte %d is %#x", b, i, c)
				}
			}
			b[i] = 0x7f
			if !isASCII(b) {
				t.Errorf("isASCII(%q) = false", b)
			}
			b[i] = 'a'
		}
	}
}
