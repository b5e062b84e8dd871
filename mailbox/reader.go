package mailbox

import (
	"bytes"
	"errors"
	"io"
	"mime"
	"strconv"
	"strings"
)

// Part is one piece of a message to scan for URLs: a text part of the
// body, a header, or the text around a multipart's parts.
type Part struct {
	Message   int    // 1-based number of the message in the input
	MessageID string // the message's Message-ID, without "<" and ">"
	Subject   string // the message's Subject, RFC 2047 words decoded
	// Path is the MIME part path ("1", "2.1", as IMAP numbers parts),
	// "header:" and the header's name ("header:List-Unsubscribe"), or a
	// a forwarded message's part path, "." and "header:" and the name,
	// or a multipart's path and ".preamble" or ".epilogue" ("preamble" at the
	// top) for the text before its first part and after its last.
	Path string
	// Type is the part's media type in lower case ("text/plain").
	Type string
	// Group is the path of the nearest multipart/alternative the part is
	// in, "" when none: the parts of one group show one message in several
	// forms, so a URL in more than one of them is the same link.
	Group string
	// Body is the part's text, decoded to UTF-8. For text/html it is the
	// link targets and the visible text. It is valid until the next call
	// to Next. Reading it returns no error but io.EOF: what cannot be
	// decoded is reported as a Problem and read as it is.
	Body io.Reader

	// Offset and Line locate the part's first encoded byte in the input:
	// its body's, or a header's value.
	Offset int64
	Line   int

	body   *body
	header bool // a header field's part, whose body the Reader reuses
}

// Locate returns where in the input the byte at decoded, an offset in the
// text read from Body (0-based), comes from: for plain and quoted-printable
// parts in UTF-8 or US-ASCII and plain header values, the byte itself
// (Exact); otherwise the start of the encoded line, or the run of it, that
// holds it. It answers exactly for the last [LocateWindow] bytes read, and
// is valid, as Body is, until the next call to Next.
func (p *Part) Locate(decoded int64) Position {
	if p.body == nil {
		return Position{Offset: p.Offset, Line: p.Line, Col: 1}
	}
	return p.body.locate(decoded)
}

// Problem is something wrong in the input that did not stop the reader:
// an unknown charset, a broken encoding, a missing boundary. What follows
// it is read all the same.
type Problem struct {
	Message int    // the message it is in
	Part    string // the part path, "" for the message as a whole
	Err     error
}

// Error formats the problem as "message N part P: what".
func (p Problem) Error() string {
	s := "message " + strconv.Itoa(p.Message)
	if p.Part != "" {
		s += " part " + p.Part
	}
	return s + ": " + p.Err.Error()
}

// Option configures a Reader.
type Option func(*Reader)

// OnProblem sets the function told of each [Problem]; by default problems
// are ignored.
func OnProblem(f func(Problem)) Option { return func(r *Reader) { r.problem = f } }

// StartAt says that the Reader's input is a piece of a larger input that
// starts at byte offset, on line (1-based), after messages messages: the
// positions and message numbers of its parts are the larger input's.
// With [Cut], it lets a caller read the messages of one mbox on several
// goroutines.
func StartAt(offset int64, line, messages int) Option {
	return func(r *Reader) { r.at, r.msg = Position{Offset: offset, Line: line}, messages }
}

// ReuseParts makes the Reader reuse the Parts it returns: a Part, as its
// Body is, is then valid only until the next call to Next, and a caller
// that keeps one copies it. It spares an allocation for each part (a
// message has one for each of several header fields), which is most of
// what reading mail allocates.
func ReuseParts() Option { return func(r *Reader) { r.reuse = true } }

