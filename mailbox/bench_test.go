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

// BenchmarkInlineImages reads HTML messages each with an inline image (a
// data: URI of 1.5 MB) and a style sheet with one of half that, reused
// Reader and all, as the command reads a mailbox of modern mail: with
// the whole tokens held (none), and with ElideLong at a search's default
// (the longest candidate and 4 KiB).
func BenchmarkInlineImages(b *testing.B) {
	run := mailgen.Base64Run(1, 1536<<10)
	var mbox bytes.Buffer
	for i := range 4 {
		mbox.WriteString("From a@example.org Thu Nov 26 10:00:00 2026\nContent-Type: text/html; charset=utf-8\n\n" +
			"<html><head><style>.h{background:url(data:image/png;base64," + run[:len(run)/2] + ")}</style></head><body>" +
			`<p>Hi <a href="https://a.example/offer?id=` + string(rune('0'+i)) + `">offer</a></p>` +
			`<img src="data:image/png;base64,` + run + `" alt=""><p>Bye https://b.example/</p></body></html>` + "\n\n")
	}
	in := mbox.Bytes()
	for _, tc := range []struct {
		name string
		opts []Option
	}{{"none", nil}, {"ElideLong", []Option{ElideLong(64<<10 + 4<<10)}}} {
		b.Run(tc.name, func(b *testing.B) {
			b.SetBytes(int64(len(in)))
			b.ReportAllocs()
			var src bytes.Reader
			mr := NewReader(&src, tc.opts...)
			buf := make([]byte, 32<<10)
			for b.Loop() {
				src.Reset(in)
				mr.Reset(&src, tc.opts...)
				for {
					p, err := mr.Next()
					if err == io.EOF {
						break
					}
					if err != nil {
						b.Fatal(err)
					}
					for {
						if _, err := p.Body.Read(buf); err != nil {
							break
						}
					}
				}
			}
		})
	}
}
