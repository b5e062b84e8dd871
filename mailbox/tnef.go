package mailbox

import (
	"bufio"
	"bytes"
	"encoding/base64"
	"encoding/binary"
	"fmt"
	"io"
	"mime"
	"strings"
	"unicode/utf8"

	"github.com/urlgrep/urlgrep/internal/pdf"
	"github.com/urlgrep/urlgrep/internal/rtf"
	"github.com/urlgrep/urlgrep/internal/zipstream"
)

// Outlook and Exchange send a message written in their rich text as a
// MIME message with an attachment named winmail.dat, of type
// application/ms-tnef: a TNEF stream ([MS-OXTNEF]) that holds the
// message's bodies (its rich text, compressed: [MS-OXRTFCP]; at times its
// HTML) and its attachments, which then reach other mail programs as
// that one file. The URLs of those bodies and attachments were lost:
// the attachment is binary. TNEFMessage renders such a stream as the
// MIME message it stands for, as OutlookMessage renders a .msg file, and
// a Reader reads an ms-tnef part (docPart) or a winmail.dat file so.

// IsTNEF reports whether head, a file's or a part's first bytes, starts
// with a TNEF stream's signature ([MS-OXTNEF] §2.1.3.1: 0x223E9F78,
// little-endian).
func IsTNEF(head []byte) bool {
	return len(head) >= 4 && binary.LittleEndian.Uint32(head) == tnefSignature
}

const tnefSignature = 0x223E9F78

// TNEFMessage returns the TNEF stream r (a winmail.dat file, decoded) as a
// MIME message (RFC 2045-2049): its subject, then a multipart/mixed body
// with its bodies (text, HTML, and its rich text decompressed: RTF, read
// as text, whose HYPERLINK fields and HTML tags hold its links) as one
// multipart/alternative, and a part for each attachment, named as the
// stream names it; an attached message is a part of type
// application/ms-tnef, itself such a stream. Every part is in base64. It
// reads r as it is read, and holds at most a step's output (about 24
// KiB) and rich text's dictionary (4 KiB) at a time. A stream cut short
// ends the message where it is cut; one that is no TNEF stream gives a
// message with no parts.
func TNEFMessage(r io.Reader) io.Reader {
	br, ok := r.(*bufio.Reader)
	if !ok {
		br = bufio.NewReaderSize(r, 16<<10)
	}
	return &tnefReader{src: br}
}

// The attributes read ([MS-OXTNEF] §2.1.3.3: the identifier's low word,
// its type in the high one).
const (
	attSubject        = 0x00018004
	attBody           = 0x0002800C
	attAttachData     = 0x0006800F
	attAttachTitle    = 0x00018010
	attAttachRendData = 0x00069002
	attMAPIProps      = 0x00069003
	attAttachment     = 0x00069005
	attOemCodepage    = 0x00069007
)

// The properties read besides msg.go's ([MS-OXPROPS]), and the attach
// method of an attached message ([MS-OXCMSG] §2.2.2.9).
const (
	propRTFCompressed = 0x1009
	propAttachMethod  = 0x3705
	attachEmbedded    = 5 // afEmbeddedMessage

	typeObject   = 0x000D
	typeMultiple = 0x1000
)

// tnefFixed returns the size of a fixed-size property value of type typ
// in a TNEF stream (four bytes at least: a short is padded; [MS-OXTNEF]
// §2.1.3.4), 0 for a type of variable size, -1 for none known.
func tnefFixed(typ uint16) int {
	switch typ {
	case 0x0000, 0x0001: // unspecified, null
		return 0
	case 0x0002, 0x0003, 0x0004, 0x000A, 0x000B: // short, long, float, error, boolean
		return 4
	case 0x0005, 0x0006, 0x0007, 0x0014, 0x0040: // double, currency, application time, long long, time
		return 8
	case 0x0048: // GUID
		return 16
	case typeString8, typeUnicode, typeBinary, typeObject:
		return 0
	}
	return -1
}