// LocateWithin makes [Part.Locate] answer exactly for the last n bytes
// read from a part's Body, as it does for the last [LocateWindow] bytes
// by default (less 16 KiB, and the places bounded, as LocateWindow
// says): a caller that locates only what it still holds (a search, the
// bytes in its scanner's buffer) keeps fewer places in memory. HTML makes
// a place of each line it reads for little text: a part of 2.8 MB of
// spam's hidden text held 22,000 places, 1.5 MB, for the 357 KB it gave.
// n below 64 KiB means 64 KiB.
func LocateWithin(n int64) Option {
	return func(r *Reader) { r.within = max(n, 64<<10) }
}

// ElideLong lets the Reader hold less of HTML where a caller that skips
// any candidate URL longer than n bytes (a search, its longest candidate)
// cannot find more: a run of base64 in an attribute value (an inline
// image's data: URI of a megabyte) longer than twice n bytes and 64 KiB
// is held without its middle, keeping at least n bytes on either side,
// and script and style contents, which are no text, are not held at all
// (style sheets with inline images run to a megabyte). The text is the
// same but for the bytes of the run passed over, which are given as as
// many base64 bytes ("A"): no URL that takes them in is n bytes or
// shorter (no byte of base64 ends a URL), so such a caller finds the
// same URLs, at the same places, and skips the same candidates. One
// answer can differ: a link whose text is its own target, reported
// once, is reported twice when its target lost its middle. What the
// tokenizer no longer holds no longer ends the part's HTML past its
// bound of a megabyte: the rest is read as HTML, not as text. n of 0
// (the default) holds all, as golang.org/x/net/html's tokenizer does.
func ElideLong(n int) Option {
	return func(r *Reader) { r.elide = max(n, 0) }
}

// StallWait lets the parts' bodies tell a stall of a streaming input (a
// pipe whose writer waits, as "tail -f mbox" does). A body that has
// handed out every byte the input had ready returns no bytes from Read,
// so that its reader can act on what it has; with StallWait, it first
// calls wait, which waits a while for the input and reports true when
// none came, and the body's Stalled method (an extract.StallReader's)
// then reports true until its next Read. A scanner of the body then
// decides a URL that ends the last line read now, not when the next
// line comes. wait must not take the input it sees come: the Reader
// reads it next.
func StallWait(wait func() bool) Option {
	return func(r *Reader) { r.stallWait = wait }
}

// HeaderFilter makes the Reader leave out the header fields whose text
// may reports cannot hold a URL (a search passes its Scanner's
// MayFind, package extract): they are not parts. A field with RFC 2047
// encoded words is tested on the text they decode to, which is its text.
// Most header fields of real mail hold no URL, and a part costs more
// than the test (a fifth of the time of reading a mailing list's archive
// went to parts for its two dozen fields a message).
func HeaderFilter(may func(text []byte) bool) Option {
	return func(r *Reader) { r.mayHold = may }
}

// Bounds on what one message may make the reader hold.
const (
	maxHeaderBytes = 1 << 20  // a header block; past it, the rest is read as body text
	maxFieldBytes  = 64 << 10 // one header field; the rest is dropped, and said to be
	maxDepth       = 32       // nesting of multiparts and messages
	maxPreamble    = 16 << 10 // a preamble or epilogue looked at to tell it blank
)

