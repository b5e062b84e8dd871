package extract

import (
	"strings"
	"sync"
	"unicode"

	"github.com/urlgrep/urlgrep/internal/ascii"
	"github.com/urlgrep/urlgrep/rfc1738"
	"github.com/urlgrep/urlgrep/wrapper"
)

// DefaultMaxCandidate bounds the bytes of one candidate URL, as
// bufio.MaxScanTokenSize bounds a token; a longer one is dropped.
const DefaultMaxCandidate = 64 << 10

// DefaultReadSize is the size of one read from the input.
const DefaultReadSize = 32 << 10

// maxScheme bounds a scheme name; lookback bounds how far before a trigger
// byte a URL may start (a scheme before ':', "www" before '.', a local
// part before '@').
const (
	maxScheme = 32
	maxLocal  = 64
	lookback  = maxLocal + 1
	maxTries  = 8 // candidates tried in one run of URL characters, for linear time

	// lookahead bounds how far past maxCandidate bytes from its start a
	// recogniser reads before it decides: a scheme and "://" before the
	// bounded run, the byte after it and a rune cut by a read.
	lookahead = maxScheme + 8
)

// tooLong is the end that bare, www and emailAt return, with a nil match,
// for a candidate longer than maxCandidate: the Scanner counts it dropped.
const tooLong = -1

type config struct {
	maxCandidate int
	readSize     int
	www, email   bool
	noAngle      bool // "<http://...>" is left to the caller (goldmark's autolinks)
	onDrop       func(offset int64, line int)
}

func defaults() config {
	return config{maxCandidate: DefaultMaxCandidate, readSize: DefaultReadSize, www: true}
}

// An Option configures a [Scanner] or a [Finder].
type Option func(*config)

// WithMaxCandidate bounds the bytes of one candidate URL (default
// [DefaultMaxCandidate]). A longer candidate is dropped and counted, and
// the scan goes on after its first byte. n below 256 means 256, above
// [MaxMaxCandidate] means that.
func WithMaxCandidate(n int) Option {
	return func(c *config) { c.maxCandidate = min(max(n, 256), MaxMaxCandidate) }
}

// MaxMaxCandidate is the largest candidate bound [WithMaxCandidate] sets:
// 1 GiB. The Scanner's buffer grows up to the bound, so it bounds memory.
const MaxMaxCandidate = 1 << 30

// WithAngle turns on or off the URLs in plain angle brackets,
// "<http://example.com/>" (default on). Off, a bare URL inside them is
// found as in running text: the caller (a Markdown renderer, whose
// autolinks they are) has read them already.
func WithAngle(on bool) Option { return func(c *config) { c.noAngle = !on } }

// OnDrop sets a function told of each candidate a [Scanner] drops for
// being longer than the candidate bound: the input offset and line where
// it starts. It is called from Scan, on the caller's goroutine.
func OnDrop(f func(offset int64, line int)) Option {
	return func(c *config) { c.onDrop = f }
}

// WithReadSize sets the size of each read from the input (default
// [DefaultReadSize]); n below 512 means 512.
func WithReadSize(n int) Option {
	return func(c *config) { c.readSize = max(n, 512) }
}

// WithWWW turns on or off the linking of hosts that start with "www."
// without a scheme, as GFM's extended autolinks do (default on).
func WithWWW(on bool) Option { return func(c *config) { c.www = on } }

// WithEmail turns on or off the finding of bare e-mail addresses, reported
// as mailto: URLs of kind [Email] (default off).
func WithEmail(on bool) Option { return func(c *config) { c.email = on } }

// Finder recognises URLs in text held in memory, by exactly the rules of
// the [Scanner], which uses one. It is for callers that see text a block
// at a time, such as a Markdown parser; it is safe for concurrent use.
type Finder struct {
	cfg  config
	pool *sync.Pool // Scanners for All, shared by the copies of a Finder
}

// NewFinder returns a Finder with the given options.
func NewFinder(opts ...Option) *Finder {
	f := &Finder{cfg: defaults(), pool: new(sync.Pool)}
	for _, o := range opts {
		o(&f.cfg)
	}
	return f
}

