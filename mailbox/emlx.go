package mailbox

import (
	"bufio"
	"bytes"
	"io"
	"math"
)

// Apple Mail keeps each message in a file of its own, an .emlx file (and
// .partial.emlx, whose attachments are kept beside it): a first line that
// holds the message's length in bytes, as decimal digits; the message
// itself (RFC 5322, lines ended with LF); then an XML property list of
// Mail's own (flags, dates), which is no part of the message. The format
// has no published specification: this is how Mail writes it, and how
// the readers of other projects (Python's and Rust's emlx packages, the
// partial-emlx-converter) read it. A Reader reads the message, its
// positions counted in the file, and not the property list after it; a
// length that ends the message before anything but a property list (a
// file cut or edited by hand) is ignored, and the message read on to the
// file's end, so that no text is lost.

// emlxCount returns the length that the first line of b states, and the
// length of that line with its line break, when b starts as an .emlx
// file does: a line of 1 to 12 digits (spaces around them allowed), then
// a header field. ok is false otherwise.
func emlxCount(b []byte) (n int64, line int, ok bool) {
	i := bytes.IndexByte(b, '\n')
	if i < 0 {
		return 0, 0, false
	}
	digits := bytes.Trim(b[:i], " \t\r")
	if len(digits) > 12 || !isDigits(digits) || !looksLikeHeader(b[i+1:]) {
		return 0, 0, false
	}
	for _, c := range digits {
		n = n*10 + int64(c-'0')
	}
	return n, i + 1, n > 0
}

// emlxBody reads an .emlx file's message from r, which holds the file
// after its first line: left more bytes of it, then the end, when a
// property list follows (plistAhead); where none does, the rest of the
// file, as the message's.
type emlxBody struct {
	r    *bufio.Reader
	left int64
}

func (e *emlxBody) Read(p []byte) (int, error) {
	if e.left <= 0 {
		if plistAhead(e.r) {
			return 0, io.EOF
		}
		e.left = math.MaxInt64
	}
	if int64(len(p)) > e.left {
		p = p[:e.left]
	}
	n, err := e.r.Read(p)
	e.left -= int64(n)
	return n, err
}

// plistAhead reports whether what r holds next is a property list, as
// Mail writes after the message (XML, white space before it allowed, or
// the binary form), or nothing.
func plistAhead(r *bufio.Reader) bool {
	b, _ := r.Peek(64)
	b = bytes.TrimLeft(b, " \t\r\n")
	return len(b) == 0 || bytes.HasPrefix(b, []byte("<?xml")) || bytes.HasPrefix(b, []byte("<!DOCTYPE plist")) ||
		bytes.HasPrefix(b, []byte("<plist")) || bytes.HasPrefix(b, []byte("bplist"))
}

// startEMLX starts an .emlx file's message, when the input is one: it
// passes over the first line, and reads on through the length it states
// (emlxBody), with a buffer the source keeps for the next file.
func (s *source) startEMLX() {
	line := s.peekLine()
	if len(line) == 0 || line[len(line)-1] != '\n' {
		return
	}
	n, _, ok := emlxCount(s.peekTo(len(line), len(line)+256))
	if !ok {
		return
	}
	s.skipLine()
	s.emlx = emlxBody{r: s.br, left: n}
	if s.emlxBR == nil {
		s.emlxBR = bufio.NewReaderSize(&s.emlx, sourceBuf)
	} else {
		s.emlxBR.Reset(&s.emlx)
	}
	s.br = s.emlxBR
}
