package mailbox

import (
	"bufio"
	"bytes"
	"encoding/base64"
	"encoding/binary"
	"fmt"
	"io"
	"mime"
	"strconv"
	"strings"
	"unicode/utf16"
)

// Outlook saves a message as a .msg file: a compound file ([MS-CFB]) whose
// streams hold the message's properties ([MS-OXMSG]): its subject, its
// body as text and as HTML, the internet headers it came with, and a
// storage for each attachment (its data, file name and media type), an
// attached message being a storage of the same kind. Security teams get
// reported phishing so. OutlookMessage renders such a file as the MIME
// message it stands for, which a Reader then reads as any other: the
// bodies and attachments as parts (base64), the text ones found by
// readAs as a mail's are.

// IsOutlookMessage reports whether head, a file's first bytes, is a
// compound file's signature ([MS-CFB] §2.2: D0 CF 11 E0 A1 B1 1A E1), as
// an Outlook .msg file starts; OutlookMessage tells whether it holds a
// message.
func IsOutlookMessage(head []byte) bool {
	return bytes.HasPrefix(head, []byte("\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"))
}

// OutlookMessage returns the Outlook message in ra (a .msg file) as a
// MIME message (RFC 2045-2049): the header fields it came with (its
// transport headers, less those of its own MIME structure) or its
// subject, then a multipart/mixed body with a part for each body (text,
// HTML) and attachment, in base64, and the bodies and header fields of
// the messages attached to it. It reads ra as it renders, a stream at a
// time, from a goroutine of its own: Close stops it. It returns an error
// when ra is no compound file, or holds no message.
func OutlookMessage(ra io.ReaderAt) (_ io.ReadCloser, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("a compound file that cannot be read: %v", r)
		}
	}()
	doc, err := openCFB(ra)
	if err != nil {
		return nil, err
	}
	m := &msgFile{names: map[string]string{}, types: map[string]string{}, cpids: map[string]uint32{}, bodies: map[string]int{}}
	if err := m.scan(doc); err != nil {
		return nil, err
	}
	if !m.message {
		return nil, fmt.Errorf("a compound file with no Outlook message in it")
	}
	pr, pw := io.Pipe()
	go func() {
		w := bufio.NewWriterSize(pw, 32<<10)
		var err error
		defer func() {
			if r := recover(); r != nil {
				err = fmt.Errorf("a compound file that cannot be read: %v", r)
			}
			pw.CloseWithError(err)
		}()
		err = m.render(doc, w)
		if err == nil {
			err = w.Flush()
		}
	}()
	return pr, nil
}

// msgFile is what the first pass over a .msg file found: each storage's
// small properties, keyed by the storage's path ("" the message's).
type msgFile struct {
	message bool              // a message's property stream was met
	subject string            // the message's
	headers []byte            // its transport headers
	names   map[string]string // an attachment's file name
	types   map[string]string // an attachment's media type
	cpids   map[string]uint32 // a message's code page (PR_INTERNET_CPID)
	bodies  map[string]int    // a message's body streams (text, HTML)
}

// msgBoundary separates the parts OutlookMessage writes: every part is
// base64, in which no "-" stands.
const msgBoundary = "urlgrep-outlook-message-part"

// msgAltBoundary, and a number, separates the bodies of a message's
// multipart/alternative: no boundary is another's prefix (RFC 2046
// §5.1.1 asks that none be found in the parts it encloses).
const msgAltBoundary = "urlgrep-outlook-alternative"

// maxMsgHeaders bounds the transport headers kept, as a header block is
// bounded (maxHeaderBytes).
const maxMsgHeaders = maxHeaderBytes

// msgProp returns the property id and type a stream named
// "__substg1.0_IIIITTTT" holds ([MS-OXMSG] §2.1.3), ok false for another.
func msgProp(name string) (id, typ uint16, ok bool) {
	hex, found := strings.CutPrefix(name, "__substg1.0_")
	if !found || len(hex) != 8 {
		return 0, 0, false
	}
	v, err := strconv.ParseUint(hex, 16, 32)
	if err != nil {
		return 0, 0, false
	}
	return uint16(v >> 16), uint16(v), true
}

// The properties read ([MS-OXPROPS]) and their types ([MS-OXCDATA] §2.11.1).
const (
	propSubject      = 0x0037
	propHeaders      = 0x007D // PR_TRANSPORT_MESSAGE_HEADERS
	propBody         = 0x1000
	propHTML         = 0x1013
	propAttachData   = 0x3701
	propAttachName   = 0x3704
	propAttachLong   = 0x3707
	propAttachMime   = 0x370E
	propInternetCPID = 0x3FDE

	typeString8 = 0x001E // in the message's code page
	typeUnicode = 0x001F // UTF-16LE
	typeBinary  = 0x0102
	typeLong    = 0x0003
)

