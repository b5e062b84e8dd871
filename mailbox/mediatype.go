package mailbox

import (
	"bytes"
	"mime"
	"strings"
	"unicode"
	"unicode/utf8"
	"unsafe"
)

// contentType is what a Content-Type field says that the Reader reads:
// the media type, in lower case, and the parameters it uses. The
// parameters may be views of the header they were read from, valid until
// the next readHeader: what outlives that is copied.
type contentType struct {
	mediatype                        string
	boundary, charset, format, delsp string
	name                             string // a file's name (readAs)
}

// parseContentType reads a Content-Type value (RFC 2045 §5.1) exactly as
// mime.ParseMediaType does (the same media type, parameters and errors:
// on an error the parameters are empty, and the media type is kept for
// mime.ErrInvalidMediaParameter only). The common shapes (a type,
// parameters as tokens or quoted strings without escapes, in ASCII, no
// RFC 2231 continuations, no name twice) are read without allocating; the
// others go to mime.ParseMediaType.
func parseContentType(v []byte) (contentType, error) {
	if ct, ok := fastContentType(v); ok {
		return ct, nil
	}
	mt, params, err := mime.ParseMediaType(string(v))
	return contentType{mediatype: mt, boundary: params["boundary"], charset: params["charset"],
		format: params["format"], delsp: params["delsp"], name: params["name"]}, err
}

// fastContentType is parseContentType for the common shapes; ok is false
// for anything else, which mime.ParseMediaType then reads.
func fastContentType(v []byte) (ct contentType, ok bool) {
	i, n := 0, len(v)
	skipSpace := func() {
		for i < n && v[i] < 0x80 && asciiSpace[v[i]] {
			i++
		}
	}
	token := func() []byte {
		j := i
		for i < n && tokenByte[v[i]] {
			i++
		}
		return v[j:i]
	}
	skipSpace()
	start := i
	if len(token()) == 0 || i == n || v[i] != '/' {
		return ct, false // no type, or no subtype (read by ParseMediaType)
	}
	i++
	if len(token()) == 0 {
		return ct, false
	}
	mt := v[start:i]
	skipSpace()
	var names [8][]byte
	seen := 0
	for i < n {
		if v[i] != ';' {
			return ct, false
		}
		i++
		skipSpace()
		if i == n {
			break // a trailing ";", ignored
		}
		name := token()
		if len(name) == 0 || bytes.IndexByte(name, '*') >= 0 || seen == len(names) {
			return ct, false
		}
		for _, s := range names[:seen] {
			if bytes.EqualFold(s, name) {
				return ct, false // a name twice: an error unless the values agree
			}
		}
		names[seen] = name
		seen++
		skipSpace()
		if i == n || v[i] != '=' {
			return ct, false
		}
		i++
		skipSpace()
		var value []byte
		if i < n && v[i] == '"' {
			i++
			j := i
			for i < n && v[i] != '"' {
				if c := v[i]; c == '\\' || c < 0x20 || c >= 0x7f {
					return ct, false
				}
				i++
			}
			if i == n {
				return ct, false
			}
			value = v[j:i]
			i++
		} else if value = token(); len(value) == 0 {
			return ct, false
		}
		skipSpace()
		if p := ct.param(name); p != nil {
			*p = view(value)
		}
	}
	ct.mediatype = mediaTypeString(mt)
	return ct, true
}

// param returns the field of ct that holds the parameter named name (case
// ignored), or nil for a parameter the Reader does not use.
func (ct *contentType) param(name []byte) *string {
	switch {
	case bytes.EqualFold(name, []byte("boundary")):
		return &ct.boundary
	case bytes.EqualFold(name, []byte("charset")):
		return &ct.charset
	case bytes.EqualFold(name, []byte("format")):
		return &ct.format
	case bytes.EqualFold(name, []byte("delsp")):
		return &ct.delsp
	case bytes.EqualFold(name, []byte("name")):
		return &ct.name
	}
	return nil
}

// view returns b's bytes as a string, without copying: valid as long as
// b's are left as they are.
func view(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	return unsafe.String(&b[0], len(b))
}

// commonMediaTypes are the media types mail names most, in lower case:
// mediaTypeString gives these strings for them instead of new ones.
var commonMediaTypes = []string{"text/plain", "text/html", "multipart/alternative", "multipart/mixed",
	"multipart/related", "multipart/signed", "multipart/report", "message/rfc822", "message/delivery-status",
	"application/octet-stream", "application/pdf", "application/pgp-signature", "image/jpeg", "image/gif", "image/png"}

// mediaTypeString returns mt, a type and subtype of token bytes, in lower
// case, as a string of its own.
func mediaTypeString(mt []byte) string {
	for _, s := range commonMediaTypes {
		if bytes.EqualFold(mt, []byte(s)) {
			return s
		}
	}
	return string(bytes.ToLower(mt))
}

// tspecials are RFC 2045's (§5.1).
const tspecials = `()<>@,;:\"/[]?=`

// tokenByte is true for the bytes of an RFC 2045 token: ASCII but space,
// controls and tspecials.
var tokenByte = func() (t [256]bool) {
	for c := 0x21; c < 0x7f; c++ {
		t[c] = strings.IndexByte(tspecials, byte(c)) < 0
	}
	return t
}()

