package mailbox

import (
	"bytes"
	"encoding/base64"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"slices"
	"sort"

	"github.com/urlgrep/urlgrep/internal/ascii"
	"golang.org/x/text/transform"
)

// LocateWindow is how far back [Part.Locate] answers exactly: for any
// offset among the last LocateWindow bytes read from a part's Body less
// 16 KiB (or, where those hold more than 32,768 places to remember, as
// lines of a few bytes do, those of the last 16,384 places at least:
// lines read together are forgotten together, up to 16 KiB of them). An
// older offset gets the position of the oldest place still known, not
// Exact.
const LocateWindow = 1 << 20

// maxAnchors bounds the places a part's Body remembers (an anchor each,
// and each line start of a run, body.trim): past it (lines of a few
// bytes, quoted-printable with an escape every few), the oldest go,
// and offsets before the oldest kept get its position, not Exact. The
// places a scan asks for are the newest: a URL is located as soon as it
// is found, within the scanner's look-ahead. (Lines had no bound: a part
// of 200,000 short lines held 31 MB of them.)
const maxAnchors = 1 << 15

// anchor says where the decoded bytes from dec on came from: pos, and
// for an Exact pos, each following byte from the next input byte. A run
// of whole lines passed on as they are (emitLines) is one anchor, not one
// a line: its lines after the first start at the offsets (from dec)
// body.starts[at:at+lines] holds, each a place of its own. (An anchor a
// line, and the line emitted alone, took an eighth of mail mode's time on
// a mailing list's archive: 40 bytes stored for each line of 60.)
type anchor struct {
	dec   int64
	pos   Position
	at    int32 // the index in body.starts of the run's line starts; len(starts) when it was made
	lines int32 // how many there are
}

// transfer is a Content-Transfer-Encoding.
type transfer uint8

const (
	xferNone transfer = iota // 7bit, 8bit, binary, or unknown: read as it is
	xferQP
	xferBase64
	xferUU // x-uuencode: uuencode's lines between "begin" and "end" (decodeUU)
)

// body reads a leaf part's text: its lines from the source, up to the
// next boundary of an open multipart or the end of the message, decoded
// (transfer encoding, charset, format=flowed, HTML) in stages that record
// where each piece of output came from.
type body struct {
	r    *Reader
	xfer transfer
	// base64: the characters of an unfinished group; text: past the
	// base64 lines, the rest of the part is read as text.
	b64   []byte
	b64At Position
	text  bool
	// x-uuencode: where the part is (before "begin", within, after
	// "end"), and decodeUU's output.
	uu    uuState
	uuOut []byte

	cs      transform.Transformer // the charset's decoder, nil for UTF-8 and US-ASCII
	csASCII bool                  // cs decodes each ASCII byte as itself, with no state (asciiCompatible)
	csIn    []byte                // bytes the decoder has not taken yet, from csIn[0] on
	csOut   []byte                // the decoder's output buffer, 4 KiB, allocated once
	qpByte  [1]byte               // a quoted-printable escape's byte
	qpLine  []byte                // a quoted-printable line decoded (decodeQP): a source line, at most 64 KiB
	b64Out  []byte                // flushBase64's output, as large as its largest flush
	csPos   Position

	flowed       bool
	unfold       bool // flow unfolds iCalendar's and vCard's lines, not format=flowed's
	delsp        bool
	flowLine     []byte   // a decoded line not yet complete
	flowOut      []byte   // a line unflowed (unflow: it was made anew for each)
	flowPos      Position // where it started
	flowHasPos   bool
	flowJoined   bool // the previous line ended in a soft break
	flowDepth    int
	html         *htmlText
	htmlKeep     *htmlText // the HTML reader of this body's parts, reset for each
	htmlIn       []byte    // decoded HTML, read by the tokenizer up to htmlOff
	htmlOff      int
	htmlSegs     []htmlSeg // where each flow into htmlIn starts, and from where
	htmlSeg      int       // the next segment the tokenizer reads into
	htmlFresh    bool      // no byte has flowed into htmlIn since the step began
	htmlPos      Position
	htmlEOF      bool
	reportedXfer bool

	line []byte // the line being decoded, copied out of the source
	out  []byte
	// then is what Read returns after out, in turn, before any more is
	// decoded: a long link target where the HTML tokenizer holds it, and
	// the rest of the tokenizer's output after it (htmlStep); the target
	// in two, when the tokenizer passed over its middle, with as many
	// bytes of gapFill between them. Each is capped at its length, so
	// that nothing appended to out writes over them.
	then    [4]piece
	thenI   int    // the next piece of then to read
	thenN   int    // the pieces then holds
	keep    []byte // out's buffer, reused once out is read
	anchors []anchor
	starts  []int32 // the line starts of runs (anchor.at), from anchors[first].at on in the window
	first   int     // anchors[:first] are out of the window
	dec     int64   // decoded bytes so far
	read    int64   // decoded bytes returned by Read
	ended   bool    // no more input
	gave    bool    // the last Read returned data
	stalled bool    // the last Read returned nothing, the input stalled (Stalled)
	flushed bool
	path    string
}

