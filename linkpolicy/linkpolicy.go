// Package linkpolicy decides which URLs become links, and where they
// point, for the renderers of urlgrep: package linkify (Markdown, a
// goldmark extension) and package linktext (plain text). Both take its
// options, so one set of rules holds for both: the schemes allowed
// ("javascript", "vbscript" and "data" never), the destination checked
// as a browser reads it, the attributes of a link.
package linkpolicy

import (
	"slices"
	"strings"

	"github.com/yuin/goldmark/util"

	"github.com/urlgrep/urlgrep/extract"
)

// TextMode says what the link made of a "<URL:...>" wrapper shows.
type TextMode uint8

// The texts a wrapper's link can show.
const (
	// TextURL shows the URL rejoined: the text inside the wrapper with
	// its whitespace and line breaks removed (appendix: "the whitespace
	// should be ignored when extracting the URL").
	TextURL TextMode = iota

	// TextOriginal shows the URL's text as written, line breaks included.
	TextOriginal
)

// Config holds the options of the extension. The zero Config links
// nothing; [New] starts from the defaults described with each option.
type Config struct {
	// Schemes are the schemes that may become links, case ignored.
	// "javascript", "vbscript" and "data" never do, listed or not.
	Schemes []string

	// WWW links hosts that start with "www." (as http), Email bare e-mail
	// addresses (as mailto).
	WWW, Email bool

	// Rel and Target, when not empty, become the rel and target
	// attributes of every link made.
	Rel, Target string

	// Rewrite, when not nil, decides the destination of each URL found:
	// ok false leaves the URL as text. The destination is checked against
	// Schemes again, so a rewrite cannot produce a "javascript:" link.
	Rewrite func(m *extract.Match) (dest string, ok bool)

	// MaxLength bounds the bytes of a URL as written; a longer one stays
	// text. Zero or less means the default.
	MaxLength int

	// Text says what a wrapper's link shows.
	Text TextMode
}

// defaultSchemes are RFC 1738's schemes (§3) that are safe to follow,
// and https and xmpp (GFM's extended autolinks link "xmpp:"); file
// (§3.10) names the reader's own files and is off.
var defaultSchemes = []string{
	"http", "https", "ftp", "mailto", "news", "nntp", "gopher", "telnet", "wais", "prospero", "xmpp",
}

// An Option sets an option of the extension.
type Option func(*Config)

// WithSchemes sets the schemes that may become links, replacing the
// default list (http, https, ftp, mailto, news, nntp, gopher, telnet,
// wais, prospero, xmpp). Case is ignored. "javascript", "vbscript" and "data"
// are refused even when listed.
func WithSchemes(schemes ...string) Option {
	return func(c *Config) { c.Schemes = append([]string(nil), schemes...) }
}

// WithWWW turns on or off the linking of hosts that start with "www."
// without a scheme, as http (default on).
func WithWWW(on bool) Option { return func(c *Config) { c.WWW = on } }

// WithEmail turns on or off the linking of bare e-mail addresses, as
// mailto (default off).
func WithEmail(on bool) Option { return func(c *Config) { c.Email = on } }

// WithRel sets the rel attribute of every link made, such as
// "nofollow noopener" (default none).
func WithRel(rel string) Option { return func(c *Config) { c.Rel = rel } }

// WithTarget sets the target attribute of every link made, such as
// "_blank" (default none).
func WithTarget(target string) Option { return func(c *Config) { c.Target = target } }

// WithRewrite sets a hook that decides the destination of each URL found,
// for example to send links through a redirector; returning ok false
// leaves the URL as text. The destination is checked against the allowed
// schemes after the hook. Documents converted at the same time call it
// at the same time.
func WithRewrite(f func(m *extract.Match) (dest string, ok bool)) Option {
	return func(c *Config) { c.Rewrite = f }
}

// WithMaxLength bounds the bytes of a URL as written (default
// [extract.DefaultMaxCandidate], 64 KiB); a longer one stays text. n of
// zero or less means the default.
func WithMaxLength(n int) Option { return func(c *Config) { c.MaxLength = n } }

// WithText sets what the link made of a "<URL:...>" wrapper shows
// (default [TextURL]). It does not apply to plain text (package linktext), whose output
// keeps its input's text exactly.
func WithText(mode TextMode) Option { return func(c *Config) { c.Text = mode } }

// Policy holds the options in force and decides each link. It is
// read-only after New, so safe for concurrent use.
type Policy struct {
	Config  Config // the options, defaults first
	schemes map[string]bool
}

