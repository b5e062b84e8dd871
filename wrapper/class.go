package wrapper

// Byte classes, as bits in class.
const (
	classSpace  = 1 << iota // ' ', '\t': whitespace within a line
	classBreak              // '\r', '\n': a line break
	classCtl                // other C0 controls: end a wrapper attempt
	classAlpha              // 'A'-'Z', 'a'-'z': may start a scheme
	classScheme             // letters, digits, '+', '-', '.': RFC 1738 §2.1
	classMarker             // '>', '|': quote markers of mail and news
)

var class = func() (t [256]uint8) {
	for c := 0; c < 0x20; c++ {
		t[c] = classCtl
	}
	t[' '], t['\t'] = classSpace, classSpace
	t['\r'], t['\n'] = classBreak, classBreak
	for c := 'a'; c <= 'z'; c++ {
		t[c] = classAlpha | classScheme
		t[c-'a'+'A'] = classAlpha | classScheme
	}
	for c := '0'; c <= '9'; c++ {
		t[c] = classScheme
	}
	t['+'], t['-'], t['.'] = classScheme, classScheme, classScheme
	t['>'], t['|'] = classMarker, classMarker
	return t
}()

func isSpace(c byte) bool  { return class[c]&classSpace != 0 }
func isBreak(c byte) bool  { return class[c]&classBreak != 0 }
func isCtl(c byte) bool    { return class[c]&classCtl != 0 }
func isAlpha(c byte) bool  { return class[c]&classAlpha != 0 }
func isScheme(c byte) bool { return class[c]&classScheme != 0 }
func isMarker(c byte) bool { return class[c]&classMarker != 0 }

// urlText holds the bytes that at takes as URL text: all but '>', '<',
// whitespace, line breaks and controls, each of which its loop decides
// on alone.
var urlText = func() (t [256]bool) {
	for c := range t {
		t[c] = class[c]&(classSpace|classBreak|classCtl) == 0 && c != '>' && c != '<'
	}
	return t
}()