// piece is one of what Read returns after out (body.then): b, or fill
// bytes of gapFill.
type piece struct {
	b    []byte
	fill int
}

// Stalled reports whether the last Read returned no bytes because the
// input stalled (StallWait), as an extract.StallReader's Stalled does.
func (b *body) Stalled() bool { return b.stalled }

// Read returns the part's decoded text.
func (b *body) Read(p []byte) (int, error) {
	b.stalled = false
	for len(b.out) == 0 {
		if b.thenI < b.thenN {
			p := &b.then[b.thenI]
			if p.fill > 0 {
				n := min(p.fill, len(gapFill))
				b.out, p.fill = gapFill[:n:n], p.fill-n
			} else {
				b.out, p.b = p.b, nil
			}
			if p.fill == 0 {
				b.thenI++
			}
			continue
		}
		if b.flushed {
			return 0, io.EOF
		}
		if b.gave && b.r != nil && b.r.src.dry() {
			// Nothing more to hand without waiting for the input (a
			// pipe): say so, so that what was read is scanned now.
			b.gave = false
			b.stalled = b.r.stallWait != nil && b.r.stallWait()
			return 0, nil
		}
		if b.html != nil {
			b.htmlStep()
			continue
		}
		if !b.step() {
			b.finish()
		}
	}
	b.gave = true
	n := copy(p, b.out)
	b.out = b.out[n:]
	if len(b.out) == 0 {
		b.out = b.out[:0:cap(b.out)] // keep the buffer: the next step fills it again
		if cap(b.out) < 4096 {
			b.out = b.keep[:0]
		}
	}
	b.read += int64(n)
	return n, nil
}

// step decodes one more line of input; false when the part is over.
func (b *body) step() bool {
	if b.ended {
		return false
	}
	b.htmlFresh = true
	if !b.r.curStop && !b.r.noBulk {
		// Whole buffered lines at once, each decoded as a line of its own
		// (and, for HTML, handed to the tokenizer as one: htmlSegs).
		if c, ok := b.r.src.bulk(len(b.r.stack) > 0); ok {
			b.bulk(c, b.r.src.ends)
			return true
		}
	}
	c, ok := b.r.bodyLine()
	if !ok {
		b.ended = true
		return false
	}
	// The look-ahead may move the source's buffer: keep the line first.
	b.line = append(b.line[:0], c.data...)
	c.data = b.line
	if c.eol && b.r.delimiterNext(c) {
		// RFC 2046 §5.1.1: the line break before a delimiter belongs to
		// the delimiter, not to the part.
		c.data = bytes.TrimSuffix(bytes.TrimSuffix(c.data, []byte{'\n'}), []byte{'\r'})
		c.eol = false
	}
	b.decode(c)
	return true
}

// bulk decodes the lines of c, a run that source.bulk gave, one by one,
// as step would have had them from bodyLine. (The stages copy what they
// keep: c's bytes, the source's buffer, need not outlive the call.)
func (b *body) bulk(c chunk, ends []int) {
	if b.plain() {
		b.emitLines(c, ends)
		return
	}
	pos, start := c.pos, 0
	for _, end := range ends {
		b.htmlFresh = true
		b.decode(chunk{data: c.data[start:end], pos: pos, eol: true})
		pos.Offset += int64(end - start)
		pos.Line++
		start = end
	}
}

// plain reports whether the lines read now pass every stage as they are:
// no transfer encoding left to undo (decode), UTF-8 or US-ASCII (charset),
// not format=flowed (flow), not HTML.
func (b *body) plain() bool {
	if b.cs != nil || b.flowed || b.html != nil {
		return false
	}
	switch b.xfer {
	case xferNone:
		return true
	case xferBase64:
		return b.text
	case xferUU:
		return b.uu == uuAfter
	}
	return false
}

// finish flushes what the stages hold at the end of the part.
func (b *body) finish() {
	if b.flushed {
		return
	}
	if b.xfer == xferBase64 && !b.text && len(b.b64) > 0 {
		b.flushBase64(true)
	}
	b.charset(nil, Position{}, true)
	b.flushed = true
}

// decode undoes the transfer encoding of one line chunk.
func (b *body) decode(c chunk) {
	switch {
	case b.xfer == xferQP:
		b.decodeQP(c)
	case b.xfer == xferBase64 && !b.text:
		b.decodeBase64(c)
	case b.xfer == xferUU && b.uu != uuAfter:
		b.decodeUU(c)
	default:
		b.charset(c.data, c.pos, false)
	}
}

