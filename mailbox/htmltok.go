// The tokenizer in this file follows golang.org/x/net/html's Tokenizer
// (token.go, Copyright 2010 The Go Authors, BSD-style licence: see
// golang.org/x/net's LICENSE) state for state, so that it gives the same
// tokens from the same reads; it differs in how it passes over runs of
// bytes that change no state.

package mailbox

import (
	"bytes"
	"errors"
	"html"
	"io"
	"unicode/utf8"
)

// tokenType is the kind of token htmlTok.next returns: the kinds of
// golang.org/x/net/html's TokenType that htmlText tells apart.
type tokenType uint8

const (
	tokError tokenType = iota
	tokText
	tokStartTag // a start tag, or a self-closing one: htmlText reads both alike
	tokEndTag
	tokComment // a comment, a doctype, a bogus comment, "</>"
)

// span is a range of htmlTok's buffer, start inclusive, end exclusive.
type span struct{ start, end int }

// htmlTok splits HTML into the tokens htmlText reads, as
// golang.org/x/net/html's Tokenizer does (the WHATWG tokenization states
// that Tokenizer implements, its reads of the input included: it asks for
// more input only when a token needs a byte past what it holds, into a
// buffer grown by the same rule, so that a part's HTML is read, and
// placed, step for step as before). Where Tokenizer reads a byte at a
// time through a function call, htmlTok passes over the runs that change
// no state, text up to "<", a quoted attribute value up to its quote, a
// comment up to a "-", with bytes.IndexByte: on the HTML of real mail,
// Tokenizer was half of mail mode's time.
//
// Text and attribute values are unescaped by html.UnescapeString, piece
// by piece ([unescapeText], [unescapeAttr]), with the common entities
// decoded in place. It is the standard library's: the same code and the
// same 2,231 references as golang.org/x/net/html's (compared on every
// name), but its table is built at the first call, not when the program
// starts (x/net/html's took 113 KB of heap and a millisecond of urlgrep's
// start, on every run, HTML or none).
type htmlTok struct {
	r       io.Reader
	buf     []byte
	size    int  // the buffer's size as Tokenizer's would be: buf's array may be larger (reset)
	raw     span // the current token's bytes
	data    span // its text, or its tag name
	err     error
	readErr error
	maxBuf  int
	// legacyComments ends a comment that the input ends before it closes
	// early (readComment); off, htmlTok reads as x/net/html's Tokenizer.
	legacyComments bool
	openComments   bool // a comment ran to the end of the input (readComment)
	noAngle        bool // and so did a search for its ">"

	pendingAttr [2]span
	pendingGap  valueGap
	attr        [][2]span
	gaps        []valueGap // attr's values' gaps (elide)
	nAttr       int        // attributes returned by tagAttr

	// elideRun, when not 0, is [ElideLong]'s n: while an attribute
	// value is read (inValue), a run of base64 in it longer than twice
	// that and slack loses its middle (elide), which pendingGap
	// records. runOff is where the run the value ends with starts,
	// seenOff how far the value has been looked at for it, both offsets
	// in the value. dropRaw (with elideRun) lets fill drop the script or
	// style contents being read but their last rawTail bytes. With
	// elideRun, htmlTok reads otherwise than Tokenizer: such values are
	// held shorter, such contents not at all, a token past maxBuf
	// with them is no error, and the reads differ in size.
	elideRun int
	slack    int // elideSlack, but in tests
	inValue  bool
	runOff   int
	seenOff  int
	dropRaw  bool
	// dropped, when not nil, is given the bytes of a style sheet that
	// fill drops (dropRaw): htmlText reads their URLs (cssStream).
	dropped func([]byte)

	tt         tokenType
	rawTag     string // the element whose end tag ends the raw text to come
	textIsRaw  bool   // the text token is not unescaped (raw text elements)
	convertNUL bool   // NUL becomes U+FFFD in the text token
}

func newHTMLTok(r io.Reader, maxBuf int) *htmlTok {
	return &htmlTok{r: r, buf: make([]byte, 0, htmlBufStart), size: htmlBufStart, maxBuf: maxBuf}
}

// reset makes z read r as a new htmlTok would, keeping its buffer's array
// when it is at most htmlKeepBuf: it reads as a new one does (at most
// size bytes, size growing from htmlBufStart as a new one's buffer
// would), from memory it has already.
func (z *htmlTok) reset(r io.Reader, maxBuf int) {
	buf := z.buf[:0]
	if cap(buf) > htmlKeepBuf {
		buf = make([]byte, 0, htmlBufStart)
	}
	*z = htmlTok{r: r, buf: buf, size: htmlBufStart, attr: z.attr[:0], gaps: z.gaps[:0], maxBuf: maxBuf, dropped: z.dropped}
}

// htmlKeepBuf bounds the buffer a tokenizer keeps for the next part.
const htmlKeepBuf = 64 << 10

// htmlBufStart is the size of htmlTok's buffer at first, as Tokenizer's.
const htmlBufStart = 4096

