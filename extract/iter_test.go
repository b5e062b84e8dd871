package extract

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// TestAllSameAsScanner checks that Finder.All reports what a Scanner
// reports for the same bytes, every field, on the golden inputs, and that
// each Found's candidate holds its URL.
func TestAllSameAsScanner(t *testing.T) {
	files, _ := filepath.Glob("../testdata/input/extract/*.txt")
	if len(files) < 5 {
		t.Fatalf("only %d inputs", len(files))
	}
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		for _, opts := range [][]Option{nil, {WithEmail(true)}, {WithWWW(false), WithAngle(false)}} {
			var want []*Match
			s := NewScanner(strings.NewReader(string(data)), opts...)
			for s.Scan() {
				if m := s.Match(); m != nil {
					want = append(want, m)
				}
			}
			var got []*Match
			for f := range NewFinder(opts...).All(data, 0) {
				m := f.Match
				if f.Start > int(m.Offset) || f.End < int(m.End) || f.Start < 0 || f.End > len(data) {
					t.Errorf("%s: candidate %d-%d does not hold its URL %d-%d", file, f.Start, f.End, m.Offset, m.End)
				}
				got = append(got, m)
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("%s: All found %d URLs, the Scanner %d, or they differ", filepath.Base(file), len(got), len(want))
			}
			if len(want) == 0 && !strings.Contains(file, "noturls") {
				t.Errorf("%s: nothing found", file)
			}
		}
	}
}

// TestAllWrapperExtent checks the candidate of a wrapper: from its "<" to
// after its ">", the URL inside.
func TestAllWrapperExtent(t *testing.T) {
	data := []byte("see <URL:ftp://a.example/x\n  y> and <http://b.example/>.")
	var got []string
	for f := range NewFinder().All(data, 0) {
		got = append(got, string(data[f.Start:f.End])+"|"+f.Match.Raw)
	}
	want := []string{"<URL:ftp://a.example/x\n  y>|ftp://a.example/x\n  y", "<http://b.example/>|http://b.example/"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
	got = got[:0]
	for f := range NewFinder(WithAngle(false)).All(data, 0) {
		got = append(got, string(data[f.Start:f.End]))
	}
	if want := []string{"<URL:ftp://a.example/x\n  y>", "http://b.example/"}; !reflect.DeepEqual(got, want) {
		t.Errorf("WithAngle(false): got %q, want %q", got, want)
	}
}
