package rtf

import (
	"bufio"
	"bytes"
	"io"
	"testing"
	"testing/iotest"
)

// TestDecompressor: the examples of [MS-OXRTFCP] §3.1.1 and §3.1.2
// (a reference into the dictionary's start, and one that runs on into
// the bytes it writes), an uncompressed ("MELA") stream, and streams cut
// short or of another type, which end the text where they stop.
func TestDecompressor(t *testing.T) {
	hx := func(s string) []byte {
		var b []byte
		for f := range bytes.FieldsSeq([]byte(s)) {
			var v byte
			for _, c := range f {
				v <<= 4
				switch {
				case c >= '0' && c <= '9':
					v |= c - '0'
				default:
					v |= c - 'a' + 10
				}
			}
			b = append(b, v)
		}
		return b
	}
	simple := hx("2d 00 00 00 2b 00 00 00 4c 5a 46 75 f1 c5 c7 a7 03 00 0a 00 72 63 70 67 31 32 35 42 32 0a f3 20 68 65 6c 09 00 20 62 77 05 b0 6c 64 7d 0a 80 0f a0")
	crossing := hx("1a 00 00 00 1c 00 00 00 4c 5a 46 75 e2 d4 4b 51 41 00 04 20 57 58 59 5a 0d 6e 7d 01 0e b0")
	mela := append(hx("1a 00 00 00 0e 00 00 00 4d 45 4c 41 00 00 00 00"), "{\\rtf1 plain}\r\n"...)
	for _, c := range []struct {
		name string
		in   []byte
		want string
	}{
		{"simple", simple, "{\\rtf1\\ansi\\ansicpg1252\\pard hello world}\r\n"},
		{"crossing", crossing, "{\\rtf1 WXYZWXYZWXYZWXYZWXYZ}"},
		{"uncompressed", mela, "{\\rtf1 plain}\r\n"},
		{"cut short", simple[:30], "{\\rtf1\\ansi\\ansicpg1252"}, // a reference's first byte last
		{"no header", simple[:10], ""},
		{"another type", append(append(append([]byte{}, simple[:8]...), "ABCD"...), simple[12:]...), ""},
	} {
		for _, one := range []bool{false, true} {
			var src io.Reader = bytes.NewReader(c.in)
			if one {
				src = iotest.OneByteReader(src)
			}
			got, err := io.ReadAll(NewDecompressor(bufio.NewReader(src)))
			if err != nil || string(got) != c.want {
				t.Errorf("%s (one byte a read %v): %q, %v; want %q", c.name, one, got, err, c.want)
			}
		}
	}
}
