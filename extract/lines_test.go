package extract

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
)

// TestLineNumbersOff: with WithLineNumbers(false) a Scanner finds what it
// finds with them on, at the same offsets and columns, in the same
// segments, and drops the same candidates; only Line and EndLine (and the
// line OnDrop is told) are 0.
func TestLineNumbersOff(t *testing.T) {
	long := "see http://example.com/" + strings.Repeat("a", 400) + " then\n> quoted <URL:http://x.example/a\n> /b> end\n"
	inputs := map[string][]byte{
		"many":   inputMany[:256<<10],
		"colons": inputColons[:256<<10],
		"long":   bytes.Repeat([]byte(long), 40),
	}
	type drop struct {
		offset int64
		line   int
	}
	scan := func(in []byte, lines, lazy bool, readSize int) (out []string, drops []drop) {
		opts := []Option{WithLineNumbers(lines), WithLazyMatch(lazy), WithReadSize(readSize), WithMaxCandidate(256), WithEmail(true),
			OnDrop(func(offset int64, line int) { drops = append(drops, drop{offset, line}) })}
		s := NewScanner(bytes.NewReader(in), opts...)
		for s.Scan() {
			if !s.Found() {
				out = append(out, fmt.Sprintf("text %q", s.Raw()))
				continue
			}
			var m *Match
			if lazy {
				m = s.Borrow()
			} else {
				m = s.Match()
			}
			out = append(out, fmt.Sprintf("%q %q %v %d-%d col %d line %d-%d", m.Text, m.Raw, m.Kind, m.Offset, m.End, m.Col, m.Line, m.EndLine))
		}
		if err := s.Err(); err != nil {
			t.Fatal(err)
		}
		return out, drops
	}
	for name, in := range inputs {
		for _, lazy := range []bool{false, true} {
			for _, rs := range []int{512, DefaultReadSize} {
				on, onDrops := scan(in, true, lazy, rs)
				off, offDrops := scan(in, false, lazy, rs)
				if len(on) != len(off) {
					t.Fatalf("%s lazy=%v read %d: %d segments with line numbers, %d without", name, lazy, rs, len(on), len(off))
				}
				urls := 0
				for i := range on {
					want := on[i]
					if k := strings.LastIndex(want, " line "); k >= 0 && !strings.HasPrefix(want, "text ") {
						want = want[:k] + " line 0-0"
						urls++
					}
					if off[i] != want {
						t.Fatalf("%s lazy=%v read %d, segment %d:\n with lines %s\n without    %s", name, lazy, rs, i, on[i], off[i])
					}
				}
				if urls < 40 {
					t.Errorf("%s: only %d URLs", name, urls)
				}
				if name == "long" && len(onDrops) != 40 {
					t.Errorf("long: %d drops, want 40", len(onDrops))
				}
				if len(onDrops) != len(offDrops) {
					t.Fatalf("%s: %d drops with line numbers, %d without", name, len(onDrops), len(offDrops))
				}
				for i := range onDrops {
					if onDrops[i].offset != offDrops[i].offset || offDrops[i].line != 0 || onDrops[i].line < 1 {
						t.Errorf("%s: drop %d: %v with line numbers, %v without", name, i, onDrops[i], offDrops[i])
					}
				}
			}
		}
	}
}
