package mailbox

import (
	"bytes"
	"encoding/base64"
	"io"
	"mime"
	"path"
	"strings"

	"github.com/urlgrep/urlgrep/internal/ooxml"
	"github.com/urlgrep/urlgrep/internal/pdf"
	"github.com/urlgrep/urlgrep/internal/rtf"
	"github.com/urlgrep/urlgrep/internal/zipstream"
)

// A part that is not text by its media type may hold text all the same,
// and a mail client opens it as text: an SVG image (XML, whose links and
// scripts phishing fills), JSON, XML and JavaScript files, and any
// attachment by its file name's extension, which is how clients choose
// what opens it. Phishing sends its HTML page as application/octet-stream
// or under another type, named "invoice.htm", for filters that read only
// text/* to pass over it; its URLs were lost. readAs says how to read such
// a part; the rest (images, archives, documents) is still skipped unread,
// and so is a part whose first bytes are binary whatever its name
// (looksBinary: phishing names a certificate "emails.ics" too).

// textTypes are the media types, not text/*, whose content is text: read
// as plain text (their markup's quotes end the URLs in it), or, for XHTML,
// as HTML.
var textTypes = map[string]string{
	"image/svg+xml":            "text/plain",
	"application/xhtml+xml":    "text/html",
	"application/xml":          "text/plain",
	"application/json":         "text/plain",
	"application/ld+json":      "text/plain",
	"application/rss+xml":      "text/plain",
	"application/atom+xml":     "text/plain",
	"application/javascript":   "text/plain",
	"application/x-javascript": "text/plain",
	"application/ecmascript":   "text/plain",
	"application/rtf":          "text/plain",
	"application/x-sh":         "text/plain",
}

// textExts are the file name extensions of text files, and the media
// type each is read as: HTML pages (.htm, .html, .shtml, .xhtml), SVG, and
// the other text a mail's attachment is opened as.
var textExts = map[string]string{
	".htm": "text/html", ".html": "text/html", ".shtml": "text/html", ".shtm": "text/html", ".xhtml": "text/html", ".xht": "text/html",
	".svg": "text/plain", ".xml": "text/plain", ".json": "text/plain", ".js": "text/plain",
	".txt": "text/plain", ".csv": "text/plain", ".md": "text/plain", ".rtf": "text/plain", ".eml": "message/rfc822",
	".url": "text/plain", ".webloc": "text/plain", ".mht": "text/plain", ".mhtml": "text/plain",
	".hta": "text/html", // an HTML application, which Windows runs
	// Apple's configuration profiles, which phishing sends to be
	// installed, and property lists: XML (a signed profile, or a binary
	// list, is binary: looksBinary).
	".mobileconfig": "text/plain", ".plist": "text/plain",
	".ics": "text/calendar", ".vcf": "text/vcard",
}

// readAs returns the media type to read a part whose media type is
// mediatype, not text, as: by the type (textTypes), else by the file name
// its Content-Type's name parameter or its Content-Disposition's filename
// gives (textExts; RFC 2183 §2.3, RFC 2231's and RFC 2047's encoded names
// decoded); "" when it holds no text.
func readAs(mediatype, name string, disposition []byte) string {
	if as, ok := textTypes[mediatype]; ok {
		return as
	}
	if as := extType(name); as != "" {
		return as
	}
	return extType(dispositionName(disposition))
}

// extType returns the media type a file named name is read as, by its
// extension (textExts), or "".
func extType(name string) string {
	if name == "" {
		return ""
	}
	if strings.Contains(name, "=?") {
		// An RFC 2047 encoded word, which mail clients write in names
		// too ("=?UTF-8?B?aW52b2ljZS5odG1s?=" is "invoice.html").
		if d, err := new(mime.WordDecoder).DecodeHeader(name); err == nil {
			name = d
		}
	}
	return textExts[strings.ToLower(path.Ext(strings.TrimSpace(name)))]
}

// firstBytes returns the first bytes of a part's body, decoded from its
// transfer encoding (cte): those of its first line, which the source
// holds, not consumed (at most 256 bytes of it).
func (r *Reader) firstBytes(cte string) []byte {
	line := bytes.TrimRight(r.src.peekLine(), " \t\r\n")
	switch cte {
	case "base64":
		line = line[:len(line)/4*4]
		dst := make([]byte, base64.StdEncoding.DecodedLen(len(line)))
		n, _ := base64.StdEncoding.Decode(dst, line)
		return dst[:n]
	case "quoted-printable":
		var dst []byte
		for i := 0; ; {
			j := qpEscape(line, i)
			if j < 0 {
				return append(dst, line[i:]...)
			}
			dst = append(append(dst, line[i:j]...), qpByte(line, j))
			i = j + 3
		}
	}
	return line
}

