package rfc1738

import (
	"errors"
	"strconv"
	"strings"
	"unicode/utf8"
)

// JSONString is a string that JSON-encodes without losing bytes:
// encoding/json turns bytes that are not UTF-8 into U+FFFD, which would
// drop text. Each such byte is written instead as "\udcXX", a lone low
// surrogate holding the byte (the "surrogateescape" convention of
// Python's PEP 383), so that a reader can get the exact bytes back.
type JSONString string

// MarshalJSON writes s as a JSON string, escaping what JSON requires and
// the bytes that are not UTF-8.
func (s JSONString) MarshalJSON() ([]byte, error) {
	return AppendJSONString(make([]byte, 0, len(s)+2), string(s)), nil
}

// AppendJSONString appends s to b as a JSON string, as [JSONString]
// encodes it.
func AppendJSONString(b []byte, s string) []byte {
	const hex = "0123456789abcdef"
	b = append(b, '"')
	for i := 0; i < len(s); {
		// A run of bytes written as they are, at once.
		j := i
		for j < len(s) && jsonPlain[s[j]] {
			j++
		}
		if j > i {
			b = append(b, s[i:j]...)
			if i = j; i == len(s) {
				break
			}
		}
		c := s[i]
		switch {
		case c == '"' || c == '\\':
			b = append(b, '\\', c)
			i++
		case c == '\n':
			b = append(b, '\\', 'n')
			i++
		case c == '\r':
			b = append(b, '\\', 'r')
			i++
		case c == '\t':
			b = append(b, '\\', 't')
			i++
		case c < 0x20 || c == 0x7f:
			b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&15])
			i++
		case c < utf8.RuneSelf:
			b = append(b, c)
			i++
		default:
			r, size := utf8.DecodeRuneInString(s[i:])
			if r == utf8.RuneError && size == 1 {
				b = append(b, '\\', 'u', 'd', 'c', hex[c>>4], hex[c&15])
			} else if r == '\u2028' || r == '\u2029' {
				b = append(b, `\u`+strconv.FormatInt(int64(r), 16)...)
			} else {
				b = append(b, s[i:i+size]...)
			}
			i += size
		}
	}
	return append(b, '"')
}

// jsonPlain says which bytes AppendJSONString writes as they are: ASCII
// but for the control characters, DEL, '"' and the backslash.
var jsonPlain = func() (t [256]bool) {
	for c := 0x20; c < 0x7f; c++ {
		t[c] = c != '"' && c != '\\'
	}
	return t
}()

// Parts is the JSON form of a parse: one flat object with snake_case keys,
// the form urlgrep --parse and --json write (documented in README.md,
// "JSON keys"). A key that does not apply is absent, never null; pointers
// mark the keys whose empty value means something ("user": "" is an empty
// user name, §3.1). Strings are [JSONString]s: no byte of the input is
// lost.
type Parts struct {
	URL         JSONString   `json:"url,omitempty"`
	Raw         JSONString   `json:"raw"`
	Scheme      JSONString   `json:"scheme,omitempty"`
	Valid       bool         `json:"valid"`
	Error       JSONString   `json:"error,omitempty"`
	ErrorOffset *int         `json:"error_offset,omitempty"`
	Warnings    []JSONString `json:"warnings,omitempty"`
	Security    []string     `json:"security,omitempty"`

	User     *JSONString `json:"user,omitempty"`
	Password *JSONString `json:"password,omitempty"`
	Host     *JSONString `json:"host,omitempty"`
	// HostUnicode is the U-label form of an internationalized host, whose
	// "host" is the A-label form (IDNA2008), whichever was written.
	HostUnicode JSONString  `json:"host_unicode,omitempty"`
	Port        *int        `json:"port,omitempty"`
	Path        *JSONString `json:"path,omitempty"`
	Opaque      *JSONString `json:"opaque,omitempty"`
	Fragment    *JSONString `json:"fragment,omitempty"`

	FTPType         JSONString            `json:"ftp_type,omitempty"`
	FTPCommands     []JSONString          `json:"ftp_commands,omitempty"`
	HTTPSearch      *JSONString           `json:"http_search,omitempty"`
	GopherType      JSONString            `json:"gopher_type,omitempty"`
	GopherSelector  *JSONString           `json:"gopher_selector,omitempty"`
	GopherSearch    *JSONString           `json:"gopher_search,omitempty"`
	GopherPlus      *JSONString           `json:"gopher_plus,omitempty"`
	MailtoAddress   JSONString            `json:"mailto_address,omitempty"`
	MailtoHeaders   map[string]JSONString `json:"mailto_headers,omitempty"`
	NewsGroup       JSONString            `json:"news_group,omitempty"`
	NewsArticle     JSONString            `json:"news_article,omitempty"`
	NewsServer      JSONString            `json:"news_server,omitempty"`
	NNTPGroup       JSONString            `json:"nntp_group,omitempty"`
	NNTPArticle     *int64                `json:"nntp_article,omitempty"`
	WAISDatabase    *JSONString           `json:"wais_database,omitempty"`
	WAISSearch      *JSONString           `json:"wais_search,omitempty"`
	WAISType        *JSONString           `json:"wais_type,omitempty"`
	WAISPath        *JSONString           `json:"wais_path,omitempty"`
	FileLocal       *bool                 `json:"file_local,omitempty"`
	ProsperoHSOName *JSONString           `json:"prospero_hsoname,omitempty"`
	ProsperoFields  map[string]JSONString `json:"prospero_fields,omitempty"`
}