// fill is readByte's refill: the current token's bytes move to the front
// of the buffer (twice the size when they fill more than half of it, a
// new array if the one it has is smaller), and the rest of it is read
// into. false with err set when nothing came.
func (z *htmlTok) fill() bool {
	if z.readErr != nil {
		z.err = z.readErr
		return false
	}
	c := z.size
	if z.dropRaw {
		// Script or style contents, which htmlText leaves out: only
		// what an end tag's search may back up over is kept, and they
		// are read in a buffer of htmlKeepBuf (not in reads of the
		// 4 KiB a short token leaves).
		if z.raw.end-rawTail > z.raw.start {
			if z.dropped != nil {
				z.dropped(z.buf[z.raw.start : z.raw.end-rawTail])
			}
			z.raw.start = z.raw.end - rawTail
			z.data.start = z.raw.start
		}
		c = max(c, htmlKeepBuf)
		z.size = c
	}
	d := z.raw.end - z.raw.start
	var buf1 []byte
	if 2*d > c {
		c *= 2
		if b := 2*z.elideRun + 2*z.slack; z.inValue && c > b && d+htmlBufStart <= b {
			// elide holds a run of base64 to 2*elideRun+elideSlack
			// bytes: a buffer of a read more holds it (a value it
			// cannot shorten, a run broken by line breaks, goes on
			// doubling past that).
			c = b
		}
		if z.maxBuf > 0 && c >= z.maxBuf {
			// No token grows past maxBuf: a buffer of maxBuf and room
			// for a read holds the longest (not twice that), made at
			// once (a buffer of maxBuf, then one a read larger, was a
			// megabyte more to allocate for an inline image).
			c = max(z.maxBuf+htmlBufStart, d+1)
		}
		z.size = c
	}
	if c > cap(z.buf) {
		buf1 = make([]byte, d, c)
		copy(buf1, z.buf[z.raw.start:z.raw.end])
	} else {
		buf1 = z.buf[:d]
		if z.raw.start != 0 {
			// A token at the front already stays where it is: a text or
			// a tag over many lines, fed a line a read, was copied onto
			// itself at each, a copy as long as the token so far.
			copy(buf1, z.buf[z.raw.start:z.raw.end])
		}
	}
	if x := z.raw.start; x != 0 {
		z.data.start -= x
		z.data.end -= x
		z.pendingAttr[0].start -= x
		z.pendingAttr[0].end -= x
		z.pendingAttr[1].start -= x
		z.pendingAttr[1].end -= x
		for i := range z.attr {
			z.attr[i][0].start -= x
			z.attr[i][0].end -= x
			z.attr[i][1].start -= x
			z.attr[i][1].end -= x
		}
	}
	z.raw.start, z.raw.end, z.buf = 0, d, buf1[:d]
	var n int
	n, z.readErr = readAtLeastOneByte(z.r, buf1[d:c])
	if n == 0 {
		z.err = z.readErr
		return false
	}
	z.buf = buf1[:d+n]
	return true
}

// readAtLeastOneByte reads r into b, trying again on (0, nil), at most 100
// times.
func readAtLeastOneByte(r io.Reader, b []byte) (int, error) {
	for range 100 {
		if n, err := r.Read(b); n != 0 || err != nil {
			return n, err
		}
	}
	return 0, io.ErrNoProgress
}

// readByte returns the next byte; 0 with err set at the end of the input,
// on a read error, or when the token reaches maxBuf bytes.
func (z *htmlTok) readByte() byte {
	if _, ok := z.window(); !ok {
		return 0
	}
	x := z.buf[z.raw.end]
	if !z.advance(z.raw.end + 1) {
		return 0
	}
	return x
}

// window refills the buffer when the token has consumed all of it, and
// returns how far the token may run in it: to its end, or to maxBuf
// bytes. false, err set, when no more input came.
func (z *htmlTok) window() (lim int, ok bool) {
	if z.raw.end >= len(z.buf) && !z.fill() {
		return 0, false
	}
	lim = len(z.buf)
	if z.maxBuf > 0 {
		lim = min(lim, z.raw.start+z.maxBuf)
	}
	return lim, true
}

// errBufferExceeded is golang.org/x/net/html's ErrBufferExceeded, with
// its message: a token reached the buffer's bound.
var errBufferExceeded = errors.New("max buffer exceeded")

// advance consumes the bytes up to end, as readByte would one by one:
// false, err set, when the token has reached maxBuf bytes.
func (z *htmlTok) advance(end int) bool {
	z.raw.end = end
	if z.maxBuf > 0 && end-z.raw.start >= z.maxBuf {
		z.err = errBufferExceeded
		return false
	}
	return true
}

// byteSet is a set of bytes, for skipToAny.
type byteSet [256]bool

func newByteSet(bs string) *byteSet {
	var t byteSet
	for i := 0; i < len(bs); i++ {
		t[bs[i]] = true
	}
	return &t
}