// looksBinary reports whether b, a body's first bytes, are no text's: a
// NUL, or a control byte that no text has (text has tabs, line ends, form
// feeds and ISO-2022's escapes). An image's, an archive's, a PDF's and a
// certificate's first bytes are such.
func looksBinary(b []byte) bool {
	for _, c := range b {
		if c < 0x20 && c != '\t' && c != '\n' && c != '\r' && c != '\f' && c != 0x1b || c == 0x7f {
			return true
		}
	}
	return false
}

// maxNest bounds how many encoded messages inside one another the Reader
// decodes (encodedMessage): each has a Reader and buffers of its own.
const maxNest = 4

// encodedMessage starts reading a forwarded message that was sent encoded
// in base64 or quoted-printable, which RFC 2046 §5.2.1 forbids for
// message/rfc822 but RFC 6532 §3.5 allows for message/global, and mail
// clients write for both, and for a .eml attachment: its part's decoded
// body is read by a Reader of its own (childNext). It reports false, the
// message then read as it is written, for any other encoding, or when the
// body's first line is a header field already (Netscape labelled plain
// messages base64).
func (r *Reader) encodedMessage(h header, start Position, path, group string) bool {
	cte := transferEncoding(h.get("Content-Transfer-Encoding"))
	if cte != "base64" && cte != "quoted-printable" || r.nest >= maxNest {
		return false
	}
	if cte == "base64" && looksLikeHeader(r.src.peekLine()) {
		return false
	}
	p := r.newPart(h, start, "message/rfc822", contentType{}, path, group)
	r.startChild(p, p.Body, path)
	return true
}

// A file attached to a mail may hold its links where no text reader sees
// them: a TNEF stream (winmail.dat: Outlook's rich text message and its
// attachments), rich text, a PDF's link annotations, an Office document's
// hyperlinks, the files of a ZIP archive. Phishing sends its link so, in
// an attachment a mail filter reads no text of; such attachments were
// skipped as binary. docKinds are the kinds read for what they hold
// (docPart), in the order they are tried: an Office document is a ZIP
// archive too.
var docKinds = []struct {
	types map[string]bool
	name  func(string) bool
	// sniff, when not nil, must hold for the part's first bytes; when
	// nil, the part must be of an application/ type. No first bytes
	// are asked of a PDF: a reader finds "%PDF-" anywhere in a file's
	// first kilobyte, and phishing puts base64 of its own before it
	// ("ContentDispositioninline..."), for filters to pass over; bytes
	// of another kind hold no link to read.
	sniff func([]byte) bool
	// read returns the MIME message that stands for the part's decoded
	// body.
	read func(io.Reader) io.Reader
}{
	{ // TNEFMessage: the message it holds
		types: map[string]bool{"application/ms-tnef": true, "application/vnd.ms-tnef": true},
		name:  isWinmail,
		sniff: IsTNEF,
		read:  TNEFMessage,
	},
	{ // rtf.Text: read as written, its font tables and Word's XML
		// namespace table gave junk and a namespace's URL, and its escaped
		// characters ("\'e9") were not decoded
		types: map[string]bool{"application/rtf": true, "text/rtf": true, "application/x-rtf": true, "text/richtext+rtf": true},
		name:  func(n string) bool { return hasExt(n, ".rtf") },
		sniff: rtf.Sniff,
		read:  richTextMessage,
	},
	{ // pdf.Links: the targets of its URI actions
		types: map[string]bool{"application/pdf": true, "application/x-pdf": true, "application/acrobat": true},
		name:  func(n string) bool { return hasExt(n, ".pdf") },
		read:  func(r io.Reader) io.Reader { return textMessage("text/plain", pdf.Links(r)) },
	},
	{ // ooxml.Links: the targets of its external relationships, or of an
		// OpenDocument file's links
		types: map[string]bool{
			"application/vnd.openxmlformats-officedocument.wordprocessingml.document":   true,
			"application/vnd.openxmlformats-officedocument.spreadsheetml.sheet":         true,
			"application/vnd.openxmlformats-officedocument.presentationml.presentation": true,
			"application/vnd.ms-word.document.macroenabled.12":                          true,
			"application/vnd.ms-excel.sheet.macroenabled.12":                            true,
			"application/vnd.ms-powerpoint.presentation.macroenabled.12":                true,
			"application/vnd.oasis.opendocument.text":                                   true,
			"application/vnd.oasis.opendocument.spreadsheet":                            true,
			"application/vnd.oasis.opendocument.presentation":                           true,
			"application/vnd.oasis.opendocument.graphics":                               true,
		},
		name: ooxml.IsName,
		read: func(r io.Reader) io.Reader { return textMessage("text/plain", ooxml.Links(r)) },
	},
	{ // zipMessage: its entries, as attachments
		types: map[string]bool{"application/zip": true, "application/x-zip-compressed": true, "application/x-zip": true},
		name:  func(n string) bool { return hasExt(n, ".zip") },
		sniff: zipstream.Sniff,
		read:  zipMessage,
	},
}

