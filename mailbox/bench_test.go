package mailbox

import (
	"bytes"
	"io"
	"testing"

	"github.com/urlgrep/urlgrep/internal/mailgen"
)

// BenchmarkReader decodes a generated mailbox (QP and base64 parts,
// charsets, quoted replies) part by part and reads every body, as the
// command's mail mode does before scanning.
func BenchmarkReader(b *testing.B) {
	in := benchMailbox(b)
	b.SetBytes(int64(len(in)))
	b.ReportAllocs()
	for b.Loop() {
		mr := NewReader(bytes.NewReader(in))
		for {
			p, err := mr.Next()
			if err == io.EOF {
				break
			}
			if err != nil {
				b.Fatal(err)
			}
			if _, err := io.Copy(io.Discard, p.Body); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// benchMailbox is 4 MiB or so of generated mail.
func benchMailbox(b *testing.B) []byte {
	var buf bytes.Buffer
	if _, err := mailgen.Generate(&buf, 2000, 1); err != nil {
		b.Fatal(err)
	}
	return buf.Bytes()
}