var (
	tagNameEnd  = newByteSet(" \n\r\t\f/>")
	attrKeyEnd  = newByteSet(" \n\r\t\f/>=")
	unquotedEnd = newByteSet(" \n\r\t\f>")
)

// skipToAny consumes the bytes up to and including the next one in t, as
// readByte called until it returns one would, and returns it; ok false
// (err set) where readByte would have failed first.
func (z *htmlTok) skipToAny(t *byteSet) (c byte, ok bool) {
	for {
		lim, ok := z.window()
		if !ok {
			return 0, false
		}
		i := z.raw.end
		for i < lim && !t[z.buf[i]] {
			i++
		}
		if i == lim {
			if !z.advance(lim) {
				return 0, false
			}
			if z.inValue {
				z.elide()
			}
			continue
		}
		return z.buf[i], z.advance(i + 1)
	}
}

// skipTo is skipToAny for one byte, found with a vector search.
func (z *htmlTok) skipTo(c byte) bool {
	for {
		lim, ok := z.window()
		if !ok {
			return false
		}
		i := bytes.IndexByte(z.buf[z.raw.end:lim], c)
		if i < 0 {
			if !z.advance(lim) {
				return false
			}
			if z.inValue {
				z.elide()
			}
			continue
		}
		return z.advance(z.raw.end + i + 1)
	}
}

// skipAll consumes the rest of the input, as readByte called until it
// fails would.
func (z *htmlTok) skipAll() {
	for {
		lim, ok := z.window()
		if !ok || !z.advance(lim) {
			return
		}
	}
}

func (z *htmlTok) skipWhiteSpace() {
	if z.err != nil {
		return
	}
	for {
		c := z.readByte()
		if z.err != nil {
			return
		}
		switch c {
		case ' ', '\n', '\r', '\t', '\f':
		default:
			z.raw.end--
			return
		}
	}
}

// readRawOrRCDATA reads up to the end tag of rawTag.
func (z *htmlTok) readRawOrRCDATA() {
	if z.rawTag == "script" {
		z.readScript()
		z.textIsRaw = true
		z.rawTag = ""
		return
	}
	for z.skipTo('<') {
		c := z.readByte()
		if z.err != nil {
			break
		}
		if c != '/' {
			z.raw.end--
			continue
		}
		if z.readRawEndTag() || z.err != nil {
			break
		}
	}
	z.data.end = z.raw.end
	// A textarea's or title's RCDATA can hold entities.
	z.textIsRaw = z.rawTag != "textarea" && z.rawTag != "title"
	z.rawTag = ""
}

// readRawEndTag reads rawTag's end tag after "</", and backs up to its
// start when it is one.
func (z *htmlTok) readRawEndTag() bool {
	for i := 0; i < len(z.rawTag); i++ {
		c := z.readByte()
		if z.err != nil {
			return false
		}
		if c != z.rawTag[i] && c != z.rawTag[i]-('a'-'A') {
			z.raw.end--
			return false
		}
	}
	c := z.readByte()
	if z.err != nil {
		return false
	}
	switch c {
	case ' ', '\n', '\r', '\t', '\f', '/', '>':
		z.raw.end -= 3 + len(z.rawTag)
		return true
	}
	z.raw.end--
	return false
}

// readScript reads up to </script>, by the rules for escaped and
// double-escaped script data (WHATWG HTML §13.2.5.4-§13.2.5.31).
func (z *htmlTok) readScript() {
	defer func() {
		z.data.end = z.raw.end
	}()
	var c byte

scriptData:
	if !z.skipTo('<') {
		return
	}
	goto scriptDataLessThanSign

scriptDataLessThanSign:
	c = z.readByte()
	if z.err != nil {
		return
	}
	switch c {
	case '/':
		goto scriptDataEndTagOpen
	case '!':
		goto scriptDataEscapeStart
	}
	z.raw.end--
	goto scriptData

scriptDataEndTagOpen:
	if z.readRawEndTag() || z.err != nil {
		return
	}
	goto scriptData

scriptDataEscapeStart:
	c = z.readByte()
	if z.err != nil {
		return
	}
	if c == '-' {
		goto scriptDataEscapeStartDash
	}
	z.raw.end--
	goto scriptData

scriptDataEscapeStartDash:
	c = z.readByte()
	if z.err != nil {
		return
	}
	if c == '-' {
		goto scriptDataEscapedDashDash
	}
	z.raw.end--
	goto scriptData

scriptDataEscaped:
	c = z.readByte()
	if z.err != nil {
		return
	}
	switch c {
	case '-':
		goto scriptDataEscapedDash
	case '<':
		goto scriptDataEscapedLessThanSign
	}
	goto scriptDataEscaped

scriptDataEscapedDash:
	c = z.readByte()
	if z.err != nil {
		return
	}
	switch c {
	case '-':
		goto scriptDataEscapedDashDash
	case '<':
		goto scriptDataEscapedLessThanSign
	}
	goto scriptDataEscaped

scriptDataEscapedDashDash:
	c = z.readByte()
	if z.err != nil {
		return
	}
	switch c {
	case '-':
		goto scriptDataEscapedDashDash
	case '<':
		goto scriptDataEscapedLessThanSign
	case '>':
		goto scriptData
	}
	goto scriptDataEscaped

scriptDataEscapedLessThanSign:
	c = z.readByte()
	if z.err != nil {
		return
	}
	if c == '/' {
		goto scriptDataEscapedEndTagOpen
	}
	if 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' {
		goto scriptDataDoubleEscapeStart
	}
	z.raw.end--
	goto scriptData

