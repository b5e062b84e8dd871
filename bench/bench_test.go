// Package bench compares urlgrep's packages with peer tools on the same
// generated inputs, in one run, so that ratios hold on a noisy machine:
//
//	cd bench && go test -run '^$' -bench . -benchtime 3s
//
// Peers live in this module only; the main module never depends on them.
package bench

import (
	"bytes"
	"io"
	"sync"
	"testing"

	"github.com/urlgrep/urlgrep/bench/gen"
	"github.com/urlgrep/urlgrep/extract"
	"github.com/urlgrep/urlgrep/mailbox"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
	"mvdan.cc/xurls/v2"
)

const size = 8 << 20

var inputs = map[gen.Kind][]byte{}
var inputsOnce sync.Once

func input(b *testing.B, k gen.Kind) []byte {
	inputsOnce.Do(func() {
		for _, kind := range []gen.Kind{gen.RFC, gen.Mail, gen.News, gen.Markdown} {
			var buf bytes.Buffer
			if _, err := gen.Write(&buf, kind, size, 1); err != nil {
				panic(err)
			}
			inputs[kind] = buf.Bytes()
		}
	})
	return inputs[k]
}

var corpora = []gen.Kind{gen.RFC, gen.Mail}

// BenchmarkFloor is the memory-bandwidth floor: counting newlines.
func BenchmarkFloor(b *testing.B) {
	for _, k := range corpora {
		b.Run(string(k), func(b *testing.B) {
			in := input(b, k)
			b.SetBytes(int64(len(in)))
			for b.Loop() {
				bytes.Count(in, []byte{'\n'})
			}
		})
	}
}

// BenchmarkScan is urlgrep's scanner on raw text (urlgrep --raw).
func BenchmarkScan(b *testing.B) {
	for _, k := range corpora {
		b.Run(string(k), func(b *testing.B) {
			in := input(b, k)
			b.SetBytes(int64(len(in)))
			b.ReportAllocs()
			for b.Loop() {
				s := extract.NewScanner(bytes.NewReader(in))
				for s.Scan() {
				}
			}
		})
	}
}

// BenchmarkMail is urlgrep's mail mode: decode every part, then scan it.
func BenchmarkMail(b *testing.B) {
	in := input(b, gen.Mail)
	b.SetBytes(int64(len(in)))
	b.ReportAllocs()
	for b.Loop() {
		mr := mailbox.NewReader(bytes.NewReader(in))
		for {
			p, err := mr.Next()
			if err != nil {
				break
			}
			s := extract.NewScanner(p.Body)
			for s.Scan() {
			}
		}
	}
}

// BenchmarkXurls is mvdan.cc/xurls, strict and relaxed, on the same text.
func BenchmarkXurls(b *testing.B) {
	for _, k := range corpora {
		for _, mode := range []string{"strict", "relaxed"} {
			b.Run(string(k)+"/"+mode, func(b *testing.B) {
				re := xurls.Strict()
				if mode == "relaxed" {
					re = xurls.Relaxed()
				}
				in := input(b, k)[:1<<20] // xurls runs at about 1 MB/s
				b.SetBytes(int64(len(in)))
				for b.Loop() {
					re.FindAllIndex(in, -1)
				}
			})
		}
	}
}

// BenchmarkGoldmark renders Markdown with plain goldmark and with its
// Linkify extension.
func BenchmarkGoldmark(b *testing.B) {
	in := input(b, gen.Markdown)
	for _, c := range []struct {
		name string
		md   goldmark.Markdown
	}{
		{"plain", goldmark.New()},
		{"linkify", goldmark.New(goldmark.WithExtensions(extension.Linkify))},
	} {
		b.Run(c.name, func(b *testing.B) {
			b.SetBytes(int64(len(in)))
			b.ReportAllocs()
			for b.Loop() {
				c.md.Convert(in, io.Discard)
			}
		})
	}
}
