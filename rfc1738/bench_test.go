package rfc1738

import (
	"net/url"
	"testing"
)

func seedBytes() int64 {
	var n int
	for _, s := range seeds {
		n += len(s)
	}
	return int64(n)
}

// BenchmarkParse parses the seed URLs strictly; compare with
// BenchmarkNetURLParse, which parses the same inputs with net/url.
func BenchmarkParse(b *testing.B) {
	b.SetBytes(seedBytes())
	b.ReportAllocs()
	for b.Loop() {
		for _, s := range seeds {
			Parse(s)
		}
	}
}

// BenchmarkParseLenient is BenchmarkParse in lenient mode, the one the
// extractor uses.
func BenchmarkParseLenient(b *testing.B) {
	b.SetBytes(seedBytes())
	b.ReportAllocs()
	for b.Loop() {
		for _, s := range seeds {
			ParseLenient(s)
		}
	}
}

// BenchmarkNetURLParse is the peer: net/url.Parse on the same inputs.
func BenchmarkNetURLParse(b *testing.B) {
	b.SetBytes(seedBytes())
	b.ReportAllocs()
	for b.Loop() {
		for _, s := range seeds {
			url.Parse(s)
		}
	}
}
