package mailbox

import (
	"bufio"
	"bytes"
	"io"
	"unicode"
	"unicode/utf8"
)

// Position is a place in the input: its byte offset (0-based), line and
// column (1-based, in bytes). Exact is true when it is the byte the
// decoded byte came from (plain and quoted-printable parts in UTF-8 or
// US-ASCII, header values without encoded words); otherwise it is the
// start of the encoded line, or the part of it, that holds it (base64,
// format=flowed, HTML, other charsets).
type Position struct {
	Offset    int64
	Line, Col int
	Exact     bool
}

// along returns the place n bytes after p on its line.
func (p Position) along(n int) Position {
	p.Offset += int64(n)
	p.Col += n
	return p
}

// chunk is a line of the input, or a piece of a line longer than the
// source's buffer: data is valid until the next call to source.next.
type chunk struct {
	data []byte
	pos  Position // of data[0]; Exact
	eol  bool     // data ends with '\n'
}

// source reads the input line by line, knowing where each line is, and
// splits an mbox into messages at its "From " separator lines (mboxrd's
// ">From " quoting undone), an MMDF mailbox at its lines of four ^A, a
// news batch at its "#! rnews" lines, or a Babyl file at its ^_ lines. A
// single message or news article is an mbox of one message without a
// "From " line.
type source struct {
	br   *bufio.Reader
	pos  Position // of the next byte
	mbox bool     // the input starts with a "From " line
	mmdf bool     // the input starts with an MMDF separator line
	news bool     // the input starts with a news batch's "#! rnews" line
	// babyl: the input is an Emacs Rmail (Babyl) file, "BABYL OPTIONS:"
	// first (babylSep).
	babyl bool

	started   bool
	lineStart bool // the next byte starts a line
	held      *chunk
	ends      []int // where each line of the last run (bulk, headerRun) ends in it
	heldBuf   chunk
	err       error // an error reading the input (not io.EOF)
	eof       bool
	// atSeparator's last answer, for the line at offset sepAt-1 (0: none):
	// the end of a message is asked for by each part that ends there.
	sepAt  int64
	sepWas bool
	// An .emlx file's message is read through emlx (emlx.go), with
	// emlxBR, which br then is; emlxBR is kept for the next input.
	emlx   emlxBody
	emlxBR *bufio.Reader
	// own is the buffer made for an input that came unbuffered (bufFor),
	// kept for the next input. Only own and emlxBR are ever reset onto
	// another input: an input that came buffered is the caller's, and
	// resetting it (as Reset once did with whatever br was) made a cycle
	// when the next input read through it (a winmail.dat read by the
	// caller's reader; an .emlx file after another, through emlxBR).
	own *bufio.Reader
}

// sourceBuf is the source's buffer: the longest line it returns whole.
const sourceBuf = 64 << 10

func newSource(r io.Reader, at Position) *source {
	s := &source{}
	s.reset(s.bufFor(r), at)
	return s
}

// bufFor returns the buffered reader to read r through: r itself when it
// is a bufio.Reader of sourceBuf bytes or more (as bufio.NewReaderSize
// would return it), and otherwise the source's own buffer, made once and
// reset onto r.
func (s *source) bufFor(r io.Reader) *bufio.Reader {
	if br, ok := r.(*bufio.Reader); ok && br.Size() >= sourceBuf {
		return br
	}
	if s.own == nil {
		s.own = bufio.NewReaderSize(r, sourceBuf)
	} else {
		s.own.Reset(r)
	}
	return s.own
}

// reset makes s read br from at, as a new source would, keeping
// the array of its line ends: a Reader reset for each piece of a mailbox
// grew a new one each time (a fifth of what mail mode allocated).
func (s *source) reset(br *bufio.Reader, at Position) {
	if at.Line < 1 {
		at.Line = 1
	}
	at.Col, at.Exact = 1, true
	*s = source{br: br, pos: at, lineStart: true, ends: s.ends[:0], emlxBR: s.emlxBR, own: s.own}
}