scriptDataEscapedEndTagOpen:
	if z.readRawEndTag() || z.err != nil {
		return
	}
	goto scriptDataEscaped

scriptDataDoubleEscapeStart:
	z.raw.end--
	for i := 0; i < len("script"); i++ {
		c = z.readByte()
		if z.err != nil {
			return
		}
		if c != "script"[i] && c != "SCRIPT"[i] {
			z.raw.end--
			goto scriptDataEscaped
		}
	}
	c = z.readByte()
	if z.err != nil {
		return
	}
	switch c {
	case ' ', '\n', '\r', '\t', '\f', '/', '>':
		goto scriptDataDoubleEscaped
	}
	z.raw.end--
	goto scriptDataEscaped

scriptDataDoubleEscaped:
	c = z.readByte()
	if z.err != nil {
		return
	}
	switch c {
	case '-':
		goto scriptDataDoubleEscapedDash
	case '<':
		goto scriptDataDoubleEscapedLessThanSign
	}
	goto scriptDataDoubleEscaped

scriptDataDoubleEscapedDash:
	c = z.readByte()
	if z.err != nil {
		return
	}
	switch c {
	case '-':
		goto scriptDataDoubleEscapedDashDash
	case '<':
		goto scriptDataDoubleEscapedLessThanSign
	}
	goto scriptDataDoubleEscaped

scriptDataDoubleEscapedDashDash:
	c = z.readByte()
	if z.err != nil {
		return
	}
	switch c {
	case '-':
		goto scriptDataDoubleEscapedDashDash
	case '<':
		goto scriptDataDoubleEscapedLessThanSign
	case '>':
		goto scriptData
	}
	goto scriptDataDoubleEscaped

scriptDataDoubleEscapedLessThanSign:
	c = z.readByte()
	if z.err != nil {
		return
	}
	if c == '/' {
		goto scriptDataDoubleEscapeEnd
	}
	z.raw.end--
	goto scriptDataDoubleEscaped

scriptDataDoubleEscapeEnd:
	if z.readRawEndTag() {
		z.raw.end += len("</script>")
		goto scriptDataEscaped
	}
	if z.err != nil {
		return
	}
	goto scriptDataDoubleEscaped
}

// readComment reads a comment after its "<!--". Its text is not kept:
// only where it ends matters.
//
// With legacyComments, a comment that the input ends before it closes
// ends at its first ">", as browsers before HTML5 read one, or, with no
// ">" in it, right after its "<!--", not at the end of the input (HTML5
// §13.2.5.45, "eof-in-comment"): spam writes "<!--#rotate>" and the like
// ahead of its links (SpamAssassin's public corpus: "<!--#rotate>Terific!!
// ... <A HREF=http://217.106.55.97/>CLICK HERE"), and all the text after
// it was lost. The comment is in the buffer whole (maxBuf bounds it).
//
// Once a comment has run to the end, no "-->" follows, and a later
// comment ends at its first ">" without reading to the end again
// (openComments); once no ">" was found to the end either, right after
// its "<!--" (noAngle). Each reading to the end made input of unclosed
// comments quadratic ("<!--a" repeated: 41 s for 2 MB).
func (z *htmlTok) readComment() {
	from := z.data.start + 2 // after "<!--" (readMarkupDeclaration)
	if z.legacyComments && z.openComments {
		if z.noAngle {
			z.raw.end = from
			return
		}
		if !z.skipTo('>') && z.err == io.EOF {
			z.raw.end, z.err, z.noAngle = from, nil, true
		}
		return
	}
	z.readCommentToClose()
	if !z.legacyComments || z.err != io.EOF || from > z.raw.end {
		return
	}
	z.openComments = true
	if i := bytes.IndexByte(z.buf[from:z.raw.end], '>'); i >= 0 {
		z.raw.end = from + i + 1
	} else {
		z.raw.end, z.noAngle = from, true
	}
	z.err = nil
}

// readCommentToClose reads a comment to its "-->" (or "--!>"), as
// x/net/html's Tokenizer does.
func (z *htmlTok) readCommentToClose() {
	dashCount := 0
	beginning := true
	for {
		if dashCount == 0 && !beginning {
			// Any byte but "-" leaves this state as it is ("!" and ">"
			// count only after two dashes).
			if !z.skipTo('-') {
				return
			}
			dashCount = 1
			continue
		}
		c := z.readByte()
		if z.err != nil {
			return
		}
		switch c {
		case '-':
			dashCount++
			continue
		case '>':
			if dashCount >= 2 || beginning {
				return
			}
		case '!':
			if dashCount >= 2 {
				c = z.readByte()
				if z.err != nil {
					return
				} else if c == '>' {
					return
				} else if c == '-' {
					dashCount = 1
					beginning = false
					continue
				}
			}
		}
		dashCount = 0
		beginning = false
	}
}