// decodeQP decodes a quoted-printable line (RFC 2045 §6.7): "=XX" is the
// byte XX, "=" at the end of a line is a soft line break (the line goes on
// in the next), and white space before a line break goes. It is lax as
// real mail needs: lower-case hex, and a "=" that starts neither is kept
// as it is, as are raw control bytes; nothing is dropped.
//
// Plain text goes on in pieces, each run between escapes and each escaped
// byte from its own place: straight to the output in UTF-8 or US-ASCII
// (Exact), through the charset's decoder otherwise (which keeps the place
// of each piece it passes on). In format=flowed text and HTML no place but
// a line's first piece's is kept (flow, htmlSeg): there the line's decoded
// bytes go on in one piece from that place, not in a piece an escape,
// unless a charset of several bytes a character may leave one cut at the
// line's end (the decoder places it where the piece holding its first byte
// starts).
func (b *body) decodeQP(c chunk) {
	data, pos := c.data, c.pos
	eolLen := 0
	if c.eol {
		eolLen = 1
		if len(data) >= 2 && data[len(data)-2] == '\r' {
			eolLen = 2
		}
	}
	line := data[:len(data)-eolLen]
	soft := false
	if c.eol {
		t := trimBlanks(line)
		if len(t) > 0 && t[len(t)-1] == '=' {
			soft, line = true, t[:len(t)-1]
		} else {
			line = t // §6.7 (3): trailing white space is the transport's
		}
	}
	if !b.reportedXfer && hasControl(line) {
		b.reportedXfer = true
		b.r.report(b.path, errors.New("quoted-printable: a raw control byte, kept as it is"))
	}
	eol := data[len(data)-eolLen:]
	if c.eol && soft {
		eol = nil
	}
	eolPos := pos.along(len(data) - eolLen)
	if !b.flowed && b.html == nil || b.cs != nil && !b.csASCII || b.r.qpByPiece {
		b.qpPieces(line, pos)
		if len(eol) > 0 {
			b.qpPiece(eol, eolPos) // the line break as written
		}
		return
	}
	dec := unQP(b.qpLine[:0], line)
	dec = append(dec, eol...)
	b.qpLine = dec
	if len(dec) == 0 {
		return
	}
	if len(line) == 0 {
		pos = eolPos // the line break is all there is
	}
	b.charset(dec, pos, false)
}

// qpPieces passes on a quoted-printable line's decoded text in pieces:
// a run between escapes from its first byte on, an escaped byte from its
// "=".
func (b *body) qpPieces(line []byte, pos Position) {
	start := 0
	for i := qpEscape(line, 0); i >= 0; i = qpEscape(line, start) {
		if i > start {
			b.qpPiece(line[start:i], pos.along(start))
		}
		b.qpByte[0] = qpByte(line, i)
		b.qpPiece(b.qpByte[:], pos.along(i))
		start = i + 3
	}
	if start < len(line) {
		b.qpPiece(line[start:], pos.along(start))
	}
}

// qpPiece passes on a piece of quoted-printable text: plain text in
// UTF-8 or US-ASCII to the output, as charset and flow would, the rest to
// the stages after.
func (b *body) qpPiece(d []byte, p Position) {
	if b.cs == nil && !b.flowed && b.html == nil {
		b.emit(d, p)
	} else {
		b.charset(d, p, false)
	}
}

// unQP appends the quoted-printable text line decoded to dst: each "=XX"
// becomes its byte, and every other byte stays, a lone "=" too.
func unQP(dst, line []byte) []byte {
	start := 0
	for i := qpEscape(line, 0); i >= 0; i = qpEscape(line, start) {
		dst = append(dst, line[start:i]...)
		dst = append(dst, qpByte(line, i))
		start = i + 3
	}
	return append(dst, line[start:]...)
}

// qpEscape returns the index of the first escape of line at or after i:
// a "=" and two hexadecimal digits (§6.7 rule 1; lower case too, as real
// mail needs). A lone "=" is no escape, and stays as it is. -1 if none.
func qpEscape(line []byte, i int) int {
	for {
		j := bytes.IndexByte(line[i:], '=')
		if j < 0 {
			return -1
		}
		i += j
		if i+2 < len(line) && unhex[line[i+1]]|unhex[line[i+2]] >= 0 {
			return i
		}
		i++
	}
}

// qpByte is the byte the escape at line[i] stands for.
func qpByte(line []byte, i int) byte {
	return byte(unhex[line[i+1]])<<4 | byte(unhex[line[i+2]])
}

// unhex is the value of a hexadecimal digit, either case, and -1 for any
// other byte.
var unhex = func() (t [256]int8) {
	for i := range t {
		t[i] = int8(ascii.Unhex(byte(i)))
	}
	return t
}()

// trimBlanks returns line without the spaces and tabs at its end.
func trimBlanks(line []byte) []byte {
	n := len(line)
	for n > 0 && (line[n-1] == ' ' || line[n-1] == '\t') {
		n--
	}
	return line[:n]
}