// Reader reads the parts of the messages in an mbox, a message or a news
// article. It is not safe for concurrent use.
type Reader struct {
	src     *source
	at      Position
	problem func(Problem)
	within  int64 // how far back Locate answers exactly (LocateWithin), 0 for LocateWindow
	elide   int   // ElideLong's n, 0 for none
	// stallWait is StallWait's wait, nil for none.
	stallWait func() bool

	msg     int
	msgID   string
	subject string
	started bool

	pending []*Part // parts of the current message found; from pendingAt on, not yet returned
	// pendingAt is the next part of pending to return: a queue over one
	// array, reused message after message (taking from the front of the
	// slice gave each message's parts an array of their own).
	pendingAt int
	names     map[string]cachedName      // header names met, kept across Reset (headerName)
	nameCache *[nameCacheSize]cachedName // the last names met, in front of names

	mayHold     func([]byte) bool // HeaderFilter's test, nil for none
	words       []byte            // a header value's encoded words decoded (appendWords), reused
	noBulk      bool              // lines one by one, for TestBulkSameAsLines
	qpByPiece   bool              // every quoted-printable line in pieces (decodeQP), for TestQPLineSameAsPieces
	returned    *Part             // the part Next returned last
	freeHeaders []*body           // header parts' bodies to reuse (headerBody)
	freeAnchors int               // the capacity of their anchors, in all
	stack       []*frame          // open multiparts, innermost last
	cur         *body             // the body being read
	curStop     bool              // the current body has met its end
	last        *body             // the last body made, whose buffers the next reuses
	fields      header            // the last header's fields, reused (readHeader)
	fieldsUsed  int               // fields[fieldsUsed:cap] are clean: zero but for their arrays of lines
	held        []byte            // a preamble's or epilogue's lines, reused (readText)
	parts       []Part            // the Parts still to hand out (part)
	reuse       bool              // ReuseParts
	used        []Part            // with reuse, the Parts made since Next last found none pending
	arena       []byte            // the bytes of their names and values
	// child reads a forwarded message sent encoded (base64 or
	// quoted-printable) from childPart's decoded body (encodedMessage);
	// nest is how many such Readers this one is inside.
	child     *Reader
	childPart *Part
	nest      int
	// childHeld are the problems this Reader found while its child read
	// (report), told after the child's own (childNext): the child's read
	// size, and so how far ahead this Reader decoded, changes nothing.
	// At most maxChildHeld; any more are told at once.
	childHeld []Problem
	// spare is the last child, done, reset for the next (startChild),
	// with ReuseParts, within one message (nextMessage lets it go): an
	// archive's thousands of messages made a Reader and its buffers
	// each.
	spare *Reader
}

// frame is an open multipart.
type frame struct {
	delim  []byte // "--" and the boundary
	path   string // "" for the message's top level
	n      int    // parts read
	group  string // multipart/alternative ancestor
	depth  int
	seen   bool // a delimiter line was read
	closed bool // the close delimiter was read
	digest bool // multipart/digest: a part without a Content-Type is a message
}

// NewReader returns a Reader of r, which holds an mbox (messages separated
// by "From " lines), one message, or a news article. It reads r through
// a buffer of its own, but for a bufio.Reader of 64 KiB or more, which it
// reads directly.
func NewReader(r io.Reader, opts ...Option) *Reader {
	mr := &Reader{problem: func(Problem) {}}
	for _, o := range opts {
		o(mr)
	}
	mr.src = newSource(r, mr.at)
	return mr
}

// Reset makes r read src from the start, as NewReader(src, opts...)
// would, but keeps its buffers: a caller that reads many small inputs
// (the pieces of a large mailbox) allocates them once. A src that is a
// bufio.Reader of 64 KiB or more is read directly, as NewReader reads
// it; the Reader never resets a buffer it was given onto another input.
func (r *Reader) Reset(src io.Reader, opts ...Option) {
	r.tellHeld() // found in the last input, whose child was left unread
	*r = Reader{problem: r.problem, src: r.src, last: r.last, freeHeaders: r.freeHeaders, freeAnchors: r.freeAnchors,
		fields: r.fields, fieldsUsed: r.fieldsUsed, arena: r.arena, words: r.words[:0], held: r.held, parts: r.parts, names: r.names, nameCache: r.nameCache, used: r.used[:0], stack: r.stack[:0], pending: r.pending[:0], spare: r.spare, childHeld: r.childHeld}
	clear(r.pending[:cap(r.pending)])
	clear(r.used[:cap(r.used)])
	for _, o := range opts {
		o(r)
	}
	r.src.reset(r.src.bufFor(src), r.at)
}

// Messages returns the number of the last message the Reader has begun
// reading (counted, with [StartAt], from its messages): every message,
// those that hold no part to return as well.
func (r *Reader) Messages() int { return r.msg }