// readUntilCloseAngle reads up to and including the next ">". Called
// with err set (a doctype cut short), it reads one byte, as Tokenizer
// does, which may read more input.
func (z *htmlTok) readUntilCloseAngle() {
	if z.err != nil {
		z.readByte()
		return
	}
	z.skipTo('>')
}

// readMarkupDeclaration reads a token after "<!": a comment, a doctype,
// or a bogus comment (CDATA sections are bogus comments in HTML content,
// as Tokenizer reads them by default).
func (z *htmlTok) readMarkupDeclaration() {
	z.data.start = z.raw.end
	var c [2]byte
	for i := range 2 {
		c[i] = z.readByte()
		if z.err != nil {
			return
		}
	}
	if c[0] == '-' && c[1] == '-' {
		z.readComment()
		return
	}
	z.raw.end -= 2
	if z.readDoctype() {
		return
	}
	z.readUntilCloseAngle()
}

// readDoctype reads a doctype after "<!", or backs up and returns false.
func (z *htmlTok) readDoctype() bool {
	const s = "DOCTYPE"
	for i := 0; i < len(s); i++ {
		c := z.readByte()
		if z.err != nil {
			return false
		}
		if c != s[i] && c != s[i]+('a'-'A') {
			z.raw.end = z.data.start
			return false
		}
	}
	if z.skipWhiteSpace(); z.err != nil {
		return true
	}
	z.readUntilCloseAngle()
	return true
}

// startTagIn returns the index in ss of the tag name, case ignored, or
// -1.
func (z *htmlTok) startTagIn(ss ...string) int {
loop:
	for j, s := range ss {
		if z.data.end-z.data.start != len(s) {
			continue
		}
		for i := 0; i < len(s); i++ {
			c := z.buf[z.data.start+i]
			if 'A' <= c && c <= 'Z' {
				c += 'a' - 'A'
			}
			if c != s[i] {
				continue loop
			}
		}
		return j
	}
	return -1
}

// readStartTag reads a start tag after "<a" and notes the elements whose
// contents are raw text.
func (z *htmlTok) readStartTag() tokenType {
	z.readTag(true)
	if z.err != nil {
		return tokError
	}
	c := z.buf[z.data.start]
	if 'A' <= c && c <= 'Z' {
		c += 'a' - 'A'
	}
	var raw []string
	switch c {
	case 'i':
		raw = rawTags[0:1]
	case 'n':
		raw = rawTags[1:4]
	case 'p':
		raw = rawTags[4:5]
	case 's':
		raw = rawTags[5:7]
	case 't':
		raw = rawTags[7:9]
	case 'x':
		raw = rawTags[9:10]
	}
	if i := z.startTagIn(raw...); i >= 0 {
		z.rawTag = raw[i]
	}
	return tokStartTag
}

// rawTags are the elements whose contents are raw text or RCDATA, by
// their first letters.
var rawTags = []string{"iframe", "noembed", "noframes", "noscript", "plaintext", "script", "style", "textarea", "title", "xmp"}

// readTag reads a tag's name and attributes, keeping the attributes when
// saveAttr.
func (z *htmlTok) readTag(saveAttr bool) {
	z.attr = z.attr[:0]
	z.gaps = z.gaps[:0]
	z.nAttr = 0
	z.readTagName()
	if z.skipWhiteSpace(); z.err != nil {
		return
	}
	for {
		c := z.readByte()
		if z.err != nil || c == '>' {
			break
		}
		z.raw.end--
		z.readTagAttrKey()
		z.readTagAttrVal()
		if saveAttr && z.pendingAttr[0].start != z.pendingAttr[0].end {
			z.attr = append(z.attr, z.pendingAttr)
			z.gaps = append(z.gaps, z.pendingGap)
		}
		if z.skipWhiteSpace(); z.err != nil {
			break
		}
	}
}

func (z *htmlTok) readTagName() {
	z.data.start = z.raw.end - 1
	c, ok := z.skipToAny(tagNameEnd)
	if !ok {
		z.data.end = z.raw.end
		return
	}
	switch c {
	case ' ', '\n', '\r', '\t', '\f':
		z.data.end = z.raw.end - 1
	default: // "/", ">"
		z.raw.end--
		z.data.end = z.raw.end
	}
}

func (z *htmlTok) readTagAttrKey() {
	z.pendingAttr[0].start = z.raw.end
	for {
		c, ok := z.skipToAny(attrKeyEnd)
		if !ok {
			z.pendingAttr[0].end = z.raw.end
			return
		}
		if c == '=' && z.pendingAttr[0].start+1 == z.raw.end {
			// WHATWG §13.2.5.32: an "=" before a name starts is part of it.
			continue
		}
		z.raw.end--
		z.pendingAttr[0].end = z.raw.end
		return
	}
}

