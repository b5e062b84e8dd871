package search

import (
	"bytes"

	"github.com/urlgrep/urlgrep/mailbox"
)

// Line is a line of the input that Options.Before or Options.After asks
// for: a line with (part of) a URL, or one of the lines around it, as
// grep -A/-B/-C shows them.
type Line struct {
	// Pos is where the line starts in the file (in mail, as for a URL:
	// exact for plain and quoted-printable parts, else the encoded line's
	// start). Num is its 1-based line number in its text (the decoded
	// part, in mail).
	Pos mailbox.Position
	Num int

	// Text is the line without its line break, cut at MaxContext bytes
	// (Cut), and URLs the spans of Text that are URLs.
	Text []byte
	URLs [][2]int
	Cut  bool

	// Match is true for a line with a URL, false for a line around one;
	// Break is true when the line does not follow the line reported
	// before it in the same input (grep prints "--" there).
	Match, Break bool
}

// lineTracker puts the segments of one text back into lines, and emits
// the lines with URLs and those around them. It holds at most Before
// lines, each cut at MaxContext bytes.
type lineTracker struct {
	before, after int

	num       int   // the current line's number in its text
	start     int64 // the current line's offset in its text
	n         int64 // the current line's length so far, cut or not
	buf       []byte
	cut       bool
	spans     [][2]int
	hasURL    bool
	ring      []Line // the last lines not emitted, at most before
	afterLeft int
	last      int // the number of the line emitted last in this text, 0 none
	emitted   bool
	part      *mailbox.Part
	emit      func(*Line)
}

// reset starts a text that begins on line num at offset.
func (t *lineTracker) reset(part *mailbox.Part, num int, offset int64) {
	t.part, t.num, t.start, t.n = part, num, offset, 0
	t.buf, t.cut, t.spans, t.hasURL = t.buf[:0], false, t.spans[:0], false
	t.ring, t.afterLeft, t.last = t.ring[:0], 0, 0
}

// feed adds a segment of the text: a URL's raw bytes, or text.
func (t *lineTracker) feed(seg []byte, url bool) {
	for len(seg) > 0 {
		i := bytes.IndexByte(seg, '\n')
		chunk := seg
		if i >= 0 {
			chunk = seg[:i]
		}
		from := len(t.buf)
		t.n += int64(len(chunk))
		if room := MaxContext - len(t.buf); len(chunk) > room {
			t.buf = append(t.buf, chunk[:max(room, 0)]...)
			t.cut = true
		} else {
			t.buf = append(t.buf, chunk...)
		}
		if url {
			t.hasURL = true
			if len(t.buf) > from {
				t.spans = append(t.spans, [2]int{from, len(t.buf)})
			}
		}
		if i < 0 {
			return
		}
		t.finish()
		seg = seg[i+1:]
	}
}

// finish ends the current line.
func (t *lineTracker) finish() {
	text := bytes.TrimSuffix(t.buf, []byte{'\r'})
	l := Line{Num: t.num, Text: text, URLs: t.spans, Cut: t.cut, Match: t.hasURL}
	switch {
	case t.hasURL:
		for i := range t.ring {
			t.send(&t.ring[i])
		}
		t.ring = t.ring[:0]
		t.send(&l)
		t.afterLeft = t.after
	case t.afterLeft > 0:
		t.afterLeft--
		t.send(&l)
	case t.before > 0:
		if len(t.ring) == t.before {
			copy(t.ring, t.ring[1:])
			t.ring = t.ring[:len(t.ring)-1]
		}
		l.Text = append([]byte(nil), text...)
		l.URLs = nil
		l.Pos = t.locate()
		t.ring = append(t.ring, l)
	}
	t.start += t.n + 1
	t.n = 0
	t.num++
	t.buf, t.cut, t.spans, t.hasURL = t.buf[:0], false, t.spans[:0], false
}

// locate returns the file position of the current line.
func (t *lineTracker) locate() mailbox.Position {
	if t.part != nil {
		return t.part.Locate(t.start)
	}
	return mailbox.Position{Offset: t.start, Line: t.num, Col: 1, Exact: true}
}

// send emits l, a copy of what it holds: the caller's buffers are reused.
func (t *lineTracker) send(l *Line) {
	if l.Pos.Line == 0 {
		l.Pos = t.locate()
	}
	l.Break = t.emitted && l.Num != t.last+1
	t.last, t.emitted = l.Num, true
	out := *l
	out.Text = append([]byte(nil), l.Text...)
	out.URLs = append([][2]int(nil), l.URLs...)
	t.emit(&out)
}

// end finishes a last line with no line break.
func (t *lineTracker) end() {
	if len(t.buf) > 0 || t.hasURL {
		t.finish()
	}
}