// Next returns the next part to scan, or io.EOF after the last. A
// non-nil error other than io.EOF is an error reading the input.
func (r *Reader) Next() (*Part, error) {
	for {
		if r.cur != nil {
			for r.cur.step() { // what the caller left unread
			}
			r.cur = nil
		}
		if r.pendingAt < len(r.pending) {
			p := r.pending[r.pendingAt]
			r.pending[r.pendingAt] = nil
			if r.pendingAt++; r.pendingAt == len(r.pending) {
				r.pending, r.pendingAt = r.pending[:0], 0
			}
			r.doneWith(r.returned)
			r.returned = p
			if p.body != nil && p.body.r != nil {
				r.cur, r.curStop = p.body, false
			}
			return p, nil
		}
		if r.child != nil {
			// After the message's parts found before it (its header's).
			if p, ok := r.childNext(); ok {
				return p, nil
			}
			continue // the encoded part's rest passed over (r.cur)
		}
		if r.reuse {
			// Every Part made is returned, the last one too (its header
			// body taken back first): they serve again.
			r.doneWith(r.returned)
			r.returned = nil
			clear(r.used)
			r.used = r.used[:0]
			if cap(r.used) > 1024 {
				r.used = nil // an outsized message's array goes
			}
		}
		if n := len(r.stack); n > 0 {
			r.nextPart(r.stack[n-1])
			continue
		}
		ok := r.nextMessage()
		if r.src.err != nil {
			return nil, r.src.err
		}
		if !ok {
			return nil, io.EOF
		}
	}
}

// nextMessage starts the next message: reads its header block, and sets
// up its header parts and body. It returns false at the end of the input.
func (r *Reader) nextMessage() bool {
	// A spare child serves the parts of one message (an archive's
	// thousands of files): kept past it, across a mailbox of messages
	// with an attachment or two each, it held its buffers for nothing,
	// and the collector ran half as often again under the memory limit.
	r.spare = nil
	if r.started {
		if !r.src.nextMessage() {
			return false
		}
	} else {
		r.started = true
		if !r.src.start() {
			return false
		}
		if t := cardType(r.src.peekLine()); t != "" {
			// A calendar or a vCard file: the input is one such part's
			// body, with no header block.
			r.msg++
			r.msgID, r.subject = "", ""
			r.startBody(header{{name: []byte("Content-Type"), value: []byte(t)}}, r.src.pos, "", "", 0, false)
			return true
		}
		if r.src.atSeparator() {
			r.src.skipSeparator()
		}
	}
	r.msg++
	if r.src.babyl {
		r.babylHeader()
	}
	h, start := r.readHeader("")
	if r.src.babyl {
		r.babylShown()
	}
	r.msgID = string(bytes.Trim(bytes.TrimSpace(h.get("Message-Id")), "<>"))
	r.subject = decodeWords(string(h.get("Subject")))
	r.headerParts(h, "")
	r.startBody(h, start, "", "", 0, false)
	return true
}

// babylHeader skips the "*** EOOH ***" line that opens a Babyl message
// whose header was never reformed: its whole header follows it.
func (r *Reader) babylHeader() {
	if r.babylEOOH() {
		r.src.skipLine()
	}
}

// babylShown skips, after the original header of a reformed Babyl
// message, its "*** EOOH ***" line and the header Rmail showed, up to and
// with its blank line: a subset of the original's, whose URLs would come
// twice. It stops at a line that is no header field's, which the body's
// then is (a writer that showed no header: Python's for a message with
// none).
func (r *Reader) babylShown() {
	if !r.babylEOOH() {
		return
	}
	r.src.skipLine()
	for !r.src.eof && !r.src.atSeparator() {
		line := r.src.peekLine()
		switch {
		case len(trimEOL(line)) == 0:
			r.src.skipLine() // the shown header's end
			return
		case line[0] == ' ' || line[0] == '\t' || looksLikeHeader(line):
			r.src.skipLine()
		default:
			return
		}
	}
}

