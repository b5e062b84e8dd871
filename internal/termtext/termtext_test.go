package termtext

import "testing"

func TestVisible(t *testing.T) {
	tests := []struct {
		name, in string
		spans    [][2]int
		indent   bool
		on       string
		want     string
	}{
		{"plain", "see http://a/ ok", nil, false, "", "see http://a/ ok"},
		{"C0 and DEL", "a\x1b]0;t\x07b\x7f", nil, false, "", "a^[]0;t^Gb^?"},
		{"C1", "a\u009bb", nil, false, "", "a<U+009B>b"},
		{"not UTF-8", "a\xffb", nil, false, "", `a\xFFb`},
		{"CRLF end", "line\r", nil, false, "", "line"},
		{"bare CR", "a\rb", nil, false, "", "a^Mb"},
		{"tab kept", "a\tb", nil, false, "", "a\tb"},
		{"UTF-8 kept", "東京 é", nil, false, "", "東京 é"},
		{"break indented", "a\nb", nil, true, "", "a\n\tb"},
		{"break shown", "a\nb", nil, false, "", "a^Jb"},
		{"highlight", "see http://a/ ok", [][2]int{{4, 13}}, false, "\x1b[01;31m", "see \x1b[01;31mhttp://a/\x1b[m ok"},
		{"highlight two", "x a y b", [][2]int{{2, 3}, {6, 7}}, false, "\x1b[01;31m", "x \x1b[01;31ma\x1b[m y \x1b[01;31mb\x1b[m"},
		{"highlight across a break", "<URL:a\nb>", [][2]int{{5, 8}}, true, "\x1b[01;31m", "<URL:\x1b[01;31ma\x1b[m\n\t\x1b[01;31mb\x1b[m>"},
		{"highlight to the end", "see a", [][2]int{{4, 5}}, false, "\x1b[01;31m", "see \x1b[01;31ma\x1b[m"},
		{"highlight with an erase", "see a", [][2]int{{4, 5}}, false, "\x1b[4;33m\x1b[K", "see \x1b[4;33m\x1b[Ka\x1b[m"},
	}
	for _, tt := range tests {
		if got := Visible([]byte(tt.in), tt.spans, tt.indent, tt.on, "\x1b[m"); got != tt.want {
			t.Errorf("%s: Visible(%q) = %q, want %q", tt.name, tt.in, got, tt.want)
		}
	}
}