// salvageType returns the media type of v, a Content-Type value that
// mime.ParseMediaType refused, as mail readers read it (mutt, for one): a
// type and a subtype, tokens, in lower case, up to white space or ";",
// whatever follows them. It returns "" when v starts with none.
func salvageType(v []byte) string {
	v = bytes.TrimLeftFunc(v, unicode.IsSpace) // as ParseMediaType trims
	i := 0
	for i < len(v) && tokenByte[v[i]] {
		i++
	}
	if i == 0 || i == len(v) || v[i] != '/' {
		return ""
	}
	j := i + 1
	for j < len(v) && tokenByte[v[j]] {
		j++
	}
	if j == i+1 {
		return ""
	}
	if r, _ := utf8.DecodeRune(v[j:]); j < len(v) && v[j] != ';' && !unicode.IsSpace(r) {
		return ""
	}
	return mediaTypeString(v[:j])
}

// salvageParams reads the parameters this package uses from v, a
// Content-Type value whose parameters mime.ParseMediaType refused
// (mime.ErrInvalidMediaParameter), as mail readers read them: each
// "name=value" between semicolons, the value quoted or else everything
// up to the next semicolon, spaces around it dropped. Real mail breaks
// RFC 2045 §5.1 there: Outlook-style boundaries left unquoted with their
// "=" ("boundary=----=_NextPart_000_0023_08_E8CD50F3.4EF2F754"), names
// with spaces or 8-bit bytes unquoted ("name=This is a test.txt"), runs
// of ";" that spam adds. Losing the boundary reads a whole multipart,
// attachments and quoted-printable included, as one text; losing the
// charset reads a part as bytes. Only the first value of each name is
// kept. The strings are views of v, as fastContentType's are.
func salvageParams(v []byte) contentType {
	var ct contentType
	i := bytes.IndexByte(v, ';')
	for i >= 0 && i < len(v) {
		i++ // past the ';'
		j := i
		for j < len(v) && v[j] != '=' && v[j] != ';' {
			j++
		}
		if j == len(v) || v[j] == ';' {
			i = j // no value: "; ;", a bare word
			continue
		}
		name := bytes.TrimSpace(v[i:j])
		k := len(v) - len(bytes.TrimLeftFunc(v[j+1:], unicode.IsSpace)) // as ParseMediaType trims
		var value []byte
		if k < len(v) && v[k] == '"' {
			value, k = quotedValue(v, k+1)
		} else {
			end := k
			for end < len(v) && v[end] != ';' {
				end++
			}
			value, k = bytes.TrimSpace(v[k:end]), end
		}
		if p := ct.param(name); p != nil && *p == "" {
			*p = view(value)
		}
		i = k
		for i < len(v) && v[i] != ';' {
			i++ // what follows a quoted value, up to the next ';'
		}
	}
	return ct
}

// quotedValue returns the quoted string that starts at v[i], just past
// its opening quote: its bytes up to the closing quote (or the end of v),
// with RFC 822's quoted pairs ("\x") undone where x is a tspecial, and
// the index past the closing quote. The bytes are v's own when no
// backslash is in them.
func quotedValue(v []byte, i int) ([]byte, int) {
	j := i
	for j < len(v) && v[j] != '"' && v[j] != '\\' {
		j++
	}
	if j == len(v) || v[j] == '"' {
		return v[i:j], min(j+1, len(v))
	}
	var b []byte
	b = append(b, v[i:j]...)
	for ; j < len(v) && v[j] != '"'; j++ {
		// A backslash escapes a tspecial only, as ParseMediaType reads it
		// (a Windows path's are its own: "C:\dev\a.txt").
		if v[j] == '\\' && j+1 < len(v) && strings.IndexByte(tspecials, v[j+1]) >= 0 {
			j++
		}
		b = append(b, v[j])
	}
	return b, min(j+1, len(v))
}

// transferEncodings are the Content-Transfer-Encoding values mail has
// (RFC 2045 §6.1), as transferEncoding returns them.
var transferEncodings = [...]string{"7bit", "8bit", "quoted-printable", "base64", "binary"}

// transferEncoding returns the mechanism a Content-Transfer-Encoding value
// names (RFC 2045 §6.1), in lower case, as mail readers take it: the
// first word, a comment or parameters after it dropped ("quoted-printable;",
// "base64 (MIME)"), and "quoted printable" or "quoted_printable", which
// senders write, read as "quoted-printable".
func transferEncoding(v []byte) string {
	v = bytes.TrimSpace(v)
	if i := bytes.IndexAny(v, ";("); i >= 0 {
		v = bytes.TrimSpace(v[:i])
	}
	for _, name := range transferEncodings {
		if bytes.EqualFold(v, []byte(name)) {
			return name // the names mail has: no copy, a part after a part
		}
	}
	s := string(bytes.ToLower(v))
	switch s {
	case "quoted printable", "quoted_printable":
		return "quoted-printable"
	}
	if i := strings.IndexAny(s, " \t"); i >= 0 {
		s = s[:i]
	}
	return s
}
