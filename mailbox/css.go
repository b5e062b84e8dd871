package mailbox

import (
	"bytes"

	"github.com/urlgrep/urlgrep/internal/ascii"
)

// The URLs of style sheets: a style attribute's declarations, and a
// <style> element's sheet, which a search's reader does not hold
// (ElideLong: its tokenizer drops the sheet as it reads it, style sheets
// with inline images of a megabyte being what set its memory), and so
// reads in the pieces it drops (htmlTok.dropped). cssStream reads them a
// byte at a time, so that the URLs it finds do not depend on where the
// pieces are cut.

// cssMaxURL bounds the bytes of one URL a style sheet gives: a url() of
// an inline font or image (data:, hundreds of KB) is no link to report.
const cssMaxURL = 8 << 10

// cssStream finds the URLs of a style sheet written to it in pieces: the
// argument of each url() (CSS Values and Units §4.5, "URLs": quoted or
// not, white space around it dropped) and the string of each @import
// rule (CSS Cascading §2: "@import 'x.css'"), but data: URLs and those
// longer than cssMaxURL. Comments are read as the rest is, and backslash
// escapes left as they are written. The zero cssStream is ready, and
// fn is told of each URL.
type cssStream struct {
	state cssState
	quote byte
	tail  [8]byte // the last bytes read, lower case, tail[7] the last
	arg   []byte  // the URL being read
	long  bool    // it is longer than cssMaxURL
	esc   bool    // the last byte of a quoted argument was a backslash
	slow  int     // bytes to read one by one after an "@" (step)
	fn    func(u []byte)
}

type cssState uint8

const (
	cssScan     cssState = iota // between URLs
	cssURLStart                 // after "url(", before its argument
	cssImport                   // after "@import", before its string
	cssQuoted                   // in a quoted argument
	cssBare                     // in an unquoted url() argument
)

// write reads p, the next bytes of the style sheet. Between URLs it
// passes over the bytes before the next "(" or "@" with vector searches,
// keeping the last of them as step would (pushTail): only a "(" after
// "url" and the "@" of "@import" start one. The rest is read a byte at a
// time.
func (c *cssStream) write(p []byte) {
	nextAt := -1 // the index in p of the next "@" at or after i, len(p) for none
	for i := 0; i < len(p); {
		if c.state != cssScan || c.slow > 0 {
			if c.slow > 0 {
				c.slow--
			}
			c.step(p[i])
			i++
			continue
		}
		if nextAt < i {
			nextAt = len(p)
			if j := bytes.IndexByte(p[i:], '@'); j >= 0 {
				nextAt = i + j
			}
		}
		k := nextAt
		if j := bytes.IndexByte(p[i:nextAt], '('); j >= 0 {
			k = i + j
		}
		c.pushTail(p[i:k])
		if k == len(p) {
			return
		}
		if p[k] == '@' {
			c.slow = len("import") // read one by one, for step to see "@import"
		}
		c.step(p[k])
		i = k + 1
	}
}

// pushTail keeps the last bytes of b in tail, letters in lower case, as
// step keeps those it reads between URLs.
func (c *cssStream) pushTail(b []byte) {
	if len(b) > len(c.tail) {
		b = b[len(b)-len(c.tail):]
	}
	n := copy(c.tail[:], c.tail[len(b):])
	for i, x := range b {
		if 'A' <= x && x <= 'Z' {
			x += 'a' - 'A'
		}
		c.tail[n+i] = x
	}
}

// step reads one byte.
func (c *cssStream) step(b byte) {
	switch c.state {
	case cssURLStart, cssImport:
		switch {
		case ascii.IsSpace(b):
			return
		case b == '"' || b == '\'':
			c.state, c.quote = cssQuoted, b
			return
		case c.state == cssURLStart && b != ')':
			c.state = cssBare
			c.add(b)
			return
		}
		c.state = cssScan  // "@import url(" is a url() of its own
		c.tail = [8]byte{} // after white space: no name goes on before it
	case cssQuoted:
		switch {
		case c.esc:
			c.esc = false
			c.add(b)
		case b == c.quote || b == '\n' || b == '\r':
			c.end()
		default:
			c.esc = b == '\\'
			c.add(b)
		}
		return
	case cssBare:
		if b == ')' || ascii.IsSpace(b) || b < 0x20 {
			c.end()
		} else {
			c.add(b)
		}
		return
	}
	copy(c.tail[:], c.tail[1:])
	if 'A' <= b && b <= 'Z' {
		b += 'a' - 'A'
	}
	c.tail[7] = b
	if b == '(' && string(c.tail[4:7]) == "url" && !isCSSName(c.tail[3]) {
		c.state = cssURLStart
	} else if string(c.tail[1:]) == "@import" {
		c.state = cssImport
	}
}

// add adds b to the URL being read.
func (c *cssStream) add(b byte) {
	if len(c.arg) >= cssMaxURL {
		c.long = true
		return
	}
	c.arg = append(c.arg, b)
}

// end ends the URL being read: fn is told of it, but of an empty one, a
// data: URL or one too long.
func (c *cssStream) end() {
	u := bytes.TrimSpace(c.arg)
	if len(u) > 0 && !c.long && !(len(u) >= 5 && bytes.EqualFold(u[:5], []byte("data:"))) {
		c.fn(u)
	}
	c.arg, c.long, c.esc, c.state = c.arg[:0], false, false, cssScan
	c.tail = [8]byte{}
}

// close ends the style sheet: a URL it ended in is told of, and c is
// ready for the next.
func (c *cssStream) close() {
	if c.state == cssQuoted || c.state == cssBare {
		c.end()
	}
	c.state, c.tail = cssScan, [8]byte{}
}

// cssURLs calls fn with each URL the style sheet (or a style attribute's
// declarations) css holds, as cssStream finds them.
func cssURLs(css []byte, fn func(u []byte)) {
	c := cssStream{fn: fn}
	c.write(css)
	c.close()
}

// isCSSName reports whether c may be part of a CSS identifier before
// "url(": "myurl(" is another function. c is in lower case, 0 before the
// sheet's start.
func isCSSName(c byte) bool { return ascii.IsAlnum(c) || c == '-' || c == '_' || c >= 0x80 }
