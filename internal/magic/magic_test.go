package magic

import (
	"bytes"
	"compress/gzip"
	"testing"
)

// TestMagic: a gzip member, bzip2 streams (one with a block, an empty
// one) and Outlook data files (.pst, .ost) are told; text that starts
// alike is not.
func TestMagic(t *testing.T) {
	var gz bytes.Buffer
	w := gzip.NewWriter(&gz)
	w.Write([]byte("x"))
	w.Close()
	block := []byte("BZh91AY&SY\xf6\\:\x9e") // bzip2 -9 of a line
	empty := []byte("BZh9\x17\x72\x45\x38\x50\x90\x00\x00\x00\x00")
	if !Gzip(gz.Bytes()) || Gzip([]byte("\x1f\x8b")) || Gzip([]byte("gzip")) {
		t.Error("Gzip")
	}
	if !Bzip2(block) || !Bzip2(empty) || Bzip2([]byte("BZh9 is no bzip2 stream")) || Bzip2([]byte("BZh0AY&SY\xf6\\")) {
		t.Error("Bzip2")
	}
	pst := []byte("!BDN\x12\x34\x56\x78SM\x17\x00\x13\x00\x01\x01")
	ost := []byte("!BDN\x12\x34\x56\x78SO\x24\x00\x0c\x00\x01\x01")
	if !OutlookData(pst) || !OutlookData(ost) || OutlookData([]byte("!BDN is no store")) || OutlookData(pst[:9]) {
		t.Error("OutlookData")
	}
}

// TestUTF16: a byte order mark before UTF-16 text, little or big endian,
// Latin or not, or alone, is UTF-16; before ASCII text (a Latin-1 "ÿþ")
// it is not.
func TestUTF16(t *testing.T) {
	le := func(s string) []byte {
		b := []byte{0xff, 0xfe}
		for _, r := range s {
			b = append(b, byte(r), byte(r>>8))
		}
		return b
	}
	be := func(s string) []byte {
		b := []byte{0xfe, 0xff}
		for _, r := range s {
			b = append(b, byte(r>>8), byte(r))
		}
		return b
	}
	text := "see http://a.example/ now"
	for _, c := range []struct {
		name string
		head []byte
		want bool
	}{
		{"UTF-16LE", le(text), true},
		{"UTF-16BE", be(text), true},
		{"UTF-16LE, Japanese", le("東京の記事、終わり"), true},
		{"the mark alone", []byte{0xff, 0xfe}, true},
		{"FF FE then ASCII", append([]byte{0xff, 0xfe}, text...), false},
		{"no mark", []byte(text), false},
	} {
		if got := UTF16(c.head); got != c.want {
			t.Errorf("%s: UTF16 = %v", c.name, got)
		}
	}
}