// At reports the URL that starts at data[0], if any: a wrapper when data[0]
// is '<', else a scheme URL, a "www." host or (WithEmail) an e-mail
// address. prev is the byte before data[0], 0 at the start of the text: a
// URL does not start inside a word. quote is the quote prefix of the line
// data[0] stands on, for wrappers that continue on the next line (see
// [wrapper.At]). n is how many bytes of data the URL takes, through the
// closing '>' for a wrapper; the match's offsets are relative to data, and
// its Line and Col are 0. At returns nil and 0 when no URL starts at data[0].
func (f *Finder) At(data []byte, prev byte, quote []byte) (m *Match, n int) {
	if len(data) == 0 {
		return nil, 0
	}
	if data[0] == '<' {
		w, _ := wrapper.At(data, true, quote, f.limits())
		if m := f.wrapped(w, data); m != nil {
			return m, w.End
		}
		return nil, 0
	}
	if !ascii.IsAlnum(prev) {
		// As the Scanner has it: a scheme starts after any byte but a
		// letter or digit ("e.g.http:" has "http:").
		if m, end, _ := f.bare(data, 0, true); m != nil {
			return m, end
		}
	}
	if !startsWord(prev) {
		return nil, 0
	}
	if m, end, _ := f.www(data, 0, true); m != nil {
		return m, end
	}
	if f.cfg.email {
		if at := localEnd(data, 0); at < len(data) && data[at] == '@' {
			if m, end, _ := f.emailAt(data, 0, at, true); m != nil {
				return m, end
			}
		}
	}
	return nil, 0
}

func (f *Finder) limits() wrapper.Limits {
	return wrapper.Limits{MaxBytes: f.cfg.maxCandidate, MaxLines: wrapper.DefaultLimits.MaxLines}
}

// schemeKind says what must follow a scheme's colon for a bare URL.
// Bare use of a scheme: rfc1738's registry says which schemes are found
// in running text, and how.
const (
	notBare   = rfc1738.NotBare
	slashes   = rfc1738.BareSlashes
	something = rfc1738.BareAny
)

// lookupScheme returns what bare use data's scheme name allows.
func lookupScheme(name []byte) rfc1738.Bare { return rfc1738.LookupBare(name) }

// bare recognises a scheme URL whose scheme starts at data[s]. end is where
// the URL ends; more asks for more data (only when !atEOF).
func (f *Finder) bare(data []byte, s int, atEOF bool) (m *Match, end int, more bool) {
	c := s
	for c < len(data) && c-s <= maxScheme && isSchemeByte(data[c]) {
		c++
	}
	if c == len(data) {
		return nil, 0, !atEOF && c-s <= maxScheme
	}
	if data[c] != ':' || c == s || !ascii.IsAlpha(data[s]) {
		return nil, 0, false
	}
	kind := lookupScheme(data[s:c])
	body := c + 1
	switch kind {
	case notBare:
		return nil, 0, false
	case slashes:
		if len(data) < body+2 {
			return nil, 0, !atEOF
		}
		if data[body] != '/' || data[body+1] != '/' {
			return nil, 0, false
		}
		body += 2
	}
	end, more = f.runEnd(data, c+1, atEOF)
	if more {
		return nil, 0, true
	}
	if end-(c+1) > f.cfg.maxCandidate {
		// runEnd stopped at its bound: the run goes on, too long.
		return nil, tooLong, false
	}
	run := end
	end = trimEnd(data, s, end)
	if end-s > f.cfg.maxCandidate {
		return nil, tooLong, false
	}
	if end <= body && run > body && data[body] == '*' && hasPrefixFold(data[s:], "news:") {
		end = body + 1 // §3.6 "news:*", all groups: the '*' is no emphasis here
	}
	if end <= body {
		return nil, 0, false
	}
	raw := string(data[s:end])
	if m = f.match(Bare, raw, raw, "", ""); m == nil {
		return nil, 0, false
	}
	return m, end, false
}