func ptr[T any](v T) *T { return &v }

func jptr(s string) *JSONString { v := JSONString(s); return &v }

// NewParts describes the result of parsing raw: u may be nil (the generic
// syntax failed) or set beside err (the scheme's grammar failed). With
// redact, the password is "xxxxx" wherever it would show (raw, url,
// password, the error's quote of the input), §6; the error's offset then
// counts in the redacted input.
func NewParts(raw string, u *URL, err error, redact bool) Parts {
	p := Parts{Raw: JSONString(raw), Valid: err == nil}
	start, end, hasPass := passwordSpan(raw, u)
	if redact && hasPass {
		p.Raw = JSONString(raw[:start] + redactedPassword + raw[end:])
	}
	if err != nil {
		p.Error = JSONString(err.Error())
		var perr *Error
		if errors.As(err, &perr) {
			p.ErrorOffset = ptr(perr.Offset)
			if redact && hasPass {
				e := perr.redacted(start, end)
				p.Error, p.ErrorOffset = JSONString(e.Error()), ptr(e.Offset)
			}
		}
	}
	if u == nil {
		return p
	}
	p.URL = JSONString(u.String())
	if redact {
		p.URL = JSONString(u.Redacted())
	}
	p.Scheme = JSONString(u.Scheme)
	for _, w := range u.Warnings {
		p.Warnings = append(p.Warnings, JSONString(w.String()))
	}
	for _, n := range u.Notes {
		p.Security = append(p.Security, n.String())
	}
	if u.Internet {
		if u.HasUser {
			p.User = jptr(u.User)
		}
		if u.HasPassword {
			p.Password = jptr(u.Password)
			if redact {
				p.Password = jptr("xxxxx")
			}
		}
		p.Host = jptr(u.Host)
		p.HostUnicode = JSONString(u.HostUnicode)
		if port := u.EffectivePort(); u.HasPort || port != 0 {
			p.Port = ptr(port)
		}
		if u.HasSlash || u.Path != "" {
			p.Path = jptr(u.EscapedPath())
		}
	} else {
		p.Opaque = jptr(u.Opaque)
	}
	if u.HasFragment {
		p.Fragment = jptr(u.Fragment)
	}
	switch {
	case u.FTP != nil:
		if u.FTP.Type != 0 {
			p.FTPType = JSONString(rune(u.FTP.Type))
		}
		for _, c := range u.FTP.Commands() {
			p.FTPCommands = append(p.FTPCommands, JSONString(c))
		}
	case u.HTTP != nil:
		if u.HTTP.HasSearch {
			p.HTTPSearch = jptr(u.HTTP.Search)
		}
	case u.Gopher != nil:
		g := u.Gopher
		p.GopherType = JSONString([]byte{g.Type})
		p.GopherSelector = jptr(g.Selector)
		if g.HasSearch {
			p.GopherSearch = jptr(g.Search)
		}
		if g.HasPlus {
			p.GopherPlus = jptr(g.Plus)
		}
	case u.Mailto != nil:
		p.MailtoAddress = JSONString(u.Mailto.Address)
		p.MailtoHeaders = fieldMap(u.Mailto.Headers)
	case u.News != nil:
		p.NewsGroup, p.NewsArticle, p.NewsServer = JSONString(u.News.Group), JSONString(u.News.Article), JSONString(u.News.Server)
	case u.NNTP != nil:
		p.NNTPGroup = JSONString(u.NNTP.Group)
		if u.NNTP.HasArticle {
			p.NNTPArticle = ptr(u.NNTP.Article)
		}
	case u.WAIS != nil:
		w := u.WAIS
		p.WAISDatabase = jptr(w.Database)
		if w.HasSearch {
			p.WAISSearch = jptr(w.Search)
		}
		if w.IsDoc {
			p.WAISType, p.WAISPath = jptr(w.Type), jptr(w.Path)
		}
	case u.File != nil:
		p.FileLocal = ptr(u.File.Local)
	case u.Prospero != nil:
		p.ProsperoHSOName = jptr(u.Prospero.HSOName)
		p.ProsperoFields = fieldMap(u.Prospero.Fields)
	}
	return p
}

