package main

import (
	"strconv"
	"unicode/utf8"
)

// jstr is a string that JSON-encodes without losing bytes: encoding/json
// turns bytes that are not UTF-8 into U+FFFD, which would drop text. Each
// such byte is written instead as "\udcXX", a lone low surrogate holding
// the byte (the "surrogateescape" convention of Python's PEP 383), so that
// a reader can get the exact bytes back.
type jstr string

// MarshalJSON writes s as a JSON string, escaping what JSON requires and
// the bytes that are not UTF-8.
func (s jstr) MarshalJSON() ([]byte, error) {
	return appendJSONString(make([]byte, 0, len(s)+2), string(s)), nil
}

func appendJSONString(b []byte, s string) []byte {
	const hex = "0123456789abcdef"
	b = append(b, '"')
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == '"' || c == '\\':
			b = append(b, '\\', c)
			i++
		case c == '\n':
			b = append(b, '\\', 'n')
			i++
		case c == '\r':
			b = append(b, '\\', 'r')
			i++
		case c == '\t':
			b = append(b, '\\', 't')
			i++
		case c < 0x20 || c == 0x7f:
			b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&15])
			i++
		case c < utf8.RuneSelf:
			b = append(b, c)
			i++
		default:
			r, size := utf8.DecodeRuneInString(s[i:])
			if r == utf8.RuneError && size == 1 {
				b = append(b, '\\', 'u', 'd', 'c', hex[c>>4], hex[c&15])
			} else if r == '\u2028' || r == '\u2029' {
				b = append(b, `\u`+strconv.FormatInt(int64(r), 16)...)
			} else {
				b = append(b, s[i:i+size]...)
			}
			i += size
		}
	}
	return append(b, '"')
}
