package search

import (
	"strings"
	"testing"
)

// TestCompilePattern: patterns as grep takes them, over URLs as Match.Text
// holds them.
func TestCompilePattern(t *testing.T) {
	urls := []string{"http://a.example/com", "http://b.example/comic", "https://github.com", "https://github.com/x", "HTTP://C.EXAMPLE/A.B", "http://d.example/axb"}
	tests := []struct {
		name     string
		patterns []string
		syn      PatternSyntax
		want     []string // the URLs kept
	}{
		{"any of them, somewhere", []string{"comic", "x$"}, PatternSyntax{}, []string{"http://b.example/comic", "https://github.com/x"}},
		{"regular expression", []string{"/a.b"}, PatternSyntax{}, []string{"http://d.example/axb"}},
		{"fixed string", []string{"/a.b"}, PatternSyntax{Fixed: true}, nil},
		{"fixed, no case", []string{"/a.b"}, PatternSyntax{Fixed: true, IgnoreCase: true}, []string{"HTTP://C.EXAMPLE/A.B"}},
		{"whole", []string{"https://github.com", "http://b.example/comi"}, PatternSyntax{Fixed: true, Whole: true}, []string{"https://github.com"}},
		{"word", []string{"com"}, PatternSyntax{Word: true}, []string{"http://a.example/com", "https://github.com", "https://github.com/x"}},
		{"whole over word", []string{"https://github.com"}, PatternSyntax{Fixed: true, Whole: true, Word: true}, []string{"https://github.com"}},
		{"empty pattern: every URL", []string{""}, PatternSyntax{}, urls},
		{"no pattern: none", nil, PatternSyntax{}, nil},
	}
	for _, tt := range tests {
		re, err := CompilePattern(tt.patterns, tt.syn)
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		var got []string
		for _, u := range urls {
			if re.MatchString(u) {
				got = append(got, u)
			}
		}
		if strings.Join(got, " ") != strings.Join(tt.want, " ") {
			t.Errorf("%s: kept %q, want %q", tt.name, got, tt.want)
		}
	}
	if _, err := CompilePattern([]string{"ok", "(?=a)"}, PatternSyntax{}); err == nil || !strings.Contains(err.Error(), `bad pattern "(?=a)"`) {
		t.Errorf("lookaround: error %v, want one naming the pattern", err)
	}
}
