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
	URL         string   `json:"url,omitempty"`
	Raw         string   `json:"raw"`
	Scheme      string   `json:"scheme,omitempty"`
	Valid       bool     `json:"valid"`
	Error       string   `json:"error,omitempty"`
	ErrorOffset *int     `json:"error_offset,omitempty"`
	Warnings    []string `json:"warnings,omitempty"`
	Security    []string `json:"security,omitempty"`

	User     *string `json:"user,omitempty"`
	Password *string `json:"password,omitempty"`
	Host     *string `json:"host,omitempty"`
	Port     *int    `json:"port,omitempty"`
	Path     *string `json:"path,omitempty"`
	Opaque   *string `json:"opaque,omitempty"`
	Fragment *string `json:"fragment,omitempty"`

	FTPType         string            `json:"ftp_type,omitempty"`
	FTPCommands     []string          `json:"ftp_commands,omitempty"`
	HTTPSearch      *string           `json:"http_search,omitempty"`
	GopherType      string            `json:"gopher_type,omitempty"`
	GopherSelector  *string           `json:"gopher_selector,omitempty"`
	GopherSearch    *string           `json:"gopher_search,omitempty"`
	GopherPlus      *string           `json:"gopher_plus,omitempty"`
	MailtoAddress   string            `json:"mailto_address,omitempty"`
	MailtoHeaders   map[string]string `json:"mailto_headers,omitempty"`
	NewsGroup       string            `json:"news_group,omitempty"`
	NewsArticle     string            `json:"news_article,omitempty"`
	NNTPGroup       string            `json:"nntp_group,omitempty"`
	NNTPArticle     *int64            `json:"nntp_article,omitempty"`
	WAISDatabase    *string           `json:"wais_database,omitempty"`
	WAISSearch      *string           `json:"wais_search,omitempty"`
	WAISType        *string           `json:"wais_type,omitempty"`
	WAISPath        *string           `json:"wais_path,omitempty"`
	FileLocal       *bool             `json:"file_local,omitempty"`
	ProsperoHSOName *string           `json:"prospero_hsoname,omitempty"`
	ProsperoFields  map[string]string `json:"prospero_fields,omitempty"`
}

func ptr[T any](v T) *T { return &v }

// partsOf describes the result of parsing raw: u may be nil (the generic
// syntax failed) or set beside err (the scheme's grammar failed).
func partsOf(raw string, u *rfc1738.URL, err error, redact bool) parts {
	p := parts{Raw: raw, Valid: err == nil}
	if err != nil {
		p.Error = err.Error()
		var perr *rfc1738.Error
		if errors.As(err, &perr) {
			p.ErrorOffset = ptr(perr.Offset)
		}
	}
	if u == nil {
		return p
	}
	p.URL = u.String()
	if redact {
		p.URL = u.Redacted()
	}
	p.Scheme = u.Scheme
	for _, w := range u.Warnings {
		p.Warnings = append(p.Warnings, w.String())
	}
	for _, n := range u.Notes {
		p.Security = append(p.Security, n.String())
	}
	if u.Internet {
		if u.HasUser {
			p.User = ptr(u.User)
		}
		if u.HasPassword {
			p.Password = ptr(u.Password)
			if redact {
				p.Password = ptr("xxxxx")
			}
		}
		p.Host = ptr(u.Host)
		if port := u.EffectivePort(); u.HasPort || port != 0 {
			p.Port = ptr(port)
		}
		if u.HasSlash || u.Path != "" {
			p.Path = ptr(u.EscapedPath())
		}
	} else {
		p.Opaque = ptr(u.Opaque)
	}
	if u.HasFragment {
		p.Fragment = ptr(u.Fragment)
	}
	switch {
	case u.FTP != nil:
		if u.FTP.Type != 0 {
			p.FTPType = string(rune(u.FTP.Type))
		}
		p.FTPCommands = u.FTP.Commands()
	case u.HTTP != nil:
		if u.HTTP.HasSearch {
			p.HTTPSearch = ptr(u.HTTP.Search)
		}
	case u.Gopher != nil:
		g := u.Gopher
		p.GopherType = string([]byte{g.Type})
		p.GopherSelector = ptr(g.Selector)
		if g.HasSearch {
			p.GopherSearch = ptr(g.Search)
		}
		if g.HasPlus {
			p.GopherPlus = ptr(g.Plus)
		}
	case u.Mailto != nil:
		p.MailtoAddress = u.Mailto.Address
		p.MailtoHeaders = fieldMap(u.Mailto.Headers)
	case u.News != nil:
		p.NewsGroup, p.NewsArticle = u.News.Group, u.News.Article
	case u.NNTP != nil:
		p.NNTPGroup = u.NNTP.Group
		if u.NNTP.HasArticle {
			p.NNTPArticle = ptr(u.NNTP.Article)
		}
	case u.WAIS != nil:
		w := u.WAIS
		p.WAISDatabase = ptr(w.Database)
		if w.HasSearch {
			p.WAISSearch = ptr(w.Search)
		}
		if w.IsDoc {
			p.WAISType, p.WAISPath = ptr(w.Type), ptr(w.Path)
		}
	case u.File != nil:
		p.FileLocal = ptr(u.File.Local)
	case u.Prospero != nil:
		p.ProsperoHSOName = ptr(u.Prospero.HSOName)
		p.ProsperoFields = fieldMap(u.Prospero.Fields)
	}
	return p
}

// fieldMap turns fields into a JSON object; a later field of the same name
// wins, as with repeated query parameters.
func fieldMap(fs []rfc1738.Field) map[string]string {
	if len(fs) == 0 {
		return nil
	}
	m := make(map[string]string, len(fs))
	for _, f := range fs {
		m[f.Name] = f.Value
	}
	return m
}