// start reads the input's first bytes to tell an mbox; false when the
// input is empty.
func (s *source) start() bool {
	s.started = true
	if b, _ := s.br.Peek(len(bom)); string(b) == bom {
		// A byte order mark, which Windows' tools write before a
		// mailbox's or a message's first line: not the message's.
		s.br.Discard(len(bom))
		s.pos.Offset += int64(len(bom))
	}
	b, err := s.br.Peek(5)
	if len(b) == 0 {
		if err != nil && err != io.EOF {
			s.err = err
		}
		s.eof = true
		return false
	}
	s.mbox = isFromLine(s.peekFrom())
	s.mmdf = isMMDFLine(s.peekLine())
	s.news = isRnewsLine(s.peekLine())
	if isBabyl(s.peekLine()) {
		s.startBabyl()
	}
	if !s.mbox && !s.mmdf && !s.news && !s.babyl {
		s.startEMLX()
	}
	return true
}

// babylSep starts the line that closes each message of a Babyl file
// (Emacs Rmail's before Emacs 23, Python's mailbox.Babyl), ^_, which a
// ^L goes on with where a message follows ("\x1f\x0c\n"). A message
// opens with a line of its labels ("1,,", "0, unseen,,"); a reformed
// one has its original header, a line "*** EOOH ***" and the header
// shown (a subset, reformatted), one never shown the line and its whole
// header (Reader.babylHeader).
const babylSep = "\x1f"

// isBabyl reports whether b starts a Babyl file's options line.
func isBabyl(b []byte) bool { return bytes.HasPrefix(b, []byte("BABYL OPTIONS:")) }

// babylOptions bounds the lines of a Babyl file's options block: a text
// that starts "BABYL OPTIONS:" with no ^_ line in so many is read as
// text is, not left out whole.
const babylOptions = 64

// babylOptionsEnd returns where the ^_ line that ends a Babyl file's
// options block starts in b, which starts with the block, or -1 when
// none of b's first babylOptions whole lines is one.
func babylOptionsEnd(b []byte) int {
	off := 0
	for range babylOptions {
		i := bytes.IndexByte(b[off:], '\n')
		if i < 0 {
			return -1
		}
		if b[off] == babylSep[0] {
			return off
		}
		off += i + 1
	}
	return -1
}

// startBabyl takes the input for a Babyl file when a ^_ line ends its
// options block (their version and labels, no message's) where
// babylOptionsEnd looks for it, and leaves that block out. It peeks a
// line at a time: on a pipe, it waits for no more than the block.
func (s *source) startBabyl() {
	off := 0
	for range babylOptions {
		b := s.peekTo(off, off+1024)
		if len(b) <= off || b[len(b)-1] != '\n' {
			return // the input's end, or a line too long for options
		}
		if babylOptionsEnd(b) >= 0 {
			s.babyl = true
			for !s.eof && s.err == nil && !s.peekPrefix(babylSep) {
				s.skipLine()
			}
			return
		}
		off = len(b)
	}
}

// isBabylLabels reports whether line is the labels line that opens a
// Babyl message: "0" or "1" (whether its header was reformed) and a
// comma.
func isBabylLabels(line []byte) bool {
	return len(line) >= 2 && (line[0] == '0' || line[0] == '1') && line[1] == ','
}

// babylEOOH is the line of a Babyl message that ends its original header
// ("end of original header").
const babylEOOH = "*** EOOH ***"

// bom is UTF-8's byte order mark.
const bom = "\xef\xbb\xbf"

// peekLine returns the start of the next line (at most 256 bytes), not
// consumed. It waits for more input only while the line's end is not in
// sight: on a pipe, a line is looked at as soon as it has come.
func (s *source) peekLine() []byte { return s.peekTo(0, 256) }

// peekFrom returns the next line, as peekLine does, and when it is a
// "From " line too short to hold a date, the line after it too (at most
// 256 bytes of it): what isFromLine needs to tell an undated separator.
func (s *source) peekFrom() []byte {
	line := s.peekLine()
	var buf [9][]byte
	n, ascii := asciiFields(line, &buf)
	if !ascii {
		// As isFromLine counts them: Unicode's spaces ("From \xcc" is
		// "From" and one word, and the line after it decides, as it does
		// for Cut, which has it).
		n = countFields(line, 3)
	}
	if !bytes.HasSuffix(line, []byte{'\n'}) || n > 2 {
		return line
	}
	return s.peekTo(len(line), len(line)+256)
}