// babylEOOH reports whether the next line is a Babyl message's
// "*** EOOH ***".
func (r *Reader) babylEOOH() bool {
	return r.src.lineStart && r.src.held == nil && r.src.peekPrefix(babylEOOH) &&
		len(bytes.TrimSpace(r.src.peekLine())) == len(babylEOOH)
}

// bodyLine returns the next line of the current body: none at the end
// of the message, or at a delimiter line of an open multipart (left for
// the multipart to read).
func (r *Reader) bodyLine() (chunk, bool) {
	if r.curStop {
		return chunk{}, false
	}
	c, ok := r.src.next()
	if !ok {
		r.curStop = true
		return chunk{}, false
	}
	if c.pos.Col == 1 && len(r.stack) > 0 && bytes.HasPrefix(c.data, []byte("--")) {
		for _, f := range r.stack {
			if isDelimiter(c.data, f.delim) {
				r.src.unread(c)
				r.curStop = true
				return chunk{}, false
			}
		}
	}
	return c, true
}

// delimiterNext reports whether the line after c, the line just read, is
// a delimiter of an open multipart. c's data is kept valid: it is copied
// before the next line is read.
func (r *Reader) delimiterNext(c chunk) bool {
	if len(r.stack) == 0 || r.src.held != nil {
		return false
	}
	if !r.src.peekPrefix("--") {
		return false
	}
	line := r.src.peekLine()
	for _, f := range r.stack {
		if isDelimiter(line, f.delim) {
			return true
		}
	}
	return false
}

// lostBoundary returns the boundary of a message's body that is MIME
// parts though the message's header has no Content-Type, and so is read
// as text/plain (RFC 2045 §5.2): spam tools that lose the header's
// "multipart/..." line, leaving "Content-Transfer-Encoding: 7bit" and a
// body of parts whose quoted-printable URLs were read encoded ("=3D",
// "=2E"; 11 messages of the SpamAssassin public corpus). Such a body
// starts, after blank lines and a preamble of at most three lines whose
// first says "MIME" ("This is a MIME Message"), with a line "--" and a
// boundary (RFC 2046 §5.1.1: 1 to 70 characters), and then a Content-
// header field: a message that quotes one starts otherwise. It looks at
// the body's first lines without reading them, and waits for the next
// only after lines that hold no URL (blank, the preamble's, the
// boundary's): on a pipe, a body's first words are not held back. ""
// when the body is not so.
func (r *Reader) lostBoundary() string {
	if r.src.held != nil {
		return ""
	}
	from, preamble := 0, 0
	for range 8 {
		line := r.src.peekTo(from, from+256)
		if len(line) <= from || line[len(line)-1] != '\n' {
			return "" // the input's end, or a line too long for either
		}
		l := line[from:]
		t := bytes.TrimRight(l, " \t\r\n")
		switch {
		case bytes.HasPrefix(l, []byte("From ")):
			return "" // the next message of an mbox, or prose
		case bytes.HasPrefix(t, []byte("--")):
			b := t[2:]
			if len(b) == 0 || len(b) > 70 {
				return ""
			}
			next := r.src.peekTo(len(line), len(line)+256)[len(line):]
			if len(next) < 9 || !bytes.EqualFold(next[:8], []byte("content-")) || bytes.IndexByte(next, ':') < 0 {
				return ""
			}
			return string(b)
		case len(t) == 0:
		case preamble == 0 && !saysMIME(t), preamble == 3:
			return ""
		default:
			preamble++
		}
		from = len(line)
	}
	return ""
}

// saysMIME reports whether line holds the word "MIME", in any case.
func saysMIME(line []byte) bool {
	for i := 0; i+4 <= len(line); i++ {
		if bytes.EqualFold(line[i:i+4], []byte("mime")) {
			return true
		}
	}
	return false
}