// docPart starts reading an attachment of one of docKinds (by its media
// type, or its file's name in its Content-Type or, for
// application/octet-stream, its Content-Disposition) as the message that
// stands for it, by a Reader of its own (childNext). false, the part then
// read as any other, for another part, or past maxNest.
func (r *Reader) docPart(h header, start Position, mediatype string, ct contentType, path, group string) bool {
	if r.nest >= maxNest {
		return false
	}
	var disposed *string // the Content-Disposition's file name, read once if asked
	named := func(name func(string) bool) bool {
		if name(ct.name) {
			return true
		}
		if mediatype != "application/octet-stream" {
			return false
		}
		if disposed == nil {
			n := dispositionName(h.get("Content-Disposition"))
			disposed = &n
		}
		return name(*disposed)
	}
	for _, d := range docKinds {
		if !d.types[mediatype] && !named(d.name) {
			continue
		}
		if d.sniff == nil && !strings.HasPrefix(mediatype, "application/") ||
			d.sniff != nil && !d.sniff(r.firstBytes(transferEncoding(h.get("Content-Transfer-Encoding")))) {
			continue
		}
		// Not a text type: the body is decoded as written (no
		// format=flowed, no HTML).
		p := r.newPart(h, start, "application/octet-stream", contentType{}, path, group)
		r.startChild(p, d.read(p.Body), path)
		return true
	}
	return false
}

// docName reports whether a file named name is one of docKinds by its
// name.
func docName(name string) bool {
	for _, d := range docKinds {
		if d.name(name) {
			return true
		}
	}
	return false
}

// textMessage returns a message of one part of type ctype, in UTF-8,
// whose body is text.
func textMessage(ctype string, text io.Reader) io.Reader {
	return io.MultiReader(strings.NewReader("Content-Type: "+ctype+"; charset=utf-8\r\n\r\n"), text)
}

// richTextMessage returns a message of the text of the rich text r
// (rtfText).
func richTextMessage(r io.Reader) io.Reader { return textMessage(rtfText(r)) }

// hasExt reports whether the file name name ends in ext, in any case.
func hasExt(name, ext string) bool { return strings.EqualFold(path.Ext(strings.TrimSpace(name)), ext) }

// isWinmail reports whether name is a TNEF stream's usual file name.
func isWinmail(name string) bool { return strings.EqualFold(strings.TrimSpace(name), "winmail.dat") }

// dispositionName returns the file name a Content-Disposition value gives
// (RFC 2183 §2.3), or "".
func dispositionName(disposition []byte) string {
	if len(disposition) == 0 {
		return ""
	}
	_, params, err := mime.ParseMediaType(string(disposition))
	if err != nil {
		return ""
	}
	return params["filename"]
}

// startChild has a Reader of its own read the message in body, the
// decoded body of this Reader's part p (childNext).
func (r *Reader) startChild(p *Part, body io.Reader, path string) {
	outer := r
	c := r.spare
	if r.spare = nil; c != nil {
		c.Reset(body) // its buffers kept
	} else {
		c = &Reader{}
		c.src = newSource(body, Position{})
	}
	c.problem = func(pr Problem) {
		pr.Message = outer.msg
		if pr.Part = path + "." + pr.Part; strings.HasSuffix(pr.Part, ".") {
			pr.Part = path
		}
		outer.problem(pr)
	}
	c.within, c.elide, c.mayHold, c.noBulk, c.qpByPiece, c.reuse = r.within, r.elide, r.mayHold, r.noBulk, r.qpByPiece, true
	c.nest = r.nest + 1
	r.child, r.childPart = c, p
}

// childNext returns the next part of the encoded message the child Reader
// reads, as a part of this Reader's message: its path under the
// message's part, its place the encoded part's start (Locate answers it,
// not exact). ok is false once the child has no more; the encoded part's
// body is then passed over to its end.
func (r *Reader) childNext() (*Part, bool) {
	p, err := r.child.Next()
	if err != nil {
		if r.reuse {
			// The caller keeps no Part (ReuseParts): the child's serve
			// the next child.
			r.spare = r.child
		}
		r.child = nil
		r.tellHeld()
		if err != io.EOF {
			// What the part holds could not be read to its end (an
			// archive cut short): the parts before were read.
			r.report(r.childPart.Path, err)
		}
		r.cur, r.curStop = r.childPart.body, false // what the child left unread (Next)
		r.childPart = nil
		return nil, false
	}
	path := r.childPart.Path
	q := r.part(Part{Message: r.msg, MessageID: r.msgID, Subject: r.subject, Path: path + "." + p.Path, Type: p.Type,
		Body: p.Body, Offset: r.childPart.Offset, Line: r.childPart.Line})
	switch p.Group {
	case "":
	case "0":
		q.Group = path
	default:
		q.Group = path + "." + p.Group
	}
	return q, true
}
