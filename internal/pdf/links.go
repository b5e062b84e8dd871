// Package pdf reads the links of a PDF file: the targets of its URI
// actions (ISO 32000-1 §12.6.4.7: "/URI (http://...)"), where a link
// annotation, which a reader clicks, points. Phishing sends its links so,
// in an attachment a mail filter reads no text of. Links reads them as it
// reads the file, once, with a bounded state: from the file's own bytes,
// and from its object streams (§7.5.7), compressed with Flate, where a
// PDF 1.5 file keeps its annotations. A target written as an indirect
// object (§7.3.10: "/URI 69 0 R", then "69 0 obj (http://...) endobj",
// as macOS's Quartz writes them) is read in the file's own bytes. It
// reads no page's text, and no encrypted file's strings.
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

// maxRefs bounds the indirect targets waited for ("/URI 69 0 R" before
// object 69), and maxHeld the bytes of string objects held in case a
// reference to them comes later: past them, such links are not read.
const (
	maxRefs = 1 << 16
	maxHeld = 1 << 20
)

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
	tail2       uint64 // the 8 bytes before those: an object's "12345 0 obj" is read in the 16
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

	// Indirect targets (§7.3.10): obj is the number of the object whose
	// value is being read (stAfterURI after "N G obj"), 0 after "/URI";
	// ref and refPart read a reference "N G R" after "/URI".
	obj     uint32
	ref     uint64
	refPart int               // 0: N's digits; 1: after N; 2: G's digits; 3: after G
	wanted  map[uint32]bool   // objects referred to as targets, not read yet
	held    map[uint32][]byte // string objects read, not referred to yet
	heldLen int
}

const (
	stText = iota
	stAfterURI
	stLiteral
	stHex
	stRef
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
	tail, tail2 := l.tail, l.tail2
	for i, c := range buf {
		switch c {
		case 'I', 'm', 'c', 'j':
			l.tail, l.tail2 = tail, tail2
			l.src.Discard(i + 1)
			l.byte(c)
			return
		}
		tail2 = tail2<<8 | tail>>56
		tail = tail<<8 | uint64(c)
	}
	l.tail, l.tail2 = tail, tail2
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
		if '0' <= c && c <= '9' && l.obj == 0 {
			l.state, l.ref, l.refPart = stRef, uint64(c-'0'), 0
			return
		}
		l.state = stText
	case stRef:
		l.reference(c)
		return
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
	l.tail2 = l.tail2<<8 | l.tail>>56
	l.tail = l.tail<<8 | uint64(c)
	switch {
	case l.tail&0xFFFFFFFF == 0x2F555249: // "/URI"
		if n, err := l.src.Peek(1); err != nil || !isRegular(n[0]) {
			l.state, l.obj = stAfterURI, 0
		}
	case l.tail&0xFFFFFF == 0x6F626A && l.src == l.outer && l.objHeader(): // "obj"
		// "N G obj": its value, when a string, may be a target.
		l.state = stAfterURI
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

// objHeader reports whether the bytes scanned end with an object's
// header, "N G obj" (§7.3.10), with N the number of an object a target
// may be (not "endobj"), and sets l.obj to N.
func (l *links) objHeader() bool {
	var w [16]byte
	for i := range 8 {
		w[i], w[8+i] = byte(l.tail2>>(56-8*i)), byte(l.tail>>(56-8*i))
	}
	i := len(w) - 4 // the byte before "obj"
	if !isSpace(w[i]) {
		return false
	}
	for i >= 0 && isSpace(w[i]) {
		i--
	}
	g := i
	for i >= 0 && '0' <= w[i] && w[i] <= '9' {
		i--
	}
	if i == g || i < 0 || !isSpace(w[i]) {
		return false
	}
	for i >= 0 && isSpace(w[i]) {
		i--
	}
	var n uint64
	end := i
	for i >= 0 && '0' <= w[i] && w[i] <= '9' {
		i--
	}
	if i == end || (i >= 0 && isRegular(w[i])) {
		return false
	}
	for _, d := range w[i+1 : end+1] {
		n = n*10 + uint64(d-'0')
	}
	if n == 0 || n > 1<<31 {
		return false
	}
	l.obj = uint32(n)
	return true
}

// reference reads a byte of an indirect reference after "/URI" (§7.3.10:
// "69 0 R"): at its "R", the object referred to is the target, given now
// when it has been read, and when it comes otherwise.
func (l *links) reference(c byte) {
	digit := '0' <= c && c <= '9'
	switch {
	case digit && l.refPart == 0:
		if l.ref = l.ref*10 + uint64(c-'0'); l.ref > 1<<31 {
			l.state = stText
		}
		return
	case digit && (l.refPart == 1 || l.refPart == 2):
		l.refPart = 2
		return
	case isSpace(c) && l.refPart != 2:
		if l.refPart == 0 {
			l.refPart = 1
		}
		return
	case isSpace(c):
		l.refPart = 3
		return
	}
	l.state = stText
	if c != 'R' || l.refPart != 3 || l.ref == 0 {
		return
	}
	n := uint32(l.ref)
	if s, ok := l.held[n]; ok {
		l.emit(s)
		return
	}
	if l.wanted == nil {
		l.wanted = make(map[uint32]bool)
	}
	if len(l.wanted) < maxRefs {
		l.wanted[n] = true
	}
}

// isSpace reports whether c is white space (§7.2.2).
func isSpace(c byte) bool {
	switch c {
	case ' ', '\t', '\r', '\n', '\f', 0:
		return true
	}
	return false
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
// UTF-8 where it is UTF-16 with a byte order mark, §7.9.2.2). An
// object's value is given when a target referred to it, and held
// otherwise.
func (l *links) end() {
	l.state = stText
	s := bytes.TrimSpace(l.str)
	if l.tooLong || len(s) == 0 {
		return
	}
	if n := l.obj; n != 0 {
		l.obj = 0
		switch {
		case l.wanted[n]:
			delete(l.wanted, n)
			l.emit(s)
		case l.heldLen+len(s) <= maxHeld:
			if l.held == nil {
				l.held = make(map[uint32][]byte)
			}
			l.held[n] = bytes.Clone(s)
			l.heldLen += len(s)
		}
		return
	}
	l.emit(s)
}

// emit gives s, a target, a line of its own.
func (l *links) emit(s []byte) {
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
