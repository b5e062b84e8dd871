// Package roff reads the source of a manual page (man(7), mdoc(7), the
// roff that pod2man, help2man, Pandoc and DocBook write) as the text it
// stands for, so that the URL scanner finds the URLs a reader of the page
// sees. In the source, a URL is written with escape sequences (groff(7),
// "Escape sequences"): "https://github.com/util\-linux/util\-linux/",
// "http://www.example.org/\:docs/", "\fIftp://ftp.gnu.org/pub/gnu/\fP",
// "\*(Aqhttp://a.example/\*(Aq". Read as they are, those gave
// "https://github.com/util", "http://www.example.org/",
// "fIftp://ftp.gnu.org/pub/gnu/" and "Aqhttp://a.example/": on this
// machine's 22,402 manual pages, 7,252 URLs found in the source were
// nowhere in the pages man renders.
//
// The Decoder resolves the escapes that stand for characters or for
// nothing, and keeps every line break, so that the text has the source's
// lines: a position's line is the source's, its column and byte offset
// the decoded text's. Requests (".UR https://a.example/", ".TH") and
// comments stay as they are written, escapes resolved: a URL in them is
// still found. Escapes it does not know are kept as written.
package roff

import (
	"bytes"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/transform"
)

// Sniff reports whether head, the first bytes of an input, are the source
// of a manual page: its first line that is not blank a comment (`.\"`,
// `'\"`, the form tbl's preprocessor line takes: `'\" t`), or control
// lines only (a "." or "'" first) up to a page's title (.TH, man(7)'s;
// .Dd or .Dt, mdoc(7)'s) or a macro's definition (.de), within its first
// 64 lines. The Google Cloud CLI's pages start with a blank line, and
// lsof's with soelim's ".lf 1 stdin" and a ".ds" before its ".TH".
func Sniff(head []byte) bool {
	head = bytes.TrimPrefix(head, []byte("\xef\xbb\xbf"))
	head = bytes.TrimLeft(head, "\r\n")
	if bytes.HasPrefix(head, []byte(".\\\"")) || bytes.HasPrefix(head, []byte("'\\\"")) {
		return true
	}
	for range 64 {
		line, rest, _ := bytes.Cut(head, []byte("\n"))
		if len(line) == 0 || line[0] != '.' && line[0] != '\'' {
			return false
		}
		for _, p := range [...]string{".TH ", ".Dd ", ".Dt ", ".de ", ".ig"} {
			if bytes.HasPrefix(line, []byte(p)) {
				return true
			}
		}
		head = rest
	}
	return false
}

// Decoder returns a transform.Transformer that resolves the escapes of
// roff source (groff(7), "Escape sequences"):
//   - those that stand for a character: \- and \(hy as "-", \. as ".",
//     \e, \\ and \(rs as "\", \(aq, \(cq, \(oq and pod2man's \*(Aq as "'",
//     \(dq, \(lq, \(rq, \*(L" and \*(R" as a quote, \(ti as "~", \(ha as
//     "^", \(em and \(en as their dashes, \(sl as "/", \(at as "@", \(sh as
//     "#", \(Do as "$", \(lB and \(rB as brackets, \(lC and \(rC as braces,
//     and the \[...] forms of these;
//   - those that stand for nothing a reader sees: \& and \) (zero-width),
//     \% (hyphenation), \: (a break point, which Pandoc and DocBook put in
//     URLs), \/, \, (italic corrections), \c, \fX, \f(XY and \f[NAME]
//     (fonts), \m and \M (colours), \s (sizes), \k, \z, and those whose
//     argument is quoted: \h, \v, \w, \o, \X, \Z, \b, \x, \D, \l, \L;
//   - spaces: "\ ", \~, \0, \^ and \| (narrow ones, kept as nothing).
//
// Escapes it does not know (a string of a page's own, \*x, \n registers)
// are kept as written. A line break after a backslash (a request's line
// continued) is kept; the backslash goes. Its state is the bytes of an
// escape cut by the end of a buffer, which it asks for again
// (transform.ErrShortSrc), so memory is bounded by the longest escape it
// reads whole, maxEscape bytes; a longer one is kept as written.
//
// A request that loads a file (.so, .mso: ".  mso www.tmac", which
// util-linux's 159 pages here have) is no text: its line is passed over,
// its line break kept.
func Decoder() transform.Transformer { return &decoder{lineStart: true} }

// maxEscape bounds the escape the Decoder waits for the end of: \[...],
// \f[...] and the quoted arguments of \h'...' and the like.
const maxEscape = 64

type decoder struct {
	lineStart bool // the next byte starts a line
	skip      bool // in a line passed over (fileRequest), up to its break
}

func (d *decoder) Reset() { *d = decoder{lineStart: true} }

