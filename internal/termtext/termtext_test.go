package termtext

import "testing"

func TestVisible(t *testing.T) {
	tests := []struct {
		name, in      string
		spans         [][2]int
		indent, color bool
		want          string
	}{
		{"plain", "see http://a/ ok", nil, false, false, "see http://a/ ok"},
		{"C0 and DEL", "a\x1b]0;t\x07b\x7f", nil, false, false, "a^[]0;t^Gb^?"},
		{"C1", "a\u009bb", nil, false, false, "a<U+009B>b"},
		{"not UTF-8", "a\xffb", nil, false, false, `a\xFFb`},
		{"CRLF end", "line\r", nil, false, false, "line"},
		{"bare CR", "a\rb", nil, false, false, "a^Mb"},
		{"tab kept", "a\tb", nil, false, false, "a\tb"},
		{"UTF-8 kept", "東京 é", nil, false, false, "東京 é"},
		{"break indented", "a\nb", nil, true, false, "a\n\tb"},
		{"break shown", "a\nb", nil, false, false, "a^Jb"},
		{"highlight", "see http://a/ ok", [][2]int{{4, 13}}, false, true, "see \x1b[01;31mhttp://a/\x1b[m ok"},
		{"highlight two", "x a y b", [][2]int{{2, 3}, {6, 7}}, false, true, "x \x1b[01;31ma\x1b[m y \x1b[01;31mb\x1b[m"},
		{"highlight across a break", "<URL:a\nb>", [][2]int{{5, 8}}, true, true, "<URL:\x1b[01;31ma\x1b[m\n\t\x1b[01;31mb\x1b[m>"},
		{"highlight to the end", "see a", [][2]int{{4, 5}}, false, true, "see \x1b[01;31ma\x1b[m"},
	}
	for _, tt := range tests {
		if got := Visible([]byte(tt.in), tt.spans, tt.indent, tt.color); got != tt.want {
			t.Errorf("%s: Visible(%q) = %q, want %q", tt.name, tt.in, got, tt.want)
		}
	}
}