// countFields returns how many fields bytes.Fields would find in line,
// counting no further than most.
func countFields(line []byte, most int) int {
	n, in := 0, false
	for len(line) > 0 && n < most {
		r, size := utf8.DecodeRune(line)
		if unicode.IsSpace(r) {
			in = false
		} else if !in {
			in = true
			n++
		}
		line = line[size:]
	}
	return n
}

// peekTo returns the next bytes, not consumed, up to the first line break
// at or after the from-th of them (included), or at most limit bytes. It
// waits for more input only while that line break is not in sight (from
// bytes must be buffered already).
func (s *source) peekTo(from, limit int) []byte {
	n := max(s.br.Buffered(), from+1)
	for {
		b, err := s.br.Peek(min(n, limit))
		k := min(from, len(b))
		if i := bytes.IndexByte(b[k:], '\n'); i >= 0 {
			return b[:k+i+1]
		}
		if err != nil || len(b) >= limit {
			return b
		}
		n = len(b) + 1
	}
}

// peekPrefix reports whether the next bytes are prefix, looking at no
// more of them than it takes to tell: on a pipe, a short line ("\n") is
// told apart as soon as it has come, not once five more bytes have.
func (s *source) peekPrefix(prefix string) bool {
	if s.br.Buffered() >= len(prefix) {
		b, _ := s.br.Peek(len(prefix))
		return string(b) == prefix
	}
	for i := 1; i <= len(prefix); i++ {
		b, _ := s.br.Peek(i)
		if len(b) < i || b[i-1] != prefix[i-1] {
			return false
		}
	}
	return true
}

// atSeparator reports whether the next line starts a new message of an
// mbox: a "From " line that parses as one (sender and asctime date),
// wherever it stands; prose that starts with "From " does not. In an MMDF
// mailbox, a line of four ^A, which opens or closes a message; in a news
// batch, a "#! rnews" line; in a Babyl file, a line that starts with ^_,
// which closes one (and opens the next).
func (s *source) atSeparator() bool {
	if !(s.mbox || s.mmdf || s.news || s.babyl) || !s.lineStart {
		return false
	}
	if s.sepAt != s.pos.Offset+1 {
		// The line at an offset is the same each time: its first bytes
		// decide (peekLine waits for them), whatever was read since.
		switch {
		case s.mmdf:
			s.sepAt, s.sepWas = s.pos.Offset+1, s.peekPrefix(mmdfSep) && isMMDFLine(s.peekLine())
		case s.news:
			s.sepAt, s.sepWas = s.pos.Offset+1, s.peekPrefix(rnewsSep) && isRnewsLine(s.peekLine())
		case s.babyl:
			s.sepAt, s.sepWas = s.pos.Offset+1, s.peekPrefix(babylSep)
		default:
			s.sepAt, s.sepWas = s.pos.Offset+1, s.peekPrefix("From ") && isFromLine(s.peekFrom())
		}
	}
	return s.sepWas
}

// mmdfSep starts the line that opens and closes each message of an MMDF
// mailbox (MMDF's, SCO's, mutt's mbox_type=MMDF, Python's mailbox.MMDF):
// four ^A bytes, alone on it.
const mmdfSep = "\x01\x01\x01\x01"

// rnewsSep starts the line before each article of a news batch, as
// rnews reads one (RFC 5537 §3.5's batches, UUCP's feeds, the archives
// kept as they came): "#! rnews", the article's length in bytes.
const rnewsSep = "#! rnews "

// isRnewsLine reports whether b starts with a news batch's line: "#!
// rnews " and a length. The articles are split at these lines; the
// lengths are not needed, as no article's line starts so.
func isRnewsLine(b []byte) bool {
	rest, ok := bytes.CutPrefix(b, []byte(rnewsSep))
	if !ok {
		return false
	}
	if i := bytes.IndexByte(rest, '\n'); i >= 0 {
		rest = rest[:i]
	}
	return isDigits(bytes.TrimRight(rest, " \r"))
}

