package mailbox

import (
	"bytes"
	"io"
	"os"
	"strings"
	"testing"
	"time"

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

// BenchmarkReaderFile decodes the mailbox URLGREP_BENCH_MBOX names (a
// real one: none is in this repository), with the Reader options the
// command's search gives (ElideLong, ReuseParts), and reports where the
// time went: ms/op spent reading HTML parts' bodies, other parts' bodies
// and headers (Next), and the text each kind gave. Without the variable
// it is skipped.
//
//	URLGREP_BENCH_MBOX=sapub1.mbox go test -run '^$' -bench ReaderFile ./mailbox
func BenchmarkReaderFile(b *testing.B) {
	path := os.Getenv("URLGREP_BENCH_MBOX")
	if path == "" {
		b.Skip("URLGREP_BENCH_MBOX names no mailbox")
	}
	in, err := os.ReadFile(path)
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(in)))
	b.ReportAllocs()
	var htmlTime, otherTime, nextTime time.Duration
	var htmlOut, otherOut int64
	for b.Loop() {
		htmlOut, otherOut = 0, 0
		mr := NewReader(bytes.NewReader(in), ElideLong(4096), ReuseParts())
		for {
			t0 := time.Now()
			p, err := mr.Next()
			nextTime += time.Since(t0)
			if err == io.EOF {
				break
			}
			if err != nil {
				b.Fatal(err)
			}
			t0 = time.Now()
			n, err := io.Copy(io.Discard, p.Body)
			if err != nil {
				b.Fatal(err)
			}
			if strings.Contains(p.Type, "html") {
				htmlOut, htmlTime = htmlOut+n, htmlTime+time.Since(t0)
			} else {
				otherOut, otherTime = otherOut+n, otherTime+time.Since(t0)
			}
		}
	}
	ms := func(d time.Duration) float64 { return d.Seconds() * 1000 / float64(b.N) }
	b.ReportMetric(ms(htmlTime), "html-ms/op")
	b.ReportMetric(ms(otherTime), "other-ms/op")
	b.ReportMetric(ms(nextTime), "next-ms/op")
	b.ReportMetric(float64(htmlOut), "html-text-B")
	b.ReportMetric(float64(otherOut), "other-text-B")
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