func (z *htmlTok) readTagAttrVal() {
	z.pendingAttr[1].start = z.raw.end
	z.pendingAttr[1].end = z.raw.end
	z.pendingGap = valueGap{}
	if z.skipWhiteSpace(); z.err != nil {
		return
	}
	c := z.readByte()
	if z.err != nil {
		return
	}
	if c == '/' {
		return // WHATWG §13.2.5.34: a self-closing start tag
	}
	if c != '=' {
		z.raw.end--
		return
	}
	if z.skipWhiteSpace(); z.err != nil {
		return
	}
	quote := z.readByte()
	if z.err != nil {
		return
	}
	switch quote {
	case '>':
		z.raw.end--
		return
	case '\'', '"':
		z.pendingAttr[1].start = z.raw.end
		z.inValue, z.runOff, z.seenOff = z.mayElide(), 0, 0
		ok := z.skipTo(quote)
		z.inValue = false
		if ok {
			z.pendingAttr[1].end = z.raw.end - 1
		} else {
			z.pendingAttr[1].end = z.raw.end
		}
	default:
		z.pendingAttr[1].start = z.raw.end - 1
		z.inValue, z.runOff, z.seenOff = z.mayElide(), 0, 0
		c, ok := z.skipToAny(unquotedEnd)
		z.inValue = false
		switch {
		case !ok:
			z.pendingAttr[1].end = z.raw.end
		case c == '>':
			z.raw.end--
			z.pendingAttr[1].end = z.raw.end
		default:
			z.pendingAttr[1].end = z.raw.end - 1
		}
	}
}

// elide drops the middle of the run of base64 that the attribute value
// being read ends with, once the run is longer than twice elideRun and
// elideSlack, keeping elideRun bytes of it on either side: the rest of
// the value is read into the room it leaves, and an inline image's data:
// URI of a megabyte is held in a few hundred kilobytes, not in a buffer
// grown to htmlMaxBuf (and a token past that bound, which is no longer
// held, does not end the HTML). It is called when the value has
// consumed the buffer, before a refill. What a scanner finds is the same
// ([ElideLong]): a candidate that takes in a byte of the run goes on
// to its end (no base64 byte ends a URL), so one that crosses the gap
// still holds elideRun bytes after it, and is as much too long as
// before; the bytes around the gap are those that were there.
func (z *htmlTok) elide() {
	v := z.pendingAttr[1].start
	end := z.raw.end - v
	if i := lastNotBase64(z.buf[v+z.seenOff : z.raw.end]); i >= 0 {
		z.runOff = z.seenOff + i + 1
	}
	z.seenOff = end
	m := z.elideRun
	if end-z.runOff < 2*m+z.slack || z.pendingGap.n > 0 && z.pendingGap.at != z.runOff+m {
		return // a short run, or another run than the one with the gap
	}
	from, to := v+z.runOff+m, z.raw.end-m
	copy(z.buf[from:], z.buf[to:z.raw.end])
	z.raw.end -= to - from
	z.buf = z.buf[:z.raw.end]
	z.seenOff = z.raw.end - v
	z.pendingGap.at, z.pendingGap.n = z.runOff+m, z.pendingGap.n+to-from
}

// rawTail is what fill keeps of script or style contents (dropRaw):
// readRawEndTag backs up over "</style" and a byte, readScript over one.
const rawTail = 64

// valueGap is where elide dropped bytes from an attribute value: n bytes
// at offset at of the value as held.
type valueGap struct{ at, n int }

// mayElide reports whether elide may drop bytes from the value about to
// be read: with ElideLong, but for a meta element's content, of which
// htmlText reads a refresh's target.
func (z *htmlTok) mayElide() bool {
	k := z.pendingAttr[0]
	return z.elideRun > 0 && (k.end-k.start != len("content") || !bytes.EqualFold(z.buf[k.start:k.end], []byte("content")))
}

// lastNotBase64 returns the index of the last byte of b that is not
// base64, or -1. Eight bytes at a time: an inline image's data is read
// here once, at memory speed rather than a byte's test at a time.
func lastNotBase64(b []byte) int {
	i := len(b)
	for ; i >= 8; i -= 8 {
		w := b[i-8 : i : i]
		if base64Bit[w[0]]&base64Bit[w[1]]&base64Bit[w[2]]&base64Bit[w[3]]&
			base64Bit[w[4]]&base64Bit[w[5]]&base64Bit[w[6]]&base64Bit[w[7]] == 0 {
			break
		}
	}
	for i--; i >= 0; i-- {
		if !base64Byte[b[i]] {
			return i
		}
	}
	return -1
}

// base64Bit is base64Byte as 1 and 0, for lastNotBase64 to test eight
// bytes with one branch.
var base64Bit = func() (t [256]uint8) {
	for i, ok := range base64Byte {
		if ok {
			t[i] = 1
		}
	}
	return t
}()

