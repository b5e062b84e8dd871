// Package pdf reads the links of a PDF file: the targets of its URI
// actions (ISO 32000-1 §12.6.4.7: "/URI (http://...)"), where a link
// annotation, which a reader clicks, points. Phishing sends its links so,
// in an attachment a mail filter reads no text of. Links reads them as it
// reads the file, once, with a bounded state: from the file's own bytes,
// and from its object streams (§7.5.7), compressed with Flate, where a
// PDF 1.5 file keeps its annotations. It reads no page's text, and no
// encrypted file's strings.
package pdf

import (
	"bufio"
	"bytes"
	"compress/zlib"
	"io"
	"unicode/utf16"
)

// Sniff reports whether head, a file's first bytes, starts as a PDF file
// does ("%PDF-", §7.5.2).
func Sniff(head []byte) bool { return bytes.HasPrefix(head, []byte("%PDF-")) }

// maxURI bounds a URI kept; a longer one is dropped.
const maxURI = 8 << 10

// maxInflated bounds what one object stream gives when inflated: what
// is past it is not read (a stream made to inflate without end).
const maxInflated = 16 << 20

// Links returns the link targets of the PDF file r, one a line, as it
// reads r.
func Links(r io.Reader) io.Reader {
	br, ok := r.(*bufio.Reader)
	if !ok {
		br = bufio.NewReaderSize(r, 16<<10)
	}
	return &links{outer: br, src: br}
}

// links is Links' reader: a scan of the file's bytes for "/URI" and the
// string after it (a literal, §7.3.4.2, or hexadecimal, §7.3.4.3), and
// for the start of an object stream's data, which it inflates and scans
// in turn.
type links struct {
	outer, src *bufio.Reader // the file, and what is scanned now (it, or an inflated object stream)
	zr         io.ReadCloser
	out        []byte
	done       bool

	tail        uint64 // the last 8 bytes scanned
	objStm      bool   // "/ObjStm" and "/FlateDecode" since the last object's end
	flate       bool
	streamStart bool // after "stream": the data starts after a line end

	state   int // what the bytes read now are: stText, stAfterURI, stLiteral, stHex
	str     []byte
	depth   int  // a literal's open parentheses
	esc     int  // in a literal: 1 after "\", 2-4 in an octal escape
	oct     byte // the octal escape's value
	half    int  // a hex string's digit, -1 for none
	tooLong bool // the string is past maxURI
}

const (
	stText = iota
	stAfterURI
	stLiteral
	stHex
)

func (l *links) Read(p []byte) (int, error) {
	for len(l.out) == 0 && !l.done {
		l.scan()
	}
	n := copy(p, l.out)
	l.out = l.out[:copy(l.out, l.out[n:])]
	if n == 0 && l.done {
		return 0, io.EOF
	}
	return n, nil
}

// scan reads up to 64 KiB of the source.
func (l *links) scan() {
	for range 64 << 10 {
		if l.state == stText && !l.streamStart && l.src.Buffered() > 0 {
			l.skim()
			continue
		}
		c, err := l.src.ReadByte()
		if err != nil {
			if l.src != l.outer {
				// The object stream's end: the file's bytes again.
				l.zr.Close()
				l.src, l.zr, l.state, l.tail = l.outer, nil, stText, 0
				return
			}
			l.done = true
			return
		}
		l.byte(c)
		if len(l.out) > 0 {
			return
		}
	}
}

// skim scans the buffered bytes in text, where only a keyword's last
// letter ("/URI", "/ObjStm", "FlateDec", "endobj", "stream") may change
// what is read: the bytes before it are passed in one step, and it by
// byte, as ReadByte would have given it.
func (l *links) skim() {
	buf, _ := l.src.Peek(l.src.Buffered())
	tail := l.tail
	for i, c := range buf {
		switch c {
		case 'I', 'm', 'c', 'j':
			l.tail = tail
			l.src.Discard(i + 1)
			l.byte(c)
			return
		}
		tail = tail<<8 | uint64(c)
	}
	l.tail = tail
	l.src.Discard(len(buf))
}