// isBody reports whether a property of id and type is a message's body:
// its text (PR_BODY), its HTML (PR_HTML) or its compressed rich text
// (PR_RTF_COMPRESSED, [MS-OXRTFCP]), which a message written in rich text
// may have alone.
func isBody(id, typ uint16) bool {
	text := typ == typeUnicode || typ == typeString8
	return id == propBody && text || id == propHTML && (text || typ == typeBinary) || id == propRTFCompressed && typ == typeBinary
}

// storagePath returns the key of the storage an entry is in: its path.
func storagePath(e *cfbEntry) string { return strings.Join(e.path, "/") }

// scan is the first pass: the small properties of every storage.
func (m *msgFile) scan(doc *cfb) error {
	return doc.walk(func(f *cfbEntry) error {
		if !f.stream {
			return nil
		}
		key := storagePath(f)
		if f.name == "__properties_version1.0" {
			m.message = m.message || key == ""
			if f.size <= 1<<20 {
				if cpid, ok := readCPID(doc.open(f), key == ""); ok {
					m.cpids[key] = cpid
				}
			}
			return nil
		}
		id, typ, ok := msgProp(f.name)
		if ok && f.size > 0 && isBody(id, typ) {
			m.bodies[key]++
		}
		if !ok || typ != typeUnicode && typ != typeString8 || f.size > maxMsgHeaders {
			return nil
		}
		switch id {
		case propSubject, propHeaders, propAttachName, propAttachLong, propAttachMime:
		default:
			return nil
		}
		b, err := io.ReadAll(io.LimitReader(doc.open(f), maxMsgHeaders))
		if err != nil {
			return err
		}
		s := msgString(b, typ)
		switch {
		case id == propSubject && key == "":
			m.subject = s
		case id == propHeaders && key == "":
			m.headers = []byte(s)
		case id == propAttachLong || id == propAttachName && m.names[key] == "":
			m.names[key] = s
		case id == propAttachMime:
			m.types[key] = strings.ToLower(strings.TrimSpace(s))
		}
		return nil
	})
}

// readCPID reads PR_INTERNET_CPID from a storage's fixed-length property
// stream ([MS-OXMSG] §2.4: a header of 32 bytes for the message, 24 for an
// attached one, then entries of 16 bytes: tag, flags, value).
func readCPID(f io.Reader, top bool) (uint32, bool) {
	b, err := io.ReadAll(f)
	if err != nil {
		return 0, false
	}
	head := 24
	if top {
		head = 32
	}
	for i := head; i+16 <= len(b); i += 16 {
		if binary.LittleEndian.Uint32(b[i:]) == propInternetCPID<<16|typeLong {
			return binary.LittleEndian.Uint32(b[i+8:]), true
		}
	}
	return 0, false
}

// msgString decodes a string property: UTF-16LE, or 8-bit bytes read as
// Latin-1 where they are not ASCII (their code page is only needed for
// bodies, which go out with it), less its terminating NULs.
func msgString(b []byte, typ uint16) string {
	if typ == typeUnicode {
		u := make([]uint16, len(b)/2)
		for i := range u {
			u[i] = binary.LittleEndian.Uint16(b[2*i:])
		}
		return strings.TrimRight(string(utf16.Decode(u)), "\x00")
	}
	var sb strings.Builder
	for _, c := range b {
		sb.WriteRune(rune(c))
	}
	return strings.TrimRight(sb.String(), "\x00")
}