// isDelimiter reports whether line is a delimiter line of the boundary
// "--"+b, or its close delimiter: RFC 2046 §5.1.1 lets transport padding
// (spaces, tabs) follow it.
func isDelimiter(line, delim []byte) bool {
	if !bytes.HasPrefix(line, delim) {
		return false
	}
	rest := bytes.TrimPrefix(line[len(delim):], []byte("--"))
	return len(bytes.TrimRight(rest, " \t\r\n")) == 0
}

// startBody sets up the body of a message or part with header h, which
// starts at start: a leaf part, a multipart frame, or a nested message.
// inDigest says the part is one of a multipart/digest, whose parts are
// messages unless their Content-Type says otherwise (RFC 2046 §5.1.5).
func (r *Reader) startBody(h header, start Position, path, group string, depth int, inDigest bool) {
	ctype := h.get("Content-Type")
	ct, err := parseContentType(ctype)
	mediatype := ct.mediatype
	if len(bytes.TrimSpace(ctype)) == 0 && inDigest {
		mediatype, ct, err = "message/rfc822", contentType{}, nil
	}
	if len(ctype) == 0 && path == "" && !inDigest {
		if b := r.lostBoundary(); b != "" {
			r.report(path, errors.New("no Content-Type, but the body is MIME parts: read as multipart/mixed by its first boundary line"))
			mediatype, ct, err = "multipart/mixed", contentType{mediatype: "multipart/mixed", boundary: b}, nil
		}
	}
	if err != nil {
		if len(ctype) > 0 {
			r.report(path, errors.New("bad Content-Type: "+err.Error()))
		}
		// A bad parameter loses neither the media type (an image with a
		// badly quoted name is still an image) nor the parameters that
		// can be read around it; words after the media type lose it no
		// more ("TEXT/HTML charset=US-ASCII", salvageType).
		if err != mime.ErrInvalidMediaParameter {
			mediatype = salvageType(ctype)
		}
		if mediatype == "" {
			mediatype = "text/plain"
			ct = contentType{}
		} else {
			ct = salvageParams(ctype)
		}
	}
	if strings.HasPrefix(mediatype, "multipart/") {
		boundary := ct.boundary
		if boundary != "" && depth < maxDepth {
			if mediatype == "multipart/alternative" {
				group = path
				if group == "" {
					group = "0"
				}
			}
			// The frame a closed multipart left past the stack's end, and
			// its delimiter's bytes, serve again (nextPart pops without
			// clearing): a frame and two copies of the boundary a
			// multipart were most of what counting mail allocated.
			var f *frame
			if n := len(r.stack); n < cap(r.stack) {
				f = r.stack[:n+1][n]
			}
			if f == nil {
				f = new(frame)
			}
			*f = frame{delim: append(append(f.delim[:0], "--"...), boundary...), path: path, group: group, depth: depth,
				digest: mediatype == "multipart/digest"}
			r.stack = append(r.stack, f)
			r.readText(f, "preamble")
			return
		}
		r.report(path, errors.New("multipart without a boundary, or nested too deep; read as text"))
		mediatype = "text/plain"
	}
	if path == "" {
		path = "1"
	}
	declared := mediatype
	if depth < maxDepth && r.docPart(h, start, mediatype, ct, path, group) {
		return
	}
	if !isText(mediatype) {
		// Text by another name (readAs): an SVG, an HTML page sent as
		// application/octet-stream, a message saved as a .eml file. The
		// Part keeps the type it was sent as.
		as := readAs(mediatype, ct.name, h.get("Content-Disposition"))
		if as == "" || looksBinary(r.firstBytes(transferEncoding(h.get("Content-Transfer-Encoding")))) {
			r.skipBody()
			return
		}
		mediatype = as
	}
	if (mediatype == "message/rfc822" || mediatype == "message/global") && depth < maxDepth {
		if r.encodedMessage(h, start, path, group) {
			return
		}
		// A forwarded message: its own header and body, decoded as the
		// message's are (RFC 2046 §5.2.1).
		inner, innerStart := r.readHeader(path)
		r.headerParts(inner, path+".")
		r.startBody(inner, innerStart, path, group, depth+1, false)
		return
	}
	p := r.newPart(h, start, mediatype, ct, path, group)
	p.Type = declared
	r.pending = append(r.pending, p)
}

