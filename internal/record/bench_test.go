package record

import (
	"bytes"
	"os"
	"testing"

	"github.com/urlgrep/urlgrep/search"
)

// BenchmarkRecord makes and writes the record of each URL of a sample
// (--json's work for each), its URLs found once beforehand.
func BenchmarkRecord(b *testing.B) {
	data, err := os.ReadFile("../../testdata/sample/notes.md")
	if err != nil {
		b.Skip(err)
	}
	var evs []search.Event
	search.Search(search.Input{Name: "notes.md", R: bytes.NewReader(data)}, search.Options{}, func(ev *search.Event) bool {
		if ev.Kind == search.URL {
			evs = append(evs, *ev)
		}
		return true
	})
	if len(evs) == 0 {
		b.Fatal("no URL")
	}
	b.ReportAllocs()
	var buf []byte
	for b.Loop() {
		for i := range evs {
			r := New("notes.md", &evs[i], false)
			buf = r.AppendJSON(buf[:0])
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(evs)), "ns/URL")
}
