package magic

import (
	"bytes"
	"compress/gzip"
	"testing"
)

// TestMagic: a gzip member and bzip2 streams (one with a block, an empty
// one) are told; text that starts alike is not.
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
}
