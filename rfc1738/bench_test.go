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

// typicalURLs are URLs as mail and documents have them most: http and
// https with a path, a query or a port, ftp, gopher, a mailto.
var typicalURLs = []string{
	"http://www.example.com/",
	"http://info.cern.ch/request/be-644.html",
	"https://docs.example.io/archive/docs/n273/#sec-2",
	"http://lists.example.net/draft-uri-03/archive/n279?q=a+b&x=61",
	"ftp://ftp.example.org/pub/one/rfc1024.txt",
	"gopher://archive.example.org/1/which",
	"https://www.example.co.uk:8443/login?next=%2Fhome",
	"mailto:user@example.org",
	"http://192.0.2.7/cgi-bin/x.cgi",
	"https://github.com/urlgrep/urlgrep/blob/main/README.md",
}

// BenchmarkParserLenient parses typicalURLs with a reused Parser, as the
// scanner does for each candidate.
func BenchmarkParserLenient(b *testing.B) {
	n := 0
	for _, s := range typicalURLs {
		n += len(s)
	}
	b.SetBytes(int64(n))
	b.ReportAllocs()
	var p Parser
	for b.Loop() {
		for _, s := range typicalURLs {
			p.ParseLenient(s)
		}
	}
}