// tnefBoundary separates the parts TNEFMessage writes (base64 all: no
// "-" stands in them); tnefAltBoundary its bodies' group.
const (
	tnefBoundary    = "urlgrep-tnef-part"
	tnefAltBoundary = "urlgrep-tnef-alternative"
)

// tnefStep is how many bytes of a value one step copies out.
const tnefStep = 16 << 10

// tnefReader renders a TNEF stream a step at a time (step): the stream's
// structure is read as it comes, and its large values (bodies, attached
// files) are copied out a piece a step.
type tnefReader struct {
	src  *bufio.Reader
	out  bytes.Buffer
	done bool

	started bool   // the signature was read
	head    bool   // the message's header was written
	subject string // attSubject's, for the header
	cp      uint32 // the stream's code page (attOemCodepage)

	// The attribute being read: its level (1 the message's, 2 an
	// attachment's), its bytes left, and in a property list
	// (attMAPIProps, attAttachment) its properties left and the one
	// being read: its id, type and values left.
	level  byte
	left   int64
	props  int
	inList bool
	id     uint16
	typ    uint16
	values int

	alt bool // the bodies' multipart/alternative is open

	// The attachment being read (from attAttachRendData on): its names
	// and type so far, and how it is attached.
	title, long, mimeType string
	method                uint32

	// The value being copied out (copy), its padding after, and whether
	// the attribute's checksum follows it (an attribute's own value).
	copy     io.Reader
	copyN    int64 // the value's length
	lim      *io.LimitedReader
	enc      io.WriteCloser
	pad      int64
	checksum bool
	scratch  [1024]byte
}

func (t *tnefReader) Read(p []byte) (int, error) {
	for t.out.Len() == 0 {
		if t.done {
			return 0, io.EOF
		}
		t.step()
	}
	return t.out.Read(p)
}

// step reads on: a piece of the value being copied, or the stream's next
// structure; at the end, or where the stream is cut short or makes no
// sense, the message's end.
func (t *tnefReader) step() {
	switch {
	case !t.started:
		var b [6]byte // the signature and the legacy key
		if _, err := io.ReadFull(t.src, b[:]); err != nil || !IsTNEF(b[:]) {
			t.end()
			return
		}
		t.started = true
	case t.copy != nil:
		t.copyStep()
	case t.inList:
		t.propStep()
	default:
		t.attrStep()
	}
}

// end closes the message.
func (t *tnefReader) end() {
	t.writeHead()
	t.closeAlt()
	fmt.Fprintf(&t.out, "--%s--\r\n", tnefBoundary)
	t.done = true
}

// writeHead writes the message's header, once, before its first part.
func (t *tnefReader) writeHead() {
	if t.head {
		return
	}
	t.head = true
	if t.subject != "" {
		fmt.Fprintf(&t.out, "Subject: %s\r\n", oneLine(t.subject))
	}
	fmt.Fprintf(&t.out, "MIME-Version: 1.0\r\nContent-Type: multipart/mixed; boundary=%q\r\n\r\n", tnefBoundary)
}

// closeAlt closes the bodies' group, if open.
func (t *tnefReader) closeAlt() {
	if t.alt {
		fmt.Fprintf(&t.out, "--%s--\r\n", tnefAltBoundary)
		t.alt = false
	}
}