// hasControl reports whether a line holds a control byte other than tab
// (RFC 2045 §6.7 rule 3 allows only tab and space as white space).
//
// Eight bytes at a time while none is below 0x20 or is 0x7f: a word with
// such a byte (or a tab) sets a high bit in (x - 0x20...) &^ x, or in the
// same of x ^ 0x7f... less one; the bytes from that word on are looked at
// one by one.
func hasControl(line []byte) bool {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	i := 0
	for ; i+8 <= len(line); i += 8 {
		x := binary.LittleEndian.Uint64(line[i:])
		y := x ^ 0x7f*ones
		if ((x-0x20*ones)&^x|(y-ones)&^y)&highs != 0 {
			break
		}
	}
	for _, c := range line[i:] {
		if c < 0x20 && c != '\t' || c == 0x7f {
			return true
		}
	}
	return false
}

// decodeBase64 decodes a line of base64 (RFC 2045 §6.8). A line that is
// not base64, after the data or after its padding, ends it: that line and
// the rest of the part are read as text, as a mailing list's footer
// appended to a base64 body is. Blank lines are passed over.
func (b *body) decodeBase64(c chunk) {
	t := bytes.TrimRight(c.data, " \t\r\n")
	if len(t) == 0 {
		return
	}
	padded := len(b.b64) > 0 && b.b64[len(b.b64)-1] == '='
	if !padded && len(b.b64) == 0 && damagedBase64(t) {
		// RFC 2045 §6.8 has characters outside the alphabet ignored;
		// here the line is passed over whole, so that the lines after
		// it, each whole groups, decode as they were written.
		if !b.reportedXfer {
			b.reportedXfer = true
			b.r.report(b.path, errors.New("base64: a line with characters outside the alphabet passed over"))
		}
		return
	}
	if padded || !isBase64Line(t) {
		b.flushBase64(true)
		b.text = true
		b.r.report(b.path, errors.New("base64: text after the data (a list footer?), read as text"))
		b.charset(c.data, c.pos, false)
		return
	}
	if len(b.b64) == 0 {
		b.b64At = c.pos
	}
	b.b64 = append(b.b64, t...)
	b.flushBase64(false)
	if len(b.b64) == 0 {
		b.b64At = c.pos
	}
}

// flushBase64 decodes the whole groups held, or all of them at the end.
func (b *body) flushBase64(all bool) {
	n := len(b.b64) &^ 3
	if all {
		n = len(b.b64)
	}
	if n == 0 {
		return
	}
	if need := base64.StdEncoding.DecodedLen(n) + 3; cap(b.b64Out) < need {
		b.b64Out = make([]byte, need)
	}
	dst := b.b64Out[:cap(b.b64Out)]
	src := b.b64[:n]
	m, err := base64.StdEncoding.Decode(dst, src)
	if err != nil {
		if m2, err2 := base64.RawStdEncoding.Decode(dst, bytes.TrimRight(src, "=")); err2 == nil {
			m = m2 // unpadded, or cut: decoded as far as it goes, and said so below
		}
		if !b.reportedXfer {
			b.reportedXfer = true
			b.r.report(b.path, fmt.Errorf("broken base64, decoded as far as it goes: %v", err))
		}
	}
	pos := b.b64At
	pos.Exact = false
	b.charset(dst[:m], pos, false)
	b.b64 = append(b.b64[:0], b.b64[n:]...)
}

// uuState is where an x-uuencode part's reading is.
type uuState uint8

const (
	uuBefore uuState = iota // text before the "begin" line
	uuData                  // the encoded lines
	uuAfter                 // text after the "end" line
)

// decodeUU decodes a line of an x-uuencode part: uuencode's format (POSIX
// uuencode, historical algorithm), which mail programs of the 1990s sent
// as Content-Transfer-Encoding: x-uuencode, a text file's bytes
// included. Lines before "begin <mode> <name>" are text. After it, a
// line's first character says how many bytes it holds (its value minus
// 32, modulo 64), each four characters after it are three bytes of six
// bits each; "end" ends the data, after a line of none. A line of
// characters outside the format ends it too, read as text with what
// follows, and said so.
func (b *body) decodeUU(c chunk) {
	if b.uu == uuBefore {
		if bytes.HasPrefix(c.data, []byte("begin ")) {
			b.uu = uuData
		} else {
			b.charset(c.data, c.pos, false)
		}
		return
	}
	t := bytes.TrimRight(c.data, " \t\r\n")
	if bytes.Equal(t, []byte("end")) {
		b.uu = uuAfter
		return
	}
	if len(t) == 0 {
		return
	}
	n := int((t[0] - ' ') & 63)
	data := t[1:]
	if !isUULine(t) {
		b.uu = uuAfter
		if !b.reportedXfer {
			b.reportedXfer = true
			b.r.report(b.path, errors.New("x-uuencode: a line that is none, read as text with the rest"))
		}
		b.charset(c.data, c.pos, false)
		return
	}
	// A character past the line's end is a zero: spaces (zeros) at the
	// end of a line are often lost on the way.
	out := b.uuOut[:0]
	for i := 0; len(out) < n; i += 4 {
		var q [4]byte
		for k := range 4 {
			if i+k < len(data) {
				q[k] = (data[i+k] - ' ') & 63
			}
		}
		out = append(out, q[0]<<2|q[1]>>4, q[1]<<4|q[2]>>2, q[2]<<6|q[3])
	}
	b.uuOut = out
	pos := c.pos
	pos.Exact = false
	b.charset(out[:n], pos, false)
}