// byte scans c.
func (l *links) byte(c byte) {
	switch l.state {
	case stAfterURI:
		switch c {
		case ' ', '\t', '\r', '\n', '\f', 0:
			return
		case '(':
			l.state, l.depth, l.esc, l.str, l.tooLong = stLiteral, 1, 0, l.str[:0], false
			return
		case '<':
			l.state, l.half, l.str, l.tooLong = stHex, -1, l.str[:0], false
			return
		}
		l.state = stText
	case stLiteral:
		l.literal(c)
		return
	case stHex:
		l.hex(c)
		return
	}
	if l.streamStart {
		l.streamStart = false
		switch c {
		case '\r':
			if n, err := l.src.Peek(1); err == nil && n[0] == '\n' {
				l.src.ReadByte()
			}
			l.inflate()
			return
		case '\n':
			l.inflate()
			return
		}
	}
	l.tail = l.tail<<8 | uint64(c)
	switch {
	case l.tail&0xFFFFFFFF == 0x2F555249: // "/URI"
		if n, err := l.src.Peek(1); err != nil || !isRegular(n[0]) {
			l.state = stAfterURI
		}
	case l.tail&0xFFFFFFFFFFFFFF == 0x2F4F626A53746D: // "/ObjStm"
		l.objStm = true
	case l.tail == 0x466C617465446563: // "FlateDec"
		l.flate = true
	case l.tail&0xFFFFFFFFFFFF == 0x656E646F626A: // "endobj"
		l.objStm, l.flate = false, false
	case l.tail&0xFFFFFFFFFFFF == 0x73747265616D && l.tail>>48&0xFF != 'd': // "stream", not "endstream"
		if l.objStm && l.flate && l.src == l.outer {
			l.streamStart = true
		}
	}
}

// isRegular reports whether c is a regular character (§7.2.2): neither
// white space nor a delimiter; one after "/URI" makes another name.
func isRegular(c byte) bool {
	switch c {
	case ' ', '\t', '\r', '\n', '\f', 0, '(', ')', '<', '>', '[', ']', '{', '}', '/', '%':
		return false
	}
	return true
}

// inflate starts on an object stream's data.
func (l *links) inflate() {
	l.objStm, l.flate = false, false
	zr, err := zlib.NewReader(l.outer)
	if err != nil {
		return // not Flate's after all: its bytes are scanned as they are
	}
	l.zr, l.src, l.tail = zr, bufio.NewReaderSize(io.LimitReader(zr, maxInflated), 4096), 0
}

// literal reads a byte of a literal string (§7.3.4.2): its escapes
// decoded, its balanced parentheses kept, a line end after "\" dropped.
func (l *links) literal(c byte) {
	switch l.esc {
	case 1:
		l.esc = 0
		switch c {
		case 'n':
			l.add('\n')
		case 'r':
			l.add('\r')
		case 't':
			l.add('\t')
		case 'b':
			l.add('\b')
		case 'f':
			l.add('\f')
		case '\r', '\n':
			// A line continued.
		default:
			if '0' <= c && c <= '7' {
				l.esc, l.oct = 2, c-'0'
				return
			}
			l.add(c)
		}
		return
	case 2, 3:
		if '0' <= c && c <= '7' {
			l.oct = l.oct<<3 | (c - '0')
			if l.esc++; l.esc == 4 {
				l.esc = 0
				l.add(l.oct)
			}
			return
		}
		l.esc = 0
		l.add(l.oct)
	}
	switch c {
	case '\\':
		l.esc = 1
	case '(':
		l.depth++
		l.add(c)
	case ')':
		if l.depth--; l.depth == 0 {
			l.end()
			return
		}
		l.add(c)
	default:
		l.add(c)
	}
}

// hex reads a byte of a hexadecimal string (§7.3.4.3): white space
// passed over, a final odd digit followed by 0.
func (l *links) hex(c byte) {
	var v int
	switch {
	case '0' <= c && c <= '9':
		v = int(c - '0')
	case 'a' <= c|0x20 && c|0x20 <= 'f':
		v = int(c|0x20-'a') + 10
	case c == '>':
		if l.half >= 0 {
			l.add(byte(l.half << 4))
		}
		l.end()
		return
	case c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == 0:
		return
	default:
		l.state = stText // no hexadecimal string
		return
	}
	if l.half < 0 {
		l.half = v
		return
	}
	l.add(byte(l.half<<4 | v))
	l.half = -1
}

// add adds c to the string being read.
func (l *links) add(c byte) {
	if len(l.str) >= maxURI {
		l.tooLong = true
		return
	}
	l.str = append(l.str, c)
}

// end ends the string being read: a URI, given a line of its own (in
// UTF-8 where it is UTF-16 with a byte order mark, §7.9.2.2).
func (l *links) end() {
	l.state = stText
	s := bytes.TrimSpace(l.str)
	if l.tooLong || len(s) == 0 {
		return
	}
	if len(s) >= 2 && s[0] == 0xFE && s[1] == 0xFF {
		u := make([]uint16, (len(s)-2)/2)
		for i := range u {
			u[i] = uint16(s[2+2*i])<<8 | uint16(s[3+2*i])
		}
		l.out = append(l.out, string(utf16.Decode(u))...)
	} else {
		for _, c := range s {
			if c == '\n' || c == '\r' {
				c = ' ' // one line a URI
			}
			l.out = append(l.out, c)
		}
	}
	l.out = append(l.out, '\n')
}
