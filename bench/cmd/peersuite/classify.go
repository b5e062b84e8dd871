package main

import (
	"fmt"
	"net/url"
	"regexp"
	"strings"
	"unicode/utf8"
)

// outOfScope are the causes of disagreements that urlgrep has by design:
// it finds no URL without a scheme but "www." hosts (and, WithEmail,
// e-mail addresses), so a peer's schemeless hosts, bare IP addresses and
// protocol-relative "//host" are not its to find.
var outOfScope = map[string]bool{
	"schemeless host":   true,
	"bare IPv4":         true,
	"bare IPv6":         true,
	"protocol-relative": true,
	"markdown context":  true,
}

var (
	schemeRE = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9+.-]*:`)
	ipv4RE   = regexp.MustCompile(`^\d{1,3}(\.\d{1,3}){3}([:/].*)?$`)
	ipv6RE   = regexp.MustCompile(`^[0-9A-Fa-f:.]*:[0-9A-Fa-f:.]*$`)
	portRE   = regexp.MustCompile(`^[^/:@\s]+\.[^/:@\s]+:\d+(/.*)?$`)
	emailRE  = regexp.MustCompile(`^[^\s@/:]+@[^\s@/]+$`)
	mdRE     = regexp.MustCompile("!\\[|\\]\\(|`|^\\s*[*+-] |^ {4}|^#")
)

// known are the schemes taken as registered and common; a URL of another
// scheme is labelled "unregistered scheme" when it is the difference.
var known = map[string]bool{
	"http": true, "https": true, "ftp": true, "mailto": true, "file": true,
	"news": true, "nntp": true, "telnet": true, "gopher": true, "wais": true,
	"prospero": true, "git": true, "ssh": true, "sms": true, "xmpp": true,
	"irc": true, "ftps": true,
}

func scheme(u string) string {
	if m := schemeRE.FindString(u); m != "" {
		return strings.ToLower(m[:len(m)-1])
	}
	return ""
}

// what labels a URL as a peer wrote it, when it has no scheme.
func what(u string) string {
	switch {
	case strings.Count(u, ":") >= 2 && ipv6RE.MatchString(u):
		return "bare IPv6"
	case portRE.MatchString(u):
		return "schemeless host"
	case strings.HasPrefix(u, "//"):
		return "protocol-relative"
	case emailRE.MatchString(u) && scheme(u) == "":
		return "e-mail"
	case strings.HasPrefix(strings.ToLower(u), "www."):
		return "www host"
	case scheme(u) == "" && ipv4RE.MatchString(u):
		return "bare IPv4"
	case scheme(u) == "":
		return "schemeless host"
	}
	return ""
}

func nonASCII(s string) bool { return utf8.RuneCountInString(s) != len(s) }

// classify gives a disagreement a heuristic cause, for grouping: what the
// peer wanted that urlgrep did not find, or what urlgrep found that the
// peer did not want, or how the two differ where both found one.
func classify(c Case, got, kinds []string) string {
	want := c.Want
	if c.FirstOnly {
		if len(got) > 1 {
			got, kinds = got[:1], kinds[:1]
		}
	}
	if c.Suite == "gfm" && mdRE.MatchString(c.In) {
		// An image, a link destination, a code span, a list item: the
		// Markdown around the URL decides.
		if len(got) != len(want) {
			return "markdown context"
		}
	}
	switch {
	case len(want) > len(got):
		// urlgrep misses one: label the first wanted URL it has not.
		for _, w := range want {
			if containsForm(got, w) {
				continue
			}
			if l := what(w); l != "" {
				return l
			}
			if s := scheme(w); !known[s] {
				return "unregistered scheme (missed)"
			}
			if strings.Contains(w, "://[") || strings.Count(w, ":") > 3 {
				return "IPv6"
			}
			if nonASCII(unescape(w)) || strings.Contains(w, "xn--") {
				return "IDN/IRI (missed)"
			}
			if !hostOK(w) {
				return "odd host (missed)"
			}
			if !dotted(w) {
				return "dotless host (missed)"
			}
			return "missed URL"
		}
	case len(got) > len(want):
		for i, g := range got {
			if containsForm(want, g) {
				continue
			}
			switch kinds[i] {
			case "email":
				return "e-mail (extra)"
			case "www":
				return "www host (extra)"
			case "angle":
				return "angle brackets (extra)"
			}
			for _, w := range want {
				if d := boundary(w, g); d != "" {
					return d
				}
			}
			if s := scheme(g); !known[s] {
				return "unregistered scheme (extra)"
			}
			if !hostOK(g) {
				return "invalid host accepted"
			}
			if !dotted(g) {
				return "dotless host (extra)"
			}
			if k := strings.Index(c.In, g); k >= 0 {
				// The peer sees no URL here: what touches it?
				if k > 0 && !isSpace(c.In[k-1]) {
					r, _ := utf8.DecodeLastRuneInString(c.In[:k])
					return fmt.Sprintf("extra: URL after %q", r)
				}
				if e := k + len(g); e < len(c.In) && !isSpace(c.In[e]) {
					r, _ := utf8.DecodeRuneInString(c.In[e:])
					return fmt.Sprintf("extra: URL before %q", r)
				}
			}
			return "extra URL"
		}
	}
	for i := range min(len(want), len(got)) {
		if want[i] == got[i] {
			continue
		}
		if d := boundary(want[i], got[i]); d != "" {
			return d
		}
		if nonASCII(want[i]) != nonASCII(got[i]) || strings.Contains(want[i]+got[i], "xn--") || strings.Contains(want[i]+got[i], "%") {
			return "IDN/IRI or escaping form"
		}
		if strings.EqualFold(want[i], got[i]) {
			return "case"
		}
		return "different URL"
	}
	return "other"
}