// skipBody reads past a body that is not text.
func (r *Reader) skipBody() {
	r.curStop = false
	for {
		// Whole buffered lines at once where none may end the body (an
		// image, an attachment: most of a message's bytes, often).
		if !r.noBulk && r.src.skip(len(r.stack) > 0) {
			continue
		}
		if _, ok := r.bodyLine(); !ok {
			break
		}
	}
	r.curStop = false
}

// newPart makes the part for a text body with header h.
func (r *Reader) newPart(h header, start Position, mediatype string, ct contentType, path, group string) *Part {
	b := r.newBody(path)
	switch cte := transferEncoding(h.get("Content-Transfer-Encoding")); cte {
	case "quoted-printable":
		b.xfer = xferQP
	case "base64":
		b.xfer = xferBase64
	case "x-uuencode", "x-uue", "uuencode":
		b.xfer = xferUU
	case "", "7bit", "8bit", "binary":
	default:
		r.report(path, errors.New("unknown Content-Transfer-Encoding "+strconv.Quote(cte)+", read as it is"))
	}
	if cs := ct.charset; cs != "" {
		if enc, err := charset(cs); err != nil {
			r.report(path, errors.New("unknown charset "+strconv.Quote(cs)+", read as bytes"))
		} else if enc != nil {
			b.cs, b.csASCII = enc.NewDecoder(), asciiCompatible(enc)
		}
	}
	if mediatype == "text/plain" && strings.EqualFold(ct.format, "flowed") {
		b.flowed, b.delsp = true, strings.EqualFold(ct.delsp, "yes")
	}
	switch mediatype {
	case "text/calendar", "text/x-vcalendar", "text/vcard", "text/x-vcard", "text/directory":
		// iCalendar (RFC 5545 §3.1) and vCard (RFC 6350 §3.2) fold long
		// lines: an invitation's meeting link is cut every 75 bytes.
		b.flowed, b.unfold = true, true
	}
	if mediatype == "text/html" {
		if b.htmlKeep == nil {
			b.htmlKeep = new(htmlText)
		}
		b.htmlKeep.reset(htmlSource{b}, r.elide)
		b.html = b.htmlKeep
	}
	return r.part(Part{Message: r.msg, MessageID: r.msgID, Subject: r.subject, Path: path, Type: mediatype,
		Group: group, Body: b, Offset: start.Offset, Line: start.Line, body: b})
}

// nextPart reads on in the multipart f: its next part's header, or its
// epilogue after its close delimiter, or its end.
func (r *Reader) nextPart(f *frame) {
	c, ok := r.src.next()
	if !ok || !(c.pos.Col == 1 && isDelimiter(c.data, f.delim)) {
		// Not our delimiter: the message ended, or an outer multipart's
		// delimiter came first.
		if ok {
			r.src.unread(c)
		}
		switch {
		case !f.seen:
			r.report(f.path, errors.New("multipart: no boundary line; the body was read as text"))
		case !f.closed:
			r.report(f.path, errors.New("multipart: closing boundary missing"))
		}
		r.stack = r.stack[:len(r.stack)-1]
		return
	}
	f.seen = true
	if bytes.HasPrefix(bytes.TrimRight(c.data[len(f.delim):], " \t\r\n"), []byte("--")) {
		f.closed = true
		r.readText(f, "epilogue")
		return
	}
	f.n++
	path := strconv.Itoa(f.n)
	if f.path != "" {
		path = f.path + "." + path
	}
	h, start := r.readHeader(path)
	r.startBody(h, start, path, f.group, f.depth+1, f.digest)
}

