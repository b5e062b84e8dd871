package extract

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"testing/iotest"
)

// FuzzScanner checks, for any input, with the default options and with the
// smallest buffers (and e-mail on): no panic and no error; the segments
// partition the input, offsets increase and positions agree with the input
// (checkPartition); a one-byte and a half reader give the same matches and
// drop the same candidates, and so does one reading the input in place
// (ResetBytes); no match's Raw is longer than the candidate
// bound; a buffer that never fills gives the same matches as one that
// fills; scanning apart the pieces Cut makes finds what the whole does
// (checkCut). It is seeded from the table tests and the golden inputs.
func FuzzScanner(f *testing.F) {
	for _, tt := range scanTests {
		f.Add(tt.in)
	}
	for _, tt := range matchTests {
		f.Add(tt.in)
	}
	files, _ := filepath.Glob("../testdata/input/extract/*.txt")
	for _, file := range files {
		if data, err := os.ReadFile(file); err == nil && len(data) < 64<<10 {
			f.Add(string(data))
		}
	}
	for _, p := range pathological {
		f.Add(strings.Repeat(p.unit, 4096/len(p.unit)) + p.tail)
	}
	f.Fuzz(func(t *testing.T, in string) {
		small := []Option{WithMaxCandidate(256), WithReadSize(512), WithEmail(true)}
		for _, opts := range [][]Option{nil, small} {
			bound := NewFinder(opts...).cfg.maxCandidate
			want := scan(t, strings.NewReader(in), opts...)
			if want.err != nil {
				t.Fatalf("Err() = %v, want nil", want.err)
			}
			checkPartition(t, in, want)
			// MayFind false: no URL found (a search leaves out the header
			// fields it says so of).
			if ms := want.matches(); len(ms) > 0 && !NewScanner(nil, opts...).MayFind([]byte(in)) {
				t.Errorf("MayFind reports no URL can be in the text, the Scanner found %q", ms[0].Text)
			}
			for _, m := range want.matches() {
				if len(m.Raw) > bound {
					t.Errorf("match %q: Raw is %d bytes, above the bound %d", m.Text, len(m.Raw), bound)
				}
			}
			for _, rd := range []struct {
				name string
				r    func() *scanResult
			}{
				{"OneByteReader", func() *scanResult {
					r := scan(t, iotest.OneByteReader(strings.NewReader(in)), opts...)
					return &r
				}},
				{"HalfReader", func() *scanResult {
					r := scan(t, iotest.HalfReader(strings.NewReader(in)), opts...)
					return &r
				}},
				{"ResetBytes", func() *scanResult {
					r := scanBytes(t, in, 0, 1, opts...)
					return &r
				}},
			} {
				got := rd.r()
				if got.err != nil {
					t.Fatalf("%s: Err() = %v, want nil", rd.name, got.err)
				}
				if !reflect.DeepEqual(got.matches(), want.matches()) {
					t.Fatalf("%s: matches differ:\n got %s\nwant %s", rd.name, describe(got.matches()), describe(want.matches()))
				}
				if got.dropped != want.dropped {
					t.Fatalf("%s: Dropped() = %d, want %d", rd.name, got.dropped, want.dropped)
				}
				if string(got.joined()) != in {
					t.Fatalf("%s: segments do not partition the input", rd.name)
				}
			}
			// A stream that stalls before each line: what the stalls
			// decide may differ, never the partition, nor the bound.
			got := scan(t, &lineStaller{rest: in}, opts...)
			if got.err != nil {
				t.Fatalf("lineStaller: Err() = %v, want nil", got.err)
			}
			checkPartition(t, in, got)
			for _, m := range got.matches() {
				if len(m.Raw) > bound {
					t.Errorf("lineStaller: match %q: Raw is %d bytes, above the bound %d", m.Text, len(m.Raw), bound)
				}
			}
		}
		// Cut at the last blank line: the pieces scanned apart find what
		// the whole finds.
		if i := Cut([]byte(in)); i >= 0 {
			checkCut(t, in, i)
			checkCut(t, in, i, small...)
		}
		// The buffer of small holds 849 bytes; with reads of 64 KiB it
		// never fills. Where the buffer fills must change nothing.
		want := scan(t, strings.NewReader(in), small...)
		got := scan(t, strings.NewReader(in), WithMaxCandidate(256), WithReadSize(64<<10), WithEmail(true))
		if !reflect.DeepEqual(got.matches(), want.matches()) || got.dropped != want.dropped {
			t.Fatalf("large reads: matches differ from small reads:\n got %s (dropped %d)\nwant %s (dropped %d)",
				describe(got.matches()), got.dropped, describe(want.matches()), want.dropped)
		}
	})
}