// elideSlack is how much a run of base64 grows past twice elideRun
// before elide drops its middle: each drop moves elideRun bytes, so
// drops come at most once every elideSlack bytes read. (A variable only
// so that FuzzReader can have runs of tens of bytes passed over.)
var elideSlack = 64 << 10

// next reads the next token.
func (z *htmlTok) next() tokenType {
	z.raw.start = z.raw.end
	z.data.start = z.raw.end
	z.data.end = z.raw.end
	if z.err != nil {
		z.tt = tokError
		return z.tt
	}
	if z.rawTag != "" {
		if z.rawTag == "plaintext" {
			z.skipAll() // everything up to the end of the input
			z.data.end = z.raw.end
			z.textIsRaw = true
		} else {
			z.dropRaw = z.elideRun > 0 && (z.rawTag == "script" || z.rawTag == "style")
			z.readRawOrRCDATA()
			z.dropRaw = false
		}
		if z.data.end > z.data.start {
			z.tt = tokText
			z.convertNUL = true
			return z.tt
		}
	}
	z.textIsRaw = false
	z.convertNUL = false

loop:
	for z.skipTo('<') {
		// Is the "<" part of a tag, a comment or a doctype? If not, it is
		// text.
		c := z.readByte()
		if z.err != nil {
			break
		}
		var tt tokenType
		switch {
		case 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z':
			tt = tokStartTag
		case c == '/':
			tt = tokEndTag
		case c == '!' || c == '?':
			tt = tokComment
		default:
			z.raw.end-- // reconsume it
			continue
		}
		// The text before the token comes first.
		if x := z.raw.end - len("<a"); z.raw.start < x {
			z.raw.end = x
			z.data.end = x
			z.tt = tokText
			return z.tt
		}
		switch tt {
		case tokStartTag:
			z.tt = z.readStartTag()
			return z.tt
		case tokEndTag:
			c = z.readByte()
			if z.err != nil {
				break loop
			}
			if c == '>' {
				z.tt = tokComment // "</>" is no token at all
				return z.tt
			}
			if 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' {
				z.readTag(false)
				if z.err != nil {
					z.tt = tokError
				} else {
					z.tt = tokEndTag
				}
				return z.tt
			}
			z.raw.end--
			z.readUntilCloseAngle()
			z.tt = tokComment
			return z.tt
		case tokComment:
			if c == '!' {
				z.readMarkupDeclaration()
				z.tt = tokComment
				return z.tt
			}
			z.raw.end--
			z.readUntilCloseAngle()
			z.tt = tokComment
			return z.tt
		}
	}
	if z.raw.start < z.raw.end {
		z.data.end = z.raw.end
		z.tt = tokText
		return z.tt
	}
	z.tt = tokError
	return z.tt
}

// text appends the text token, unescaped (but raw text), to dst.
func (z *htmlTok) text(dst []byte) []byte {
	s := convertNewlines(z.buf[z.data.start:z.data.end])
	z.data.start, z.data.end = z.raw.end, z.raw.end
	if z.convertNUL && bytes.IndexByte(s, 0) >= 0 {
		s = bytes.ReplaceAll(s, []byte{0}, []byte("\ufffd"))
	}
	if z.textIsRaw {
		return append(dst, s...)
	}
	return unescapeText(dst, s)
}

// rawText returns the bytes of the current text token as written, with
// none of text's conversions, and consumes them as text does: a style
// sheet's, read the same whether fill dropped some of them or not.
func (z *htmlTok) rawText() []byte {
	s := z.buf[z.data.start:z.data.end]
	z.data.start, z.data.end = z.raw.end, z.raw.end
	return s
}

// rawToken returns the bytes of the current token as written, valid
// until the next call of next.
func (z *htmlTok) rawToken() []byte { return z.buf[z.raw.start:z.raw.end] }

// tagName returns the tag token's name, in lower case, and whether it has
// attributes.
func (z *htmlTok) tagName() (name []byte, hasAttr bool) {
	if z.data.start < z.data.end && (z.tt == tokStartTag || z.tt == tokEndTag) {
		s := z.buf[z.data.start:z.data.end]
		z.data.start, z.data.end = z.raw.end, z.raw.end
		return lower(s), z.nAttr < len(z.attr)
	}
	return nil, false
}

// tagAttr returns the next attribute of a start tag: its name in lower
// case, its value as written (attrValue unescapes it), and whether more
// follow.
func (z *htmlTok) tagAttr() (key, val []byte, more bool) {
	if z.nAttr < len(z.attr) && z.tt == tokStartTag {
		x := z.attr[z.nAttr]
		z.nAttr++
		return lower(z.buf[x[0].start:x[0].end]), z.buf[x[1].start:x[1].end], z.nAttr < len(z.attr)
	}
	return nil, nil, false
}

// tagAttrGap returns the gap elide left in the value tagAttr returned
// last (n 0 for none).
func (z *htmlTok) tagAttrGap() valueGap {
	if z.nAttr > 0 && z.nAttr <= len(z.gaps) {
		return z.gaps[z.nAttr-1]
	}
	return valueGap{}
}