func (d *decoder) Transform(dst, src []byte, atEOF bool) (nDst, nSrc int, err error) {
	for nSrc < len(src) {
		if d.skip {
			i := bytes.IndexByte(src[nSrc:], '\n')
			if i < 0 {
				return nDst, len(src), nil
			}
			nSrc += i
			d.skip = false
		}
		if d.lineStart {
			skip, ok := fileRequest(src[nSrc:], atEOF)
			if !ok {
				return nDst, nSrc, transform.ErrShortSrc
			}
			d.lineStart = false
			if skip {
				d.skip = true
				continue
			}
		}
		// Up to the next backslash or line break, each found with a
		// vector search (bytes.IndexAny reads a byte at a time): the
		// line's end first, then a backslash before it.
		rest := src[nSrc:]
		i, nl := len(rest), false
		if j := bytes.IndexByte(rest, '\n'); j >= 0 {
			i, nl = j+1, true
		}
		if j := bytes.IndexByte(rest[:i], '\\'); j >= 0 {
			i, nl = j, false
		}
		if i > 0 {
			if nDst+i > len(dst) {
				n := copy(dst[nDst:], src[nSrc:nSrc+i]) // not the line break, the last byte
				return nDst + n, nSrc + n, transform.ErrShortDst
			}
			nDst += copy(dst[nDst:], src[nSrc:nSrc+i])
			nSrc += i
			d.lineStart = nl
			continue
		}
		out, n, kept := escapeInLine(src[nSrc:], atEOF)
		if n == 0 {
			return nDst, nSrc, transform.ErrShortSrc // the escape, whole, in the next call
		}
		m := len(out)
		if kept {
			m = n
		}
		if nDst+m > len(dst) {
			return nDst, nSrc, transform.ErrShortDst
		}
		if kept {
			nDst += copy(dst[nDst:], src[nSrc:nSrc+n])
		} else {
			nDst += copy(dst[nDst:], out)
		}
		d.lineStart = n == 2 && src[nSrc+1] == '\n'
		nSrc += n
	}
	return nDst, nSrc, nil
}

// fileRequest reports whether line, the rest of the input from a line's
// start, is a request that loads a file (".so", ".mso", a control
// character and spaces before the name); ok is false when line ends
// before that is known and more input may come.
func fileRequest(line []byte, atEOF bool) (skip, ok bool) {
	if len(line) == 0 {
		return false, atEOF
	}
	if line[0] != '.' && line[0] != '\'' {
		return false, true
	}
	i := 1
	for i < len(line) && i < maxEscape && (line[i] == ' ' || line[i] == '\t') {
		i++
	}
	rest := line[i:]
	for _, name := range [...]string{"so", "mso"} {
		n := len(name) + 1
		if len(rest) < n {
			if bytes.HasPrefix([]byte(name), rest) && !atEOF && i < maxEscape {
				return false, false
			}
			continue
		}
		if string(rest[:len(name)]) == name && (rest[len(name)] == ' ' || rest[len(name)] == '\t') {
			return true, true
		}
	}
	if i == len(line) && !atEOF && i < maxEscape {
		return false, false
	}
	return false, true
}

// specials are the special characters \(xy and \[xy] that a URL or its
// surroundings hold (groff_char(7)); others are kept as written.
var specials = map[string]string{
	"hy": "-", "rs": "\\", "aq": "'", "cq": "'", "oq": "'", "dq": "\"", "lq": "\"", "rq": "\"",
	"ti": "~", "ha": "^", "em": "—", "en": "–", "sl": "/", "at": "@", "sh": "#", "Do": "$",
	"lB": "[", "rB": "]", "lC": "{", "rC": "}", "ba": "|", "or": "|", "pc": "·", "bu": "•",
	"mi": "−", "pl": "+", "eq": "=", "ss": "ß", "co": "©", "rg": "®", "tm": "™",
}

// podStrings are the strings \*(xy that pod2man defines for the quotes
// it writes around code and URLs; a page's own are kept as written.
var podStrings = map[string]string{"Aq": "'", "L\"": "\"", "R\"": "\"", "C`": "\"", "C'": "\"", "PI": "π"}

// escapeInLine is escape, but for an escape whose argument would run
// over a line break ("\\X'...", "\\[...", "\\f" and a break), which is
// kept as written: every line break is the text's.
func escapeInLine(b []byte, atEOF bool) (out string, n int, kept bool) {
	out, n, kept = escape(b, atEOF)
	if n > 2 && !kept && bytes.IndexByte(b[:n], '\n') >= 0 {
		return "", 2, true
	}
	return out, n, kept
}

