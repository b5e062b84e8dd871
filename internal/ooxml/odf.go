package ooxml

import (
	"bufio"
	"bytes"
	"io"
)

// maxContent bounds the bytes of an OpenDocument file's content or styles
// read (inflated): what is past it is not read.
const maxContent = 256 << 20

// IsODF reports whether head, a file's first bytes, starts as an
// OpenDocument file does (OpenDocument 1.2 Part 3, §3.3): a ZIP archive
// whose first entry, stored, is "mimetype", holding the document's media
// type, application/vnd.oasis.opendocument.*. Such a file is told by
// its bytes whatever its name.
func IsODF(head []byte) bool {
	const name = "mimetype"
	if !Sniff(head) || len(head) < 30+len(name) || string(head[30:30+len(name)]) != name {
		return false
	}
	extra := int(head[28]) | int(head[29])<<8
	data := head[min(len(head), 30+len(name)+extra):]
	return bytes.HasPrefix(data, []byte("application/vnd.oasis.opendocument."))
}

// hrefs reads an OpenDocument file's content or styles (content.xml,
// styles.xml) and adds the target of each link in it that is an absolute
// URI to the output: the xlink:href attribute (OpenDocument 1.2 Part 1,
// §19.910) of its text's hyperlinks (<text:a>, §6.1.8), its drawings'
// (<draw:a>) and its images' and objects' links. A relative target is a
// part of the package ("Pictures/image1.png", "./Object 1"), or another
// file's, and a fragment ("#Bookmark") a place in the document: neither
// is a URL read out of it.
func (l *links) hrefs(r io.Reader) {
	const key = "xlink:href="
	br := bufio.NewReaderSize(r, 32<<10)
	var val []byte
	for {
		// Each attribute's "=": the bytes since the last one end with
		// the attribute's name.
		chunk, err := br.ReadSlice('=')
		if err == bufio.ErrBufferFull {
			continue
		}
		if err != nil {
			return
		}
		if !bytes.HasSuffix(chunk, []byte(key)) {
			continue
		}
		if n := len(chunk) - len(key); n > 0 && !isSpace(chunk[n-1]) {
			continue // another attribute whose name ends so
		}
		q, err := br.ReadByte()
		if err != nil {
			return
		}
		if q != '"' && q != '\'' {
			continue
		}
		val, long := val[:0], false
		for {
			part, err := br.ReadSlice(q)
			if long = long || len(val)+len(part) > maxTarget+1; !long {
				val = append(val, part...)
			}
			if err == bufio.ErrBufferFull {
				continue
			}
			if err != nil {
				return
			}
			break
		}
		if v := val[:max(0, len(val)-1)]; !long && absolute(v) {
			l.add(string(v)) // a longer one is dropped
		}
	}
}

// absolute reports whether v, an attribute's value as written, starts
// with a scheme (RFC 3986 §3.1: a letter, then letters, digits, "+",
// "-" or ".", then ":") of two letters or more: "C:\..." is a Windows
// path.
func absolute(v []byte) bool {
	v = bytes.TrimLeft(v, " \t\r\n")
	for i, c := range v {
		switch {
		case 'a' <= c|0x20 && c|0x20 <= 'z':
		case i > 0 && ('0' <= c && c <= '9' || c == '+' || c == '-' || c == '.'):
		case c == ':':
			return i >= 2
		default:
			return false
		}
	}
	return false
}

// isSpace reports whether c is XML's white space (XML 1.0 §2.3).
func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\r' || c == '\n' }