// attrValue appends an attribute value as tagAttr returned it, line
// breaks normalized and unescaped, to dst.
func attrValue(dst, val []byte) []byte {
	return unescapeAttr(dst, convertNewlines(val))
}

// lower lower-cases the ASCII letters of b in place.
func lower(b []byte) []byte {
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return b
}

// convertNewlines turns "\r\n" and "\r" in s into "\n", in place.
func convertNewlines(s []byte) []byte {
	i := bytes.IndexByte(s, '\r')
	if i < 0 {
		return s
	}
	dst := i
	for src := i; src < len(s); src++ {
		c := s[src]
		if c == '\r' {
			if src+1 < len(s) && s[src+1] == '\n' {
				src++
			}
			c = '\n'
		}
		s[dst] = c
		dst++
	}
	return s[:dst]
}

// unescapeText appends s to dst with its character references decoded as
// in HTML text (WHATWG HTML §13.2.5.72; html.UnescapeString).
func unescapeText(dst, s []byte) []byte {
	return unescape(dst, s, false)
}

// unescapeAttr appends s to dst with its character references decoded as
// in an attribute value: a named reference with no ";" followed by "=",
// or one whose name is no reference's (though a reference's name starts
// it: "&notit"), stays as written (WHATWG HTML §13.2.5.73), so that
// "?a=1&copy=2" keeps its parameter.
func unescapeAttr(dst, s []byte) []byte {
	return unescape(dst, s, true)
}

// unescape appends s to dst, each character reference decoded: the
// common ones here, the others by html.UnescapeString given the
// reference alone (which decodes it as it would in s: a reference's
// extent and meaning depend on no byte after it, but for the attribute
// rule on "=", applied here).
func unescape(dst, s []byte, attribute bool) []byte {
	for {
		i := bytes.IndexByte(s, '&')
		if i < 0 {
			return append(dst, s...)
		}
		dst = append(dst, s[:i]...)
		s = s[i:]
		n := refLen(s)
		ref := s[:n]
		switch {
		case n <= 1:
			dst = append(dst, '&')
		case ref[1] != '#' && attribute && ref[n-1] != ';' && n < len(s) && s[n] == '=':
			dst = append(dst, ref...) // §13.2.5.73: "&copy=" in a value stays
		default:
			if r, ok := commonRef(ref); ok {
				dst = utf8.AppendRune(dst, r)
				break
			}
			dec := html.UnescapeString(string(ref))
			if attribute && ref[1] != '#' && !exactRef(dec, ref) {
				// Text decodes a reference's longest prefix that is one
				// ("&notit;" is "¬it;"); a value does not.
				dst = append(dst, ref...)
				break
			}
			dst = append(dst, dec...)
		}
		s = s[max(n, 1):]
	}
}

// refLen returns the length of the character reference that s, which
// starts with "&", may start, as html's unescapeEntity reads it: "&#",
// an optional "x", digits and an optional ";", or "&", letters and digits
// and an optional ";". Decoding s[:refLen(s)] alone gives what decoding
// it in s gives (but for the attribute rule on a following "="): the
// length checks unescapeEntity makes on what follows a numeric reference
// ("&#." at least) come out the same, as the reference's digits end where
// its extent does.
func refLen(s []byte) int {
	i := 1
	if len(s) <= 1 {
		return len(s)
	}
	if s[1] == '#' {
		i = 2
		hex := false
		if i < len(s) && (s[i] == 'x' || s[i] == 'X') {
			hex = true
			i++
		}
		for i < len(s) {
			c := s[i]
			if '0' <= c && c <= '9' || hex && ('a' <= c && c <= 'f' || 'A' <= c && c <= 'F') {
				i++
				continue
			}
			if c == ';' {
				i++
			}
			break
		}
		return i
	}
	for i < len(s) {
		c := s[i]
		if 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' {
			i++
			continue
		}
		if c == ';' {
			i++
		}
		break
	}
	return i
}

// commonRef decodes the references HTML mail is full of, without a call
// and a string: "&nbsp;", "&amp;", "&lt;", "&gt;", "&quot;".
func commonRef(ref []byte) (rune, bool) {
	switch string(ref) {
	case "&nbsp;":
		return '\u00a0', true
	case "&amp;":
		return '&', true
	case "&lt;":
		return '<', true
	case "&gt;":
		return '>', true
	case "&quot;":
		return '"', true
	}
	return 0, false
}

// exactRef reports whether dec, html.UnescapeString of the named
// reference ref, decoded ref whole, not just its longest prefix that is a
// reference's name: that gives the prefix's character and the rest of ref
// as written ("&notit;" is "¬it;"), a tail that an exact decoding, one or
// two characters none of which ends ref, never has ("&fjlig;" is "fj").
func exactRef(dec string, ref []byte) bool {
	if dec == string(ref) {
		return false
	}
	_, n := utf8.DecodeRuneInString(dec)
	tail := dec[n:]
	return tail == "" || !bytes.HasSuffix(ref, []byte(tail))
}
