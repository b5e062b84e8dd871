// Package termtext makes text from the input safe to show on a terminal:
// control bytes shown, not sent, as less shows them, so that mail cannot
// drive the terminal (set its title, clear the screen) through urlgrep's
// context lines or its picker.
package termtext

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// Visible returns text as it may be shown on a terminal, each span between
// on and off (a color's escape sequences: "\x1b[01;31m", bold red, as
// grep's matches, and "\x1b[m"; none when on is empty). Control bytes of
// text are shown, not sent: ESC as ^[
// and the rest of C0 and DEL in caret notation, the C1 controls as
// <U+0080>..<U+009F>, bytes that are not UTF-8 as \xNN, as less shows
// them, so that input cannot drive the terminal. A line break becomes a
// break and a tab when indent (the lines of a wrapped URL), a CR before
// one or at the end goes.
func Visible(text []byte, spans [][2]int, indent bool, on, off string) string {
	var b strings.Builder
	lit := false // the highlight is on
	k := 0       // the next span
	for i := 0; i < len(text); {
		if on != "" && k < len(spans) && i == spans[k][0] {
			b.WriteString(on)
			lit = true
		}
		if lit && i == spans[k][1] {
			b.WriteString(off)
			lit = false
			k++
			continue
		}
		ch := text[i]
		switch {
		case ch == '\n' && indent:
			if lit {
				b.WriteString(off + "\n\t" + on)
			} else {
				b.WriteString("\n\t")
			}
		case ch == '\r' && (i+1 == len(text) || text[i+1] == '\n'):
			// the CR of a CRLF line end
		case ch == '\t':
			b.WriteByte(ch)
		case ch < 0x20:
			b.WriteByte('^')
			b.WriteByte(ch + 0x40)
		case ch == 0x7f:
			b.WriteString("^?")
		case ch >= utf8.RuneSelf:
			r, n := utf8.DecodeRune(text[i:])
			switch {
			case r == utf8.RuneError && n == 1:
				fmt.Fprintf(&b, "\\x%02X", ch)
			case r >= 0x80 && r <= 0x9f:
				fmt.Fprintf(&b, "<U+%04X>", r)
			default:
				b.Write(text[i : i+n])
			}
			i += n
			continue
		default:
			b.WriteByte(ch)
		}
		i++
	}
	if lit {
		b.WriteString(off)
	}
	return b.String()
}
