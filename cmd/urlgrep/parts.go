package main

import (
	"errors"

	"github.com/urlgrep/urlgrep/rfc1738"
)

// parts is the JSON form of a parsed URL: one flat object with snake_case
// keys (documented in README.md, "JSON keys"). A key that does not apply is
// absent, never null; pointers mark the keys whose empty value means
// something ("user": "" is an empty user name, §3.1).
type parts struct {
	URL         jstr     `json:"url,omitempty"`
	Raw         jstr     `json:"raw"`
	Scheme      jstr     `json:"scheme,omitempty"`
	Valid       bool     `json:"valid"`
	Error       jstr     `json:"error,omitempty"`
	ErrorOffset *int     `json:"error_offset,omitempty"`
	Warnings    []jstr   `json:"warnings,omitempty"`
	Security    []string `json:"security,omitempty"`

	User     *jstr `json:"user,omitempty"`
	Password *jstr `json:"password,omitempty"`
	Host     *jstr `json:"host,omitempty"`
	Port     *int  `json:"port,omitempty"`
	Path     *jstr `json:"path,omitempty"`
	Opaque   *jstr `json:"opaque,omitempty"`
	Fragment *jstr `json:"fragment,omitempty"`

	FTPType         jstr            `json:"ftp_type,omitempty"`
	FTPCommands     []jstr          `json:"ftp_commands,omitempty"`
	HTTPSearch      *jstr           `json:"http_search,omitempty"`
	GopherType      jstr            `json:"gopher_type,omitempty"`
	GopherSelector  *jstr           `json:"gopher_selector,omitempty"`
	GopherSearch    *jstr           `json:"gopher_search,omitempty"`
	GopherPlus      *jstr           `json:"gopher_plus,omitempty"`
	MailtoAddress   jstr            `json:"mailto_address,omitempty"`
	MailtoHeaders   map[string]jstr `json:"mailto_headers,omitempty"`
	NewsGroup       jstr            `json:"news_group,omitempty"`
	NewsArticle     jstr            `json:"news_article,omitempty"`
	NNTPGroup       jstr            `json:"nntp_group,omitempty"`
	NNTPArticle     *int64          `json:"nntp_article,omitempty"`
	WAISDatabase    *jstr           `json:"wais_database,omitempty"`
	WAISSearch      *jstr           `json:"wais_search,omitempty"`
	WAISType        *jstr           `json:"wais_type,omitempty"`
	WAISPath        *jstr           `json:"wais_path,omitempty"`
	FileLocal       *bool           `json:"file_local,omitempty"`
	ProsperoHSOName *jstr           `json:"prospero_hsoname,omitempty"`
	ProsperoFields  map[string]jstr `json:"prospero_fields,omitempty"`
}

func ptr[T any](v T) *T { return &v }

func jptr(s string) *jstr { v := jstr(s); return &v }

// partsOf describes the result of parsing raw: u may be nil (the generic
// syntax failed) or set beside err (the scheme's grammar failed).
func partsOf(raw string, u *rfc1738.URL, err error, redact bool) parts {
	p := parts{Raw: jstr(raw), Valid: err == nil}
	if redact {
		p.Raw = jstr(redactText(raw, u))
	}
	if err != nil {
		p.Error = jstr(err.Error())
		var perr *rfc1738.Error
		if errors.As(err, &perr) {
			p.ErrorOffset = ptr(perr.Offset)
			if redact {
				// The error quotes the input: hide the password there too.
				e := *perr
				e.URL = redactText(e.URL, u)
				p.Error = jstr(e.Error())
			}
		}
	}
	if u == nil {
		return p
	}
	p.URL = jstr(u.String())
	if redact {
		p.URL = jstr(u.Redacted())
	}
	p.Scheme = jstr(u.Scheme)
	for _, w := range u.Warnings {
		p.Warnings = append(p.Warnings, jstr(w.String()))
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
			p.FTPType = jstr(rune(u.FTP.Type))
		}
		for _, c := range u.FTP.Commands() {
			p.FTPCommands = append(p.FTPCommands, jstr(c))
		}
	case u.HTTP != nil:
		if u.HTTP.HasSearch {
			p.HTTPSearch = jptr(u.HTTP.Search)
		}
	case u.Gopher != nil:
		g := u.Gopher
		p.GopherType = jstr([]byte{g.Type})
		p.GopherSelector = jptr(g.Selector)
		if g.HasSearch {
			p.GopherSearch = jptr(g.Search)
		}
		if g.HasPlus {
			p.GopherPlus = jptr(g.Plus)
		}
	case u.Mailto != nil:
		p.MailtoAddress = jstr(u.Mailto.Address)
		p.MailtoHeaders = fieldMap(u.Mailto.Headers)
	case u.News != nil:
		p.NewsGroup, p.NewsArticle = jstr(u.News.Group), jstr(u.News.Article)
	case u.NNTP != nil:
		p.NNTPGroup = jstr(u.NNTP.Group)
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
func fieldMap(fs []rfc1738.Field) map[string]jstr {
	if len(fs) == 0 {
		return nil
	}
	m := make(map[string]jstr, len(fs))
	for _, f := range fs {
		m[f.Name] = jstr(f.Value)
	}
	return m
}