// www recognises a host starting "www." at data[s], linked as http.
func (f *Finder) www(data []byte, s int, atEOF bool) (m *Match, end int, more bool) {
	if !f.cfg.www {
		return nil, 0, false
	}
	if len(data) < s+5 {
		return nil, 0, !atEOF
	}
	if !hasPrefixFold(data[s:], "www.") || !ascii.IsAlnum(data[s+4]) {
		return nil, 0, false
	}
	end, more = f.runEnd(data, s+4, atEOF)
	if more {
		return nil, 0, true
	}
	if end-(s+4) > f.cfg.maxCandidate {
		// runEnd stopped at its bound: the run goes on, too long.
		return nil, tooLong, false
	}
	end = trimEnd(data, s, end)
	if end-s > f.cfg.maxCandidate {
		return nil, tooLong, false
	}
	raw := string(data[s:end])
	if m = f.match(WWW, raw, raw, "", "http://"); m == nil || m.Parsed.HasUser {
		return nil, 0, false
	}
	return m, end, false
}

// emailAt recognises an address whose local part is data[s:at], linked as
// mailto. Its domain must be a host by RFC 1738 §3.1, with at least one dot.
func (f *Finder) emailAt(data []byte, s, at int, atEOF bool) (m *Match, end int, more bool) {
	end = at + 1
	limit := s + f.cfg.maxCandidate + 1
	for end < len(data) && end < limit && (ascii.IsAlnum(data[end]) || data[end] == '-' || data[end] == '.') {
		end++
	}
	if end == len(data) && end < limit && !atEOF {
		return nil, 0, true
	}
	if end-s > f.cfg.maxCandidate {
		return nil, tooLong, false
	}
	for end > at+1 && (data[end-1] == '.' || data[end-1] == '-') {
		end--
	}
	domain := string(data[at+1 : end])
	if s == at || !strings.Contains(domain, ".") || !rfc1738.ValidHost(domain) {
		return nil, 0, false
	}
	raw := string(data[s:end])
	if m = f.match(Email, raw, raw, "", "mailto:"); m == nil || !m.Valid() {
		return nil, 0, false
	}
	return m, end, false
}

// wrapped turns a wrapper found in data into a match, or nil. Of the two
// readings of a URL broken after a hyphen, the hyphen is kept unless only
// the other reading is valid (appendix).
func (f *Finder) wrapped(w wrapper.Wrapper, data []byte) *Match {
	if w.Kind == wrapper.None {
		return nil
	}
	kind := Wrapped
	if w.Kind == wrapper.Angle {
		if f.cfg.noAngle {
			return nil
		}
		kind = Angle
	}
	raw := string(data[w.URLStart:w.URLEnd])
	m := f.match(kind, raw, w.URL, w.Alternate, "")
	if w.Alternate != "" && (m == nil || !m.Valid()) {
		if alt := f.match(kind, raw, w.Alternate, w.URL, ""); alt != nil && alt.Valid() {
			m = alt
		}
	}
	if m == nil {
		return nil
	}
	if kind == Angle && !m.Parsed.Internet && lookupScheme([]byte(m.Parsed.Scheme)) == notBare {
		// "<o:p>" and the like: only known schemes, or "//", in plain brackets.
		return nil
	}
	m.Offset, m.End = int64(w.URLStart), int64(w.URLEnd)
	m.Rejoined = w.Lines > 0 || raw != w.URL
	return m
}

// match parses text (with prefix before it: "http://" for www hosts,
// "mailto:" for addresses) and returns the match, or nil when the generic
// syntax or the host does not hold. alt is the other reading, if any.
func (f *Finder) match(kind Kind, raw, text, alt, prefix string) *Match {
	u, err := rfc1738.ParseLenient(prefix + text)
	if u == nil {
		return nil
	}
	if u.Internet && u.Host == "" && u.Scheme != "file" {
		return nil // "https:///x": a scheme that needs a host has none
	}
	m := &Match{Text: asWritten(text), URL: u.String(), Raw: raw, Kind: kind, Parsed: u, Err: err,
		End: int64(len(raw))}
	if alt != "" {
		au, _ := rfc1738.ParseLenient(prefix + alt)
		m.Alternates, m.AltParsed = []string{asWritten(alt)}, []*rfc1738.URL{au}
	}
	return m
}