// readText reads the text of a multipart around its parts (RFC 2046
// §5.1.1: the preamble before the first, the epilogue after the last),
// which mail clients do not show but which is text all the same; it
// becomes a part when it holds more than white space.
func (r *Reader) readText(f *frame, what string) {
	path := what
	if f.path != "" {
		path = f.path + "." + what
	}
	r.curStop = false
	var first Position
	held := r.held[:0]
	defer func() {
		if cap(held) <= 2*maxPreamble {
			r.held = held[:0] // replay copied it: the buffer serves the next
		}
	}()
	blank := true
	for len(held) < maxPreamble {
		c, ok := r.bodyLine()
		if !ok {
			break
		}
		if len(held) == 0 {
			first = c.pos
		}
		held = append(held, c.data...)
		blank = blank && len(bytes.TrimSpace(c.data)) == 0
	}
	if blank && r.curStop {
		r.curStop = false
		return
	}
	// The text held, then whatever follows it, as a plain part.
	b := r.newBody(path)
	if len(held) > 0 {
		b.replay(held, first)
	}
	if r.curStop {
		b.ended = true
	}
	r.pending = append(r.pending, r.part(Part{Message: r.msg, MessageID: r.msgID, Subject: r.subject, Path: path,
		Type: "text/plain", Group: f.group, Body: b, Offset: first.Offset, Line: first.Line, body: b}))
}

// replay feeds data, lines read from first on, to the body, as the lines
// it would have read.
func (b *body) replay(data []byte, first Position) {
	pos := first
	for len(data) > 0 {
		i := bytes.IndexByte(data, '\n')
		line := data
		if i >= 0 {
			line = data[:i+1]
		}
		b.decode(chunk{data: line, pos: pos, eol: i >= 0})
		data = data[len(line):]
		if i >= 0 {
			pos.Offset += int64(len(line))
			pos.Line++
			pos.Col = 1
		} else {
			pos = pos.along(len(line))
		}
	}
}

// newBody returns the body of a new part, with the buffers of the body
// read before it.
func (r *Reader) newBody(path string) *body {
	b := r.last.recycle()
	b.r, b.path = r, path
	r.last = b
	return b
}

// report tells of a problem in this Reader's part part; found while a
// child reads the part's decoded body, it is held until the child is done
// (childHeld).
func (r *Reader) report(part string, err error) {
	p := Problem{Message: r.msg, Part: part, Err: err}
	if r.child != nil && len(r.childHeld) < maxChildHeld {
		r.childHeld = append(r.childHeld, p)
		return
	}
	r.problem(p)
}

// maxChildHeld bounds the problems held while a child reads (childHeld):
// a body tells of each kind of damage once, so a few are all it finds.
const maxChildHeld = 16

// tellHeld tells the problems held while the child read, in the order
// found.
func (r *Reader) tellHeld() {
	for i, p := range r.childHeld {
		r.childHeld[i] = Problem{}
		r.problem(p)
	}
	r.childHeld = r.childHeld[:0]
}

// isText reports whether a part of this media type is read as text: text/*
// and message/* but message/rfc822 and message/global (read as messages).
func isText(mediatype string) bool {
	return strings.HasPrefix(mediatype, "text/") || strings.HasPrefix(mediatype, "message/")
}

// part returns a new Part with p's fields. Parts outlive Next (a caller
// keeps them with the URLs found in them), so each is new, but they are
// made 64 at a time: a message has a part for each of several header
// fields.
//
// With ReuseParts, the Parts come from used, which starts again when every
// Part in it is returned and Next is called again.
func (r *Reader) part(p Part) *Part {
	if r.reuse {
		if len(r.used) == cap(r.used) {
			// The Parts made so far keep the old array: each stays put.
			r.used = make([]Part, 0, max(16, 2*cap(r.used)))
		}
		r.used = append(r.used, p)
		return &r.used[len(r.used)-1]
	}
	if len(r.parts) == 0 {
		r.parts = make([]Part, 64)
	}
	np := &r.parts[0]
	r.parts = r.parts[1:]
	*np = p
	return np
}
