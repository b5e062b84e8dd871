package mailbox

import (
	"bufio"
	"bytes"
	"io"
)

// mboxSource reads the messages of an mbox one after the other from one
// buffered reader; as an io.Reader it yields the current message, with
// mboxrd's ">From " quoting undone, and io.EOF at the next "From " line.
// A single message or news article is an mbox of one message without the
// "From " line.
type mboxSource struct {
	br        *bufio.Reader
	mbox      bool   // the input starts with a "From " line
	rest      []byte // the part of the current line not yet returned
	lineStart bool   // the next byte starts a line
	prevBlank bool   // the line before is empty
	stop      bool   // the current message is over
	eof       bool   // the input is over
	err       error  // an error reading the input
}

func newMboxSource(r io.Reader) *mboxSource {
	return &mboxSource{br: bufio.NewReaderSize(r, 64<<10)}
}

// first sets up the first message; false when the input is empty.
func (s *mboxSource) first() bool {
	b, err := s.br.Peek(5)
	if len(b) == 0 {
		if err != io.EOF {
			s.err = err
		}
		return false
	}
	if string(b) == "From " {
		s.mbox = true
		s.skipLine()
	}
	s.lineStart, s.prevBlank = true, true
	return true
}

// nextMessage skips what is left of the current message and its
// successor's "From " line; false at the end of the input.
func (s *mboxSource) nextMessage() bool {
	var scratch [4096]byte
	for !s.stop {
		s.Read(scratch[:])
	}
	if s.eof || s.err != nil {
		return false
	}
	s.skipLine()
	s.stop, s.lineStart, s.prevBlank = false, true, true
	return true
}

func (s *mboxSource) skipLine() {
	for {
		_, err := s.br.ReadSlice('\n')
		if err != bufio.ErrBufferFull {
			return
		}
	}
}

// Read returns bytes of the current message.
func (s *mboxSource) Read(p []byte) (int, error) {
	if s.stop {
		return 0, io.EOF
	}
	if len(s.rest) == 0 {
		if s.lineStart && s.mbox && s.separator() {
			s.stop = true
			return 0, io.EOF
		}
		if s.lineStart && s.mbox {
			// mboxrd: a line ">From ", ">>From ", ... lost one ">" when
			// it was written; give it back.
			if b, _ := s.br.Peek(64); isQuotedFrom(b) {
				s.br.Discard(1)
			}
		}
		line, err := s.br.ReadSlice('\n')
		switch {
		case err == nil:
			s.prevBlank = s.lineStart && (len(line) == 1 || len(line) == 2 && line[0] == '\r')
			s.lineStart = true
		case err == bufio.ErrBufferFull:
			s.lineStart, s.prevBlank = false, false
		case err == io.EOF:
			s.eof = true
			if len(line) == 0 {
				s.stop = true
				return 0, io.EOF
			}
		default:
			s.err, s.eof = err, true
			s.stop = true
			return 0, err
		}
		s.rest = line
	}
	n := copy(p, s.rest)
	s.rest = s.rest[n:]
	if len(s.rest) == 0 && s.eof {
		s.stop = true
	}
	return n, nil
}

// separator reports whether the line about to be read starts the next
// message: "From " after an empty line, or a "From " line with the
// asctime date of the mbox format even without one.
func (s *mboxSource) separator() bool {
	b, _ := s.br.Peek(5)
	if string(b) != "From " {
		return false
	}
	if s.prevBlank {
		return true
	}
	b, _ = s.br.Peek(128)
	return isFromLine(b)
}

// isFromLine reports whether b starts with an mbox separator line: "From ",
// the sender, and an asctime date ("From sender Mon Nov  2 09:14:03 1994",
// "From - Tue Nov 03 11:00:00 1994"), so that prose that happens to start
// with "From " is not one.
func isFromLine(b []byte) bool {
	if !bytes.HasPrefix(b, []byte("From ")) {
		return false
	}
	if i := bytes.IndexByte(b, '\n'); i >= 0 {
		b = b[:i]
	}
	fields := bytes.Fields(b)
	if len(fields) < 7 {
		return false
	}
	for _, d := range []string{"Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"} {
		if string(fields[2]) == d {
			return true
		}
	}
	return false
}

// isQuotedFrom reports whether b starts with ">+From ".
func isQuotedFrom(b []byte) bool {
	i := 0
	for i < len(b) && b[i] == '>' {
		i++
	}
	return i > 0 && bytes.HasPrefix(b[i:], []byte("From "))
}