// isUULine reports whether every byte of a uuencoded line is one of the
// format's characters (space to '`').
func isUULine(data []byte) bool {
	for _, c := range data {
		if c < ' ' || c > '`' {
			return false
		}
	}
	return true
}

func isBase64Line(t []byte) bool {
	for _, c := range t {
		if !base64Byte[c] {
			return false
		}
	}
	return true
}

// damagedBase64 reports whether t, a line that is not base64, is a line
// of base64 data with a few characters outside the alphabet in it (at
// most three, none a space: a corpus's anonymizer wrote its placeholder
// address into base64 bodies too, "...Uphishing@potYz1L..."), not a
// footer's text or URL: at least 40 bytes, no space, no "://".
func damagedBase64(t []byte) bool {
	if len(t) < 40 || bytes.Contains(t, []byte("://")) {
		return false
	}
	bad := 0
	for _, c := range t {
		if !base64Byte[c] {
			if c == ' ' || c == '\t' {
				return false
			}
			if bad++; bad > 3 {
				return false
			}
		}
	}
	return bad > 0
}

// base64Byte is true for the bytes of a base64 line: the alphabet and "="
// (RFC 4648 §4). No such byte ends a URL (htmlTok.elide).
var base64Byte = func() (t [256]bool) {
	for _, c := range "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=" {
		t[c] = true
	}
	return t
}()

// charset converts transfer-decoded bytes to UTF-8 when the part has a
// charset other than UTF-8 and US-ASCII; the output is then not Exact.
func (b *body) charset(data []byte, pos Position, atEOF bool) {
	if b.cs == nil {
		if len(data) > 0 {
			b.flow(data, pos)
		}
		if atEOF {
			b.flow(nil, Position{})
		}
		return
	}
	if len(b.csIn) == 0 && b.csASCII && isASCII(data) {
		// What the decoder would give, at the place it would give it.
		p := pos
		p.Exact = false
		if len(data) > 0 {
			b.flow(data, p)
		}
		if atEOF {
			b.flow(nil, Position{})
		}
		return
	}
	if len(b.csIn) == 0 {
		b.csPos = pos
	}
	b.csIn = append(b.csIn, data...)
	if b.csOut == nil {
		// A field, not a local array: flow keeps no reference to it, but
		// escape analysis cannot tell, and 4 KiB a call on the heap was 92%
		// of the bytes mail mode allocated (BenchmarkReader).
		b.csOut = make([]byte, 4096)
	}
	in := b.csIn
	for len(in) > 0 || atEOF {
		n, m, err := b.cs.Transform(b.csOut, in, atEOF)
		p := b.csPos
		p.Exact = false
		if n > 0 {
			b.flow(b.csOut[:n], p)
		}
		in = in[m:]
		if err == transform.ErrShortDst {
			continue
		}
		if err != nil && err != transform.ErrShortSrc {
			// An undecodable sequence: pass its first byte as it is.
			if len(in) > 0 {
				b.flow(in[:1], p)
				in = in[1:]
				continue
			}
		}
		break
	}
	// What the decoder left (a cut sequence) moves to the front, so that
	// csIn's buffer is reused, not regrown, by the next call.
	b.csIn = b.csIn[:copy(b.csIn, in)]
	if len(b.csIn) == 0 {
		b.csPos = pos
	}
	if atEOF {
		b.flow(nil, Position{})
	}
}

// flow undoes format=flowed (RFC 3676) on decoded text, a line at a time;
// data nil flushes. Other text passes on.
func (b *body) flow(data []byte, pos Position) {
	if b.html != nil {
		// A segment a flow: the tokenizer takes the place of a line's
		// first one (step) when it reads into it (htmlSource.Read).
		b.htmlSegs = append(b.htmlSegs, htmlSeg{start: len(b.htmlIn), pos: pos, step: b.htmlFresh})
		b.htmlFresh = b.htmlFresh && len(data) == 0
		b.htmlIn = append(b.htmlIn, data...)
		return
	}
	if !b.flowed {
		if len(data) > 0 {
			b.emit(data, pos)
		}
		return
	}
	for len(data) > 0 {
		if !b.flowHasPos {
			b.flowPos, b.flowHasPos = pos, true
		}
		i := bytes.IndexByte(data, '\n')
		if i < 0 {
			b.flowLine = append(b.flowLine, data...)
			if len(b.flowLine) > maxFlowLine {
				// A line this long is no flowed text: pass it on as it
				// is, so that memory stays bounded.
				p := b.flowPos
				p.Exact = false
				if b.unfold && b.flowJoined {
					b.emit([]byte{'\n'}, p) // the break held before it
				}
				b.emit(b.flowLine, p)
				b.flowLine, b.flowHasPos, b.flowJoined = b.flowLine[:0], false, false
			}
			return
		}
		b.flowLine = append(b.flowLine, data[:i+1]...)
		data = data[i+1:]
		b.unflow()
		// The next line in data starts somewhere after pos: its lines are
		// given pos, the start of the first, a real place before them.
	}
	if data == nil && len(b.flowLine) > 0 {
		b.unflow()
	}
	if data == nil && b.unfold && b.flowJoined {
		b.flowJoined = false
		b.emit([]byte{'\n'}, b.flowPos) // the last line's break, held
	}
}

