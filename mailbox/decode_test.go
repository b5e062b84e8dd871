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

// TestOutlookReads checks the conditions of conditional comments as
// Outlook reads them: mso and vml true at any version, ie and the unknown
// false, with "!", "&", "|" and brackets.
func TestOutlookReads(t *testing.T) {
	for _, tt := range []struct {
		cond string
		want bool
	}{
		{" mso", true},
		{" gte mso 9", true},
		{" (gte mso 12)&(lte mso 15) ", true},
		{" mso | IE", true},
		{" (mso)|(ie)", true},
		{" gte vml 1", true},
		{" true", true},
		{" !mso", false},
		{" (!mso)&(!ie)", false},
		{" !(gte mso 9)", false},
		{" lt IE 9", false},
		{" false", false},
		{" mso)", false}, // unbalanced: not read
		{"", false},
	} {
		if got := outlookReads([]byte(tt.cond)); got != tt.want {
			t.Errorf("outlookReads(%q) = %v, want %v", tt.cond, got, tt.want)
		}
	}
}