// attrStep reads an attribute's header ([MS-OXTNEF] §2.1.3.3: its level,
// identifier and length; its value; a checksum) and starts on its value.
func (t *tnefReader) attrStep() {
	var h [9]byte
	if _, err := io.ReadFull(t.src, h[:]); err != nil {
		t.end()
		return
	}
	t.level, t.left = h[0], int64(binary.LittleEndian.Uint32(h[5:]))
	switch binary.LittleEndian.Uint32(h[1:]) {
	case attSubject:
		if s, ok := t.small(); ok && t.level == 1 {
			t.subject = s
		}
	case attOemCodepage:
		if b, ok := t.take(4); ok {
			t.cp = binary.LittleEndian.Uint32(b)
		}
	case attAttachRendData:
		t.title, t.long, t.mimeType, t.method = "", "", "", 0
	case attAttachTitle:
		if s, ok := t.small(); ok {
			t.title = s
		}
	case attBody:
		if t.level == 1 {
			t.startPart("text/plain"+charsetParam(typeString8, t.cp), false, t.left, false)
			t.checksum = true
			return
		}
	case attAttachData:
		if t.level == 2 {
			t.closeAlt()
			t.startPart(t.attachType(t.left), false, t.left, false)
			t.checksum = true
			return
		}
	case attMAPIProps, attAttachment:
		if b, ok := t.take(4); ok {
			t.props, t.inList = int(binary.LittleEndian.Uint32(b)), true
			return
		}
	}
	t.skipAttr()
}

// skipAttr passes over the rest of the attribute and its checksum.
func (t *tnefReader) skipAttr() {
	t.inList = false
	if t.level == 1 {
		t.closeAlt() // the message's bodies are in one attMAPIProps
	}
	if !t.skip(t.left + 2) {
		t.end()
	}
	t.left = 0
}

// propStep reads a property's tag (and a named property's name) and the
// count of its values, or a value: small ones are kept, large ones copied
// out, the rest passed over ([MS-OXTNEF] §2.1.3.4).
func (t *tnefReader) propStep() {
	if t.values == 0 {
		if t.props <= 0 {
			t.skipAttr()
			return
		}
		t.props--
		b, ok := t.take(4)
		if !ok {
			t.skipAttr()
			return
		}
		t.typ, t.id = binary.LittleEndian.Uint16(b), binary.LittleEndian.Uint16(b[2:])
		if t.id >= 0x8000 {
			// A named property: its set's GUID, and an id or a name.
			b, ok := t.take(20)
			if !ok {
				t.skipAttr()
				return
			}
			n := int64(4)
			if binary.LittleEndian.Uint32(b[16:]) == 1 {
				if b, ok = t.take(4); !ok {
					t.skipAttr()
					return
				}
				n = pad4(int64(binary.LittleEndian.Uint32(b)))
			}
			if !t.skipIn(n) {
				t.skipAttr()
				return
			}
		}
		size := tnefFixed(t.typ &^ typeMultiple)
		switch {
		case size < 0:
			t.skipAttr() // a type of unknown size: the rest cannot be read
			return
		case t.typ&^typeMultiple <= 0x0001:
			t.values = 0 // unspecified or null: no value
			return
		case t.typ&typeMultiple != 0 || size == 0:
			b, ok := t.take(4)
			if !ok {
				t.skipAttr()
				return
			}
			t.values = int(min(binary.LittleEndian.Uint32(b), 1<<20))
		default:
			t.values = 1
		}
		return
	}
	t.values--
	base := t.typ &^ typeMultiple
	if size := tnefFixed(base); size > 0 {
		b, ok := t.take(size)
		if !ok {
			t.skipAttr()
			return
		}
		if t.id == propAttachMethod && base == typeLong {
			t.method = binary.LittleEndian.Uint32(b)
		}
		return
	}
	b, ok := t.take(4)
	if !ok {
		t.skipAttr()
		return
	}
	n := int64(binary.LittleEndian.Uint32(b))
	pad := pad4(n) - n
	if n > t.left {
		t.skipAttr()
		return
	}
	text := base == typeString8 || base == typeUnicode
	switch {
	case t.level == 1 && (t.id == propBody && (text || base == typeBinary) || t.id == propHTML && (text || base == typeBinary) ||
		t.id == propRTFCompressed && base == typeBinary):
		if !t.alt {
			t.writeHead()
			fmt.Fprintf(&t.out, "--%s\r\nContent-Type: multipart/alternative; boundary=%q\r\n\r\n", tnefBoundary, tnefAltBoundary)
			t.alt = true
		}
		ctype := "text/html"
		switch {
		case t.id == propRTFCompressed:
			ctype = "" // the rich text's (startPart)
		case t.id == propBody:
			ctype = "text/plain"
		}
		if base != typeBinary {
			ctype += charsetParam(base, t.cp)
		}
		t.startPart(ctype, t.id == propRTFCompressed, n, true)
		t.pad = pad
		return
	case t.level == 2 && t.id == propAttachData && base == typeBinary && t.method != attachEmbedded:
		// The attachment's data among its properties, where
		// attAttachData did not hold it.
		t.startPart(t.attachType(n), false, n, false)
		t.pad = pad
		return
	case t.level == 2 && t.id == propAttachData && base == typeObject && n > 16+4:
		// An object: an interface's IID, then its data. An attached
		// message's ([MS-OXTNEF] §2.1.3.4.1) is a TNEF stream of its
		// own.
		if !t.skipIn(16) {
			t.skipAttr()
			return
		}
		if head, err := t.src.Peek(4); err == nil && IsTNEF(head) {
			t.startPart("application/ms-tnef", false, n-16, false)
			t.pad = pad
			return
		}
		if !t.skipIn(n - 16 + pad) {
			t.skipAttr()
		}
		return
	case t.level == 2 && text && n <= int64(len(t.scratch)) &&
		(t.id == propAttachLong || t.id == propAttachName || t.id == propAttachMime):
		b, ok := t.take(int(n))
		if !ok || !t.skipIn(pad) {
			t.skipAttr()
			return
		}
		s := msgString(b, base)
		switch t.id {
		case propAttachLong:
			t.long = s
		case propAttachName:
			t.title = s
		default:
			t.mimeType = strings.ToLower(strings.TrimSpace(s))
		}
		return
	}
	if !t.skipIn(n + pad) {
		t.skipAttr()
	}
}