// maxFlowLine bounds a flowed line held to be unflowed.
const maxFlowLine = 64 << 10

// unflow emits one flowed line: a line that ends in a space (a soft line
// break) is joined to the next line of the same quote depth, less the
// next line's quote marks; with DelSp=yes the space goes too (§4.2). A
// space-stuffed line loses its first space (§4.4); quote marks and the
// space after them stay as they were written (§4.5). The signature
// separator "-- " is not a soft break (§4.3).
func (b *body) unflow() {
	if b.unfold {
		b.unfoldLine()
		return
	}
	line, pos := b.flowLine, b.flowPos
	b.flowLine, b.flowHasPos = b.flowLine[:0], false
	pos.Exact = false
	content := trimEOL(line)
	depth := 0
	for depth < len(content) && content[depth] == '>' {
		depth++
	}
	quote, text := content[:depth], content[depth:]
	space := len(text) > 0 && text[0] == ' '
	if space {
		text = text[1:] // space-stuffing, or the space after quote marks
	}
	out := b.flowOut[:0] // emit copies it: the buffer serves the next line
	if !b.flowJoined || depth != b.flowDepth {
		if b.flowJoined {
			out = append(out, '\n') // a soft break before a change of depth is hard
		}
		out = append(out, quote...)
		if depth > 0 && space {
			out = append(out, ' ')
		}
	}
	soft := len(text) > 0 && text[len(text)-1] == ' ' && string(text) != "-- "
	if soft && b.delsp {
		text = text[:len(text)-1]
	}
	out = append(out, text...)
	if !soft {
		out = append(out, '\n')
	}
	b.flowJoined, b.flowDepth = soft, depth
	b.emit(out, pos)
	b.flowOut = out
}

// unfoldLine emits one line of iCalendar or vCard content: its line
// break is held until the next line shows whether it is a fold, a break
// followed by one space or tab (RFC 5545 §3.1, RFC 6350 §3.2), which
// unfolding removes with that white space: an invitation's
// "https://zoom.us/j/8" and " 1234567890?pwd=..." are one URL.
func (b *body) unfoldLine() {
	line, pos := b.flowLine, b.flowPos
	b.flowLine, b.flowHasPos = b.flowLine[:0], false
	pos.Exact = false
	out := b.flowOut[:0] // emit copies it: the buffer serves the next line
	if b.flowJoined {
		if len(line) > 0 && (line[0] == ' ' || line[0] == '\t') {
			line = line[1:] // a fold: the break held goes, and this space
		} else {
			out = append(out, '\n')
		}
	}
	content := trimEOL(line)
	out = append(out, content...)
	b.flowJoined = len(content) < len(line) // a break to hold
	if len(out) > 0 {
		b.emit(out, pos)
	}
	b.flowOut = out
}

// htmlStep gives the tokenizer more decoded HTML, or takes its output.
func (b *body) htmlStep() {
	before := len(b.out)
	b.html.next()
	if len(b.html.out) > 0 {
		p := b.htmlPos
		p.Exact = false
		out, view, at, gap := b.html.out, b.html.view, b.html.viewAt, b.html.viewGap
		switch {
		case len(b.out) == 0 && view == nil:
			// The tokenizer's output becomes the body's, not copied;
			// the buffers trade places.
			b.anchor(p)
			b.html.out = b.keep[:0]
			b.out, b.keep = out, out[:0:cap(out)]
			b.dec += int64(len(out))
		case len(b.out) == 0:
			// A link target of an inline image's megabyte is read where
			// the tokenizer holds it (until its next token, which Read
			// asks for once all this is read), between the output before
			// it and after it. The output's array is left to them.
			b.anchor(p)
			b.html.out = b.keep[:0]
			b.out, b.keep = out[:at:at], nil
			b.then, b.thenI, b.thenN = [4]piece{{b: view}, {b: out[at:len(out):len(out)]}}, 0, 2
			if gap.n > 0 {
				b.then, b.thenN = [4]piece{{b: view[:gap.at:gap.at]}, {fill: gap.n}, {b: view[gap.at:]}, b.then[1]}, 4
			}
			b.dec += int64(len(out) + len(view) + gap.n)
		case view != nil:
			b.emit(out[:at], p)
			if gap.n > 0 {
				view = appendGapped(nil, view, gap) // rare: output before the view, with a gap
			}
			b.emit(view, p)
			b.emit(out[at:], p)
			b.html.out = out[:0]
		default:
			b.emit(out, p)
			b.html.out = out[:0]
		}
		b.html.view = nil
	}
	if b.html.done && b.html.overflow != nil {
		b.r.report(b.path, b.html.overflow)
		// The rest of the part as text: what the tokenizer had not
		// taken, then the lines still to come. The tokenizer's buffer,
		// grown to its bound, goes now, not at the next part: the rest
		// can be megabytes of quoted-printable lines, each an anchor.
		b.html = nil
		b.htmlKeep.reset(nil, 0)
		b.flushed, b.htmlEOF = false, false
		// The rest of the step the tokenizer was in, at its place, as
		// one; the steps decoded after it as the lines they are.
		next := b.htmlSeg
		for next < len(b.htmlSegs) && !b.htmlSegs[next].step {
			next++
		}
		if end := b.stepEnd(next); b.htmlOff < end {
			b.emit(b.htmlIn[b.htmlOff:end], Position{Offset: b.htmlPos.Offset, Line: b.htmlPos.Line, Col: b.htmlPos.Col})
		}
		for i := next; i < len(b.htmlSegs); i++ {
			s, e := b.htmlSegs[i].start, len(b.htmlIn)
			if i+1 < len(b.htmlSegs) {
				e = b.htmlSegs[i+1].start
			}
			b.flow(b.htmlIn[s:e], b.htmlSegs[i].pos)
		}
		b.htmlIn, b.htmlOff, b.htmlSegs, b.htmlSeg = b.htmlIn[:0], 0, b.htmlSegs[:0], 0
		return
	}
	if b.html.done && len(b.out) == before {
		b.flushed = true
	}
}

