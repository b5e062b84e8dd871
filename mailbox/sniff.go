package mailbox

import "bytes"

// mailHeaders are header names that, at the top of a file, say it is a
// message or a news article (RFC 5322, RFC 5536).
var mailHeaders = []string{"return-path", "received", "from", "to", "cc", "subject", "date",
	"message-id", "mime-version", "delivered-to", "reply-to", "sender", "path", "newsgroups",
	"x-mailer", "user-agent", "content-type", "references", "in-reply-to", "organization", "xref"}

// Sniff reports whether data, the first bytes of an input, look like mail:
// an mbox's "From " line (with its date: prose that starts with "From " is
// not mail), or a header block that starts with the fields of
// a message or a news article (at least two fields, one of them a mail
// header, before anything else).
func Sniff(data []byte) bool {
	if isFromLine(data) {
		return true
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
		name := bytes.ToLower(line[:colon])
		for _, h := range mailHeaders {
			if string(name) == h {
				known = true
			}
		}
		fields++
	}
	return fields >= 2 && known
}
