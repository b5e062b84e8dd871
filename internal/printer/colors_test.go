package printer

import "testing"

// TestParseColors reads GREP_COLORS as grep does: the capabilities
// urlgrep colors with, mt for ms, ne, and the rest passed over.
func TestParseColors(t *testing.T) {
	for _, tt := range []struct {
		env  string
		want Colors
	}{
		{"", DefaultColors},
		{"ms=4;33", Colors{Match: "4;33", File: "35", Line: "32", Byte: "32", Sep: "36"}},
		{"mt=01;32:fn=1:ln=33:bn=34:se=", Colors{Match: "01;32", File: "1", Line: "33", Byte: "34", Sep: ""}},
		{"ne:mc=01;35:sl=1:cx=2:rv", Colors{Match: "01;31", File: "35", Line: "32", Byte: "32", Sep: "36", NoErase: true}},
		// Not SGR digits: passed over, no escape sequence of the
		// environment's reaches the terminal.
		{"ms=31m\x1b]0;x\x07:fn=35;x", DefaultColors},
		{"junk::=:fn", DefaultColors},
	} {
		if got := ParseColors(tt.env); got != tt.want {
			t.Errorf("ParseColors(%q) = %+v, want %+v", tt.env, got, tt.want)
		}
	}
}

// TestColorAuto checks --color=auto's choice: a terminal with a TERM
// that is not dumb, and no NO_COLOR that is set and not empty.
func TestColorAuto(t *testing.T) {
	for _, c := range []struct {
		terminal      bool
		term, noColor string
		want          bool
	}{
		{true, "xterm-256color", "", true},
		{false, "xterm-256color", "", false},
		{true, "", "", false},
		{true, "dumb", "", false},
		{true, "xterm", "1", false},
		{true, "xterm", "0", false}, // any value but the empty string
	} {
		env := map[string]string{"TERM": c.term, "NO_COLOR": c.noColor}
		if got := colorAuto(c.terminal, func(k string) string { return env[k] }); got != c.want {
			t.Errorf("terminal %v, TERM %q, NO_COLOR %q: %v, want %v", c.terminal, c.term, c.noColor, got, c.want)
		}
	}
}

// TestParseGrepEnv reads GREP_COLOR, which grep deprecates but still
// reads, for the matches, under GREP_COLORS's mt and ms.
func TestParseGrepEnv(t *testing.T) {
	for _, c := range []struct {
		colors, color, want string
	}{
		{"", "", DefaultColors.Match},
		{"", "1;32", "1;32"},
		{"fn=34", "1;32", "1;32"},
		{"mt=01;33", "1;32", "01;33"},
		{"ms=4", "1;32", "4"},
		{"", "bold", DefaultColors.Match}, // not SGR digits: passed over
	} {
		got := ParseGrepEnv(c.colors, c.color)
		if got.Match != c.want {
			t.Errorf("GREP_COLORS %q, GREP_COLOR %q: matches %q, want %q", c.colors, c.color, got.Match, c.want)
		}
		if c.colors == "fn=34" && got.File != "34" {
			t.Errorf("GREP_COLORS %q: file names %q", c.colors, got.File)
		}
	}
}