// htmlSeg is what one flow added to a body's decoded HTML: from start on,
// decoded from pos; step when it is a step's first output (a line's),
// where the HTML's place (htmlPos) moves to pos.
type htmlSeg struct {
	start int
	pos   Position
	step  bool
}

// stepEnd returns where in htmlIn the step that goes on at segment i
// ends: the start of the next step's first segment, or htmlIn's end.
func (b *body) stepEnd(i int) int {
	for ; i < len(b.htmlSegs); i++ {
		if b.htmlSegs[i].step {
			return b.htmlSegs[i].start
		}
	}
	return len(b.htmlIn)
}

// htmlSource feeds the tokenizer from the part's decoded lines.
type htmlSource struct{ b *body }

// Read gives the tokenizer the decoded HTML.
func (h htmlSource) Read(p []byte) (int, error) {
	b := h.b
	for {
		// The rest of the step the tokenizer is in (a line's output,
		// handed as the line by line reading handed it).
		if b.htmlSeg > 0 {
			if end := b.stepEnd(b.htmlSeg); b.htmlOff < end {
				n := copy(p, b.htmlIn[b.htmlOff:end])
				b.htmlOff += n
				return n, nil
			}
		}
		// The next step: its output is at its place.
		for b.htmlSeg < len(b.htmlSegs) && !b.htmlSegs[b.htmlSeg].step {
			b.htmlSeg++
		}
		if b.htmlSeg < len(b.htmlSegs) {
			b.htmlPos = b.htmlSegs[b.htmlSeg].pos
			b.htmlSeg++
			continue
		}
		// All read: the buffers serve again, and more lines are decoded.
		b.htmlIn, b.htmlOff, b.htmlSegs, b.htmlSeg = b.htmlIn[:0], 0, b.htmlSegs[:0], 0
		if b.htmlEOF {
			return 0, io.EOF
		}
		if !b.step() {
			b.htmlFresh = true
			b.finish()
			b.flushed = false
			b.htmlEOF = true
		}
	}
}

// emit adds decoded output, from pos on.
func (b *body) emit(data []byte, pos Position) {
	if len(data) == 0 {
		return
	}
	b.anchor(pos)
	if len(b.out) == 0 && cap(b.keep) > 0 {
		b.out = b.keep[:0]
	}
	b.out = append(b.out, data...)
	if cap(b.out) > cap(b.keep) {
		b.keep = b.out[:0:cap(b.out)]
	}
	b.dec += int64(len(data))
}

// emitLines adds c's whole lines, which end at ends (as source.bulk
// gives them), as they are: what emit would add for each line in turn,
// with one anchor for them all.
func (b *body) emitLines(c chunk, ends []int) {
	if len(ends) == 0 {
		return
	}
	// An anchor of its own: a run's starts a line, which no earlier anchor
	// covers (anchor merges only a line's pieces).
	at := int32(len(b.starts))
	b.starts = grow(b.starts, len(ends)-1)
	for _, end := range ends[:len(ends)-1] {
		b.starts = append(b.starts, int32(end))
	}
	b.anchors = append(grow(b.anchors, 1), anchor{dec: b.dec, pos: c.pos, at: at, lines: int32(len(ends) - 1)})
	b.trim()
	if len(b.out) == 0 && cap(b.keep) > 0 {
		b.out = b.keep[:0]
	}
	b.out = append(b.out, c.data...)
	if cap(b.out) > cap(b.keep) {
		b.keep = b.out[:0:cap(b.out)]
	}
	b.dec += int64(len(c.data))
}

