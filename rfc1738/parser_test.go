package rfc1738

import (
	"bufio"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// TestParserSameAnswers: a reused Parser gives, for every URL of the
// parse goldens' inputs, the URL and error that ParseLenient gives, in
// any order of calls (a URL parsed after another is not touched by it).
func TestParserSameAnswers(t *testing.T) {
	files, err := filepath.Glob("../testdata/input/parse/*.txt")
	if err != nil || len(files) == 0 {
		t.Fatalf("no inputs: %v", err)
	}
	var p Parser
	n := 0
	for _, name := range files {
		f, err := os.Open(name)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			line := sc.Text()
			if line == "" || strings.HasPrefix(line, "#") {
				continue
			}
			n++
			want, wantErr := ParseLenient(line)
			got, gotErr := p.ParseLenient(line)
			if (want == nil) != (got == nil) || (wantErr == nil) != (gotErr == nil) ||
				wantErr != nil && wantErr.Error() != gotErr.Error() {
				t.Errorf("%q: Parser gives %v, %v; ParseLenient %v, %v", line, got, gotErr, want, wantErr)
				continue
			}
			if w, g := NewParts(line, want, wantErr, false), NewParts(line, got, gotErr, false); !reflect.DeepEqual(w, g) {
				t.Errorf("%q: Parser gives %+v, ParseLenient %+v", line, g, w)
			}
		}
		f.Close()
	}
	if n < 100 {
		t.Fatalf("only %d URLs", n)
	}
}

// TestParserAllocs: a reused Parser allocates nothing for common URLs.
func TestParserAllocs(t *testing.T) {
	var p Parser
	for _, s := range []string{
		"http://www.example.com/drafts/index.html?lang=en&fmt=txt",
		"https://files.example.com/slides/uri-wg/1994/context.pdf",
		"ftp://ftp.example.net/pub/drafts/draft-uri-context-03.txt;type=a",
		"gopher://gopher.example.edu/11/Information",
		"http://a.example/~bob/#top",
		"mailto:alice@example.org",
	} {
		p.ParseLenient(s) // the first grows the warning list
		if n := testing.AllocsPerRun(100, func() {
			if u, _ := p.ParseLenient(s); u == nil {
				t.Fatal("no URL")
			}
		}); n != 0 {
			t.Errorf("%s: %v allocations a parse", s, n)
		}
	}
}
