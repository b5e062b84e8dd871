package rfc1738

import (
	"slices"
	"strconv"
	"unicode/utf8"
)

// JSONObject writes a JSON object's members one after another into B,
// with the comma between two: what encoding/json writes for a struct of
// such members, without reflection or a MarshalJSON call for each
// string (urlgrep --json spent 45% of its time in encoding/json, over
// the RFC archive's 105,781 URLs). [Parts.AppendJSON] writes with it,
// and urlgrep's record of a URL found, whose members come before a
// Parts's.
type JSONObject struct {
	B []byte
	n int // members written
}

// Key writes the name of the next member, and its colon.
func (o *JSONObject) Key(name string) {
	if o.n > 0 {
		o.B = append(o.B, ',')
	}
	o.n++
	o.B = append(o.B, '"')
	o.B = append(o.B, name...)
	o.B = append(o.B, '"', ':')
}

// String writes a member whose value is s, as a [JSONString].
func (o *JSONObject) String(name, s string) {
	o.Key(name)
	o.B = AppendJSONString(o.B, s)
}

// Plain writes a member whose value is s as encoding/json writes a Go
// string (not a [JSONString]: a byte that is not UTF-8 becomes U+FFFD).
func (o *JSONObject) Plain(name, s string) {
	o.Key(name)
	o.B = appendPlainString(o.B, s)
}

// OmitEmpty writes a member whose value is s, unless s is empty
// (encoding/json's omitempty).
func (o *JSONObject) OmitEmpty(name string, s JSONString) {
	if s != "" {
		o.String(name, string(s))
	}
}

// StringPtr writes a member whose value is *s, unless s is nil.
func (o *JSONObject) StringPtr(name string, s *JSONString) {
	if s != nil {
		o.String(name, string(*s))
	}
}

// Strings writes a member whose value is an array of ss, unless it is
// empty.
func (o *JSONObject) Strings(name string, ss []JSONString) {
	appendArray(o, name, ss, AppendJSONString)
}

// appendArray writes a member whose value is an array of ss, each
// written by one, unless ss is empty.
func appendArray[S ~string](o *JSONObject, name string, ss []S, one func([]byte, string) []byte) {
	if len(ss) == 0 {
		return
	}
	o.Key(name)
	o.B = append(o.B, '[')
	for i, s := range ss {
		if i > 0 {
			o.B = append(o.B, ',')
		}
		o.B = one(o.B, string(s))
	}
	o.B = append(o.B, ']')
}

// Int writes a member whose value is n.
func (o *JSONObject) Int(name string, n int64) {
	o.Key(name)
	o.B = strconv.AppendInt(o.B, n, 10)
}

// Bool writes a member whose value is v.
func (o *JSONObject) Bool(name string, v bool) {
	o.Key(name)
	o.B = strconv.AppendBool(o.B, v)
}

// Map writes a member whose value is an object of m, its keys in order,
// unless m is empty; a key is written as encoding/json writes a Go
// string (appendPlainString).
func (o *JSONObject) Map(name string, m map[string]JSONString) {
	if len(m) == 0 {
		return
	}
	o.Key(name)
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	o.B = append(o.B, '{')
	for i, k := range keys {
		if i > 0 {
			o.B = append(o.B, ',')
		}
		o.B = appendPlainString(o.B, k)
		o.B = append(o.B, ':')
		o.B = AppendJSONString(o.B, string(m[k]))
	}
	o.B = append(o.B, '}')
}

// appendPlainString appends s as encoding/json writes a Go string with
// HTML escaping off: bytes that are not UTF-8 as U+FFFD, the control
// characters escaped (\b, \f, \n, \r, \t by name), U+2028 and U+2029
// escaped. Parts.Security's notes and the keys of a map are such strings.
func appendPlainString(b []byte, s string) []byte {
	const hex = "0123456789abcdef"
	b = append(b, '"')
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			switch {
			case c == '"' || c == '\\':
				b = append(b, '\\', c)
			case c == '\b':
				b = append(b, '\\', 'b')
			case c == '\f':
				b = append(b, '\\', 'f')
			case c == '\n':
				b = append(b, '\\', 'n')
			case c == '\r':
				b = append(b, '\\', 'r')
			case c == '\t':
				b = append(b, '\\', 't')
			case c < 0x20:
				b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&15])
			default:
				b = append(b, c)
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			b = append(b, `\ufffd`...)
		case r == '\u2028' || r == '\u2029':
			b = append(b, '\\', 'u', '2', '0', '2', hex[r&15])
		default:
			b = append(b, s[i:i+size]...)
		}
		i += size
	}
	return append(b, '"')
}

// AppendJSON appends p as a JSON object: byte for byte what encoding/json
// writes for it with HTML escaping off (json.Encoder.SetEscapeHTML), less
// the Encoder's newline (TestAppendJSON).
func (p *Parts) AppendJSON(b []byte) []byte {
	o := JSONObject{B: append(b, '{')}
	p.AppendMembers(&o)
	return append(o.B, '}')
}

// AppendMembers writes p's members into o, in the order of Parts's
// fields, as encoding/json writes them where a struct embeds a Parts.
func (p *Parts) AppendMembers(o *JSONObject) {
	o.OmitEmpty("url", p.URL)
	o.String("raw", string(p.Raw))
	o.OmitEmpty("scheme", p.Scheme)
	o.Bool("valid", p.Valid)
	o.OmitEmpty("error", p.Error)
	if p.ErrorOffset != nil {
		o.Int("error_offset", int64(*p.ErrorOffset))
	}
	o.Strings("warnings", p.Warnings)
	appendArray(o, "security", p.Security, appendPlainString)
	o.StringPtr("user", p.User)
	o.StringPtr("password", p.Password)
	o.StringPtr("host", p.Host)
	o.OmitEmpty("host_unicode", p.HostUnicode)
	if p.Port != nil {
		o.Int("port", int64(*p.Port))
	}
	o.StringPtr("path", p.Path)
	o.StringPtr("opaque", p.Opaque)
	o.StringPtr("fragment", p.Fragment)
	o.OmitEmpty("ftp_type", p.FTPType)
	o.Strings("ftp_commands", p.FTPCommands)
	o.StringPtr("http_search", p.HTTPSearch)
	o.OmitEmpty("gopher_type", p.GopherType)
	o.StringPtr("gopher_selector", p.GopherSelector)
	o.StringPtr("gopher_search", p.GopherSearch)
	o.StringPtr("gopher_plus", p.GopherPlus)
	o.OmitEmpty("mailto_address", p.MailtoAddress)
	o.Map("mailto_headers", p.MailtoHeaders)
	o.OmitEmpty("news_group", p.NewsGroup)
	o.OmitEmpty("news_article", p.NewsArticle)
	o.OmitEmpty("news_server", p.NewsServer)
	o.OmitEmpty("nntp_group", p.NNTPGroup)
	if p.NNTPArticle != nil {
		o.Int("nntp_article", *p.NNTPArticle)
	}
	o.StringPtr("wais_database", p.WAISDatabase)
	o.StringPtr("wais_search", p.WAISSearch)
	o.StringPtr("wais_type", p.WAISType)
	o.StringPtr("wais_path", p.WAISPath)
	if p.FileLocal != nil {
		o.Bool("file_local", *p.FileLocal)
	}
	o.StringPtr("prospero_hsoname", p.ProsperoHSOName)
	o.Map("prospero_fields", p.ProsperoFields)
}