// runEnd returns where the run of URL characters that starts at data[i]
// ends: at whitespace, a control, '<', '>', '"', '`', a byte that is not
// UTF-8, Unicode punctuation, symbols and spaces, and CJK text. It stops
// looking past maxCandidate bytes.
func (f *Finder) runEnd(data []byte, i int, atEOF bool) (end int, more bool) {
	limit := i + f.cfg.maxCandidate + 1
	for i < len(data) && i < limit {
		c := data[i]
		if c < 0x80 {
			if !urlByte[c] {
				return i, false
			}
			i++
			continue
		}
		r, size := decodeRune(data, i, atEOF)
		if size == 0 {
			return i, true
		}
		if endsURL(r, size) {
			return i, false
		}
		i += size
	}
	return i, i == len(data) && !atEOF
}

// endsURL reports whether a non-ASCII rune ends a bare URL: bytes that are
// not UTF-8, Unicode punctuation, symbols, spaces and controls, and the
// CJK scripts, whose text runs on without spaces ("见http://example.com/a。").
func endsURL(r rune, size int) bool {
	if r == unicode.ReplacementChar && size == 1 {
		return true
	}
	if !unicode.In(r, unicode.L, unicode.M, unicode.N) {
		return true
	}
	return unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Hangul, unicode.Bopomofo)
}

// trimEnd takes off what a careful reader would not count as part of a
// bare URL that ends at data[end-1]: trailing sentence punctuation and
// quotes, Markdown emphasis, an entity reference ("&amp;"), and closing
// brackets that do not close a bracket opened inside the URL
// ("http://example.com/papers/(1994)/urls.html" keeps its parentheses).
func trimEnd(data []byte, s, end int) int {
	var open, close [3]int // (), [], {}
	counted := false
	for end > s {
		c := data[end-1]
		switch c {
		case '.', ',', ':', '!', '?', '\'', '"', '*', '_', '~':
			end--
		case ';':
			end--
			// "&amp;" and the like: an entity reference is not the URL's.
			j := end
			for j > s && ascii.IsAlnum(data[j-1]) {
				j--
			}
			if j > s && j < end && data[j-1] == '&' {
				end = j - 1
			}
		case ')', ']', '}':
			if !counted {
				// Count the brackets only when one closes the URL: most
				// URLs end otherwise, and need not be read again.
				countBrackets(data[s:end], &open, &close)
				counted = true
			}
			k := strings.IndexByte(")]}", c)
			if close[k] <= open[k] {
				return end
			}
			close[k]--
			end--
		default:
			return end
		}
	}
	return end
}

// countBrackets counts the opening and closing (), [] and {} of b.
func countBrackets(b []byte, open, close *[3]int) {
	for _, c := range b {
		switch c {
		case '(':
			open[0]++
		case '[':
			open[1]++
		case '{':
			open[2]++
		case ')':
			close[0]++
		case ']':
			close[1]++
		case '}':
			close[2]++
		}
	}
}

// urlByte is true for the ASCII bytes a bare URL runs over.
var urlByte = func() (t [0x80]bool) {
	for c := 0x21; c < 0x7f; c++ {
		t[c] = true
	}
	for _, c := range "<>\"`" {
		t[c] = false
	}
	return t
}()

// isSchemeByte: scheme = 1*[ lowalpha | digit | "+" | "-" | "." ] (§2.1).
func isSchemeByte(c byte) bool { return ascii.IsAlnum(c) || c == '+' || c == '-' || c == '.' }

// isLocalByte is a byte of an address's local part (as GFM has it).
func isLocalByte(c byte) bool {
	return ascii.IsAlnum(c) || c == '.' || c == '-' || c == '_' || c == '+'
}

// localEnd returns where the local part that starts at data[i] ends.
func localEnd(data []byte, i int) int {
	for i < len(data) && i < maxLocal+1 && isLocalByte(data[i]) {
		i++
	}
	return i
}

// startsWord reports whether a URL may start after the byte prev: at the
// start of text, after whitespace, or after punctuation that opens or
// emphasises (GFM allows "*", "_", "~" and "(").
func startsWord(prev byte) bool {
	switch prev {
	case 0, ' ', '\t', '\n', '\r', '\f', '\v', '(', '[', '{', '<', '>', '"', '\'', '*', '_', '~', '|', ',', ';', ':', '=':
		return true
	}
	return prev >= 0x80
}

func hasPrefixFold(b []byte, prefix string) bool {
	if len(b) < len(prefix) {
		return false
	}
	for i := 0; i < len(prefix); i++ {
		if b[i]|0x20 != prefix[i] {
			return false
		}
	}
	return true
}