// pad4 returns n rounded up to a multiple of four, as TNEF pads a
// value.
func pad4(n int64) int64 { return (n + 3) &^ 3 }

// attachType returns the Content-Type of the attachment being read, of n
// bytes: its media type, where the stream gave one, and its name. Where
// it gave neither yet (Outlook writes an attachment's title after its
// data, and its type and long name after that), its first bytes say:
// UTF-8 text, or HTML, read as such, a PDF or a ZIP archive (read as
// such attachments are); anything else stays unread.
func (t *tnefReader) attachType(n int64) string {
	ctype := t.mimeType
	if ctype == "" || strings.ContainsAny(ctype, "\r\n;") {
		ctype = "application/octet-stream"
	}
	name := t.long
	if name == "" {
		name = t.title
	}
	if name == "" && t.mimeType == "" {
		head, _ := t.src.Peek(int(min(n, t.left, 512)))
		switch {
		case pdf.Sniff(head):
			return "application/pdf" // read for its links (docPart)
		case zipstream.Sniff(head):
			return "application/zip" // its entries read (docPart)
		}
		if len(head) > 0 && !looksBinary(head) && utf8Head(head) {
			ctype = "text/plain"
			if l := bytes.ToLower(head); bytes.Contains(l, []byte("<html")) || bytes.Contains(l, []byte("<!doctype html")) || bytes.Contains(l, []byte("<a href")) {
				ctype = "text/html"
			}
		}
	}
	if name != "" {
		if v := mime.FormatMediaType(ctype, map[string]string{"name": name}); v != "" {
			return v
		}
	}
	return ctype
}

// richText returns the text of the compressed rich text r
// ([MS-OXRTFCP], rtfText) and its Content-Type.
func richText(r io.Reader) (string, io.Reader) {
	ctype, text := rtfText(rtf.NewDecompressor(bufio.NewReaderSize(r, 4096)))
	return ctype + "; charset=utf-8", text
}