// isMMDFLine reports whether b starts with an MMDF separator line.
func isMMDFLine(b []byte) bool {
	rest, ok := bytes.CutPrefix(b, []byte(mmdfSep))
	return ok && (len(rest) == 0 || rest[0] == '\n' || bytes.HasPrefix(rest, []byte("\r\n")))
}

// skipSeparator consumes a separator line, and, in an MMDF mailbox, the
// "From " line that may follow it (Python's mailbox.MMDF and mutt write
// the mbox's separator line after MMDF's); in a Babyl file, the ^L line
// that may follow it and the labels line that opens the message.
func (s *source) skipSeparator() {
	s.skipLine()
	if s.mmdf && !s.eof && s.peekPrefix("From ") && isFromLine(s.peekFrom()) {
		s.skipLine()
	}
	if s.babyl && !s.eof {
		if line := s.peekLine(); len(trimEOL(line)) == 1 && line[0] == '\f' {
			s.skipLine() // "\x1f" and "\x0c" on lines of their own
		}
		if !s.eof && isBabylLabels(s.peekLine()) {
			s.skipLine()
		}
	}
}

// skipLine consumes the rest of a line.
func (s *source) skipLine() {
	for {
		c, ok := s.raw()
		if !ok || c.eol {
			return
		}
	}
}

// maxBulk bounds the bytes bulk returns at once.
const maxBulk = 16 << 10

// bulk returns, consumed, a run of whole buffered lines that a body read
// as it is may take at once, or ok false (then the caller reads a line
// with next). It takes no line that next would treat apart: one that may
// be a separator ("From "), an mboxrd-quoted ">From " line, or, when
// delims, one starting "--" (a multipart's delimiter), nor the line just
// before such a line (whose line break a delimiter may own, RFC 2046
// §5.1.1). It waits for no input: it looks only at what is buffered.
func (s *source) bulk(delims bool) (chunk, bool) {
	b := s.buffered(maxBulk)
	n := 0 // the run's length
	s.ends = s.ends[:0]
	if len(b) == 0 || s.special(b, delims) {
		return chunk{}, false
	}
	for n < len(b) {
		// b[n:] is not special (checked before the loop, or as the
		// next line in the last round).
		j := bytes.IndexByte(b[n:], '\n')
		if j < 0 || n+j+1 >= len(b) || s.special(b[n+j+1:], delims) {
			break // the line is cut, the next one not in sight, or special
		}
		n += j + 1
		s.ends = append(s.ends, n)
	}
	return s.take(b, n, len(s.ends))
}

// skip consumes a run of whole buffered lines of a body that is not read
// (an image, an attachment), none of which next treats apart, and
// reports whether it took any; when it did not, the caller reads a line
// with next. Base64 attachments are most of a real mailbox's bytes, in
// lines of 76 that hold neither a space nor a "-": a line that stops the
// run ("From ", a possible separator, in an mbox; "--", a possible
// delimiter, in a multipart) has one of them in its first five bytes (an
// MMDF mailbox's separator, a ^A in its first). So
// skip finds the first space or "-" (or ^A) with a vector search, takes every line
// that starts five bytes or more before it, and counts their line breaks,
// instead of looking at each line (bulk). Where that leaves little (a
// body of text: spaces everywhere), it takes what bulk takes. Unlike
// bulk, it may take the line before a delimiter (a skipped body's last
// line break is nobody's concern) and a line of mboxrd quoting (whose
// unquoting changes no place). It waits for no input.
func (s *source) skip(delims bool) bool {
	b := s.buffered(s.br.Buffered())
	n := bytes.LastIndexByte(b, '\n') + 1 // whole lines only
	if n > skipMin {
		k := n // no line that starts at k-4 or later is taken
		if s.mbox || s.news {
			if i := bytes.IndexByte(b[:k], ' '); i >= 0 {
				k = i
			}
		}
		if s.mmdf {
			if i := bytes.IndexByte(b[:k], 1); i >= 0 {
				k = i
			}
		}
		if s.babyl {
			if i := bytes.IndexByte(b[:k], babylSep[0]); i >= 0 {
				k = i
			}
		}
		if delims {
			if i := bytes.IndexByte(b[:k], '-'); i >= 0 {
				k = i
			}
		}
		switch {
		case k < 5:
			n = 0 // the first line may be one
		case k < n:
			// The lines up to the first that starts after k-5: its start
			// follows the first line break at k-5 or later (b[n-1] is one).
			n = k - 5 + bytes.IndexByte(b[k-5:n], '\n') + 1
		}
		if n > skipMin {
			_, ok := s.take(b, n, bytes.Count(b[:n], []byte{'\n'}))
			return ok
		}
	}
	_, ok := s.bulk(delims)
	return ok
}

