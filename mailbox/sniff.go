package mailbox

import "bytes"

// mailHeaders are header names that, at the top of a file, say it is a
// message or a news article (RFC 5322 §3.6, RFC 5536 §3): a message's
// originator and date, its trace and id, MIME's version, news's fields.
// Subject, To and the like are not enough: prose starts "Title:",
// "Subject:", "Source:" too.
var mailHeaders = []string{"return-path", "received", "from", "date", "message-id", "mime-version",
	"delivered-to", "sender", "path", "newsgroups", "xref", "article-i.d."}

// Sniff reports whether data, the first bytes of an input, look like mail:
// an mbox's "From " line (with its date: prose that starts with "From " is
// not mail), an MMDF mailbox's line of four ^A, a news batch's "#! rnews"
// line, a calendar's or vCard's first line (cardType), or a header block that starts with the fields of a message
// or a news article: at least two fields, one of them a real mail header
// (mailHeaders), before anything else, or after the line of an Apple Mail
// .emlx file's length (emlxCount).
func Sniff(data []byte) bool {
	data = bytes.TrimPrefix(data, []byte(bom)) // as the Reader skips it
	if isFromLine(data) || (isMMDFLine(data) || isRnewsLine(data) || cardType(data) != "") && bytes.IndexByte(data, '\n') >= 0 ||
		isBabyl(data) && babylOptionsEnd(data) >= 0 {
		return true
	}
	if _, line, ok := emlxCount(data); ok {
		data = data[line:] // an Apple Mail .emlx file: its message follows
	}
	fields, known := 0, false
	for len(data) > 0 {
		line := data
		i := bytes.IndexByte(data, '\n')
		if i < 0 {
			break // an unfinished line: decide on what is complete
		}
		line, data = data[:i], data[i+1:]
		line = bytes.TrimSuffix(line, []byte{'\r'})
		if len(line) == 0 {
			break
		}
		if line[0] == ' ' || line[0] == '\t' {
			if fields == 0 {
				return false
			}
			continue
		}
		colon := bytes.IndexByte(line, ':')
		if colon <= 0 || !looksLikeHeader(line) {
			return false
		}
		if isMailHeader(line[:colon]) {
			known = true
		}
		fields++
	}
	return fields >= 2 && known
}

// isMailHeader reports whether name, a field's name as written, is one
// of mailHeaders. It compares, not lowers: a copy a field, for each file.
func isMailHeader(name []byte) bool {
	for _, h := range mailHeaders {
		if len(name) == len(h) && bytes.EqualFold(name, []byte(h)) {
			return true
		}
	}
	return false
}

// looksLikeHeader reports whether b starts with a header field,
// "name:" with no space in the name.
func looksLikeHeader(b []byte) bool {
	if i := bytes.IndexByte(b, '\n'); i >= 0 {
		b = b[:i]
	}
	colon := bytes.IndexByte(b, ':')
	return colon > 0 && !bytes.ContainsAny(b[:colon], " \t")
}

// cardType returns the media type of a file whose first line, b's, opens
// an iCalendar object ("BEGIN:VCALENDAR", RFC 5545 §3.4; a .ics file, a
// calendar's export) or a vCard ("BEGIN:VCARD", RFC 6350 §3.1; a .vcf
// file), or "". Such a file is read as one part of that type, its folded
// lines unfolded (body.unfoldLine), as a mail's invitation is.
func cardType(b []byte) string {
	b = bytes.TrimPrefix(b, []byte(bom))
	if i := bytes.IndexByte(b, '\n'); i >= 0 {
		b = b[:i]
	}
	switch line := bytes.TrimRight(b, " \t\r"); {
	case bytes.EqualFold(line, []byte("BEGIN:VCALENDAR")):
		return "text/calendar"
	case bytes.EqualFold(line, []byte("BEGIN:VCARD")):
		return "text/vcard"
	}
	return ""
}