// recycle returns b emptied, its buffers kept, as the body of the next
// part: b, the previous part's, is not read any more (a Body and its
// Locate are valid until the next call to Next).
func (b *body) recycle() *body {
	if b == nil {
		return &body{}
	}
	*b = body{line: b.line[:0], keep: b.keep[:0], anchors: b.anchors[:0], starts: b.starts[:0], b64: b.b64[:0], uuOut: b.uuOut[:0],
		csIn: b.csIn[:0], csOut: b.csOut, b64Out: b.b64Out, htmlIn: b.htmlIn[:0], flowLine: b.flowLine[:0],
		htmlSegs: b.htmlSegs[:0], qpLine: b.qpLine[:0], htmlKeep: b.htmlKeep, flowOut: b.flowOut[:0]}
	if cap(b.keep) > 1<<20 {
		b.keep = nil // an outsized part's buffer goes
	}
	if cap(b.anchors) > maxAnchors {
		b.anchors = nil
	}
	if cap(b.starts) > 4*maxAnchors {
		b.starts = nil
	}
	if cap(b.htmlIn) > 1<<20 {
		b.htmlIn = nil
	}
	return b
}

// anchor records that the output from b.dec on comes from pos, keeping
// the anchors within the window and the places they hold (an anchor, and
// each line start of a run) bounded by maxAnchors.
func (b *body) anchor(pos Position) {
	if n := len(b.anchors); n > 0 {
		last := &b.anchors[n-1]
		if last.pos.Exact && pos.Exact && last.lines == 0 && last.pos.Line == pos.Line &&
			pos.Offset-last.pos.Offset == b.dec-last.dec {
			return // the same run: the last anchor covers it
		}
		if !pos.Exact && pos == last.pos {
			return // the same place, not Exact: the last anchor says it already
		}
	}
	b.anchors = append(grow(b.anchors, 1), anchor{dec: b.dec, pos: pos, at: int32(len(b.starts))})
	b.trim()
}

// grow returns s, an array of places, with room for n more elements: its
// capacity doubled when it has not, up to maxAnchors/4 more at a time.
// append grows a large slice by a quarter at a time, and the anchors of a
// part of 23,000 lines of HTML were copied 23 times over, 5.9 MB
// allocated for an array of 1.3 MB; by steps of a quarter of the bound,
// the array stays within it and a step (TestHeaderBounds).
func grow[E any](s []E, n int) []E {
	if cap(s)-len(s) >= n {
		return s
	}
	return slices.Grow(s, max(n, min(len(s), maxAnchors/4)))
}

// trim drops the anchors before the window, and the oldest while those
// kept hold more than maxAnchors places, a run at a time, keeping the
// newest; once a block has gone, the arrays move down rather than grow,
// so that they stay within maxAnchors places and a growth's slack.
func (b *body) trim() {
	window := int64(LocateWindow)
	if b.r != nil && b.r.within > 0 {
		window = b.r.within
	}
	held := len(b.anchors) - b.first + len(b.starts) - int(b.anchors[b.first].at)
	for b.first < len(b.anchors)-1 &&
		(b.anchors[b.first+1].dec <= b.read-window || held > maxAnchors) {
		held -= 1 + int(b.anchors[b.first].lines)
		b.first++
	}
	// The starts move down once the dropped ones are half of them: a run
	// adds thousands at a time, and an append past the capacity grows it
	// rather than fill it exactly, so waiting for a full array kept every
	// start of a body of short lines (36 MB for 16 MB of "1\n" lines).
	dead := int(b.anchors[b.first].at)
	if b.first > 1024 && (b.first > len(b.anchors)/2 || len(b.anchors) == cap(b.anchors)) ||
		b.first > 0 && dead > 1024 && dead > len(b.starts)/2 {
		base := b.anchors[b.first].at
		b.anchors = append(b.anchors[:0], b.anchors[b.first:]...)
		b.first = 0
		if base > 0 {
			b.starts = append(b.starts[:0], b.starts[base:]...)
			for i := range b.anchors {
				b.anchors[i].at -= base
			}
		}
	}
}

// locate maps a decoded offset to the input.
func (b *body) locate(dec int64) Position {
	a := b.anchors[b.first:]
	if len(a) == 0 {
		return Position{}
	}
	i := sort.Search(len(a), func(i int) bool { return a[i].dec > dec }) - 1
	if i < 0 {
		p := a[0].pos
		p.Exact = false
		return p
	}
	p, rel := a[i].pos, dec-a[i].dec
	if !p.Exact {
		return p
	}
	if a[i].lines > 0 {
		// A run: the line holding rel is the last that starts at or before it.
		st := b.starts[a[i].at : a[i].at+a[i].lines]
		if k := sort.Search(len(st), func(j int) bool { return int64(st[j]) > rel }); k > 0 {
			at := int64(st[k-1])
			p.Offset += at
			p.Line += k
			p.Col = 1
			rel -= at
		}
	}
	return p.along(int(rel))
}
