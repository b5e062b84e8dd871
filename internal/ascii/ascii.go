// Package ascii holds the byte classes that several packages of urlgrep
// test (letters, digits, hex digits, white space), in one table, so that
// none keeps its own copy. Package rfc1738 keeps the classes of RFC 1738's
// grammar itself: it imports nothing of this module.
package ascii

const (
	alpha = 1 << iota
	digit
	hex
	space
)

var class = func() (t [256]uint8) {
	for c := 'a'; c <= 'z'; c++ {
		t[c] |= alpha
		t[c-'a'+'A'] |= alpha
	}
	for c := '0'; c <= '9'; c++ {
		t[c] |= digit | hex
	}
	for _, c := range "abcdefABCDEF" {
		t[c] |= hex
	}
	for _, c := range " \t\r\n" {
		t[c] |= space
	}
	return t
}()

// IsAlpha reports whether c is an ASCII letter.
func IsAlpha(c byte) bool { return class[c]&alpha != 0 }

// IsDigit reports whether c is an ASCII digit.
func IsDigit(c byte) bool { return class[c]&digit != 0 }

// IsAlnum reports whether c is an ASCII letter or digit.
func IsAlnum(c byte) bool { return class[c]&(alpha|digit) != 0 }

// IsHex reports whether c is a hex digit, either case.
func IsHex(c byte) bool { return class[c]&hex != 0 }

// IsSchemeByte reports whether c may be in a URL's scheme: a letter, a
// digit, "+", "-" or "." (RFC 3986 §3.1; the first must be a letter).
func IsSchemeByte(c byte) bool { return IsAlnum(c) || c == '+' || c == '-' || c == '.' }

// IsSpace reports whether c is a space, tab, CR or LF.
func IsSpace(c byte) bool { return class[c]&space != 0 }

// Unhex returns the value of the hex digit c, or -1.
func Unhex(c byte) int {
	switch {
	case '0' <= c && c <= '9':
		return int(c - '0')
	case 'a' <= c && c <= 'f':
		return int(c - 'a' + 10)
	case 'A' <= c && c <= 'F':
		return int(c - 'A' + 10)
	}
	return -1
}

// UpperHex are the digits of a percent-encoded byte, "%" and two of them
// (RFC 3986 §2.1: producers use upper case).
const UpperHex = "0123456789ABCDEF"