// skipMin is the least skip takes by its vector searches: below it, a
// line at a time (bulk) costs less.
const skipMin = 1 << 10

// buffered returns what a run of whole lines may be taken from: at most
// limit buffered bytes, from the start of a line; none when a line is
// held back, a line is half read or the input has ended.
func (s *source) buffered(limit int) []byte {
	if s.held != nil || !s.lineStart || s.eof {
		return nil
	}
	b, _ := s.br.Peek(min(s.br.Buffered(), limit))
	return b
}

// take consumes b[:n], lines whole lines of buffered, and returns them as a
// chunk (valid until the next read); ok false when n is 0.
func (s *source) take(b []byte, n, lines int) (chunk, bool) {
	if n == 0 {
		return chunk{}, false
	}
	c := chunk{data: b[:n], pos: s.pos, eol: true}
	s.pos.Offset += int64(n)
	s.pos.Line += lines
	s.pos.Col = 1
	s.br.Discard(n)
	return c, true
}

// special reports whether next treats line, the start of a line, apart:
// a separator ("From ", a ^A in an MMDF mailbox, "#" in a news batch,
// ^_ in a Babyl file), an mboxrd-quoted
// ">From " line, or, when delims, a line starting "--" (a multipart's
// delimiter).
func (s *source) special(line []byte, delims bool) bool {
	switch line[0] {
	case 'F':
		return s.mbox && bytes.HasPrefix(line, []byte("From "))
	case '>':
		return s.mbox && isQuotedFrom(line)
	case 1:
		return s.mmdf
	case babylSep[0]:
		return s.babyl
	case '#':
		return s.news
	case '-':
		return delims && len(line) > 1 && line[1] == '-'
	}
	return false
}

// headerRun returns, consumed, a run of whole buffered lines of a header
// block, at most limit bytes, none blank (the blank line ends the block;
// readHeader reads it alone) nor one that next would treat apart
// (special), or ok false when there is none. It waits for no input.
func (s *source) headerRun(delims bool, limit int) (chunk, bool) {
	b := s.buffered(min(maxBulk, limit))
	n := 0
	s.ends = s.ends[:0]
	for n < len(b) && !s.special(b[n:], delims) {
		j := bytes.IndexByte(b[n:], '\n')
		if j < 0 || len(trimEOL(b[n:n+j+1])) == 0 {
			break // cut, or blank
		}
		n += j + 1
		s.ends = append(s.ends, n)
	}
	return s.take(b, n, len(s.ends))
}

// skipFolded consumes the buffered whole lines, up to limit bytes, that
// start with a space or a tab, and returns how many bytes: the
// continuation lines of a header field, which are never separators,
// mboxrd-quoted lines or delimiters, so that next would return each
// whole. It waits for no input.
func (s *source) skipFolded(limit int) int {
	b := s.buffered(limit)
	n, lines := 0, 0
	for n < len(b) && (b[n] == ' ' || b[n] == '\t') {
		j := bytes.IndexByte(b[n:], '\n')
		if j < 0 {
			break
		}
		n += j + 1
		lines++
	}
	s.take(b, n, lines)
	return n
}

// raw returns the next chunk of the input, whatever it is; ok false at
// the end of the input.
func (s *source) raw() (chunk, bool) {
	if s.eof {
		return chunk{}, false
	}
	line, err := s.br.ReadSlice('\n')
	switch {
	case err == nil || err == bufio.ErrBufferFull:
	case err == io.EOF:
		s.eof = true
		if len(line) == 0 {
			return chunk{}, false
		}
	default:
		s.err, s.eof = err, true
		if len(line) == 0 {
			return chunk{}, false
		}
	}
	c := chunk{data: line, pos: s.pos, eol: len(line) > 0 && line[len(line)-1] == '\n'}
	s.pos.Offset += int64(len(line))
	if c.eol {
		s.pos.Line++
		s.pos.Col = 1
	} else {
		s.pos.Col += len(line)
	}
	s.lineStart = c.eol
	return c, true
}