func containsForm(l []string, s string) bool {
	for _, x := range l {
		if x == s {
			return true
		}
	}
	return false
}

// boundary labels two readings of one URL where one extends the other:
// the bytes one has more than the other, by what they are.
func boundary(want, got string) string {
	var extra, side string
	switch {
	case strings.HasPrefix(got, want):
		extra, side = got[len(want):], "urlgrep kept trailing "
	case strings.HasPrefix(want, got):
		extra, side = want[len(got):], "urlgrep stopped before "
	case strings.HasSuffix(got, want):
		extra, side = got[:len(got)-len(want)], "urlgrep kept leading "
	case strings.HasSuffix(want, got):
		extra, side = want[:len(want)-len(got)], "urlgrep dropped leading "
	default:
		// "http://www.x" vs "www.x": a prefix added in one form only.
		if i := strings.Index(want, "://"); i >= 0 && want[i+3:] == got {
			return "scheme prefix form"
		}
		return ""
	}
	r, _ := utf8.DecodeRuneInString(extra)
	switch {
	case htmlEntity.MatchString(extra):
		return side + "HTML entity"
	case strings.ContainsRune(".,:;!?", r):
		return side + "punctuation"
	case strings.ContainsRune(`'"`, r):
		return side + "quote"
	case strings.ContainsRune("()[]{}<>", r):
		return side + "bracket"
	case strings.ContainsRune("|｜", r):
		return side + "pipe"
	case r == '_' || r == '-' || r == '*' || r == '~':
		return side + "'" + string(r) + "'"
	case r == '@' || strings.Contains(extra, "@"):
		return side + "userinfo/@"
	case r == '/' || r == '#' || r == '%' || r == '&' || r == '=':
		return side + "path/query"
	case r >= utf8.RuneSelf:
		return side + "non-ASCII"
	}
	return side + "text"
}

// hostOK is a rough check that a URL's host is a plausible name: not
// empty, not starting or ending with '.' or '-'.
func hostOK(u string) bool {
	i := strings.Index(u, "://")
	if i < 0 {
		return true
	}
	h := u[i+3:]
	if j := strings.IndexAny(h, "/?#"); j >= 0 {
		h = h[:j]
	}
	if j := strings.LastIndexByte(h, '@'); j >= 0 {
		h = h[j+1:]
	}
	if h == "" || h[0] == '.' || h[0] == '-' || strings.Contains(h, "..") {
		return false
	}
	return true
}

var htmlEntity = regexp.MustCompile(`^&(#?[0-9A-Za-z]+);`)

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

func unescape(s string) string {
	if u, err := url.PathUnescape(s); err == nil {
		return u
	}
	return s
}

// dotted reports whether a URL with an authority has a dot in its host,
// or an address one in its domain.
func dotted(u string) bool {
	h := u
	if i := strings.Index(u, "://"); i >= 0 {
		h = u[i+3:]
		if j := strings.IndexAny(h, "/?#"); j >= 0 {
			h = h[:j]
		}
	} else if s := scheme(u); s == "mailto" {
		h = u[len(s)+1:]
		if i := strings.LastIndexByte(h, '@'); i >= 0 {
			h = h[i+1:]
		} else {
			return false
		}
	} else {
		return true
	}
	if j := strings.LastIndexByte(h, '@'); j >= 0 {
		h = h[j+1:]
	}
	return strings.Contains(h, ".") || strings.HasPrefix(h, "[")
}