// escape returns what the escape that b starts with (b[0] is '\\')
// stands for, and its length, or kept when it stands for itself, b[:n] as
// written (a string, not a []byte: no allocation for each escape); n is 0
// when b ends before the escape does and more input may come (atEOF
// false).
func escape(b []byte, atEOF bool) (out string, n int, kept bool) {
	if len(b) < 2 {
		if atEOF {
			return "", len(b), true
		}
		return "", 0, false
	}
	switch c := b[1]; c {
	case '-':
		return "-", 2, false
	case '.':
		return ".", 2, false
	case 'e', '\\':
		return "\\", 2, false
	case '&', ')', '%', ':', '/', ',', 'c', '^', '|':
		return "", 2, false
	case ' ', '~', '0':
		return " ", 2, false
	case '\n':
		return "\n", 2, false // a line continued: its break kept, for the lines' numbers
	case '(':
		if len(b) < 4 {
			return short(b, atEOF)
		}
		if s, ok := specials[string(b[2:4])]; ok {
			return s, 4, false
		}
		return "", 4, true
	case '[':
		name, n := bracketed(b[1:])
		if n == 0 {
			return short(b, atEOF)
		}
		if n < 0 {
			return "", 2, true
		}
		if s, ok := specials[string(name)]; ok {
			return s, 1 + n, false
		}
		if r, ok := unicodeName(name); ok {
			return string(r), 1 + n, false
		}
		return "", 1 + n, true
	case '*':
		if len(b) < 3 {
			return short(b, atEOF)
		}
		if b[2] == '(' {
			if len(b) < 5 {
				return short(b, atEOF)
			}
			if s, ok := podStrings[string(b[3:5])]; ok {
				return s, 5, false
			}
			return "", 5, true
		}
		return "", 2, true // \*x or \*[name]: a page's own string
	case 'z':
		return "", 2, false // \zc: c takes no room; it is kept
	case 'f', 'F', 'm', 'M', 's', 'k':
		// An argument of one byte, (xy or [name]; \s also takes a sign
		// first, and two digits when the first is 1, 2 or 3 ("\s-1",
		// "\s+2", "\s0", "\s12", "\s-(12").
		i := 2
		if c == 's' {
			if i < len(b) && (b[i] == '+' || b[i] == '-') {
				i++
			}
			if i >= len(b) {
				return short(b, atEOF)
			}
			if d := b[i]; d >= '0' && d <= '9' {
				if d >= '1' && d <= '3' {
					if i+1 >= len(b) {
						return short(b, atEOF)
					}
					if e := b[i+1]; e >= '0' && e <= '9' {
						return "", i + 2, false
					}
				}
				return "", i + 1, false
			}
		}
		if i >= len(b) {
			return short(b, atEOF)
		}
		switch b[i] {
		case '(':
			if i+3 > len(b) {
				return short(b, atEOF)
			}
			return "", i + 3, false
		case '[':
			_, n := bracketed(b[i:])
			if n == 0 {
				return short(b, atEOF)
			}
			if n < 0 {
				return "", 2, true
			}
			return "", i + n, false
		}
		return "", i + 1, false
	case 'h', 'v', 'w', 'o', 'X', 'Z', 'b', 'x', 'D', 'l', 'L':
		// A quoted argument: \h'1m', \w'text', \X'tty: link URL'.
		if len(b) < 3 {
			return short(b, atEOF)
		}
		q := b[2]
		end := bytes.IndexByte(b[3:min(len(b), maxEscape)], q)
		if end < 0 {
			if len(b) < maxEscape && !atEOF {
				return "", 0, false
			}
			return "", 2, true // unclosed within the bound: kept as written
		}
		return "", 3 + end + 1, false
	}
	return "", 2, true
}

// short is escape's answer for an escape that b, cut short, may hold:
// more input when it may come, else b as it is.
func short(b []byte, atEOF bool) (string, int, bool) {
	if atEOF {
		return "", len(b), true
	}
	return "", 0, false
}

// bracketed returns the name in the "[name]" that b starts with and its
// length with the brackets; 0 when b ends before the "]" within
// maxEscape bytes, -1 when no "]" comes within them.
func bracketed(b []byte) ([]byte, int) {
	end := bytes.IndexByte(b[:min(len(b), maxEscape)], ']')
	if end < 0 {
		if len(b) < maxEscape {
			return nil, 0
		}
		return nil, -1
	}
	return b[1:end], end + 1
}

// unicodeName reads groff's name of a Unicode character, "u" and four to
// six hexadecimal digits ("\[u2014]"). A control is no character's name
// (groff_char(7) names glyphs): "\[u000A]" would put a line break in the
// text that the source has not, and Decoder keeps every line break as it
// is.
func unicodeName(name []byte) (rune, bool) {
	if len(name) < 5 || len(name) > 7 || name[0] != 'u' {
		return 0, false
	}
	var r rune
	for _, c := range name[1:] {
		switch {
		case c >= '0' && c <= '9':
			r = r<<4 | rune(c-'0')
		case c >= 'A' && c <= 'F':
			r = r<<4 | rune(c-'A'+10)
		default:
			return 0, false
		}
	}
	return r, utf8.ValidRune(r) && !unicode.IsControl(r)
}