// next returns the next chunk of the current message, ok false at its end
// (the next line is a separator, or the input ended). A line ">From ...",
// ">>From ..." of an mbox comes back with one '>' less (mboxrd).
func (s *source) next() (chunk, bool) {
	if s.held != nil {
		c := *s.held
		s.held = nil
		return c, true
	}
	if s.atSeparator() {
		return chunk{}, false
	}
	unquote := false
	if s.mbox && s.lineStart {
		unquote = s.peekPrefix(">") && isQuotedFrom(s.peekLine())
	}
	c, ok := s.raw()
	if ok && unquote {
		c.data = c.data[1:]
		c.pos.Offset++
		c.pos.Col++
	}
	return c, ok
}

// dry reports whether the next line cannot be had without reading the
// input: nothing buffered, nothing held back.
func (s *source) dry() bool {
	return s.held == nil && !s.eof && s.br.Buffered() == 0
}

// unread gives c back: the next call to next returns it again. Its data
// must stay valid until then: the caller has not read further.
func (s *source) unread(c chunk) {
	s.heldBuf = c
	s.held = &s.heldBuf
}

// nextMessage skips what is left of the current message and its
// successor's separator line; false at the end of the input.
func (s *source) nextMessage() bool {
	for {
		if _, ok := s.next(); !ok {
			break
		}
	}
	if s.eof || s.err != nil {
		return false
	}
	s.skipSeparator()
	// An MMDF message has a line of its own that closes it, and the next
	// one a line that opens it: both go. After the last one's closing
	// line there is no message; nor after a Babyl file's last ^_.
	if s.mmdf || s.babyl {
		for !s.eof && s.atSeparator() {
			s.skipSeparator()
		}
		if b, err := s.br.Peek(1); len(b) == 0 {
			if err != nil && err != io.EOF {
				s.err = err
			}
			s.eof = true // nothing after the last one's closing line
		}
	}
	return !s.eof || s.br.Buffered() > 0
}

// isFromLine reports whether b starts with an mbox separator line: "From ",
// the sender, and an asctime date ("From sender Mon Nov  2 09:14:03 1994",
// "From - Tue Nov 03 11:00:00 1994"), so that prose that happens to start
// with "From " is not one. Mailman's archives write the sender's address
// with " at " for its "@" ("From joe at example.com  Mon Jan  1 ...",
// the monthly .txt files of every Mailman 2 list). Some mailboxes' lines
// have no date: "From - " (Netscape's and old Mozilla's), "From <id>"
// (MimeKit's and others' test mailboxes); such a line, "From" and at most
// one word, is a separator where b holds the line after it and that line
// is a message's header field (undatedFrom).
func isFromLine(b []byte) bool {
	if !bytes.HasPrefix(b, []byte("From ")) {
		return false
	}
	var next []byte
	if i := bytes.IndexByte(b, '\n'); i >= 0 {
		b, next = b[:i], b[i+1:]
	}
	var buf [9][]byte
	var fields [][]byte
	if n, ok := asciiFields(b, &buf); ok {
		fields = buf[:n]
	} else {
		fields = bytes.Fields(b) // a line with non-ASCII bytes: Unicode spaces
	}
	if len(fields) <= 2 {
		return undatedFrom(next)
	}
	if len(fields) >= 9 && string(fields[2]) == "at" {
		fields = fields[2:] // "joe at example.com": the sender's three words
	}
	if len(fields) < 7 {
		return false
	}
	isDay := false
	for _, d := range []string{"Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"} {
		if string(fields[2]) == d {
			isDay = true
		}
	}
	if !isDay {
		return false
	}
	// the month, then a day of the month, then hh:mm[:ss]
	isMonth := false
	for _, m := range []string{"Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"} {
		if string(fields[3]) == m {
			isMonth = true
		}
	}
	return isMonth && isDigits(fields[4]) && bytes.Count(fields[5], []byte{':'}) >= 1
}