// render is the second pass: the MIME message, streams copied as they
// come.
func (m *msgFile) render(doc *cfb, w *bufio.Writer) error {
	if len(m.headers) > 0 {
		writeHeaders(w, m.headers)
	} else if m.subject != "" {
		fmt.Fprintf(w, "Subject: %s\r\n", oneLine(m.subject))
	}
	fmt.Fprintf(w, "MIME-Version: 1.0\r\nContent-Type: multipart/mixed; boundary=%q\r\n\r\n", msgBoundary)
	// A message's bodies are one multipart/alternative, as a mail's text
	// and HTML are (a link in both is one): the streams of a storage come
	// one after another ([MS-CFB]'s tree, walked in order), so the group
	// opens at its first body and closes at its last.
	boundary, written, groups := msgBoundary, map[string]int{}, 0
	doc.resetBudget()
	err := doc.walk(func(f *cfbEntry) error {
		id, typ, ok := msgProp(f.name)
		if !f.stream || !ok || f.size == 0 {
			return nil
		}
		key := storagePath(f)
		var ctype string
		body := isBody(id, typ)
		switch {
		case body && id == propRTFCompressed:
			ctype = "" // its text's (rtf.Text), as TNEFMessage reads it
		case body && id == propBody:
			ctype = "text/plain" + charsetParam(typ, m.cpids[key])
		case body:
			ctype = "text/html" + charsetParam(typ, m.cpids[key])
		case id == propHeaders && key != "" && (typ == typeUnicode || typ == typeString8):
			// An attached message's header fields: text, for the URLs
			// of its List-* fields.
			ctype = "text/plain" + charsetParam(typ, m.cpids[key])
		case id == propAttachData && typ == typeBinary:
			ctype = m.types[key]
			if ctype == "" || strings.ContainsAny(ctype, "\r\n;") {
				ctype = "application/octet-stream"
			}
			if name := m.names[key]; name != "" {
				if v := mime.FormatMediaType(ctype, map[string]string{"name": name}); v != "" {
					ctype = v
				}
			}
		default:
			return nil
		}
		if body && m.bodies[key] > 1 && written[key] == 0 {
			groups++
			boundary = fmt.Sprintf("%s-%d", msgAltBoundary, groups)
			fmt.Fprintf(w, "--%s\r\nContent-Type: multipart/alternative; boundary=%q\r\n\r\n", msgBoundary, boundary)
		}
		var src io.Reader = doc.open(f)
		if body && id == propRTFCompressed {
			ctype, src = richText(src)
		}
		fmt.Fprintf(w, "--%s\r\nContent-Type: %s\r\nContent-Transfer-Encoding: base64\r\n\r\n", boundary, ctype)
		lw := &lineWriter{w: w}
		enc := base64.NewEncoder(base64.StdEncoding, lw)
		if _, err := io.Copy(enc, src); err != nil {
			return err
		}
		enc.Close()
		w.WriteString("\r\n")
		if body {
			if written[key]++; written[key] == m.bodies[key] && boundary != msgBoundary {
				fmt.Fprintf(w, "--%s--\r\n", boundary)
				boundary = msgBoundary
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	if boundary != msgBoundary {
		fmt.Fprintf(w, "--%s--\r\n", boundary) // a group the file did not finish
	}
	fmt.Fprintf(w, "--%s--\r\n", msgBoundary)
	return nil
}

// charsetParam returns the charset parameter of a body of type typ in a
// message with code page cpid: UTF-16LE for a Unicode string; else the
// code page's charset, where it is one of mail's.
func charsetParam(typ uint16, cpid uint32) string {
	if typ == typeUnicode {
		return "; charset=utf-16le"
	}
	if cs := codePages[cpid]; cs != "" {
		return "; charset=" + cs
	}
	return ""
}

// codePages are the Windows code pages of mail's charsets.
var codePages = map[uint32]string{
	65001: "utf-8", 20127: "us-ascii", 28591: "iso-8859-1", 28592: "iso-8859-2", 28595: "iso-8859-5", 28597: "iso-8859-7",
	28605: "iso-8859-15", 1250: "windows-1250", 1251: "windows-1251", 1252: "windows-1252", 1253: "windows-1253",
	1254: "windows-1254", 1255: "windows-1255", 1256: "windows-1256", 1257: "windows-1257", 1258: "windows-1258",
	874: "windows-874", 932: "shift_jis", 936: "gbk", 949: "euc-kr", 950: "big5", 20866: "koi8-r", 21866: "koi8-u",
	50220: "iso-2022-jp", 51932: "euc-jp", 54936: "gb18030",
}

// writeHeaders writes a message's transport headers, less the fields of
// its MIME structure (MIME-Version, Content-Type, Content-Transfer-
// Encoding, and their continuation lines): the body written after them
// has its own.
func writeHeaders(w *bufio.Writer, h []byte) {
	skip := false
	for line := range bytes.Lines(h) {
		line = bytes.TrimRight(line, "\r\n")
		if len(line) == 0 {
			break // the header block's end
		}
		if line[0] == ' ' || line[0] == '\t' {
			if !skip {
				w.Write(line)
				w.WriteString("\r\n")
			}
			continue
		}
		name, _, _ := bytes.Cut(line, []byte(":"))
		name = bytes.TrimSpace(name)
		skip = bytes.EqualFold(name, []byte("MIME-Version")) || bytes.EqualFold(name, []byte("Content-Type")) ||
			bytes.EqualFold(name, []byte("Content-Transfer-Encoding"))
		if !skip {
			w.Write(line)
			w.WriteString("\r\n")
		}
	}
}

// oneLine returns s with its line breaks as spaces: a header field's value.
func oneLine(s string) string { return strings.NewReplacer("\r", " ", "\n", " ").Replace(s) }

// lineWriter breaks what it is given into lines of 76 bytes (RFC 2045
// §6.8's base64 lines).
type lineWriter struct {
	w interface {
		io.Writer
		io.ByteWriter
	}
	n int
}

func (l *lineWriter) Write(p []byte) (int, error) {
	total := len(p)
	for len(p) > 0 {
		k := min(len(p), 76-l.n)
		if _, err := l.w.Write(p[:k]); err != nil {
			return 0, err
		}
		p, l.n = p[k:], l.n+k
		if l.n == 76 {
			if err := l.w.WriteByte('\n'); err != nil {
				return 0, err
			}
			l.n = 0
		}
	}
	return total, nil
}