// fieldMap turns fields into a JSON object; a later field of the same name
// wins, as with repeated query parameters.
func fieldMap(fs []Field) map[string]JSONString {
	if len(fs) == 0 {
		return nil
	}
	m := make(map[string]JSONString, len(fs))
	for _, f := range fs {
		m[f.Name] = JSONString(f.Value)
	}
	return m
}

// redactedPassword replaces a password wherever urlgrep shows one (§6:
// "the password ... should not be displayed").
const redactedPassword = "xxxxx"

// PasswordSpan returns where the password is in the text given to Parse,
// as written (encoded): raw[start:end], for "user:password@host" (§3.1);
// ok is false when the URL has none.
func (u *URL) PasswordSpan() (start, end int, ok bool) {
	return u.passStart, u.passEnd, u.HasPassword
}

// RedactInput returns the text given to Parse with its password replaced
// by "xxxxx" (§6), or the text itself when the URL has no password.
// [URL.Redacted] is the canonical form with the password replaced.
func (u *URL) RedactInput() string {
	if !u.HasPassword {
		return u.raw
	}
	return u.raw[:u.passStart] + redactedPassword + u.raw[u.passEnd:]
}

// RedactRaw returns raw, a URL as it appeared in a text (u its parse,
// nil when unknown), with its password replaced by "xxxxx" (§6): where
// the parser found it when raw is what it parsed, else where the text
// alone puts one (see passwordSpan). It is how urlgrep hides passwords in
// the lines it shows around URLs.
func RedactRaw(raw string, u *URL) string {
	start, end, ok := passwordSpan(raw, u)
	if !ok {
		return raw
	}
	return raw[:start] + redactedPassword + raw[end:]
}

// passwordSpan locates the password in raw: where the parser found it
// when raw is what it parsed; otherwise (the generic syntax failed, or raw
// is the URL as it appeared, broken across lines) where the text alone
// puts one, between the first ":" of the authority and its last "@", so
// that nothing that looks like a password gets out.
func passwordSpan(raw string, u *URL) (start, end int, ok bool) {
	if u != nil {
		if u.raw == raw || !u.HasPassword {
			return u.passStart, u.passEnd, u.HasPassword
		}
		// raw is the URL as it appeared (line breaks, a wrapper's quote
		// prefixes): the parser's offsets do not apply, the text's do.
	}
	i := strings.Index(raw, "//")
	if i < 0 {
		return 0, 0, false
	}
	auth := raw[i+2:]
	if j := strings.IndexAny(auth, "/?#"); j >= 0 {
		auth = auth[:j]
	}
	at := strings.LastIndexByte(auth, '@')
	colon := strings.IndexByte(auth, ':')
	if at < 0 || colon < 0 || colon > at {
		return 0, 0, false
	}
	return i + 2 + colon + 1, i + 2 + at, true
}

// redacted returns e for the input with raw[start:end], its password,
// replaced by "xxxxx": the offset moves with the text after the password,
// and an offending byte inside the password is pointed at as the start of
// "xxxxx", without quoting it.
func (e *Error) redacted(start, end int) *Error {
	r := *e
	r.URL = e.URL[:start] + redactedPassword + e.URL[end:]
	switch {
	case e.Offset >= end:
		r.Offset = e.Offset - (end - start) + len(redactedPassword)
	case e.Offset >= start:
		r.Offset, r.Err = start, errors.New(strings.TrimSuffix(e.Err.Error(), ".")+" (in the password)")
	}
	return &r
}
