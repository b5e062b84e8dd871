package printer

import "strings"

// Colors are the SGR sequences (the digits between "\x1b[" and "m") that
// output is colored with under --color, as grep colors its own: the URLs
// in the URL lines and in the lines shown (Match), file names (File), line
// and column numbers (Line), byte offsets (Byte), and the separators
// ':', '-' and "--" (Sep). An empty one leaves its part uncolored.
type Colors struct {
	Match, File, Line, Byte, Sep string

	// NoErase leaves out the "\x1b[K" (erase to the end of the line)
	// grep writes after each color's start and end, for a background color
	// to stop where the text does (GREP_COLORS's ne).
	NoErase bool
}

// DefaultColors are GNU grep's: bold red matches, magenta file names,
// green numbers, cyan separators.
var DefaultColors = Colors{Match: "01;31", File: "35", Line: "32", Byte: "32", Sep: "36"}

// ParseColors reads a GREP_COLORS value over DefaultColors, as grep reads
// it: "ms=01;31:fn=35:ln=32:bn=32:se=36", with mt setting the matches of
// both selected and context lines (urlgrep has matches in selected lines
// only: ms and mt count, mc does not), and ne, which leaves out the
// erases. Capabilities urlgrep does not know (sl, cx, rv, mc) and
// malformed ones are passed over, as grep passes them over.
func ParseColors(env string) Colors {
	return parseColors(DefaultColors, env)
}

// ParseGrepEnv reads grep's two variables over DefaultColors, as grep
// reads them: GREP_COLOR (colors), which grep deprecates but honours, the
// color of the matches, and GREP_COLORS (env) over it, whose mt and ms
// come first (ParseColors).
func ParseGrepEnv(env, color string) Colors {
	c := DefaultColors
	if color != "" && strings.Trim(color, "0123456789;") == "" {
		c.Match = color
	}
	return parseColors(c, env)
}

func parseColors(c Colors, env string) Colors {
	for cap := range strings.SplitSeq(env, ":") {
		if cap == "ne" {
			c.NoErase = true
			continue
		}
		name, val, ok := strings.Cut(cap, "=")
		if !ok || strings.Trim(val, "0123456789;") != "" {
			continue
		}
		switch name {
		case "mt", "ms":
			c.Match = val
		case "fn":
			c.File = val
		case "ln":
			c.Line = val
		case "bn":
			c.Byte = val
		case "se":
			c.Sep = val
		}
	}
	return c
}

// on and off are the escape sequences that start and end the color code.
func (c Colors) on(code string) string {
	if c.NoErase {
		return "\x1b[" + code + "m"
	}
	return "\x1b[" + code + "m\x1b[K"
}

func (c Colors) off() string {
	if c.NoErase {
		return "\x1b[m"
	}
	return "\x1b[m\x1b[K"
}