// undatedFrom reports whether next, what follows a "From " line with no
// date, starts with a header field that opens a message in a mailbox: one
// of mailHeaders, To, Subject, or an "X-" field (Netscape's
// X-Mozilla-Status, Gmail's X-GM-THRID). A line of prose "From me" is
// followed by prose; a line that is only "From -" in a body of mbox
// text is quoted (">From"), or followed by prose too.
func undatedFrom(next []byte) bool {
	if i := bytes.IndexByte(next, '\n'); i >= 0 {
		next = next[:i]
	} else {
		return false // the line after it is not all here: no
	}
	if !looksLikeHeader(next) {
		return false
	}
	name := next[:bytes.IndexByte(next, ':')]
	if len(name) > 2 && (name[0] == 'X' || name[0] == 'x') && name[1] == '-' {
		return true
	}
	return isMailHeader(name) || bytes.EqualFold(name, []byte("to")) || bytes.EqualFold(name, []byte("subject"))
}

// asciiFields is bytes.Fields for a line of ASCII bytes, into fields (the
// rest are not needed): it returns how many it filled, and false, having
// done nothing useful, when line has a byte that is not ASCII.
func asciiFields(line []byte, fields *[9][]byte) (int, bool) {
	n, start := 0, -1
	for i, c := range line {
		if c >= 0x80 {
			return 0, false
		}
		if asciiSpace[c] {
			if start >= 0 && n < len(fields) {
				fields[n] = line[start:i]
				n++
			}
			start = -1
		} else if start < 0 {
			start = i
		}
	}
	if start >= 0 && n < len(fields) {
		fields[n] = line[start:]
		n++
	}
	return n, true
}

// asciiSpace are the ASCII bytes unicode.IsSpace reports: those
// bytes.Fields splits ASCII text at, and mime.ParseMediaType trims.
var asciiSpace = [128]bool{'\t': true, '\n': true, '\v': true, '\f': true, '\r': true, ' ': true}

