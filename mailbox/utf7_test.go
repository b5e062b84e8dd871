package mailbox

import (
	"io"
	"strings"
	"testing"
	"testing/iotest"

	"golang.org/x/text/transform"
)

// utf7Cases are RFC 2152's examples, and URLs as UTF-7 writes them.
var utf7Cases = []struct{ in, want string }{
	{"Hi Mom -+Jjo--!", "Hi Mom -\u263a-!"},     // RFC 2152
	{"A+ImIDkQ.", "A\u2262\u0391."},             // RFC 2152
	{"+ZeVnLIqe-", "\u65e5\u672c\u8a9e"},        // RFC 2152
	{"Item 3 is +AKM-1.", "Item 3 is \u00a31."}, // RFC 2152
	{"1 +- 1 = 2", "1 + 1 = 2"},                 // Rule 2: "+-" is "+"
	{"+2D3eAA-", "\U0001f600"},                  // a surrogate pair
	{"+2D0- +3gA-", "\ufffd \ufffd"},            // a lone high, a lone low
	{"+2D0AQQ-", "\ufffdA"},                     // a high, then no low
	{"+2D0", "\ufffd"},                          // a high at the end
	{"a+ b", "a+ b"},                            // "+" and no base64: itself
	{"a+", "a+"},                                // "+" at the end
	{"caf\xe9 +AOk-", "caf\xe9 \u00e9"},         // a byte outside UTF-7: as it is
	{"line+AKM\r\nnext", "line\u00a3\r\nnext"},  // the run ends at a line break
	{"http://x.example/+AH4-user/?a+AD0-1+ACY-b+AD0-2", "http://x.example/~user/?a=1&b=2"},
	{"see <http://x.example/a+AF8-b>", "see <http://x.example/a_b>"},
}

// TestUTF7 decodes each case whole, and a byte at a time through a
// transform.Reader with a destination of a few bytes at a time.
func TestUTF7(t *testing.T) {
	for _, tc := range utf7Cases {
		got, _, err := transform.String(utf7{}.NewDecoder(), tc.in)
		if err != nil || got != tc.want {
			t.Errorf("%q: %q, %v; want %q", tc.in, got, err, tc.want)
		}
		if got := utf7Pieces(t, tc.in, 3); got != tc.want {
			t.Errorf("%q, a byte at a time: %q, want %q", tc.in, got, tc.want)
		}
	}
	// A destination with room for one character at a time.
	for _, tc := range utf7Cases {
		var d utf7Decoder
		var out []byte
		src := []byte(tc.in)
		dst := make([]byte, utf7MaxOut)
		for steps := 0; ; steps++ {
			nDst, nSrc, err := d.Transform(dst, src, true)
			out, src = append(out, dst[:nDst]...), src[nSrc:]
			if err == nil {
				break
			}
			if err != transform.ErrShortDst || steps > len(tc.in) {
				t.Fatalf("%q: %v after %d steps", tc.in, err, steps)
			}
		}
		if string(out) != tc.want {
			t.Errorf("%q, a character at a time: %q, want %q", tc.in, out, tc.want)
		}
	}
	if e, err := charset(`"UTF-7"`); err != nil || e == nil {
		t.Errorf("charset UTF-7: %v, %v", e, err)
	}
}

// FuzzUTF7 holds the decoder to the same text whole and in pieces, and to
// ASCII without "+" as it is.
func FuzzUTF7(f *testing.F) {
	for _, tc := range utf7Cases {
		f.Add(tc.in, 3)
	}
	f.Fuzz(func(t *testing.T, s string, chunk int) {
		whole, _, err := transform.String(utf7{}.NewDecoder(), s)
		if err != nil {
			t.Fatalf("%q: %v", s, err)
		}
		chunk = 1 + (chunk&0xff)%17
		if got := utf7Pieces(t, s, chunk); got != whole {
			t.Errorf("%q in pieces of %d: %q, whole %q", s, chunk, got, whole)
		}
		if !strings.Contains(s, "+") && whole != s {
			t.Errorf("%q: no '+' in it, decoded %q", s, whole)
		}
	})
}

// utf7Pieces decodes in through a transform.Reader fed a byte at a time,
// read chunk bytes at a time.
func utf7Pieces(t *testing.T, in string, chunk int) string {
	t.Helper()
	r := transform.NewReader(iotest.OneByteReader(strings.NewReader(in)), utf7{}.NewDecoder())
	var b strings.Builder
	buf := make([]byte, chunk)
	for {
		n, err := r.Read(buf)
		b.Write(buf[:n])
		if err == io.EOF {
			return b.String()
		}
		if err != nil {
			t.Fatalf("%q: read: %v", in, err)
		}
	}
}