// New returns the policy of the defaults, then opts in order.
func New(opts ...Option) *Policy {
	cfg := Config{
		Schemes:   slices.Clone(defaultSchemes), // an option may change it in place
		WWW:       true,
		MaxLength: extract.DefaultMaxCandidate,
	}
	for _, o := range opts {
		o(&cfg)
	}
	if cfg.MaxLength <= 0 {
		cfg.MaxLength = extract.DefaultMaxCandidate
	}
	p := &Policy{Config: cfg, schemes: make(map[string]bool, len(cfg.Schemes))}
	for _, s := range cfg.Schemes {
		// "http, https" as a user types it: the names, not the spaces
		// (as extract and urlgrep's --scheme read them).
		if s = strings.ToLower(strings.TrimSpace(s)); s != "" {
			p.schemes[s] = true
		}
	}
	return p
}

// ExtractOptions are the options of package extract that find what the
// policy may link.
func (l *Policy) ExtractOptions() []extract.Option {
	return []extract.Option{
		extract.WithWWW(l.Config.WWW),
		extract.WithEmail(l.Config.Email),
		extract.WithMaxCandidate(l.Config.MaxLength),
	}
}

// Destination decides whether m becomes a link, and where it points:
// the URL in canonical form (percent-encoded, so safe in an attribute),
// or what the Rewrite hook says, checked against the schemes again.
func (l *Policy) Destination(m *extract.Match) (string, bool) {
	if len(m.Raw) > l.Config.MaxLength {
		return "", false
	}
	dest := m.URL // canonical: percent-encoded, so safe in an attribute
	if l.Config.Rewrite != nil {
		d, ok := l.Config.Rewrite(m)
		if !ok {
			return "", false
		}
		dest = d
	}
	if !l.Allowed(m.Parsed.Scheme) || !l.Safe(dest) {
		return "", false
	}
	return dest, true
}

// Safe reports whether dest may be an href: its scheme, as a browser reads
// it, is allowed, both as written and with the character references and
// backslash escapes resolved that goldmark's renderer resolves in a
// destination ("javascript&#58;" is "javascript:" to it). A destination
// with no scheme is relative, and safe.
//
// Resolving keeps the bytes before the first '&' or '\\' but for
// percent-encoding some of them (spaces, controls, non-ASCII), and a '%'
// makes a destination relative. So when neither '&' nor '\\' comes before
// the first ':', the destination resolved has the scheme as written or
// none, and is safe when it is: the second test is needed only when one
// does (TestSafeShortcut).
func (l *Policy) Safe(dest string) bool {
	if !l.safeAs(dest) {
		return false
	}
	if c := strings.IndexByte(dest, ':'); c >= 0 && !strings.ContainsAny(dest[:c], "&\\") {
		return true
	}
	return l.safeResolved(dest)
}

// safeResolved is Safe's second test: the scheme of dest with goldmark's
// resolution of character references and backslash escapes.
func (l *Policy) safeResolved(dest string) bool {
	if strings.ContainsAny(dest, "&\\") {
		return l.safeAs(string(util.URLEscape([]byte(dest), true)))
	}
	return true
}

func (l *Policy) safeAs(dest string) bool {
	var buf [maxScheme]byte
	scheme, ok := schemeOf(dest, buf[:0])
	return !ok || l.Allowed(string(scheme))
}

// Allowed reports whether scheme (lower case) may become a link.
func (l *Policy) Allowed(scheme string) bool {
	switch scheme {
	case "javascript", "vbscript", "data":
		// Never, whatever Schemes says: they run code in the page.
		return false
	}
	return l.schemes[scheme]
}

// maxScheme bounds the scheme names schemeOf returns: a longer one is
// returned empty, and is not allowed.
const maxScheme = 64

// schemeOf appends to buf the scheme of s, in lower case, as a browser's
// URL parser finds it (WHATWG URL Standard, "basic URL parser"): leading C0
// controls and spaces are skipped and tabs and line breaks ignored
// anywhere, so " java\tscript:" has the scheme "javascript". ok is false
// when s has no scheme and is relative.
func schemeOf(s string, buf []byte) (scheme []byte, ok bool) {
	i := 0
	for i < len(s) && s[i] <= ' ' {
		i++
	}
	n := 0 // scheme bytes seen
	for ; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '\t' || c == '\n' || c == '\r':
			continue
		case c == ':':
			return buf, n > 0
		case 'A' <= c && c <= 'Z':
			c += 'a' - 'A'
		case 'a' <= c && c <= 'z':
		case n > 0 && ('0' <= c && c <= '9' || c == '+' || c == '-' || c == '.'):
		default:
			return nil, false
		}
		if n++; len(buf) == cap(buf) {
			return nil, true // longer than any scheme allowed
		}
		buf = append(buf, c)
	}
	return nil, false
}