func isDigits(b []byte) bool {
	if len(b) == 0 {
		return false
	}
	for _, c := range b {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// isQuotedFrom reports whether b starts with ">+From ".
func isQuotedFrom(b []byte) bool {
	i := 0
	for i < len(b) && b[i] == '>' {
		i++
	}
	return i > 0 && bytes.HasPrefix(b[i:], []byte("From "))
}

// IsSeparator reports whether line is an mbox separator line, as the
// Reader reads one: "From ", a sender and an asctime date, or "From" and
// at most one word when line goes on with the line after it, a header
// field that opens a message. [Messages] counts the messages of a piece
// of a mailbox with it.
func IsSeparator(line []byte) bool { return isFromLine(line) }

// Messages returns the number of messages that start in data, a piece of
// a mailbox from its start or from where [Cut] cut it to where Cut cuts
// it next (or its end): its "From " separator lines, or, when it starts
// with an MMDF separator line, its MMDF messages, or with a news batch's
// "#! rnews" line, its articles. Summed over the pieces
// before a Cut, it is the [StartAt] count of the piece after it.
func Messages(data []byte) int {
	mmdf, news := isMMDFLine(data), isRnewsLine(data)
	n := 0
	for len(data) > 0 {
		switch {
		case mmdf && isMMDFLine(data), news && isRnewsLine(data), !mmdf && !news && isFromLine(data):
			n++
		}
		i := bytes.IndexByte(data, '\n')
		if i < 0 {
			break
		}
		data = data[i+1:]
	}
	if mmdf {
		return (n + 1) / 2 // a message's opening line and its closing one
	}
	return n
}

// Cut returns the index in data of the start of the last mbox separator
// line ("From " line, see isFromLine) that is preceded by a line break,
// or -1. Reading data[:i] and data[i:] (the second with [StartAt]) with
// two Readers gives the parts one Reader gives for data, positions
// included, and message numbers counted from the second's start.
func Cut(data []byte) int { return cut(data, kindMbox|kindMMDF|kindNews) }

// The kinds of mailbox a cut looks for separators of.
const (
	kindMbox = 1 << iota // "From " lines
	kindMMDF             // lines of four ^A (and a "From " line after one)
	kindNews             // "#! rnews" lines
)

// CutFor returns the [Cut] of a mailbox whose first bytes are head, as
// the Reader reads its kind there: an mbox is cut at its "From " lines
// only, an MMDF mailbox at its ^A lines only, a news batch at its
// "#! rnews" lines only; nil for a single message, which no line cuts. A
// "From " line in a single message's body, or in an MMDF message's, is
// text to the Reader, and a cut there would make it a message.
func CutFor(head []byte) func(data []byte) int {
	head = bytes.TrimPrefix(head, []byte(bom))
	switch {
	case isMMDFLine(head):
		return func(data []byte) int { return cut(data, kindMMDF) }
	case isRnewsLine(head):
		return func(data []byte) int { return cut(data, kindNews) }
	case isFromLine(head):
		return func(data []byte) int { return cut(data, kindMbox) }
	}
	return nil
}

// cut is Cut for the separators of kinds.
func cut(data []byte, kinds int) int {
	// Windows from the end, each searched forward with bytes.Index's
	// vector search (bytes.LastIndex hashes byte by byte, and was a tenth
	// of the -j pipeline's time on mail): the last separator is most often
	// in the last window.
	const window = 8 << 10
	for end := len(data); end > 0; {
		start := max(0, end-window)
		if c := lastSeparator(data, start, end, kinds); c >= 0 {
			return c
		}
		end = start
	}
	return -1
}

// lastSeparator returns the start of the last separator line of data
// whose preceding line break is in data[start:end], or -1. In an MMDF
// mailbox that is the line of four ^A that opens a message: after the
// one that closes the message before it, or before a "From " line; in a
// news batch, a "#! rnews" line. kinds says which of them it looks for.
func lastSeparator(data []byte, start, end, kinds int) int {
	const sep = "\nFrom "
	win := data[start:min(len(data), end+len(mmdfPair)-1)]
	if bytes.IndexByte(win, ' ') < 0 && bytes.IndexByte(win, 1) < 0 {
		// No space, no "From ", no ^A: a window of base64 (an
		// attachment), passed at the speed of one vector search, where
		// looking for "\nFrom " stops at every line.
		return -1
	}
	cut := -1
	for i := start; i < end && kinds&(kindMbox|kindMMDF) != 0; {
		j := bytes.Index(data[i:min(len(data), end+len(sep)-1)], []byte(sep))
		if j < 0 {
			break
		}
		j += i + 1
		if isFromLine(data[j:]) && bytes.IndexByte(data[j:], '\n') >= 0 {
			switch {
			case kinds&kindMMDF != 0 && bytes.HasSuffix(data[:j], []byte("\n"+mmdfSep+"\n")):
				cut = j - len(mmdfSep) - 1 // MMDF's own separator, before the "From " line
			case kinds&kindMbox != 0:
				cut = j
			}
		}
		i = j
	}
	for i := start; i < end && kinds&kindNews != 0 && bytes.IndexByte(win, '#') >= 0; {
		// A news batch: the line before an article.
		j := bytes.Index(data[i:min(len(data), end+len(rnewsSep))], []byte("\n"+rnewsSep))
		if j < 0 {
			break
		}
		j += i + 1
		if isRnewsLine(data[j:]) && bytes.IndexByte(data[j:], '\n') >= 0 {
			cut = max(cut, j)
		}
		i = j
	}
	if kinds&kindMMDF != 0 && bytes.IndexByte(win, 1) >= 0 {
		// An MMDF mailbox without "From " lines: the closing line of a
		// message, then the opening one of the next.
		for i := start; i < end; {
			j := bytes.Index(data[i:min(len(data), end+len(mmdfPair)-1)], []byte(mmdfPair))
			if j < 0 {
				break
			}
			j += i + 1 + len(mmdfSep) + 1
			cut = max(cut, j)
			i = j
		}
	}
	return cut
}

// mmdfPair is the line that closes an MMDF message and the one that opens
// the next, with the line break before them.
const mmdfPair = "\n" + mmdfSep + "\n" + mmdfSep + "\n"

// trimEOL is bytes.TrimRight(line, "\r\n"), without the set it builds.
func trimEOL(line []byte) []byte {
	n := len(line)
	for n > 0 && (line[n-1] == '\n' || line[n-1] == '\r') {
		n--
	}
	return line[:n]
}