// rtfText returns the text of the rich text r (rtf.Text) and its media
// type: HTML where the rich text was made from HTML ([MS-OXRTFEX]),
// plain text otherwise.
func rtfText(r io.Reader) (string, io.Reader) {
	rich := bufio.NewReaderSize(r, 4096)
	head, _ := rich.Peek(1024)
	if rtf.FromHTML(head) {
		return "text/html", rtf.NewText(rich)
	}
	return "text/plain", rtf.NewText(rich)
}

// utf8Head reports whether b, a file's first bytes, is UTF-8 (or ASCII),
// a character cut at its end aside: a PDF's second line, or a Word
// file's, is not.
func utf8Head(b []byte) bool {
	for i := 0; i < len(b); {
		r, size := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && size == 1 {
			return len(b)-i < utf8.UTFMax && !utf8.FullRune(b[i:])
		}
		i += size
	}
	return true
}

// startPart writes a part's header and starts copying the next n bytes
// of the stream out as its body, in base64. When rtf, they are
// compressed rich text ([MS-OXRTFCP]): its text is copied out (rtf.Text),
// as text/plain, or as text/html where it was made from HTML.
// inAlt says the part is one of the bodies' group.
func (t *tnefReader) startPart(ctype string, rich bool, n int64, inAlt bool) {
	t.writeHead()
	boundary := tnefBoundary
	if inAlt {
		boundary = tnefAltBoundary
	}
	t.copyN = min(n, t.left)
	t.lim = &io.LimitedReader{R: t.src, N: t.copyN}
	t.copy = t.lim
	if rich {
		ctype, t.copy = richText(t.lim)
	}
	fmt.Fprintf(&t.out, "--%s\r\nContent-Type: %s\r\nContent-Transfer-Encoding: base64\r\n\r\n", boundary, ctype)
	t.enc = base64.NewEncoder(base64.StdEncoding, &lineWriter{w: &t.out})
	t.pad, t.checksum = 0, false
}

// copyStep copies a piece of the value out; at its end, closes the part
// and passes over what is left of the value (rich text's end may come
// before it) and its padding, or of the attribute and its checksum.
func (t *tnefReader) copyStep() {
	if n, err := io.CopyN(t.enc, t.copy, tnefStep); err == nil && n == tnefStep {
		return
	}
	t.enc.Close()
	t.out.WriteString("\r\n")
	unread := t.lim.N
	t.left -= t.copyN - unread
	t.copy, t.enc, t.lim = nil, nil, nil
	if t.checksum {
		t.checksum = false
		t.skipAttr()
		return
	}
	if !t.skipIn(unread + t.pad) {
		t.skipAttr()
	}
}

// take reads n bytes of the attribute (n at most the scratch buffer's
// size); false when the attribute or the stream has fewer.
func (t *tnefReader) take(n int) ([]byte, bool) {
	if int64(n) > t.left || n > len(t.scratch) {
		return nil, false
	}
	b := t.scratch[:n]
	if _, err := io.ReadFull(t.src, b); err != nil {
		t.left = 0
		return nil, false
	}
	t.left -= int64(n)
	return b, true
}

// small reads the whole attribute as a string, when it is short: a
// subject, a file name.
func (t *tnefReader) small() (string, bool) {
	if t.left > int64(len(t.scratch)) {
		return "", false
	}
	b, ok := t.take(int(t.left))
	if !ok {
		return "", false
	}
	return msgString(b, typeString8), true
}

// skipIn passes over n bytes of the attribute; false when it has fewer.
func (t *tnefReader) skipIn(n int64) bool {
	if n > t.left {
		return false
	}
	if !t.skip(n) {
		return false
	}
	t.left -= n
	return true
}

// skip passes over n bytes of the stream; false at its end.
func (t *tnefReader) skip(n int64) bool {
	m, err := io.CopyN(io.Discard, t.src, n)
	return err == nil && m == n
}
