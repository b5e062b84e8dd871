package rfc1738

// Byte classes of RFC 1738 §2.2 and §5, as bits in a [256] table (the
// layout net/url uses). A byte may belong to several classes.
const (
	classAlpha    uint16 = 1 << iota // lowalpha | hialpha
	classDigit                       // digit
	classSafe                        // "$" | "-" | "_" | "." | "+"
	classExtra                       // "!" | "*" | "'" | "(" | ")" | ","
	classNational                    // "{" | "}" | "|" | "\" | "^" | "~" | "[" | "]" | "`"
	classPunct                       // "<" | ">" | "#" | "%" | <">
	classReserved                    // ";" | "/" | "?" | ":" | "@" | "&" | "="
	classHex                         // hex
	classScheme                      // lowalpha | hialpha | digit | "+" | "-" | "." (§2.1)
	classControl                     // 00-1F and 7F (§2.2: no graphic character)

	classUnreserved = classAlpha | classDigit | classSafe | classExtra // unreserved
	classXchar      = classUnreserved | classReserved                  // xchar, less escape
)

// Reserved characters as bits, so that each production can say which of
// them it admits unencoded (§2.2 "Reserved").
const (
	resSemi  uint8 = 1 << iota // ";"
	resSlash                   // "/"
	resQuest                   // "?"
	resColon                   // ":"
	resAt                      // "@"
	resAmp                     // "&"
	resEq                      // "="

	resAll = resSemi | resSlash | resQuest | resColon | resAt | resAmp | resEq
)

var (
	classes  [256]uint16
	reserved [256]uint8
	// unreserved is 1 for the bytes of class unreserved, 0 for the others:
	// ANDed over several bytes, it tests them all at once.
	unreserved [256]uint8
)

func init() {
	set := func(chars string, c uint16) {
		for i := 0; i < len(chars); i++ {
			classes[chars[i]] |= c
		}
	}
	for c := 'a'; c <= 'z'; c++ {
		classes[c] |= classAlpha | classScheme
		classes[c-'a'+'A'] |= classAlpha | classScheme
	}
	for c := '0'; c <= '9'; c++ {
		classes[c] |= classDigit | classHex | classScheme
	}
	set("abcdefABCDEF", classHex)
	set("+-.", classScheme)
	set("$-_.+", classSafe)
	set("!*'(),", classExtra)
	set("{}|\\^~[]`", classNational)
	set("<>#%\"", classPunct)
	set(";/?:@&=", classReserved)
	for c := 0; c < 0x20; c++ {
		classes[c] |= classControl
	}
	classes[0x7f] |= classControl
	for i, c := range ";/?:@&=" {
		reserved[c] = 1 << i
	}
	for c := range classes {
		if classes[c]&classUnreserved != 0 {
			unreserved[c] = 1
		}
	}
}

func is(c byte, class uint16) bool { return classes[c]&class != 0 }

func isHex(c byte) bool { return classes[c]&classHex != 0 }

func unhex(c byte) byte {
	switch {
	case c >= '0' && c <= '9':
		return c - '0'
	case c >= 'a' && c <= 'f':
		return c - 'a' + 10
	default:
		return c - 'A' + 10
	}
}

// isEscape reports whether s[i:] starts with escape = "%" hex hex (§5).
func isEscape(s string, i int) bool {
	return i+2 < len(s) && s[i] == '%' && isHex(s[i+1]) && isHex(s[i+2])
}
