package extract

import (
	"bytes"
	"net/netip"
	"slices"
	"strings"
	"sync"
	"unicode"
	"unicode/utf16"
	"unicode/utf8"
	"unsafe"

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
	maxScheme = 40 // the longest registered name has 36 bytes
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

// lineBreak is the end that bare and www return, with a nil match, for a
// URL whose run ends at a line break where it may go on (lineBreakAt: a
// hyphen, "http://www.dcc-" then "servers.net/", or a "/" and the like, in
// a text that broke it there for want of room): the caller reads it
// rejoined with the lines that go on with it (joined), knowing the line's
// quote prefix, and as written (bare or www again, written) when that
// gives none.
const lineBreak = -2

// cutNoURL is the end joined returns, with a nil match, where a
// typesetter's hyphen broke the URL's first line inside a word
// (typoBreak) and the lines make no URL: the first line is no URL alone
// either ("gs://destina‐" then "tion_bucket/...", whose host has a "_"),
// and the caller does not take it as written.
const cutNoURL = -3

type config struct {
	maxCandidate int
	readSize     int
	www, email   bool
	noAngle      bool // "<http://...>" is left to the caller (goldmark's autolinks)
	escapes      bool // "\\" before ASCII punctuation is a Markdown escape
	gfmTrailing  bool // WithGFMTrailing
	gfmDomains   bool // WithGFMDomains
	lazy         bool // WithLazyMatch
	noLines      bool // WithLineNumbers(false)
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

// WithEscapes turns on or off reading a backslash before ASCII
// punctuation as a Markdown escape (default off): "http://x/a\\_b" runs on
// through the escape, and the caller resolves it. Off, a backslash ends a
// bare URL, as the other unsafe characters of RFC 1738 §2.2 do.
func WithEscapes(on bool) Option { return func(c *config) { c.escapes = on } }

// WithLineNumbers turns on or off counting a [Scanner]'s lines (default
// on). Off, a Match's Line and EndLine are 0, and so is the line OnDrop
// is told; offsets and Col are as with them on. A caller that reads no
// line number (one that counts URLs, or prints them without their lines)
// saves a pass over the input: bytes.Count's, 6% of a scan of sparse
// text.
func WithLineNumbers(on bool) Option { return func(c *config) { c.noLines = !on } }

// OnDrop sets a function told of each candidate a [Scanner] drops for
// being longer than the candidate bound: the input offset and line where
// it starts (0 with WithLineNumbers(false)). It is called from Scan, on
// the caller's goroutine.
func OnDrop(f func(offset int64, line int)) Option {
	return func(c *config) { c.onDrop = f }
}

// WithGFMTrailing turns on or off GFM's trailing punctuation for a
// final "_" (default off): on, it ends every bare URL, as GFM's extended
// autolinks have it ("Trailing punctuation (specifically, ?, !, ., ,, :,
// *, _, and ~) will not be considered part of the autolink"), and as
// GitHub renders Markdown; off, it ends only a URL that a "_" opened
// ("_http://example.com/page_") or a host ("www.example.com_"), and one
// in a path, query or fragment is the URL's own, as real URLs in mail and
// documents end ("...#h3-...-final-character_s_").
func WithGFMTrailing(on bool) Option { return func(c *config) { c.gfmTrailing = on } }

// WithGFMDomains turns on or off GFM's rule for the domain of a "www."
// host and of a bare address (default off): on, any name with a dot is
// one ("www.commonmark.org", but "www.conf" and "foo@bar.baz" too), as
// GFM's extended autolinks have it and as GitHub renders Markdown; off,
// its top-level domain must be one the root zone delegates, or a
// special-use name such as "example" (RFC 6761), so that a file or a
// setting named so in text is neither: "pool.d/www.conf" in PHP's setup,
// "www.tmac" in groff's, "logo@2x.png" in a web page's sources.
// On, a "www." host starts only where GFM's do, not after a closing
// bracket ("[3]www.7pfad.de", a lynx dump's numbered link: off, found).
func WithGFMDomains(on bool) Option { return func(c *config) { c.gfmDomains = on } }

// underEnds says whether a final "_" ends a bare URL after prev wherever
// it stands (trimEnd).
func (f *Finder) underEnds(prev byte) bool { return prev == '_' || f.cfg.gfmTrailing }

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
	lazy *sync.Pool // lazy Scanners for Borrowed
	lite *lite      // a lazy Scanner's own Finder only (WithLazyMatch)
}

// NewFinder returns a Finder with the given options.
func NewFinder(opts ...Option) *Finder {
	f := &Finder{cfg: defaults(), pool: new(sync.Pool), lazy: new(sync.Pool)}
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
// [wrapper.At]) and bare URLs broken after a hyphen at a line break. n is
// how many bytes of data the URL takes, through the closing '>' for a
// wrapper; the match's offsets are relative to data, and its Line and Col
// are 0. At returns nil and 0 when no URL starts at data[0].
//
// At does not see where data[0] stands on its line: a bare URL that a line
// break cut after a "/" and the like is read as if it started its line,
// one that is a Markdown link's destination ("[text](URL)") as if prose
// put it in brackets, an attribute's value (`href="URL"`) as if prose
// quoted it, and one after a "_", "*" or "~" inside a word
// ("my_service:8080") as if the mark opened emphasis (see
// [Finder.AtLine], which sees the line's bytes before data[0]).
func (f *Finder) At(data []byte, prev byte, quote []byte) (m *Match, n int) {
	return f.at(data, prev, 0, quote, column{})
}

// AtLine is [Finder.At] for a URL whose line holds before ahead of it:
// the line's bytes from its start to data[0], quote prefix and all. The
// quote prefix is read from before, and where the URL stands on its line:
// a text filled to its width breaks a long URL after a "/" and the like
// where the rest did not fit, and AtLine rejoins it as a [Scanner] does.
// It sees no line before: a Markdown link's destination on the line after
// its "](" is read as a URL that starts a line.
func (f *Finder) AtLine(data []byte, prev byte, before []byte) (m *Match, n int) {
	indent := 0
	for indent < len(before) && prefixByte(before[indent]) {
		indent++
	}
	var prev2 byte
	if len(before) >= 2 {
		prev2 = before[len(before)-2]
	}
	return f.at(data, prev, prev2, before[:wrapper.QuotePrefix(before)], column{url: len(before), text: indent})
}

// at is At; prev2 is the byte before prev, 0 when unknown, read as the
// Scanner reads it: after "](" a Markdown link's destination starts
// (linkDelimiting), an emphasis mark after a letter or digit starts no
// URL (Scanner.wordBefore), and no address starts after a two-byte
// letter (localGoesOn).
func (f *Finder) at(data []byte, prev, prev2 byte, quote []byte, col column) (m *Match, n int) {
	if len(data) == 0 {
		return nil, 0
	}
	link := linkOpens(prev, prev2)
	email := !localGoesOn(prev2, prev)
	prev = wordByte(prev, prev2)
	if data[0] == '<' {
		w, _ := wrapper.Span(data, true, quote, f.limits())
		if m := f.wrapped(w, data, quote, false); m != nil {
			return m, w.End
		}
		return nil, 0
	}
	if c := schemeEnd(data); c > 0 {
		// As the Scanner has it (schemeStart).
		if j, kind := schemeStart(data[:c], prev); j == 0 {
			m, end, _ := f.bare(data, 0, kind, prev, true, false, link)
			if end == lineBreak {
				if m, end, _ = f.joined(Bare, data, 0, prev, true, quote, col); m == nil && end != cutNoURL {
					m, end, _ = f.bare(data, 0, kind, prev, true, true, link)
				}
			}
			if m != nil {
				return m, end
			}
		}
	}
	if f.wwwStarts(prev) {
		m, end, _ := f.www(data, 0, prev, true, false, link)
		if end == lineBreak {
			if m, end, _ = f.joined(WWW, data, 0, prev, true, quote, col); m == nil && end != cutNoURL {
				m, end, _ = f.www(data, 0, prev, true, true, link)
			}
		}
		if m != nil {
			return m, end
		}
	}
	if f.cfg.email && email && addressStarts(prev, data[0]) {
		if at := localEnd(data, 0, f.cfg.escapes); at < len(data) && data[at] == '@' {
			if m, end, _ := f.emailAt(data, 0, at, true); m != nil {
				return m, end
			}
		}
	}
	return nil, 0
}

func (f *Finder) limits() wrapper.Limits {
	return wrapper.Limits{MaxBytes: f.cfg.maxCandidate}
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
func lookupScheme(name []byte) rfc1738.Bare {
	b, _ := rfc1738.LookupBare(name)
	return b
}

// schemeStart picks where in run, the scheme bytes before a ':' (§2.1),
// the scheme starts; before is the byte before run (0 at the start of
// the text). A scheme starts a word: it follows no letter or digit. It
// returns -1 when no scheme ends there, and what bare use the scheme it
// picks allows (rfc1738.LookupBare). In order:
//   - run itself, when it is a registered scheme;
//   - else its longest registered suffix that starts after a "." or "-"
//     ("e.g.http:", "see-http:");
//   - else "http" or "https" glued to the letters or digits before it
//     (gluedWeb: "randomtexthttp:", spam's "GUARANTEEDhttp:", and
//     quoted-printable read raw, "href=3Dhttp:" and "=22http:");
//   - else run itself, a scheme that is not registered
//     ("made-up-scheme://a.example/", "git+https://a.example/");
//   - else, when run cannot be a scheme ("1.http", "+http"), its longest
//     suffix that can.
//
// A "+" joins a composite scheme ("git+https", "svn+ssh"): a run that is
// a scheme is not split there.
func schemeStart(run []byte, before byte) (int, rfc1738.Bare) {
	whole := len(run) > 0 && ascii.IsAlpha(run[0]) && !ascii.IsAlnum(before)
	var wholeBare rfc1738.Bare
	if whole {
		b, reg := rfc1738.LookupBare(run)
		if b != notBare && reg {
			return 0, b
		}
		wholeBare = b
	}
	for j := 1; j < len(run); j++ {
		if p := run[j-1]; ascii.IsAlpha(run[j]) && (p == '.' || p == '-' || p == '+' && !whole) {
			if b, reg := rfc1738.LookupBare(run[j:]); b != notBare && reg {
				return j, b
			}
		}
	}
	if j := gluedWeb(run, before); j >= 0 {
		return j, lookupScheme(run[j:])
	}
	if whole && wholeBare != notBare {
		return 0, wholeBare
	}
	if !whole {
		for j := 1; j < len(run); j++ {
			if ascii.IsAlpha(run[j]) && !ascii.IsAlnum(run[j-1]) {
				if b := lookupScheme(run[j:]); b != notBare {
					return j, b
				}
			}
		}
	}
	return -1, notBare
}

// gluedWeb returns where "http" or "https" ends run, a run of scheme bytes
// that is no registered scheme, after a letter or a digit (in run, or
// before, the byte before it); else -1. No scheme is written so: it is a
// word the URL was glued to, which the parser would take for the scheme
// ("texthttp", valid by RFC 3986 §3.1's syntax), or, in mail read raw, a
// quoted-printable escape before it ("=3Dhttp"). A "+", "." or "-" before
// it is a composite scheme's or a prefix's (schemeStart).
func gluedWeb(run []byte, before byte) int {
	for _, name := range [...]string{"https", "http"} {
		j := len(run) - len(name)
		if j < 0 || !hasPrefixFold(run[j:], name) {
			continue
		}
		if j > 0 && ascii.IsAlnum(run[j-1]) || j == 0 && ascii.IsAlnum(before) {
			return j
		}
	}
	return -1
}

// schemeEnd returns the index of the ':' after the run of scheme bytes
// that starts data, or -1.
func schemeEnd(data []byte) int {
	c := 0
	for c < len(data) && c <= maxScheme && ascii.IsSchemeByte(data[c]) {
		c++
	}
	if c < len(data) && data[c] == ':' {
		return c
	}
	return -1
}

// bare recognises a scheme URL whose scheme starts at data[s], where
// schemeStart put it, kind what schemeStart said of the scheme; prev is
// the byte before it. end is where the URL ends; more asks for more data
// (only when !atEOF).
func (f *Finder) bare(data []byte, s int, kind rfc1738.Bare, prev byte, atEOF, written bool, link byte) (m *Match, end int, more bool) {
	c := s
	for c < len(data) && c-s <= maxScheme && ascii.IsSchemeByte(data[c]) {
		c++
	}
	if c == len(data) {
		return nil, 0, !atEOF && c-s <= maxScheme
	}
	if data[c] != ':' || c == s || !ascii.IsAlpha(data[s]) {
		return nil, 0, false
	}
	body := c + 1
	slashed := len(data) >= body+2 && data[body] == '/' && data[body+1] == '/'
	switch {
	case kind == notBare:
		return nil, 0, false
	case len(data) < body+4 && !atEOF:
		return nil, 0, true
	case !slashed && !f.cfg.escapes && jsonSlashes(data[body:]):
		return f.bareJSON(data, s, c, prev, atEOF)
	case !slashed && !f.cfg.escapes && len(data) > body && data[body] == '\\' && len(data) < body+12 && !atEOF:
		return nil, 0, true // "\u002F\u002F" may be there once read
	case kind == slashes && !slashed && !localFile(data[s:c], data[body:]):
		return nil, 0, false
	case kind == something && !slashed && !startsWord(prev) && !isMailOrNews(data[s:c]):
		// An opaque "scheme:part" of a later scheme stands as a word of
		// its own: "a.example:x/" is a host and a bad port, not the
		// registered scheme example.
		return nil, 0, false
	case kind == something && !slashed && nestedURL(data[body:]) && !(c-s == len("view-source") && hasPrefixFold(data[s:c], "view-source")):
		// "more info:http://a.example/", "mailto:http://a.example/r": a
		// label or a spam's link glued to a URL, whose part cannot be an
		// address or an opaque name; the URL after the colon is found on
		// its own. (view-source: is a URL's wrapper by definition.)
		return nil, 0, false
	}
	closer := closerOf(prev)
	end, more, open := f.runEnd(data, c+1, quoteOf(prev), atEOF, false)
	for !more && driveBar(data, s, c, end) {
		// "file:///c|/path/to/file": a DOS drive letter's "|" (RFC 8089
		// Appendix E.2.2), which ends any other URL.
		end, more, open = f.runEnd(data, end+1, quoteOf(prev), atEOF, false)
	}
	if more {
		return nil, 0, true
	}
	run := end
	if end-(c+1) > f.cfg.maxCandidate {
		// runEnd stopped at its bound: the run goes on, too long.
		return nil, tooLong, false
	}
	if slashed && !f.cfg.escapes && end < len(data) && data[end] == '\\' {
		if _, n := jsonEscape(data[end:]); n > 0 {
			// In a JSON string: "https://a.example/x?a=1\u0026b=2".
			return f.bareJSON(data, s, c, prev, atEOF)
		}
	}
	// Where the symbols in the host end (hostGoesOn), if it has any; most
	// runs end at ASCII, and ask nothing.
	symbolsEnd := 0
	if slashed && end < len(data) && data[end] >= utf8.RuneSelf {
		if end, symbolsEnd, open, more = f.hostSymbols(data, s, c+1, body+2, end, prev, open, atEOF); more {
			return nil, 0, true
		}
		if run = end; end-(c+1) > f.cfg.maxCandidate {
			return nil, tooLong, false
		}
	}
	if link != 0 && end < len(data) && data[end] >= utf8.RuneSelf {
		// A Markdown destination or an attribute's value goes on past
		// prose's punctuation to its closer (destinationEnd).
		e, ok, more := destinationEnd(data, end, c+1+f.cfg.maxCandidate, link, atEOF)
		if more {
			return nil, 0, true
		}
		if ok {
			end, run = e, e
		}
	}
	d := delimitedIf(quoted(closer, data, end))
	if link != 0 {
		if d, more = linkDelimiting(d, link, data, end, atEOF); more {
			return nil, 0, true
		}
	}
	end = trimEnd(data, s, end, d, open, f.underEnds(prev))
	if end-s > f.cfg.maxCandidate {
		return nil, tooLong, false
	}
	if end <= symbolsEnd {
		// What follows the host's symbols was trimmed ("http://x🍄.🍕"):
		// the host is cut inside, and no URL.
		return nil, 0, false
	}
	if slashed {
		body += 2
	}
	if end <= body {
		if slashed && !written && end == body && run == end && lineBreakAt(data, end, run, true) {
			// "http://" and a line break: the host may be on the next
			// line (joined).
			return nil, lineBreak, false
		}
		// Nothing after the colon ("news:*" is all groups in a wrapper,
		// §3.6, but emphasis in running text: "*Net news:* a virus").
		return nil, 0, false
	}
	if !written && lineBreakAt(data, end, run, slashed) {
		return nil, lineBreak, false
	}
	raw := f.str(data[s:end])
	m = f.match(Bare, raw, f.ampText(raw, data[s:end]), "", "")
	if (m == nil || !m.Valid()) && slashed {
		// Looked for only where the URL failed: valid ones cost nothing.
		if k := hostListEnd(data, body, end); k < end && (nameHost(data[s:c]) || data[k] == '[') {
			if end = trimEnd(data, s, k, undelimited, true, f.underEnds(prev)); end <= body {
				return nil, 0, false
			}
			raw = f.str(data[s:end])
			m = f.match(Bare, raw, raw, "", "")
		}
	}
	if m != nil && data[end-1] >= 0x80 && slashed && m.Parsed.Internet && !bytes.ContainsAny(data[body:end], "/?#") {
		// (A label of another script ends the text: its last byte is not
		// ASCII, which most URLs' is, and costs nothing to look at.)
		if k := gluedLabel(data[body:end]); k > 0 && f.gluedProse(m.Parsed.Host) {
			// Prose run on after the host's final dot, with no space
			// ("https://example.com.了解更多"): the URL before it.
			end = body + k
			raw = f.str(data[s:end])
			m = f.match(Bare, raw, f.ampText(raw, data[s:end]), "", "")
		}
	}
	if m == nil {
		return nil, 0, false
	}
	if kind == something && !slashed && !isMailOrNews(data[s:c]) && !opaqueURL(m, data[s:c], data[body:end]) {
		return nil, 0, false
	}
	if c-s == 6 && isMailOrNews(data[s:c]) && !bytes.Contains(data[body:end], []byte("@")) {
		// "mailto:joe" in prose: an address has an "@" (§3.5; RFC 6068
		// "mailto:?to=a@b.example" has one in its query).
		return nil, 0, false
	}
	return m, end, false
}

// bareJSON reads the URL at data[s] whose scheme's colon, at data[c], is
// followed by "\/\/": a URL in a JSON string with its slashes escaped, as
// PHP's json_encode and others write them (`"link":"https:\/\/a.example\/x"`,
// a WordPress site's REST API). RFC 8259 §7 lets a string escape "/" and
// write any character as \uXXXX (Go's encoding/json writes "&" as
// \u0026): the URL is read with those escapes resolved, up to the first
// byte no URL holds (the string's closing quote) or another escape, and
// its text is the URL they stand for; Offset and End are where it is
// written. Where no quote closes it, sentence punctuation is taken off its
// end, as from any bare URL's.
func (f *Finder) bareJSON(data []byte, s, c int, prev byte, atEOF bool) (*Match, int, bool) {
	// Where the URL ends is found first, and its text built only then: a
	// candidate too long, or asked again with more input, built nothing
	// (one run of escaped URLs, 64 MiB of "https:\/\/a\/", made 1.6 GB
	// of garbage and the collector ran 833 times).
	limit := min(len(data), s+f.cfg.maxCandidate+1)
	i := c + 1
	for i < limit {
		ch := data[i]
		if ch == '\\' {
			if _, n := jsonEscape(data[i:]); n > 0 {
				i += n
				continue
			}
			if len(data)-i < 12 && !atEOF {
				return nil, 0, true // the escape may go on in the next read
			}
			break
		}
		if ch < utf8.RuneSelf && !urlByte[ch] || ch == '\'' && prev == '\'' {
			break
		}
		i++
	}
	if i == len(data) && !atEOF {
		return nil, 0, true
	}
	if i >= s+f.cfg.maxCandidate+1 {
		return nil, tooLong, false
	}
	text := make([]byte, 0, i-s)
	text = append(text, data[s:c+1]...)
	for k := c + 1; k < i; {
		if data[k] == '\\' {
			r, n := jsonEscape(data[k:])
			text = utf8.AppendRune(text, r)
			k += n
			continue
		}
		text = append(text, data[k])
		k++
	}
	if i == len(data) || data[i] != prev || prev != '"' && prev != '\'' {
		for i > c+1 && strings.IndexByte(".,:;!?", data[i-1]) >= 0 && text[len(text)-1] == data[i-1] {
			i--
			text = text[:len(text)-1]
		}
	}
	raw := f.str(data[s:i])
	m := f.match(Bare, raw, unsafe.String(unsafe.SliceData(text), len(text)), "", "")
	if m == nil || !m.Valid() {
		return nil, 0, false
	}
	return m, i, false
}

// jsonSlashes reports whether b starts with two slashes a JSON string
// escapes (RFC 8259 §7): "\/" or "\u002F" each, as JSON writers set them
// ("https:\/\/" from PHP's json_encode; "https:\u002F\u002F" from
// serialize-javascript, which web frameworks' server-rendered pages embed
// their state with, so that no "</script>" can close the script).
func jsonSlashes(b []byte) bool {
	for range 2 {
		r, n := jsonEscape(b)
		if r != '/' {
			return false
		}
		b = b[n:]
	}
	return true
}

// jsonEscape reads the JSON escape at the start of b that a URL in a
// JSON string reads on through (bareJSON, and the Scanner's run guard),
// and returns the character it stands for and its length: an escaped
// slash, or \uXXXX (a surrogate pair as one rune, RFC 8259 §7). n is 0
// when b does not start with one, or it stands for a control, a space or
// a byte no URL holds.
func jsonEscape(b []byte) (r rune, n int) {
	if len(b) >= 2 && b[0] == '\\' && b[1] == '/' {
		return '/', 2
	}
	r = jsonHex(b)
	switch {
	case r < 0:
		return 0, 0
	case utf16.IsSurrogate(r):
		if r = utf16.DecodeRune(r, jsonHex(b[min(6, len(b)):])); r == utf8.RuneError {
			return 0, 0
		}
		n = 12
	default:
		n = 6
	}
	if r < utf8.RuneSelf && !urlByte[r] || unicode.IsSpace(r) || unicode.IsControl(r) {
		return 0, 0
	}
	return r, n
}

// jsonHex returns the code unit of the \uXXXX at the start of b, or -1.
func jsonHex(b []byte) rune {
	if len(b) < 6 || b[0] != '\\' || b[1] != 'u' {
		return -1
	}
	var v rune
	for _, c := range b[2:6] {
		switch {
		case '0' <= c && c <= '9':
			v = v<<4 | rune(c-'0')
		case 'a' <= c|0x20 && c|0x20 <= 'f':
			v = v<<4 | rune(c|0x20-'a'+10)
		default:
			return -1
		}
	}
	return v
}

// ampText returns the text of a URL written raw (b, its bytes) in which
// "&amp;" stands for "&" (HTML §13.1.2.3, XML §3.1): raw with its
// references to "&" resolved. HTML and XML read as text (a page saved,
// documentation's HTML under /usr/share/doc, the Rust docs' "?sku=Build
// Tools&amp;rel=16" in a paragraph, href="/buglist.cgi?a=1&amp;b=2"),
// and the plain text made from them (spam's text parts), write a query's
// "&" so; read as written, the URL asked the server for a parameter
// "amp;b". No URL holds "&amp;" for itself. A numeric reference to
// another character a URL holds as written is resolved too (HTML
// §13.1.4): Go's html/template writes "+" as "&#43;" in attributes and
// text ("css?family=Open&#43;Sans", which read as written is a fragment),
// and mail's HTML hides a host's dot as "&#46;" (refChar). Other
// references stay as written: "&lt;" and "&gt;" stand for what no URL
// holds, and in spam's broken HTML ("/&gt") end it; "&#39;" and "&#34;"
// are quotes. (Mail's HTML parts are decoded before.)
// raw itself when it holds no such reference; for a lazy Finder, the
// text is in its rejoin buffer, as a wrapper's rejoined reading is.
func (f *Finder) ampText(raw string, b []byte) string {
	i := ampRef(b)
	if i < 0 {
		return raw
	}
	var out []byte
	if f.lite != nil {
		out = f.lite.rejoin[:0]
	} else {
		out = make([]byte, 0, len(b))
	}
	out = appendAmpResolved(out, b, i)
	if f.lite != nil {
		f.lite.rejoin = out
	}
	return unsafe.String(unsafe.SliceData(out), len(out)) // not written again, but by the lazy Finder's next rejoin
}

// ampResolved returns s with its references to "&" resolved, as ampText
// resolves them; s itself when it holds none.
func ampResolved(s string) string {
	b := unsafe.Slice(unsafe.StringData(s), len(s))
	i := ampRef(b)
	if i < 0 {
		return s
	}
	return string(appendAmpResolved(make([]byte, 0, len(s)), b, i))
}

// appendAmpResolved appends b to out with its references to "&" (and
// to the characters refChar resolves) resolved, the first at b[i].
func appendAmpResolved(out, b []byte, i int) []byte {
	for i >= 0 {
		n, c := refChar(b[i:])
		out = append(append(out, b[:i]...), c)
		b = b[i+n:]
		i = ampRef(b)
	}
	return append(out, b...)
}

// ampRef returns the index of the first reference refChar resolves in
// b, or -1.
func ampRef(b []byte) int {
	for i := 0; ; {
		k := bytes.IndexByte(b[i:], '&')
		if k < 0 {
			return -1
		}
		i += k
		if n, _ := refChar(b[i:]); n > 0 {
			return i
		}
		i++
	}
}

// refChar reads the character reference at the start of b that a URL's
// text resolves (HTML §13.1.4, XML §4.1): "&amp;" or "&AMP;", or a
// numeric reference, decimal ("&#43;") or hexadecimal ("&#x2B;"), to an
// ASCII character a URL holds as written (urlByte) but a quote. It
// returns the reference's length and the character, or 0.
func refChar(b []byte) (n int, c byte) {
	if len(b) < 4 || b[0] != '&' {
		return 0, 0
	}
	if b[1] != '#' {
		if len(b) >= 5 && (string(b[1:5]) == "amp;" || string(b[1:5]) == "AMP;") {
			return 5, '&'
		}
		return 0, 0
	}
	i, base := 2, 10
	if b[2] == 'x' || b[2] == 'X' {
		i, base = 3, 16
	}
	v, digits := 0, 0
	for ; i < len(b) && digits < 7; i++ {
		d := int(b[i])
		switch {
		case '0' <= d && d <= '9':
			d -= '0'
		case base == 16 && 'a' <= d|0x20 && d|0x20 <= 'f':
			d = d | 0x20 - 'a' + 10
		case d == ';' && digits > 0 && v < utf8.RuneSelf && urlByte[v] && v != '\'':
			return i + 1, byte(v)
		default:
			return 0, 0
		}
		v = v*base + d
		digits++
	}
	return 0, 0
}

// hostListEnd returns where a URL's authority, data[from:end] up to its
// path, query or fragment, meets a ',', ';', '&' or "'" that no "@" follows in
// it, or end when it does not. None can be in a host name (RFC 1738 §3.1,
// RFC 1123 §2.1) or a port, so there the URL's host has ended and text
// goes on: a list ("GOPROXY=https://proxy.golang.org,direct", a CSV row
// "Example,https://example.com,2020", "www.a.example;www.b.example"), or
// HTML's escapes of the quotes around it, read as text
// ("href=&#39;http://a.example&#39;&gt;", "&quot;http://a.example&quot;").
// An "@" after it makes them a user's ("imap://user;AUTH=*@host/"). So
// with a "'": a possessive, or a quote closed, right after the host
// ("http://example.com's/path", Autolinker.js's tests; "'http://a.example'/>").
// A footnote's mark ends a host too, a "[" where no IP literal opens (at
// the authority's start or after its "@", RFC 3986 §3.2.2) and a few
// digits closed at the run's end (footnoteMark): "see
// http://example.org[1]" (Thunderbird's tests of its mail linkifier,
// mozTXTToHTMLConv), "http://a.example:8080[2]"; a syntax's notation
// ("scheme://host[:port]/path") stays no URL.
// Without the cut, the host was invalid and the URL not found at all. The
// callers look only where the URL as written fails.
func hostListEnd(data []byte, from, end int) int {
	for i := from; i < end; i++ {
		switch data[i] {
		case '/', '?', '#':
			return end
		case '[':
			if i > from && data[i-1] != '@' && (footnoteMark(data[i:end]) || hostLabel(data[i:end])) {
				return i
			}
		case ',', ';', '&', '\'':
			for j := i + 1; j < end; j++ {
				switch data[j] {
				case '@':
					return end
				case '/', '?', '#':
					return i
				}
			}
			return i
		}
	}
	return end
}

// hostLabel reports whether b, the rest of a URL's run from a "[" right
// after its host or port, is the label of an AsciiDoc link macro
// ("https://asciidoctor.org[AsciiDoc]", "https://rvm.io[RVM]",
// "https://brew.sh[安装]", "https://example.org[]": 36 of the 323 URL
// macros in Asciidoctor's own documentation): one "[", closed by the
// run's last byte or, the label going on past a space
// ("https://asciidoctor.org[Asciidoctor docs]"), not at all. A host holds
// no "[" (RFC 3986 §3.2.2 has one only opening an IP literal, at the
// authority's start or after its "@"), so without the cut the URL was not
// found at all. A syntax's notation is no label: a "[:" ("http://host[:port]")
// or a "]" with more after it ("http://host[:port]/path",
// "http://mirror[1-3].example").
func hostLabel(b []byte) bool {
	if len(b) < 2 || b[1] == ':' || bytes.IndexByte(b[1:], '[') >= 0 {
		return false
	}
	j := bytes.IndexByte(b, ']')
	return j < 0 || j == len(b)-1
}

// footnoteMark reports whether b, the rest of a URL's run from a "[", is
// a footnote's mark: "[", one to four digits, "]", and the run's end (a
// test's "http://bad[url]" stays no URL).
func footnoteMark(b []byte) bool {
	if len(b) < 3 || len(b) > 6 || b[len(b)-1] != ']' {
		return false
	}
	for _, c := range b[1 : len(b)-1] {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// nameHost reports whether the scheme named name (as written) takes a host
// name in its authority: the schemes of RFC 1738 §3 with a host, and those
// that take their grammar (rfc1738.Grammar: https, ws, wss, ftps, nntps).
// Other schemes' authorities are RFC 3986's reg-names, where ',' and ';'
// are sub-delims ("postgresql://h1:5432,h2:5432/db" names two hosts).
func nameHost(name []byte) bool {
	var buf [maxScheme + 1]byte
	if len(name) > len(buf) {
		return false
	}
	for i, c := range name {
		buf[i] = c | 0x20 // scheme bytes: letters lowered; digits, "+-." as they are
	}
	switch rfc1738.Grammar(unsafe.String(&buf[0], len(name))) {
	case "http", "ftp", "gopher", "nntp", "telnet", "wais", "prospero", "file":
		return true
	}
	return false
}

// lineBreakAt reports whether a URL whose run ends at data[run], and
// which ends at data[end] once trimmed, ends where a line break may have
// cut it: at a hyphen before the break, or, for a URL written with "//",
// at the end of a line it runs to (after a "/", "?", "&" or "#", a path or
// query broken where it could be; or anywhere, a line cut at its width;
// joined says whether the next line goes on with it). Not at an "=": a
// line that ends in one is quoted-printable's soft break, in mail read as
// written (--raw), far more often than a query broken after it.
func lineBreakAt(data []byte, end, run int, slashed bool) bool {
	if hyphenAtBreak(data, end) || typoBreak(data, run) || foldBreak(data, run) > 0 {
		return true
	}
	if !slashed || run != end || run == 0 || run == len(data) || data[run] != '\n' && data[run] != '\r' || data[run-1] == '=' {
		return false
	}
	// What joined would turn down at once, cheaply: a next line that does
	// not go on with a letter or a digit (a blank line, most often), and,
	// for a break in the middle of a word, a line shorter than fullLine
	// (when its start is here to tell).
	i := run + 1
	if data[run] == '\r' && i < len(data) && data[i] == '\n' {
		i++
	}
	for i < len(data) && prefixByte(data[i]) {
		i++
	}
	if i < len(data) && !ascii.IsAlnum(data[i]) {
		return false
	}
	if !pathBreak(data[run-1]) {
		if bytes.LastIndexByte(data[max(0, run-fullLine):run], '\n') >= 0 {
			return false // the line started within fullLine bytes
		}
	}
	// goesOn wants of the next line's first word a character of a path,
	// query or file name, or the closer of a bracket or quote: a word of
	// prose ("for", "and") has none.
	for k := i; k < min(len(data), i+64); k++ {
		switch c := data[k]; {
		case c == ' ' || c == '\t' || c == '\r' || c == '\n':
			return false // the word ended with none
		case wordGoesOn[c]:
			return true
		}
	}
	return true // a long word, or one that may go on past what is here
}

// pathBreak reports whether c, the last byte of a line a URL runs to, is
// where a path or query breaks ("/", "?", "&", "#"), not the middle of a
// word.
func pathBreak(c byte) bool { return c == '/' || c == '?' || c == '&' || c == '#' }

// prefixByte reports whether c may be part of a line's quote prefix or
// indentation: the markers wrapper.QuotePrefix reads, and white space.
func prefixByte(c byte) bool { return c == ' ' || c == '\t' || c == '>' || c == '|' }

// byteSet returns the table of the bytes of set.
func byteSet(set string) (t [256]bool) {
	for i := range len(set) {
		t[set[i]] = true
	}
	return t
}

// pathWordByte are the bytes of a path, a query or a fragment that a word
// of prose does not hold, one of which goesOn wants in the word a broken
// URL goes on with; wordGoesOn adds to them what else goesOn takes, a
// file name's dot, a compound's hyphen and every closer closerOf gives,
// so that lineBreakAt asks no more.
var (
	pathWordByte = byteSet("/?=#&%~@_")
	wordGoesOn   = func() [256]bool {
		t := byteSet("/?=#&%~@_.-")
		for p := range 256 {
			if c := closerOf(byte(p)); c != 0 {
				t[c] = true
			}
		}
		return t
	}()
)

// hyphenAtBreak reports whether the run of a URL that ends at data[end]
// ends in a hyphen, at a line break.
func hyphenAtBreak(data []byte, end int) bool {
	return end > 0 && end < len(data) && data[end-1] == '-' && (data[end] == '\n' || data[end] == '\r')
}

// typoBreak reports whether the run of a URL that ends at data[run], a
// line break, ends in a typesetter's hyphen (wrapper.TypoHyphen: groff's
// in a UTF-8 locale, "https://savan‐" then "nah.nongnu.org/bugs/"), which
// is not the URL's: the URL goes on on the next line, without it.
func typoBreak(data []byte, run int) bool {
	return run < len(data) && (data[run] == '\n' || data[run] == '\r') && bytes.HasSuffix(data[:run], typoHyphen)
}

var typoHyphen = []byte(wrapper.TypoHyphen)

// protocolVersion reports whether w is a protocol's name and version as
// a request line ends with one ("SIP/2.0", "HTTP/1.1", RFC 3261 §7.1,
// RFC 9112 §3).
func protocolVersion(w []byte) bool {
	slash := bytes.IndexByte(w, '/')
	if slash < 2 {
		return false
	}
	for _, c := range w[:slash] {
		if c < 'A' || c > 'Z' {
			return false
		}
	}
	v := w[slash+1:]
	dot := bytes.IndexByte(v, '.')
	if dot < 1 || dot == len(v)-1 {
		return false
	}
	for i, c := range v {
		if i != dot && !ascii.IsDigit(c) {
			return false
		}
	}
	return true
}

// foldBreak returns the length of the fold mark at data[run], where a
// URL's run ends, that a line break follows: one backslash (RFC 8792
// §7.2.1; RFCs' SIP and RESTCONF examples, "INVITE sip:vm@example.com;\"
// then "target=..."), or two (a YANG string's); 0 when there is none. The
// URL goes on on the next line without it: no URL holds a backslash
// (wrapper.foldMark, which reads the same marks in wrappers).
func foldBreak(data []byte, run int) int {
	n := 0
	for n < 2 && run+n < len(data) && data[run+n] == '\\' {
		n++
	}
	if n > 0 && run+n < len(data) && (data[run+n] == '\n' || data[run+n] == '\r') {
		return n
	}
	return 0
}

// maxJoined bounds the lines joined reads one URL from.
const maxJoined = 8

// breakFit is the least length that the line a URL breaks at, with the
// first word of the next line, must have for a break after a "/" and the
// like (not a hyphen) to count as one: a text breaks a URL there when the
// rest did not fit on the line. RFCs fill lines to 72 columns, mail to
// 72-78; in the RFC archive every such break came to 69 or more, and the
// lines that only look alike (tables of a label and a URL, a URL then the
// next line's "a=control:...") to 60 at most.
const breakFit = 66

// fullLine and fullLineMax bound the length of a line that a URL's break
// in the middle of a word (not after a "/" and the like) counts for: a
// tool that cut the text at its width, whatever it cut, cut at 70 to 80
// columns ("http://www.microfocus.com/.../description.as" then
// "p?productid=52" in a news archive, news digests' 70 and 76 in
// SpamAssassin's corpus, RFC 2616's "...mogul/HTTPLat" then "ency.html").
// A longer line was not cut for its width (a CSV row, a line of code).
const (
	fullLine    = 70
	fullLineMax = 80
)

// joined reads the URL at data[s] (a scheme URL, kind Bare, or a www host,
// kind WWW), for which bare or www returned lineBreak, rejoined with the
// lines that go on with it. Mail clients break bare URLs after a hyphen
// ("http://www.dcc-" and, on the next line, "servers.net/"; quoted replies
// break such lines again, "> servers.net/"); RFCs and other filled text
// also after a "/", "?", "&" or "#", where the rest did not fit
// (RFC 4006's "http://standards.ieee.org/regauth/oui/tutorials/" and
// "EUI64.html"; 2009's boilerplate "(http://trustee.ietf.org/" and
// "license-info)"). The RFC's appendix has wrappers for URLs that go over
// lines; filled text breaks bare ones too. In two real mailboxes (the
// Linux-MIPS list, SpamAssassin's public corpus) 28 bare URLs broke after
// a hyphen, and every one went on on the next line ("trondmy/linux-" and
// "> > nfs.git"); in the RFC archive (RFC 1 to 10029) about 500 broke
// after a "/" and the like, and 40 after a hyphen.
//
// Each next line must repeat quote, the quote prefix of the URL's line (as
// a wrapper's continuation lines do, wrapper.Continuation), and go on at
// once with a letter or a digit, not with a URL of its own. After a
// hyphen that is enough. After a "/" and the like, or in the middle of a
// word past the host (a line cut at its width, when the URL does not end
// in a file name, fileEnd), it must not start a www host, and goesOn
// decides from its first word and where it starts. Up to maxJoined lines
// make one URL whose text is rejoined (Rejoined), the hyphens kept unless
// only the reading without them is valid, as for wrappers (--hyphen picks
// either reading). The whole stays within maxCandidate bytes. It returns
// nil when the lines make no URL, or an invalid one where the first line
// alone is valid: the caller then takes the URL as written.
func (f *Finder) joined(kind Kind, data []byte, s int, prev byte, atEOF bool, quote []byte, at column) (m *Match, end int, more bool) {
	if lim := s + f.cfg.maxCandidate + 1; len(data) > lim {
		// Decided within the candidate bound, whatever the reads.
		data, atEOF = data[:lim], true
	}
	from, prefix := s+4, "http://"
	if kind == Bare {
		from, prefix = s+schemeEnd(data[s:])+1, ""
	}
	closer := quoteOf(prev)
	slashed := kind == WWW || bytes.HasPrefix(data[from:], []byte("//"))
	var parts [maxJoined]span
	var hyphens [maxJoined]bool
	n := 0
	cut := false                                            // a typesetter broke the first line in a word: it is no URL alone
	run, _, _ := f.runEnd(data, from, closer, atEOF, false) // bare and www read this run whole
	line := s - at.url                                      // where the URL's line starts, maybe before data
	parts[0] = span{s, run}
	// "http://" and a line break: the authority on the next line is the
	// URL's whole host, as filled text breaks it (RFC 2732's "currently
	// available at http://" then "www2000.ogsm.vanderbilt.edu/...": 138
	// times in the RFC archive), where the line's width would not say so
	// (goesOn), for a www host too.
	bareSlashes := kind == Bare && run-from == 2 && slashed
	for n = 1; n < maxJoined; n++ {
		hyphen, typo, fold := hyphenAtBreak(data, run), typoBreak(data, run), foldBreak(data, run)
		// A "%" escape cut short at a line a tool cut at its width says
		// the URL goes on, with the hex digits it wants.
		esc := escapeCut(data[from:run])
		if esc > 0 && midNever(run-line, n, data[from:run]) {
			esc = 0
		}
		marked := hyphen || typo || fold > 0 || esc > 0 // the line break is marked as one inside a word
		if !lineBreakAt(data, run, run, slashed) {      // at either of them too
			break
		}
		if !marked && !pathBreak(data[run-1]) && midNever(run-line, n, data[from:run]) {
			// Decided without the next line, which may not have come yet
			// (a stream's first line, a chat log's latest): the URL is read
			// as written at once, not held until the next line comes.
			break
		}
		brk := run + fold // the line break, past a fold's mark
		k := brk + 1
		if data[brk] == '\r' {
			if k == len(data) {
				if atEOF {
					break // the text ends: no next line
				}
				return nil, 0, true
			}
			if data[k] != '\n' {
				break // a lone CR
			}
			k++
		}
		j, ok, short := wrapper.Continuation(data, k, quote)
		if !ok && !short && esc > 0 {
			// A quoted line that a reply's client wrapped again, its
			// rest quoted one level less ("> >http://…Press%20Release%"
			// then "> 3A%20Xbox…", SpamAssassin's public corpus): the
			// escape says the URL goes on there.
			if q := wrapper.Shallower(quote); q != nil {
				if j2, ok2, short2 := wrapper.Continuation(data, k, q); ok2 || short2 {
					j, ok, short, quote = j2, ok2, short2, q
				}
			}
		}
		switch {
		case short && atEOF:
			j = -1 // the text ends: no next line
		case short:
			return nil, 0, true
		case !ok || !ascii.IsAlnum(data[j]) || startsURL(data[j:]) || !marked && !bareSlashes && hasPrefixFold(data[j:], "www."):
			j = -1
		case esc > 0 && !hexRun(data[j:], esc):
			j = -1 // no escape's rest: the "%" was the URL's end
		}
		if j < 0 {
			break
		}
		next, more, _ := f.runEnd(data, j, closer, atEOF, false)
		if more {
			return nil, 0, true
		}
		if esc > 0 && !bytes.ContainsAny(data[j+esc:next], ".?=&%#/") {
			// Past the escape's digits the word must go on as a URL's
			// path or query does: "50%" then "About the offer" is prose.
			break
		}
		if fold > 0 && protocolVersion(data[j:next]) {
			// A request line folded before its version ("INVITE
			// sip:vm@192.0.2.6;cause=480\" then "SIP/2.0"): the fold
			// stood for the space before it.
			break
		}
		if next == len(data) && len(data) == s+f.cfg.maxCandidate+1 {
			return nil, 0, false // too long for one URL
		}
		if n == 1 && bareSlashes {
			if !hostAhead(data[j:next]) {
				break
			}
		} else if !marked {
			// In the middle of a word, and past the host (a host the
			// line's width cut is rare, a signature's "http://a.example"
			// then "FAX/Voice" is not).
			mid := !pathBreak(data[run-1])
			on, more := goesOn(data, run-line, j-k, at, j, next, prev, atEOF, mid)
			if more {
				return nil, 0, true
			}
			if !on {
				break
			}
		}
		hyphens[n-1] = hyphen
		if typo {
			parts[n-1].end -= len(typoHyphen) // the typesetter's, not the URL's
			cut = cut || n == 1               // the URL's first line
		}
		parts[n] = span{j, next}
		run, line, at = next, k, column{url: j - k, text: j - k}
	}
	if n == 1 {
		return nil, 0, false
	}
	last := parts[n-1]
	end = trimEnd(data, s, last.end, delimitedIf(quoted(closerOf(prev), data, last.end)), true, f.underEnds(prev))
	if end <= last.start {
		// Nothing of the last line is the URL's: the line before ends it.
		if n--; n == 1 {
			return nil, 0, false
		}
		end = parts[n-1].end
	}
	parts[n-1].end = end
	text, alt := f.joinParts(data, parts[:n], hyphens[:n-1])
	m = f.readings(kind, f.str(data[s:end]), text, alt, prefix)
	first := data[s:parts[0].end]
	if m == nil && cut {
		return nil, cutNoURL, false
	}
	if m == nil || !m.Valid() && !cut && f.validAsWritten(prefix, first) || kind == WWW && !f.wwwHost(m.Parsed) {
		return nil, 0, false
	}
	if kind == Bare {
		c := schemeEnd(first)
		switch {
		case c == 6 && isMailOrNews(first[:c]) && !strings.Contains(m.Text, "@"):
			return nil, 0, false // as bare has it: an address has an "@"
		case !slashed && !isMailOrNews(first[:c]) && !opaqueURL(m, first[:c], []byte(m.Text[c+1:])):
			return nil, 0, false // as bare has it for an opaque URL
		}
	}
	m.Rejoined = true
	return m, end, false
}

// escapeCut returns how many hex digits a "%" escape at the end of url
// still wants: 2 after a final "%", 1 after "%" and one digit, else 0
// (RFC 3986 §2.1: pct-encoded = "%" HEXDIG HEXDIG).
func escapeCut(url []byte) int {
	n := len(url)
	switch {
	case n >= 1 && url[n-1] == '%':
		return 2
	case n >= 2 && url[n-2] == '%' && ascii.IsHex(url[n-1]):
		return 1
	}
	return 0
}

// hexRun reports whether b starts with n hex digits.
func hexRun(b []byte, n int) bool {
	if len(b) < n {
		return false
	}
	for _, c := range b[:n] {
		if !ascii.IsHex(c) {
			return false
		}
	}
	return true
}

// hostAhead reports whether word, the first of the line after a bare
// "scheme://", starts with a host a URL names: a name whose top-level
// domain is one (knownTLD), or an IPv4 address; not prose's words ("and",
// "e.g.").
func hostAhead(word []byte) bool {
	host := word
	if i := bytes.IndexAny(host, "/?#:"); i >= 0 {
		host = host[:i]
	}
	host = bytes.TrimRight(host, ".,;")
	if _, err := netip.ParseAddr(string(host)); err == nil {
		return bytes.IndexByte(host, '.') > 0
	}
	tld, rest := topLabel(string(host))
	return rest != "" && knownTLD(tld)
}

// midNever reports whether a break in the middle of a word, at the end
// of a line of brk bytes that ends run, the URL's text after its scheme's
// colon so far, cannot count, whatever the next line holds (goesOn): the
// line is shorter or longer than a width that tools cut at, or the break
// is in the URL's host (a signature's "http://a.example" then
// "FAX/Voice"), or after a file name.
func midNever(brk, n int, run []byte) bool {
	return brk < fullLine || brk > fullLineMax || n == 1 && !pathBegun(run) || fileEnd(run)
}

// column says where a URL starts on its line, and where the line's text
// starts past its quote marks and indentation: byte counts from the line's
// start, as the Scanner counts them (whatever its buffer still holds).
type column struct{ url, text int }

// goesOn reports whether the line whose first word starts at data[j], at
// column col, and whose run of URL bytes ends at data[next], goes on with
// a URL that a line break cut after a "/" and the like at column brk, the
// URL's line as at says. A text filled to its width breaks a URL so where
// the rest did not fit: the URL's line with the next word, without the
// sentence punctuation after it, reaches breakFit, and no ":" follows the
// word (a heading, a label, a compiler's "file.c:856:7: error"). Then
// either the word ends at the closer of a bracket or quote that opened
// before the URL ("(http://trustee.ietf.org/" and "license-info)",
// `schemaLocation="http://a.example/` and `x.xsd">`), or the line goes on
// where the URL's line starts its text or the URL itself (a reference's
// "        http://a.example/" then "        x.html"; a list's next item
// is indented otherwise), holds no URL of its own further on ("Today's
// news: http://a.example/" then "a.example newsgroup: news://...",
// "check http://a.example/" then "and/or http://b.example/"), and
// the word is more of a URL's path, query or fragment: it holds one of
// "/?=#&%~@_" or is a file name ("EUI64.html"), or, with the URL alone on
// its line and the word alone on the next at its column, a compound of
// words joined by "-". Words of prose ("for", "and", "e.g.") are not. A
// break in the middle of a word (mid) counts only in a line of fullLine
// to fullLineMax bytes (midNever), before a line that starts where the
// URL's line starts its text, with a word that holds one of ".?=&%#/" and
// is no abbreviation, and never for the closer alone. more asks for the
// rest of the line.
func goesOn(data []byte, brk, col int, at column, j, next int, prev byte, atEOF, mid bool) (on, more bool) {
	core := next
	for core > j && strings.IndexByte(".,;:!?'\")]>", data[core-1]) >= 0 {
		core--
	}
	if core == j || brk+core-j < breakFit || core < len(data) && data[core] == ':' || bytes.Contains(data[j:next], []byte("://")) ||
		mid && (brk < fullLine || brk > fullLineMax || col != at.text) {
		return false, false
	}
	if mid && tokenLike(data[j:core]) {
		// A token too long for its lines, cut at the width line after
		// line: a mail gateway's rewritten link ("https://secure-web.cisco.com/1VqOjc…"
		// then "wcwvrjcKOq0YBEA_Uqrp…", ciscoclean's example), an
		// attribute's value in HTML sent as text (spam's
		// `href="http://www.softchoice.com/…asp?5445x$qJpibFSc` then
		// three more lines of it). Its next line is the token's too when
		// the token fills it to the width, or when it ends there at the
		// quote that opened before the URL; not at a bracket's closer: a
		// version string's "(git://github.com/llvm/llvm-project" then
		// "544315b4…)" is two things.
		if c := closerOf(prev); (c == '"' || c == '\'') && next < len(data) && data[next] == c && next == core {
			return true, false
		}
		if next == core && (next == len(data) && atEOF || next < len(data) && (data[next] == '\n' || data[next] == '\r')) &&
			col+next-j >= fullLine && col+next-j <= fullLineMax {
			return true, false
		}
	}
	if mid && (!bytes.ContainsAny(data[j:core], ".?=&%#/") || abbreviation(data[j:next])) {
		// Cut in the middle, the rest is a URL's, not a word: a line
		// wrapped at a URL's end (a space the break stands for) goes on
		// with prose, "ACCESS_ONCE might fail", "544315b4...) (based on",
		// "e.g. for Linux".
		return false, false
	}
	if c := closerOf(prev); !mid && c != 0 && prev != '<' && next < len(data) && data[next] == c && next == core {
		// Closed where it opened: wherever the line starts. (Angle
		// brackets are wrappers, which wrapper.At reads, or a Markdown
		// renderer's autolinks, WithAngle.)
		return true, false
	}
	if col != at.text && col != at.url {
		return false, false
	}
	eol := bytes.IndexByte(data[next:], '\n')
	if eol < 0 {
		if !atEOF {
			return false, true // the line's rest decides
		}
		eol = len(data) - next
	}
	if bytes.Contains(data[next:next+eol], []byte("://")) {
		return false, false
	}
	w := data[j:core]
	if slices.ContainsFunc(w, func(c byte) bool { return pathWordByte[c] }) {
		return true, false
	}
	if col == at.url && at.url == at.text && next == core && (eol == 0 || data[next] == '\r') && compound(w) {
		// The URL alone on its line and this word alone on the next, at
		// its column: a reStructuredText target's URL, which docutils
		// joins over its indented lines (".. _Credentials:", then
		// "https://developers.google.com/identity/protocols/" and
		// "application-default-credentials"), or a list of references'.
		return true, false
	}
	dot := bytes.LastIndexByte(w, '.')
	if dot < 2 || len(w)-dot < 3 || !ascii.IsAlpha(w[dot+1]) {
		return false, false
	}
	for _, c := range w {
		if !ascii.IsAlnum(c) && c != '.' && c != '-' {
			return false, false
		}
	}
	return true, false
}

// tokenLike reports whether w, a word at a line's start, is a token no
// prose holds: at least 12 bytes, letters and digits both among them, and
// at least half of it letters and digits (base64url, a query's opaque
// value; a rule of "=" or "-" has neither letter nor digit).
func tokenLike(w []byte) bool {
	if len(w) < 12 {
		return false
	}
	alnum, letter, digit := 0, false, false
	for _, c := range w {
		switch {
		case '0' <= c && c <= '9':
			alnum++
			digit = true
		case ascii.IsAlpha(c):
			alnum++
			letter = true
		case c >= 0x80:
			return false
		}
	}
	return letter && digit && 2*alnum >= len(w)
}

// compound reports whether w is words of letters and digits joined by
// "-" ("application-default-credentials"), as a path's segment is named
// and a word of prose seldom is.
func compound(w []byte) bool {
	if len(w) < 3 || w[0] == '-' || w[len(w)-1] == '-' || bytes.IndexByte(w, '-') < 0 {
		return false
	}
	for _, c := range w {
		if !ascii.IsAlnum(c) && c != '-' {
			return false
		}
	}
	return true
}

// fileEnd reports whether url ends in a file name's extension, as a URL
// whole on its line does ("release.tar.gz", "index.html"): a line wrapped
// there broke between the URL and the next word, not inside the URL.
func fileEnd(url []byte) bool {
	dot := bytes.LastIndexByte(url, '.')
	if dot < 0 || bytes.IndexByte(url[dot:], '/') >= 0 {
		return false
	}
	for _, ext := range fileExts {
		if bytes.EqualFold(url[dot+1:], []byte(ext)) {
			return true
		}
	}
	return false
}

// fileExts are the file name extensions fileEnd knows.
var fileExts = [...]string{"html", "htm", "shtml", "xhtml", "pdf", "txt", "gz", "tgz", "bz2", "xz", "zip", "tar", "php", "asp", "aspx",
	"jsp", "cgi", "xml", "xsd", "json", "png", "jpg", "jpeg", "gif", "svg", "md", "ps", "doc", "docx", "ppt", "mp4", "exe", "rpm", "deb", "iso"}

// abbreviation reports whether word is letters each followed by a dot,
// as prose abbreviates ("e.g.", "i.e.", "U.S."), a word that no URL goes
// on with.
func abbreviation(word []byte) bool {
	if len(word) < 2 {
		return false
	}
	for i := 0; i < len(word); i += 2 {
		if !ascii.IsAlpha(word[i]) || i+1 < len(word) && word[i+1] != '.' {
			return false
		}
	}
	return true
}

// driveBar reports whether data[end] is the "|" of a drive letter in a
// file URL whose scheme is data[s:c] ("file:///c|/path/to/file",
// "file:/C|/x", "file://host/c|/x"): after "/" and one letter that start
// the path, before "/". RFC 8089 Appendix E.2.2 lists the form among
// those implementations read; RFC 1738 §2.2 has "|" unsafe, and the
// parser warns of it.
func driveBar(data []byte, s, c, end int) bool {
	if end+1 >= len(data) || data[end] != '|' || data[end+1] != '/' || end-2 <= c || data[end-2] != '/' ||
		!ascii.IsAlpha(data[end-1]) || !bytes.EqualFold(data[s:c], []byte("file")) {
		return false
	}
	path := data[c+1 : end-2] // before the drive's "/": "", "//", "//host"
	if bytes.HasPrefix(path, []byte("//")) {
		path = path[2:]
	}
	return bytes.IndexByte(path, '/') < 0
}

// localFile reports whether scheme is file and part, what follows its
// colon, a local path with no "//" ("file:/etc/motd", RFC 8089 §2: Java
// and others write file URLs so; the parser reads it, ErrLocalPath).
func localFile(scheme, part []byte) bool {
	return len(part) >= 2 && part[0] == '/' && part[1] != '/' && (part[1] >= 0x80 || urlByte[part[1]]) &&
		bytes.EqualFold(scheme, []byte("file"))
}

// validAsWritten reports whether url, a bare URL's text (a www host's,
// after prefix), parses valid.
func (f *Finder) validAsWritten(prefix string, url []byte) bool {
	u, err := rfc1738.ParseLenient(prefix + string(url))
	return !noURL(u) && err == nil
}

// startsURL reports whether data starts with a URL of its own: a scheme
// and "//", or a registered scheme and its colon ("mailto:"). A line that
// does is no continuation ("http://a.example/x-" then "http://b.example/"
// are two URLs); "example.com:8080/" is one.
func startsURL(data []byte) bool {
	c := schemeEnd(data)
	if c <= 0 {
		return false
	}
	if bytes.HasPrefix(data[c+1:], []byte("//")) {
		return true
	}
	_, reg := rfc1738.LookupBare(data[:c])
	return reg
}

// joinParts returns the URL made of data's parts, the lines of a URL
// broken over them, and, when a hyphen a line break follows ends any of
// them (hyphens[i] for parts[i]), the reading without those hyphens, or
// "". They share one allocation, or, for a lazy Scanner, none (its reused
// buffer, as Finder.rejoin has it).
func (f *Finder) joinParts(data []byte, parts []span, hyphens []bool) (text, alt string) {
	size, anyHyphen := 0, false
	for i, p := range parts {
		size += p.end - p.start
		anyHyphen = anyHyphen || i < len(hyphens) && hyphens[i]
	}
	var buf []byte
	if f.lite != nil {
		buf = f.lite.rejoin[:0]
	} else {
		buf = make([]byte, 0, 2*size)
	}
	for _, p := range parts {
		buf = append(buf, data[p.start:p.end]...)
	}
	n := len(buf)
	if anyHyphen {
		for i, p := range parts {
			e := p.end
			if i < len(hyphens) && hyphens[i] {
				e--
			}
			buf = append(buf, data[p.start:e]...)
		}
	}
	if f.lite != nil {
		f.lite.rejoin = buf
	}
	both := unsafe.String(unsafe.SliceData(buf), len(buf)) // not written again, but by the next rejoin of a lazy Scanner
	return both[:n], both[n:]
}

// hostGoesOn reports whether a bare URL whose authority starts at
// data[from] and whose run ended at data[end] ended inside its host, at
// pictographic symbols (So: "✪", "♥", emoji; not CJK text's full-width
// "｜", an Sm that ends a URL) that the host goes on after:
// "http://x🍄.ga/" is read on through them, not as "http://x"
// (IDNA2008 has no symbols in host names, but UTS #46, as browsers read
// hosts, has: rfc1738.ErrSymbolHost; GFM links the whole), and is no URL
// when what follows them is trimmed away. A symbol after a whole host ends the
// URL as it would anywhere: "https://a.example🔥 wow" gives
// "https://a.example". Bytes that are no UTF-8 decode to U+FFFD, an So.
//
// after is where the symbols end when the host goes on after them.
//
// It looks no further than stop (at most maxHostSymbols past end): a
// longer run of symbols is no host's. Where data ends before it decides
// and more may come (not atEOF), it asks for more: deciding on what a
// read happened to bring made the answer depend on the reads (a run of
// 418 such bytes, then a letter, read a byte at a time, gave a URL that
// one read did not).
func hostGoesOn(data []byte, from, end, stop int, atEOF bool) (goesOn, more bool, after int) {
	if end >= len(data) || data[end] < utf8.RuneSelf || bytes.ContainsAny(data[from:end], "/?#") {
		return false, false, 0
	}
	i := end
	for {
		switch {
		case i >= stop:
			return false, false, 0
		case i == len(data):
			return false, !atEOF, 0
		case data[i] < utf8.RuneSelf:
			return ascii.IsAlnum(data[i]) || data[i] == '.' || data[i] == '-', false, i
		case !atEOF && !utf8.FullRune(data[i:]):
			return false, true, 0
		}
		r, size := utf8.DecodeRune(data[i:])
		if !unicode.In(r, unicode.So, unicode.Mn, unicode.Cf) { // pictographs and the like, with their variation selectors and joiners
			return false, false, 0
		}
		i += size
	}
}

// hostSymbols reads on through symbols inside a host ("http://i❤.ws/",
// "www.🍕💩.ws"; rfc1738.ErrSymbolHost decides whether the name is one):
// where runEnd, reading a URL that starts at data[s] from data[at], ended
// at end, at symbols inside the host that starts at data[from]
// (hostGoesOn) and that is not a whole host before them (wholeHost), it
// reads the run again from at, with the host's symbols in it. It returns
// the run's end and runEnd's open (end and open as they were when it does
// not read on), where the symbols end (0 when it does not), and more when
// the data ends before that is decided and more may come. The decision
// is taken within the candidate bound and the lookahead, whatever the
// reads: the Scanner holds that much before it gives up waiting.
func (f *Finder) hostSymbols(data []byte, s, at, from, end int, prev byte, open, atEOF bool) (runEnd, symbolsEnd int, runOpen, more bool) {
	stop := min(end+maxHostSymbols, s+f.cfg.maxCandidate+lookahead-utf8.UTFMax)
	on, more, after := hostGoesOn(data, from, end, stop, atEOF)
	if more || !on || wholeHost(data[from:end]) {
		return end, 0, open, more
	}
	runEnd, more, runOpen = f.runEnd(data, at, quoteOf(prev), atEOF, true)
	return runEnd, after, runOpen, more
}

// wholeHost reports whether auth, a URL's authority up to symbols that
// a host would go on after (hostGoesOn), already holds a whole host: one
// whose last label is a top-level domain (knownTLD), or one with a port.
// The symbols then end the URL, as after any host: "http://a.com🔥www.b.com"
// is two URLs, not the host "a.com🔥www.b.com" (a name UTS #46 would let
// through); "http://i❤.ws/" and "http://x🍄.ga/" have no dot before theirs.
func wholeHost(auth []byte) bool {
	if i := bytes.LastIndexByte(auth, '@'); i >= 0 {
		auth = auth[i+1:]
	}
	if bytes.IndexByte(auth, ':') >= 0 {
		return true
	}
	dot := bytes.LastIndexByte(auth, '.')
	return dot >= 0 && knownTLD(unsafe.String(unsafe.SliceData(auth[dot+1:]), len(auth)-dot-1))
}

// maxHostSymbols bounds the run of symbols after a host's start that
// hostGoesOn reads: eight emoji and more are no host label's.
const maxHostSymbols = 32

// nestedURL reports whether part, what follows a scheme's colon, starts
// with a scheme of its own and "//" ("http://...").
func nestedURL(part []byte) bool {
	c := schemeEnd(part)
	return c > 0 && ascii.IsAlpha(part[0]) && len(part) >= c+3 && part[c+1] == '/' && part[c+2] == '/'
}

// isMailOrNews reports whether the scheme named name is mailto or news,
// the schemes of §3 that RFC 1738 writes without "//": their bare URLs are
// found as the RFC has them, valid or not (their errors are reported).
func isMailOrNews(name []byte) bool {
	return len(name) == 6 && hasPrefixFold(name, "mailto") || len(name) == 4 && hasPrefixFold(name, "news")
}

// opaqueURL decides whether a registered scheme written without "//"
// ("tel:+1-201-555-0123", "urn:isbn:0451450523") is a URL in running text;
// name is the scheme as written and part what follows the colon. When
// rfc1738 checks the scheme's syntax (tel, sms, urn, xmpp, magnet, geo,
// data, mid, message, info, tag, acct, did, doi), the check must hold.
// Otherwise the URL must look like one: the
// scheme in lower case, as RFC 3986 §3.1 has URIs produce it ("DNS:" in
// a certificate and "Info:" in prose are labels), part not starting with
// ":" (C++'s "info::operator==", apt's "Proxy::http"), and part with some
// structure, one of "/?=@.%;,&#" or a ":" inside (innerColon; so
// "go:generate" in Go source and "about:this" in prose are words, not
// URLs).
func opaqueURL(m *Match, name, part []byte) bool {
	if !m.Valid() {
		return false
	}
	if rfc1738.Grammar(m.Parsed.Scheme) != "" {
		return true
	}
	for _, c := range name {
		if 'A' <= c && c <= 'Z' {
			return false
		}
	}
	return len(part) > 0 && part[0] != ':' && (bytes.ContainsAny(part, "/?=@.%;,&#") || innerColon(part))
}

// innerColon reports whether part holds a ":" between letters or digits:
// the path of a URI whose segments its scheme separates so
// ("spotify:track:6rqhFgbbKwnb9MLmUQDhG6", as Spotify's clients copy
// them; "service:printer:lpr", RFC 2609).
func innerColon(part []byte) bool {
	for i := 1; i+1 < len(part); i++ {
		if part[i] == ':' && ascii.IsAlnum(part[i-1]) && ascii.IsAlnum(part[i+1]) {
			return true
		}
	}
	return false
}

// quoteOf returns prev when it is a quote that the URL cannot hold
// unencoded and still end with: "'" (which RFC 3986 allows inside a URL,
// but which, having opened before it, closes it) and '"' (which ends a
// run anyway); else 0. Brackets are matched by runEnd itself, but for a
// quoted URL's.
func quoteOf(prev byte) byte {
	if prev == '\'' || prev == '"' {
		return prev
	}
	return 0
}

// quoted reports whether closer, what closerOf said of the byte before a
// URL, is a quote that data[end] closes: the URL is quoted, and its final
// "?" is its own (`the URI "http://example.com/?"`). A bracket is prose's:
// in "(see http://a.example?)" the "?" is the sentence's.
func quoted(closer byte, data []byte, end int) bool {
	return (closer == '"' || closer == '\'' || closer == '`') && end < len(data) && data[end] == closer
}

// How the text around a bare URL says where it ends (trimEnd).
const (
	undelimited = iota // prose: trailing punctuation is the sentence's
	quotedEnd          // quoted: a final "?", "*", "_", "~" and character reference stay
	linkEnd            // a Markdown link's destination: nothing is trimmed
)

// delimitedIf is quotedEnd when quoted, else undelimited.
func delimitedIf(quoted bool) int {
	if quoted {
		return quotedEnd
	}
	return undelimited
}

// linkDelimiting says how the text delimits a bare URL that "](", or an
// attribute's "=" and quote, came before (linkOpens; closer is the ")" or
// the quote that closes it) and whose run ends at data[end], d being what
// the quotes around it say (delimitedIf). A Markdown inline link's
// destination, "[text](URL)" or "[text](URL "title")" (CommonMark §6.3),
// is the URL the link goes to, all of it: a final "_", "!", "?" or "." is
// the URL's ("...list=PL6gx4Cwl9DGAcbMi1sH6oAMk4JHw91mC_", "...-1#!",
// ".aspx?"), as every Markdown renderer links it; so is an attribute's
// value, `href="https://a.example/page."`, what the page links to (HTML
// §13.1.2.3), and a setting's, `url='https://a.example/x,'`. more asks
// for the byte after a space, before the end of the input.
func linkDelimiting(d int, closer byte, data []byte, end int, atEOF bool) (int, bool) {
	if end < len(data) {
		switch data[end] {
		case closer:
			return linkEnd, false
		case ' ':
			if closer != ')' {
				break
			}
			if end+1 == len(data) {
				return 0, !atEOF
			}
			if c := data[end+1]; c == '"' || c == '\'' {
				return linkEnd, false
			}
		}
	}
	return d, false
}

// destinationEnd returns where a Markdown inline link's destination, or
// an attribute's value (linkOpens), ends when a bare URL's run stopped at
// data[i], a character that ends a URL in prose (a curly quote, CJK
// punctuation: endsURL): at closer, the ")" or the quote that closes it,
// or the space before a destination's title, with no other whitespace,
// control, "(" or byte that is not UTF-8 before it (CommonMark §6.3: the
// destination is all of it,
// "...do-not-be-misled-by-‘build-an-app-in-5-minutes’%3a-in-depth...",
// as every renderer links it). ok is false where no closer comes within
// limit, and the run ends where it stopped; more asks for the data after
// data's end, before the end of the input.
func destinationEnd(data []byte, i, limit int, closer byte, atEOF bool) (end int, ok, more bool) {
	for ; i < len(data) && i <= limit; i++ {
		switch c := data[i]; {
		case c == closer:
			return i, true, false
		case c == ' ' && closer == ')':
			// Or at a title's space, as linkDelimiting reads one.
			if i+1 == len(data) {
				return 0, false, !atEOF
			}
			q := data[i+1]
			return i, q == '"' || q == '\'', false
		case c <= ' ' || c == '(' || c == 0x7f:
			return 0, false, false
		case c >= utf8.RuneSelf:
			r, size := decodeRune(data, i, atEOF)
			if size == 0 {
				return 0, false, true
			}
			if r == utf8.RuneError && size == 1 || classes(r)&classHidden != 0 {
				return 0, false, false
			}
			i += size - 1
		}
	}
	return 0, false, i == len(data) && !atEOF
}

// closerOf returns the byte that closes the quote or bracket prev opens,
// or 0.
func closerOf(prev byte) byte {
	switch prev {
	case '\'', '"', '`':
		return prev
	case '(':
		return ')'
	case '[':
		return ']'
	case '{':
		return '}'
	case '<':
		return '>'
	}
	return 0
}

// span is a range of bytes, start inclusive, end exclusive.
type span struct{ start, end int }

// www recognises a host starting "www." at data[s], linked as http; prev
// is the byte before it. Where its run ends at a line break that may have
// cut it, it returns lineBreak, unless written (the URL as written).
func (f *Finder) www(data []byte, s int, prev byte, atEOF, written bool, link byte) (m *Match, end int, more bool) {
	if !f.cfg.www {
		return nil, 0, false
	}
	if len(data) < s+5 {
		return nil, 0, !atEOF
	}
	// The host's first character: a letter or digit, ASCII or not
	// ("www.öko.de"; the parser holds the host to IDNA2008).
	if !hasPrefixFold(data[s:], "www.") || !(ascii.IsAlnum(data[s+4]) || data[s+4] >= 0x80) {
		return nil, 0, false
	}
	closer := closerOf(prev)
	end, more, open := f.runEnd(data, s+4, quoteOf(prev), atEOF, false)
	if more {
		return nil, 0, true
	}
	symbolsEnd := 0 // where the symbols in the host end, if it has any (as in bare)
	if end < len(data) && data[end] >= utf8.RuneSelf {
		if end, symbolsEnd, open, more = f.hostSymbols(data, s, s+4, s+4, end, prev, open, atEOF); more {
			return nil, 0, true
		}
	}
	if end-(s+4) > f.cfg.maxCandidate {
		// runEnd stopped at its bound: the run goes on, too long.
		return nil, tooLong, false
	}
	run := end
	d := delimitedIf(quoted(closer, data, end))
	if link != 0 {
		if d, more = linkDelimiting(d, link, data, end, atEOF); more {
			return nil, 0, true
		}
	}
	end = trimEnd(data, s, end, d, open, f.underEnds(prev))
	if end-s > f.cfg.maxCandidate {
		return nil, tooLong, false
	}
	if end <= s+4 || end <= symbolsEnd {
		// Nothing of a host after "www.": its first character ends the
		// run ("www.…", "www.—"); or what follows the host's symbols
		// was trimmed away ("www.x🍄.🍕").
		return nil, 0, false
	}
	if !written && lineBreakAt(data, end, run, true) {
		return nil, lineBreak, false
	}
	raw := f.str(data[s:end])
	m = f.match(WWW, raw, f.ampText(raw, data[s:end]), "", "http://")
	if m == nil || !m.Valid() {
		if k := hostListEnd(data, s, end); k < end {
			end = trimEnd(data, s, k, undelimited, true, f.underEnds(prev))
			raw = f.str(data[s:end])
			m = f.match(WWW, raw, raw, "", "http://")
		}
	}
	if m != nil && !f.wwwHost(m.Parsed) {
		m = nil
		if k := gluedLabel(data[s:end]); k > 4 {
			// Prose run on after the host's final dot, with no space
			// ("www.aacsb.edu.去查询", spam's Chinese): the host before it,
			// when that is one.
			end = s + k
			raw = f.str(data[s:end])
			if m = f.match(WWW, raw, f.ampText(raw, data[s:end]), "", "http://"); m != nil && !f.wwwHost(m.Parsed) {
				m = nil
			}
		}
	}
	if m == nil {
		return nil, 0, false
	}
	return m, end, false
}

// gluedLabel returns the index in host, a host as written with nothing
// after it, of the dot before its last label when that label holds a
// byte that is not ASCII, or -1. Whether that label is prose glued on
// is for the caller to say: wwwHost, or gluedProse.
func gluedLabel(host []byte) int {
	dot := bytes.LastIndexByte(host, '.')
	if dot < 0 || bytes.ContainsAny(host[dot:], "/?#:@") || !slices.ContainsFunc(host[dot:], func(c byte) bool { return c >= 0x80 }) {
		return -1
	}
	return dot
}

// wwwHost reports whether u, read from a "www." host with no scheme, is
// one to report: no user ("www.a.example@b.example" is an address's
// text), and, but with WithGFMDomains, a top-level domain that is one
// (knownTLD).
func (f *Finder) wwwHost(u *rfc1738.URL) bool {
	if u.HasUser {
		return false
	}
	tld, _ := topLabel(u.Host)
	return f.cfg.gfmDomains || knownTLD(tld)
}

// topLabel returns host's last label, and what is before the dot that
// starts it ("" when none does); an absolute name's final dot (RFC 1034
// §3.1) is left out.
func topLabel(host string) (label, rest string) {
	host = strings.TrimSuffix(host, ".")
	dot := strings.LastIndexByte(host, '.')
	if dot < 0 {
		return host, ""
	}
	return host[dot+1:], host[:dot]
}

// gluedProse reports whether host, a URL's (in ASCII, A-labels for
// IDNs), ends in a label that is no top-level domain after one that is
// ("example.com.xn--..."): with gluedLabel's non-ASCII label as written,
// prose run on after the host's final dot, not the host's. A host whose
// labels are all another script's ("пример.испытание") stays whole, as
// any host does with a scheme (http://intranet/).
func (f *Finder) gluedProse(host string) bool {
	last, rest := topLabel(host)
	if rest == "" || knownTLD(last) {
		return false
	}
	tld, _ := topLabel(rest)
	return knownTLD(tld)
}

// specialTLDs are the special-use top-level names (RFC 6761 §6: test,
// localhost, invalid, example; RFC 6762: local; RFC 7686: onion, which
// the Public Suffix List's ICANN section holds too; RFC 9476: alt) and
// ICANN's "internal", which the root zone will never delegate, and which
// documents and examples use as hosts; and "localdomain", which Linux
// systems name themselves with ("root@localhost.localdomain" fills the
// headers and logs that mail quotes: 90 addresses in SpamAssassin's
// public corpus).
var specialTLDs = [...]string{"alt", "example", "internal", "invalid", "local", "localdomain", "localhost", "onion", "test"}

// knownTLD reports whether tld, a host's last label in ASCII (an
// A-label for an IDN) in any case, is a top-level domain: in the root
// zone as IANA lists it (rootZone, whose TLDs are those of the ICANN
// section of the Public Suffix List: TestRootZone), or special-use
// (specialTLDs). It allocates nothing: the label is put in lower case on
// the stack (a label has at most 63 bytes, RFC 1035 §2.3.4) and searched
// for in rootZone.
func knownTLD(tld string) bool {
	if tld == "" || len(tld) > 63 {
		return false
	}
	var buf [63]byte
	for i := range len(tld) {
		c := tld[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		buf[i] = c
	}
	lower := unsafe.String(&buf[0], len(tld))
	if _, found := slices.BinarySearch(rootZone[:], lower); found {
		return true
	}
	for _, s := range specialTLDs {
		if lower == s {
			return true
		}
	}
	return false
}

// emailAt recognises an address whose local part is data[s:at], linked as
// mailto. Its domain must be a host by RFC 1738 §3.1, with at least one dot.
func (f *Finder) emailAt(data []byte, s, at int, atEOF bool) (m *Match, end int, more bool) {
	end = at + 1
	limit := s + f.cfg.maxCandidate + 1
	// The domain: ASCII letters, digits, '-' and '.', and the letters,
	// marks and digits of an IDN (RFC 6531 §3.2 lets an address's domain
	// be one: "info@ça.org"), up to another script's letter after an
	// ASCII one in the last label, as runEnd reads a host
	// ("joe@example.comを参照"; otherScript).
	var script scriptWatch
	idn := false
	for end < len(data) && end < limit {
		c := data[end]
		if c < utf8.RuneSelf {
			if !ascii.IsAlnum(c) && c != '-' && c != '.' {
				break
			}
			end++
			continue
		}
		r, size := decodeRune(data, end, atEOF)
		if size == 0 {
			return nil, 0, true
		}
		if classes(r)&classWord == 0 {
			break
		}
		if ascii.IsAlnum(data[end-1]) && otherScript(r) {
			var ends bool
			if script, ends, more = script.ends(data, end, limit, atEOF); more {
				return nil, 0, true
			} else if ends {
				break
			}
		}
		end += size
		idn = true // the parser holds it to IDNA2008 (match)
	}
	if end == len(data) && end < limit && !atEOF {
		return nil, 0, true
	}
	if end-s > f.cfg.maxCandidate {
		return nil, tooLong, false
	}
	if end < len(data) && data[end] == ':' && !f.cfg.gfmDomains {
		// "user@host:path" is a remote path, scp's, Git's, CVS's or
		// rsync's ("git@github.com:golang/go.git",
		// ":pserver:anoncvs@cvs.example.org:/cvsroot"), "user@host:8080"
		// a host and a port: no address has a colon glued after it (164
		// such places in five corpora of mail, documentation and source,
		// every one a path or a port): a colon before a letter, a digit,
		// "/" or "~". Before white space or punctuation it is prose's
		// ("write to jan@example.com: ...", "(joe@joe.com:)"). GFM, as
		// GitHub renders Markdown, links the address all the same.
		if end+1 == len(data) {
			if !atEOF && end+1 < limit {
				return nil, 0, true
			}
		} else if c := data[end+1]; ascii.IsAlnum(c) || c == '/' || c == '~' {
			return nil, 0, false
		}
	}
	for end > at+1 && (data[end-1] == '.' || data[end-1] == '-') {
		end--
	}
	domain := f.str(data[at+1 : end])
	if s == at || !strings.Contains(domain, ".") || !idn && !rfc1738.ValidHost(domain) {
		return nil, 0, false
	}
	if tld, _ := topLabel(domain); !f.cfg.gfmDomains && !idn && !knownTLD(tld) {
		// No top-level domain: "logo@2x.png", "node@v18.js" (an IDN's
		// is left to the parser's IDNA2008 check). Asked before the
		// parse, which it spares.
		return nil, 0, false
	}
	raw := f.str(data[s:end])
	text := raw
	if f.cfg.escapes && strings.IndexByte(raw, '\\') >= 0 {
		text = unescapeLocal(raw) // the address the escapes stand for
	}
	if m = f.match(Email, raw, text, "", "mailto:"); m == nil || !m.Valid() {
		return nil, 0, false
	}
	return m, end, false
}

// unescapeLocal returns raw, an address with Markdown escapes in its local
// part (localStart), without their backslashes.
func unescapeLocal(raw string) string {
	b := make([]byte, 0, len(raw))
	for i := 0; i < len(raw); i++ {
		if raw[i] == '\\' && i+1 < len(raw) && isLocalPunct(raw[i+1]) {
			i++
		}
		b = append(b, raw[i])
	}
	return string(b)
}

// wordByte returns prev, the byte before a URL's start, or 'a' where it
// is an emphasis mark that stands inside a word, prev2 (the byte before
// it) a letter or digit: "_http://a.example/_" starts a URL after its
// "_", and in "my_service:8080/health" (a Docker service's host and port)
// the "_" joins two words, so "service:" is no scheme (startsWord,
// schemeStart), "foo_www.a.example" no www host, and "foo_http://" is
// read as "foohttp://" is (gluedWeb).
func wordByte(prev, prev2 byte) byte {
	if (prev == '_' || prev == '*' || prev == '~') && ascii.IsAlnum(prev2) {
		return 'a'
	}
	return prev
}

// linkOpens returns the byte that closes what prev2 and prev, the bytes
// before a URL's start, open, when the text's syntax says where the URL
// ends (linkDelimiting): after "](" a Markdown link's destination, closed
// by ")"; after "=" and a quote an attribute's or a setting's value,
// closed by the quote. It returns 0 elsewhere.
func linkOpens(prev, prev2 byte) byte {
	switch {
	case prev == '(' && prev2 == ']':
		return ')'
	case (prev == '"' || prev == '\'') && prev2 == '=':
		return prev
	}
	return 0
}

// localGoesOn reports whether b1 and b2 are a letter, mark or digit of
// two bytes of UTF-8 (Latin with diacritics, Greek, Cyrillic, Hebrew,
// Arabic and the like), which an address's local part may hold (RFC 6531
// §3.3, RFC 6532 §3.2: localStart). Where they stand before where a
// local part was to start, it goes on before it, and what follows is no
// address of its own. A letter of three bytes and more (Han, kana,
// Hangul) is prose that sets no space before an address, and no local
// part's.
func localGoesOn(b1, b2 byte) bool {
	if b1 < 0xc2 || b1 > 0xdf || b2 < 0x80 || b2 > 0xbf {
		return false
	}
	r := rune(b1&0x1f)<<6 | rune(b2&0x3f)
	return classes(r)&classWord != 0
}

// localGoesOn3 reports whether b1, b2 and b3 are a letter, mark or digit
// of three bytes of UTF-8 of a script whose prose sets spaces between
// words, which an address's local part may hold as it holds those of two
// bytes (RFC 6532 §3.2): Devanagari and the other scripts of India,
// Hangul, Georgian, Ethiopic ("संपर्क@डाटामेल.भारत", the Universal
// Acceptance Steering Group's test address; "현금영수증@android.kr",
// Android's tests). Han, kana, Thai, Lao, Khmer, Myanmar and Tibetan text
// sets no space before an address, and what stands before one there is
// prose's, no local part's (localGoesOn); nor are the fullwidth forms of
// CJK text.
func localGoesOn3(b1, b2, b3 byte) bool {
	if b1 < 0xe0 || b1 > 0xef || b2 < 0x80 || b2 > 0xbf || b3 < 0x80 || b3 > 0xbf {
		return false
	}
	r := rune(b1&0x0f)<<12 | rune(b2&0x3f)<<6 | rune(b3&0x3f)
	switch {
	case r < 0x800, 0xd800 <= r && r < 0xe000: // overlong, surrogate
		return false
	case 0x2e80 <= r && r < 0xa4d0, // CJK radicals to Yi: Han, kana, Bopomofo, CJK symbols
		0xf900 <= r && r < 0xfb00, // CJK compatibility ideographs
		0xfe30 <= r && r < 0xfe50, // CJK compatibility forms
		0xff00 <= r && r < 0xfff0: // halfwidth and fullwidth forms
		return false
	}
	return classes(r)&(classWord|classUnspaced) == classWord
}

// wrapped turns a wrapper found in data (by wrapper.Span, with quote) into
// a match, or nil. Of the two readings of a URL broken after a hyphen, the
// hyphen is kept unless only the other reading is valid (appendix).
// target says the wrapper is a link target that package mailbox wrote
// (Scanner.SetLinkTargets): its text is the URL's, labels and all.
func (f *Finder) wrapped(w wrapper.Wrapper, data, quote []byte, target bool) *Match {
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
	if kind == Angle && !target {
		// Slack's label, or an AsciiDoc link macro's
		// ("<https://github.com/mojavelinux[@mojavelinux]>"); not in a
		// link target of HTML (Scanner.SetLinkTargets).
		i := slackLabel(data[w.URLStart:w.URLEnd])
		if i < 0 {
			i = macroLabel(data[w.URLStart:w.URLEnd])
		}
		if i > 0 {
			w.URLEnd = w.URLStart + i
			w.Verbatim, w.Lines, w.Hyphens = true, 0, 0
		}
	}
	raw := f.str(data[w.URLStart:w.URLEnd])
	w.URL = raw
	if !w.Verbatim {
		w.URL, w.Alternate = f.rejoin(w, data, quote)
	}
	// "&amp;" stands for "&" here too, as in a bare URL (ampText): the
	// plain text that converters make of HTML writes
	// "Unsubscribe<https://list.example/u?id=1&amp;x=2>".
	w.URL, w.Alternate = ampResolved(w.URL), ampResolved(w.Alternate)
	m := f.readings(kind, raw, w.URL, w.Alternate, "")
	if m == nil {
		return nil
	}
	if kind == Angle && !m.Parsed.Internet && lookupScheme([]byte(m.Parsed.Scheme)) != something {
		// "<o:p>" and the like: only registered schemes, or "//", in plain brackets.
		return nil
	}
	if kind == Angle && xmlName(m) {
		return nil
	}
	m.Offset, m.End = int64(w.URLStart), int64(w.URLEnd)
	m.Rejoined = w.Lines > 0 || raw != w.URL
	return m
}

// xmlName reports whether m, read in plain angle brackets, is an XML
// element's name or start tag whose namespace prefix is a scheme's name
// ("<info:entry label=\"456\">", "<urn:spppAddRequest>": 386 of the RFC
// archive's angle-bracketed URLs were such, in the XML examples of RFCs
// 4575, 6501, 7878 and the like): an opaque URL, written without "//", of
// a scheme whose own syntax rfc1738 checks (urn, info, tag, message, ...),
// that fails that check. In running text such a URL is no URL either
// (opaqueURL). mailto and news keep RFC 1738's reading, their errors
// reported ("<mailto:jan@example.com;CN=Jan>").
func xmlName(m *Match) bool {
	s := m.Parsed.Scheme // in lower case, as rfc1738's grammars are named
	if m.Valid() || rfc1738.Grammar(s) == "" || s == "mailto" || s == "news" || len(m.Text) <= len(s) {
		return false
	}
	return !strings.HasPrefix(m.Text[len(s)+1:], "//")
}

// slackLabel returns where the label of Slack's link markup begins in
// text, an angle wrapper's text from the URL's first byte to its last
// ("<https://a.example/|the page>", Slack's messages and their exports;
// "<mailto:a@b.example|a>"): the index of its '|', or -1. A '|' that a
// query's "=" or "&", or an escape's "%", follows is the URL's
// ("<http://a.example/?l=en|sv&x=1>"; a link target of HTML mail, which
// package mailbox writes so, "<http://r.example|redi%72...>" in spam),
// so is one after white space (a URL over lines), and a file URL's drive
// letter's ("file:///C|/dir/x.gif", RFC 1738's days). So is one before
// a list with no white space that another '|', a '+' or a ',' goes on
// with, which a label, display text, writes with spaces: a style sheet's
// fonts in HTML mail, "css?family=Oswald|Roboto|Montserrat",
// "family=Lato:400,700|Rozha+One" (20 links of the phishing corpus).
func slackLabel(text []byte) int {
	i := bytes.IndexByte(text, '|')
	if i < 0 || bytes.ContainsAny(text[i+1:], "=&%\\") || bytes.ContainsAny(text[:i], " \t\r\n") ||
		!bytes.ContainsAny(text[i+1:], " \t\r\n") && bytes.ContainsAny(text[i+1:], "|+,") ||
		len(text) > 5 && bytes.EqualFold(text[:5], []byte("file:")) {
		return -1
	}
	return i
}

// readings returns the match of text, a URL rejoined from its lines, or
// of alt, the reading without the hyphens the line breaks followed, when
// that ranks better; nil when neither is a URL.
func (f *Finder) readings(kind Kind, raw, text, alt, prefix string) *Match {
	m := f.match(kind, raw, text, alt, prefix)
	if alt != "" {
		// The parser ranks the readings: valid with no warning (what
		// strict RFC 1738 accepts), then valid leniently, then parsed
		// with an error; the hyphen stays when they tie (appendix: it
		// "may or may not actually be part of the URL"). "%2-\n0" gives
		// "%2-0", a "%" that starts no escape, and "%20", which wins.
		if f.lite != nil {
			f.lite.next = 1 // keep m's reading while this one is parsed
		}
		other := f.match(kind, raw, alt, text, prefix)
		if f.lite != nil {
			f.lite.next = 0
		}
		if rank(other) < rank(m) {
			m = other
		}
	}
	return m
}

// rejoin returns the readings of w's URL, rejoined from its lines
// (wrapper.Span leaves them to us): the URL, and the one without the
// hyphens that line breaks follow, or "". They share one allocation, or,
// for a lazy Scanner, none: they are its reused buffer's bytes, valid
// until its next wrapper (the Scanner's Match copies what it keeps).
func (f *Finder) rejoin(w wrapper.Wrapper, data, quote []byte) (url, alt string) {
	var b []byte
	if f.lite != nil {
		b = f.lite.rejoin[:0]
	} else {
		n := w.URLEnd - w.URLStart
		b = make([]byte, 0, n+min(w.Hyphens, 1)*n)
	}
	b = w.AppendURL(b, data, quote, false)
	n := len(b)
	if w.Hyphens > 0 {
		b = w.AppendURL(b, data, quote, true)
	}
	if f.lite != nil {
		f.lite.rejoin = b
	}
	s := unsafe.String(unsafe.SliceData(b), len(b)) // not written again, but by the next rejoin of a lazy Scanner
	return s[:n], s[n:]
}

// noURL reports whether a parse gives no URL to report: the generic
// syntax or the host failed (u nil), or a scheme that needs a host has
// none ("https:///x").
func noURL(u *rfc1738.URL) bool {
	return u == nil || u.Internet && u.Host == "" && u.Scheme != "file"
}

// rank orders a reading of a wrapped URL: 0 when strict RFC 1738 accepts
// it, 1 when lenient parsing does (with warnings), 2 when its scheme's
// grammar fails or its host's top-level label holds a hyphen
// (hyphenTLD), 3 when it is no URL.
func rank(m *Match) int {
	switch {
	case m == nil:
		return 3
	case !m.Valid(), hyphenTLD(m.Parsed):
		return 2
	case !m.Strict():
		return 1
	}
	return 0
}

// hyphenTLD reports whether u's host name ends in a label with a hyphen
// that is no IDN's "xn--": RFC 1738 §3.1's toplabel allows one, but no
// top-level domain has one (the root zone's are letters, or "xn--" and
// the A-label of an IDN). Such a host is a line break's: a formatter
// that breaks long words with a hyphen wrote "www.dissensoftware.c-" and
// "om" on the next line (comp.lang.cobol's archive), and the reading
// without the hyphen is the URL.
func hyphenTLD(u *rfc1738.URL) bool {
	if u == nil || u.Host == "" || u.Host[0] == '[' {
		return false
	}
	h := strings.TrimSuffix(u.Host, ".")
	label := h[strings.LastIndexByte(h, '.')+1:]
	return strings.IndexByte(label, '-') >= 0 && !(len(label) >= 4 && strings.EqualFold(label[:4], "xn--"))
}

// match parses text (with prefix before it: "http://" for www hosts,
// "mailto:" for addresses) and returns the match, or nil when the generic
// syntax or the host does not hold. alt is the other reading, if any.
func (f *Finder) match(kind Kind, raw, text, alt, prefix string) *Match {
	if (kind == Bare || kind == WWW) && !f.cfg.escapes {
		text = unescapeText(text)
	}
	text = overlineTilde(text)
	if alt != "" {
		alt = overlineTilde(alt)
	}
	if f.lite != nil {
		return f.liteMatch(kind, raw, text, alt, prefix)
	}
	u, err := rfc1738.ParseLenient(prefix + text)
	if noURL(u) {
		return nil
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
// ends, and open when a "[" in it is left unclosed (trimEnd's
// unclosedBracket looks for it only then). It stops looking past
// maxCandidate bytes. A bare URL ends at:
//   - white space and controls, and '<', '>', '"', '`', '|', '\\', '^':
//     the unsafe characters of RFC 1738 §2.2 that text puts around URLs
//     ("{", "}" and "~" appear inside real ones);
//   - a ')', ']' or '}' that closes no bracket opened inside the URL, so
//     that "[text](http://a.example/x)" and "x=(http://a.example/)y" give
//     the URL alone; but not in a quoted URL (closer not 0), whose quote
//     says where it ends: an attribute's value in HTML read as text,
//     `href="https://play.rust-lang.org/?code=...%5B1,+2)%0A..."` (the
//     Rust docs' playground links; trimEnd still takes one off its end);
//   - closer, when not 0: the quote that opened before the URL
//     ("'https://a.example/x');");
//   - a byte that is not UTF-8, and Unicode punctuation and spaces, except
//     dashes and connectors, which join words inside a path
//     ("Hatfield–McCoy_feud") and are trimmed at its end, and a
//     typographic apostrophe inside a word of a path ("i’m":
//     wordApostrophe);
//   - a Unicode symbol before the path begins (isSymbol, pathBegun): RFC
//     3987 §2.2's ucschar holds symbols, which paths and queries have
//     ("wiki/C♯_(programming_language)"), and IDNA2008 hosts never.
func (f *Finder) runEnd(data []byte, i int, closer byte, atEOF, hostSymbols bool) (end int, more, open bool) {
	from, limit := i, i+f.cfg.maxCandidate+1
	inPath := false // past the host: pathBegun, asked once (linear time)
	hostTo := from  // with hostSymbols, the host holds no "/?#" before it
	var query queryWatch
	var depth [3]int // (), [], {}
	var script scriptWatch
	stop := min(len(data), limit)
	for {
		// Most of a URL: none of the cases below.
		if i = plainRun(data, i, stop); i >= stop {
			break
		}
		c := data[i]
		if c < 0x80 {
			switch {
			case c == '\\':
				// A backslash escape: Markdown's (WithEscapes), or in
				// text a shell's or a typesetter's (escapable): the
				// backslash and what it escapes.
				if i+2 >= len(data) && !atEOF {
					return i, true, false // what it escapes, and what follows, decide
				}
				// Only an escaped character that a URL may hold: "\\<"
				// ends it as "<" would.
				if i+1 < len(data) && escapable(data[i+1], f.cfg.escapes) && data[i+1] != closer &&
					(f.cfg.escapes || !roffZeroWidth(data[i+1:])) {
					i += 2
					continue
				}
				return i, false, depth[1] > 0
			case !urlByte[c] || c == closer:
				return i, false, depth[1] > 0
			case c == '(':
				depth[0]++
			case c == '[':
				depth[1]++
			case c == '{':
				depth[2]++
			case c == ')' || c == ']' || c == '}':
				if k := bracketIndex(c); depth[k] > 0 {
					depth[k]--
				} else if closer == 0 {
					return i, false, depth[1] > 0
				}
			}
			i++
			continue
		}
		r, size := decodeRune(data, i, atEOF)
		if size == 0 {
			return i, true, false
		}
		if isPrivate(r) {
			// RFC 3987's iprivate, in a query only (no letter, mark,
			// number, dash or connector, no symbol: endsURL would end
			// the URL at it, in more time).
			if !query.in(unsafe.String(unsafe.SliceData(data), len(data)), from, i) {
				return i, false, depth[1] > 0
			}
			i += size
			continue
		}
		if endsURL(r, size) && !joins(r, lastRune(data[:i])) {
			if r == '\u2019' && i > from {
				// A typographic apostrophe inside a word of a path
				// (wordApostrophe): the URL's.
				ok, more := wordApostrophe(data, i, size, atEOF)
				if more {
					return i, true, false
				}
				if ok && (inPath || pathBegun(data[from:i])) {
					inPath = true
					i += size
					continue
				}
			}
			if !isSymbol(r) {
				return i, false, depth[1] > 0
			}
			switch {
			case inPath:
			case !hostSymbols:
				if !pathBegun(data[from:i]) {
					return i, false, depth[1] > 0
				}
				inPath = true
			default:
				// A symbol in the host, once hostGoesOn has said the
				// host goes on after its symbols: the run goes on. The
				// path is looked for from where the last look ended, so
				// that a host of many symbols is read in linear time.
				look := hostTo
				if look == from && i-from >= 2 && data[from] == '/' && data[from+1] == '/' {
					look += 2 // pathIndex's leading "//"
				}
				inPath = bytes.ContainsAny(data[look:i], "/?#")
				hostTo = i
			}
		} else if !inPath && i > from && ascii.IsAlnum(data[i-1]) && otherScript(r) {
			if pathBegun(data[from:i]) {
				inPath = true
			} else {
				var ends bool
				if script, ends, more = script.ends(data, i, limit, atEOF); more {
					return i, true, false
				} else if ends {
					return i, false, depth[1] > 0
				}
			}
		}
		i += size
	}
	return i, i == len(data) && !atEOF, depth[1] > 0
}

// isPrivate reports whether r is a private use character: RFC 3987 §2.2's
// iprivate = %xE000-F8FF / %xF0000-FFFFD / %x100000-10FFFD, which an IRI
// holds in its query only.
func isPrivate(r rune) bool {
	return r >= 0xe000 && r <= 0xf8ff || r >= 0xf0000 && r <= 0xffffd || r >= 0x100000 && r <= 0x10fffd
}

// queryWatch tells runEnd whether a run is in its query: after a "?" and
// before any "#" (RFC 3987 §2.2: iquery holds iprivate, ifragment does
// not). It reads each byte of the run once, from where it last looked.
type queryWatch struct {
	looked int // the run's bytes before it have been read (0: none yet)
	state  byte
}

// in reports whether data[i], in the run that starts at data[from], is in
// the run's query.
func (q *queryWatch) in(data string, from, i int) bool {
	if q.looked < from {
		q.looked = from
	}
	for ; q.looked < i && q.state != '#'; q.looked++ {
		switch data[q.looked] {
		case '?':
			q.state = '?'
		case '#':
			q.state = '#'
		}
	}
	return q.state == '?'
}

// plainRun returns where the bytes runEnd passes with no more thought
// (plainURLByte) end in data[i:end], or end: a loop of its own over data
// cut to runEnd's bound once, one comparison a byte where runEnd's own
// loop made two and went through its cases' branches (2-3% of --raw on
// dense text). Eight bytes a step are tested with one branch (their
// table entries ANDed), then the rest one at a time.
func plainRun(data []byte, i, end int) int {
	data = data[:end]
	for ; i+8 <= len(data); i += 8 {
		w := data[i : i+8 : i+8]
		if plainURLBits[w[0]]&plainURLBits[w[1]]&plainURLBits[w[2]]&plainURLBits[w[3]]&
			plainURLBits[w[4]]&plainURLBits[w[5]]&plainURLBits[w[6]]&plainURLBits[w[7]] == 0 {
			break
		}
	}
	for i < len(data) && plainURLByte[data[i]] {
		i++
	}
	return i
}

// plainURLBits is plainURLByte as 1 and 0, for plainRun's AND of eight.
var plainURLBits = func() (t [0x100]uint8) {
	for c, ok := range plainURLByte {
		if ok {
			t[c] = 1
		}
	}
	return t
}()

// otherScript reports whether r is a letter of a script other than Latin.
// Where one follows an ASCII letter or digit in a host's last label, it is
// the prose after the URL, not the host's: "http://www.example.co.jpを参照",
// "https://example.com了解更多", "http://example.comздесь" (runEnd). A
// label of an IDN host keeps to one script, but for Latin letters and
// digits mixed with Han and kana in Japanese names (RFC 5891 §4.4 leaves
// the rules to registries; JPRS's allow that mix, and the others' and
// browsers' display rules keep Latin apart from the other scripts): where
// more labels follow ("http://sonyの.jp"), the host goes on. A Latin letter
// with a mark ("bücher") is Latin. Paths and queries hold any letter (RFC
// 3987 §2.2): there it goes on.
func otherScript(r rune) bool {
	return classes(r)&classOther != 0
}

// scriptWatch reads a host's change of script (otherScript) for runEnd
// and emailAt: at a letter of another script after an ASCII letter or
// digit, the host ends unless another label follows, one that can end a
// host (tldLabel: "http://sonyの.jp" goes on; twitter-text's
// "http://example.comだよね.comtest/hogehoge" is "http://example.com" and
// prose). The labels are read once for each stretch of host (linear time).
type scriptWatch struct{ hostEnd, lastLabel int }

// ends reports whether the host ends at data[i], such a letter, and
// returns the watch to go on with; more when data ends before the host
// does and more is to come (hostLabels). A value, not a pointer: its
// callers' loops keep it in registers.
func (w scriptWatch) ends(data []byte, i, limit int, atEOF bool) (next scriptWatch, ends, more bool) {
	if i >= w.hostEnd {
		w.hostEnd, w.lastLabel, more = hostLabels(data, i, limit, atEOF)
		if more {
			return w, false, true
		}
	}
	return w, w.lastLabel <= i || !tldLabel(data[w.lastLabel:w.hostEnd]), false
}

// tldLabel reports whether label, a host's last label as written (a final
// "." aside), may be its top-level domain: one in the root zone or
// special-use when it is ASCII (knownTLD), any other (an IDN's, which the
// parser converts and checks).
func tldLabel(label []byte) bool {
	label = bytes.TrimRight(label, ".")
	for _, c := range label {
		if c >= utf8.RuneSelf {
			return true
		}
	}
	return knownTLD(unsafe.String(unsafe.SliceData(label), len(label)))
}

// hostLabels reads on from data[i], inside a host, over what a host may
// hold (letters, marks, digits, '-' and '.'), and returns where that ends
// and where its last label that follows a dot starts (i when none does:
// no label follows).
// more when data ends before the host does and more is to come; it reads
// no further than limit.
func hostLabels(data []byte, i, limit int, atEOF bool) (end, lastLabel int, more bool) {
	lastLabel = i
	for i < len(data) && i < limit {
		c := data[i]
		if c < 0x80 {
			if c == '.' && i+1 < len(data) && (ascii.IsAlnum(data[i+1]) || data[i+1] >= 0x80) {
				lastLabel = i + 1
			} else if !ascii.IsAlnum(c) && c != '-' && c != '.' {
				return i, lastLabel, false
			}
			i++
			continue
		}
		r, size := decodeRune(data, i, atEOF)
		if size == 0 {
			return i, lastLabel, true
		}
		if classes(r)&classWord == 0 {
			return i, lastLabel, false
		}
		i += size
	}
	return i, lastLabel, i == len(data) && !atEOF
}

// isSymbol reports whether r is a Unicode symbol (currency, math,
// modifier, other: "€", "×", "°", "♯", emoji): an IRI's ucschar (RFC 3987
// §2.2) that paths and queries hold ("wiki/C♯_(programming_language)",
// "?price=€5", "1920×1080") and chat sets after URLs ("http://a.example/
// 🔥🔥"): inside a path it goes on; at its end trimEnd takes emoji and
// the like off.
//
// Not symbols here: U+FFFD, which stands for bytes that are not UTF-8, and
// CJK text's symbols, which it sets as punctuation: those of the CJK
// Symbols and Punctuation block ("〒") and the fullwidth forms of ASCII
// ("｜", "＋", "～").
//
// U+203E OVERLINE, punctuation to Unicode, is one here: it is the "~" of
// text converted by JIS X 0201's table, whose 0x7E is an overline (see
// overlineTilde).
func isSymbol(r rune) bool {
	switch {
	case r < 0x80, r == utf8.RuneError, r >= 0x3000 && r <= 0x303f, r >= 0xff00 && r <= 0xffef:
		return false
	case r == overline:
		return true
	}
	return classes(r)&classSymbol != 0
}

// overline is U+203E OVERLINE, the "~" of JIS X 0201 (overlineTilde).
const overline = '\u203e'

// overlineTilde returns text, a URL's, with each U+203E OVERLINE read as
// the "~" it stands for; text itself when it has none. JIS X 0201, the
// Roman half of Japanese encodings, has an overline where ASCII has "~"
// (and a yen sign for the backslash), and text converted with its table
// writes one for every tilde: in USENET's archives as they are served
// today, "http://www.teleport.com/‾caveman/wbs.html" (comp.lang.cobol's
// archive of 1994-2013: 77 of the 106 URLs that a plain pattern read
// longer than urlgrep did, cut at the overline). A URL that holds an
// overline of its own is not met in real text; "/‾user", the home
// directory's tilde, is. runEnd lets the overline into a path as it does
// symbols (isSymbol), never into a host.
func overlineTilde(text string) string {
	// Most URLs are ASCII: one IndexByte for the overline's lead byte
	// (0xE2) decides most.
	if i := strings.IndexByte(text, 0xe2); i < 0 || !strings.Contains(text[i:], "\u203e") {
		return text
	}
	return strings.ReplaceAll(text, "\u203e", "~")
}

// pathBegun reports whether run, a URL's text after its scheme's colon
// (or a www host's), has come past its host: a "/", "?" or "#" after a
// leading "//". A symbol before that is in no host (IDNA2008 disallows
// symbols) and ends the URL.
func pathBegun(run []byte) bool { return pathIndex(run) >= 0 }

// pathIndex returns where in run, as pathBegun reads it, the path, query
// or fragment starts: its first "/", "?" or "#" after a leading "//"; or -1.
func pathIndex(run []byte) int {
	skip := 0
	if len(run) >= 2 && run[0] == '/' && run[1] == '/' {
		skip = 2
	}
	if i := bytes.IndexAny(run[skip:], "/?#"); i >= 0 {
		return skip + i
	}
	return -1
}

// escapable reports whether a backslash before c escapes it inside a URL:
// with markdown (WithEscapes), any ASCII punctuation a URL holds
// (CommonMark §2.4); in text, the same but for "/" (a JSON string's "\\/",
// bareJSON) and the roff escapes that stand for something else: "\\:" (a
// break point), "\\*" (a string: "\\*(Aq"), "\\%" (no hyphenation)
// and "\\&" before a "." (roffZeroWidth). Shells quote a URL pasted on a
// command line so (zsh's url-quote-magic writes
// "token\\?service\\=a\\&scope\\=b"), Markdown read as text has them
// ("wiki/V8_\\(JavaScript_engine\\)"), and a manual page's source, read
// raw or quoted in a patch, its "\\-" ("util\\-linux", 7,584 of its URLs'
// escapes in /usr/share/man). The URL is the text with those backslashes
// taken out (unescapeText).
func escapable(c byte, markdown bool) bool {
	if !isASCIIPunct(c) || !urlByte[c] {
		return false
	}
	return markdown || c != '/' && c != ':' && c != '*' && c != '%'
}

// roffZeroWidth reports whether b, what follows a backslash, is roff's
// zero-width "\\&" before a "." or at the end ("http://ftp\\&.de\\&.debian\\&.org/",
// DocBook's manual pages), which a shell's "\\&" before a query's next
// field is not.
func roffZeroWidth(b []byte) bool {
	return b[0] == '&' && (len(b) == 1 || b[1] == '.')
}

// unescapeText returns text, a bare URL or www host found in text (not
// WithEscapes), with each backslash before a character it escapes
// (escapable) taken out: "https://a.example/t\\?q\\=1" is
// "https://a.example/t?q=1". text itself when it has none.
func unescapeText(text string) string {
	i := strings.IndexByte(text, '\\')
	if i < 0 {
		return text
	}
	b := make([]byte, 0, len(text))
	for ; i >= 0; i = strings.IndexByte(text, '\\') {
		if i+1 < len(text) && escapable(text[i+1], false) {
			b = append(b, text[:i]...)
			b = append(b, text[i+1])
			text = text[i+2:]
			continue
		}
		b = append(b, text[:i+1]...)
		text = text[i+1:]
	}
	return string(append(b, text...))
}

// isASCIIPunct: the ASCII punctuation a Markdown backslash escapes
// (CommonMark §2.4).
func isASCIIPunct(c byte) bool {
	return c > 0x20 && c < 0x7f && !ascii.IsAlnum(c)
}

// bracketIndex is 0, 1, 2 for the closing ')', ']', '}'.
func bracketIndex(c byte) int {
	switch c {
	case ')':
		return 0
	case ']':
		return 1
	}
	return 2
}

// endsURL reports whether a non-ASCII rune ends a bare URL: bytes that are
// not UTF-8, and every rune but letters, marks, digits, dashes and
// connectors (Unicode punctuation such as "。，、「」（）", quotation
// marks, symbols such as "©", spaces, controls); runEnd lets symbols in
// past a host (isSymbol, pathBegun). Em dashes end it too:
// prose sets them between words ("http://x/ends—here"). CJK letters do not end
// one: "https://ja.wikipedia.org/wiki/東京" is whole.
func endsURL(r rune, size int) bool {
	if r == unicode.ReplacementChar && size == 1 {
		return true
	}
	if r == '\u2014' || r == '\u2015' || r == '\u2e3a' || r == '\u2e3b' {
		return true // em dashes and the like: prose, "ends—here"
	}
	return classes(r)&classEnds != 0
}

// wordApostrophe reports whether the typographic apostrophe (U+2019) of
// size bytes at data[i] stands inside a word, a letter or digit on either
// side: in a path, the URL's. WordPress and others keep it in their
// slugs ("/my-wife-thinks-i%E2%80%99m-a-swan/", shown as "i’m"; urlscan's
// own test), and text set with curly quotes writes one for the "'" of
// "wiki/Ender's_Game". Elsewhere it is prose's closing quote. more asks
// for the rune after it.
func wordApostrophe(data []byte, i, size int, atEOF bool) (ok, more bool) {
	if classes(lastRune(data[:i]))&classWord == 0 {
		return false, false
	}
	if i+size >= len(data) {
		return false, !atEOF
	}
	next, n := decodeRune(data, i+size, atEOF)
	if n == 0 {
		return false, true
	}
	return classes(next)&classWord != 0, false
}

// joins reports whether r is a zero width joiner or non-joiner (U+200D,
// U+200C) after prev, a letter or mark: such joiners shape words in Indic
// and Arabic scripts (RFC 3987 §2.2 ucschar holds them; RFC 5892 Appendix
// A.1 and A.2 allow them after a virama), as in
// ".../someone-you-പോലൊരാള്\u200d.html". They are part of the URL and
// kept as written. After a symbol a joiner joins emoji (Unicode TS #51
// §2.3, "👩\u200d💻").
func joins(r, prev rune) bool {
	return (r == '\u200d' || r == '\u200c') && unicode.In(prev, unicode.L, unicode.M, unicode.S)
}

// lastRune is the rune b ends with.
func lastRune(b []byte) rune {
	r, _ := utf8.DecodeLastRune(b)
	return r
}

// trimEnd takes off what a careful reader would not count as part of a
// bare URL that ends at data[end-1]: trailing sentence punctuation and
// quotes, Markdown emphasis, a character reference ("&amp;", "&#39;"), a possessive
// "'s" (possessive), an opening bracket, a "-" after the host, Unicode
// dashes and connectors, other and modifier symbols (emoji,
// with their joiners and variation selectors, "©", "✓"; a currency or
// math symbol stays: "wiki/€"), and closing brackets that do not
// close a bracket opened inside the URL. A final "'" stays when it closes
// a quote opened inside the URL ("http://a.example/x_'quoted'"), not an
// apostrophe ("wiki/Ender's_Game'"). d is quotedEnd to keep a final "?",
// "*", "_" or "~" and an entity reference when the URL is closed by the
// quote that opened right before it (`"http://example.com/?"`,
// `href="/?q=&lt;a&gt;"`: the quotes say where it ends; quoted), and
// linkEnd to keep all: a Markdown link's destination (linkDelimiting).
// unclosed says the run may hold a "[" it leaves unclosed (runEnd), where
// the URL ends.
func trimEnd(data []byte, s, end int, d int, unclosed, underEnds bool) int {
	if d == linkEnd {
		return end
	}
	// labelTried: macroLabel has been asked about the URL's last "]",
	// which trailing punctuation may follow ("https://pagure.io/xmlto[xmlto],"):
	// once, as its search back for the "[" would be quadratic on a run
	// of "]".
	labelTried := false
	if unclosed {
		if i := unclosedBracket(data[s:end]); i >= 0 {
			end = s + i
		}
	} else if end > s && data[end-1] == ']' {
		labelTried = true
		if i := macroLabel(data[s:end]); i >= 0 {
			end = s + i
		}
	}
	delimited := d == quotedEnd
	// pathAt is where the URL's path, query or fragment starts
	// (pathIndex, after the scheme), or end: a final "_" before it ends
	// a host. Found once, not for each "_" trimmed
	// ("mailto:a@b.example_*_*_*...": quadratic).
	pathAt := end
	rest := afterScheme(data[s:end])
	if j := pathIndex(rest); j >= 0 {
		pathAt = end - len(rest) + j
	}
	var open, close [3]int // (), [], {}
	counted := false
	for end > s {
		c := data[end-1]
		switch c {
		case '\\':
			// An escape whose character was taken off
			// ("(see https://a.example/x\\)": runEnd holds a backslash
			// only with what it escapes): it goes too.
			end--
			continue
		case '?', '*', '~':
			// Quoted, the URL is no emphasis's: its "*" and "~" are its
			// own (`"https://*.example.com/*"`).
			if delimited {
				return end
			}
			end--
		case '_':
			// A final "_" closes an underline or emphasis that opened
			// right before the URL ("_http://example.com/_", GFM's
			// trailing punctuation), and ends a host, which holds none
			// at its end ("www.example.com_", "mailto:a.b-c_d@a.b_": GFM
			// example 633); in a path, query or fragment it is the URL's own,
			// as real URLs end ("ctlseqs.html#h3-...-final-character_s_",
			// "clicks.asp?sid=12535&id=7848_8_", a census query's
			// "ds_name=ACS_2006_EST_G00_"), where no "_" opened: none
			// of SpamAssassin's corpus, a USENET archive, /usr/share/doc
			// or 200 MB of Go sources has a URL in "_..._" (but xurls's
			// tests). underEnds says it ends the URL all the same
			// (Finder.underEnds).
			// A run of three or more is a rule drawn under the line, not
			// the URL's ("r.asp?r____..." in a newsletter's footer).
			n := 1
			for end-n > s && data[end-n-1] == '_' {
				n++
			}
			if n >= 3 && !delimited {
				end -= n
				continue
			}
			if delimited || !underEnds && pathAt < end-1 {
				return end
			}
			end--
		case '\'':
			// A run of three and more closes what the text quoted or
			// set in bold (Python's "'''", MediaWiki's): none of it is
			// the URL's. Two may be a pair the URL holds, as one may.
			n := 1
			for end-n > s && data[end-n-1] == '\'' {
				n++
			}
			if n >= 3 {
				end -= n
				continue
			}
			if quotedInside(data[s : end-1]) {
				return end
			}
			end--
		case '.', ',', ':', '!', '"', '@':
			end--
		case 's', 'S':
			if end-s < 3 || data[end-2] != '\'' || !possessive(data[s:end-2]) {
				return end
			}
			end -= 2
		case ';':
			end--
			// "&amp;" and the like, and "&#39;", "&#x27;": a character
			// reference (HTML, named or numeric) is not the URL's.
			j := end
			for j > s && ascii.IsAlnum(data[j-1]) {
				j--
			}
			if j > s+1 && j < end && data[j-1] == '#' {
				j--
			}
			if j > s && j < end && data[j-1] == '&' {
				if delimited {
					return end + 1
				}
				end = j - 1
			}
		case '(', '[', '{':
			// An opening bracket at the end opens nothing the URL holds:
			// "http://example.org/(." (robinst/linkify's suite).
			if counted {
				open[bracketIndex(closerOf(c))]--
			}
			end--
		case '-':
			// A host name ends with no "-" (§3.1's toplabel): after the
			// host it is prose's dash ("https://example.org- and"); in
			// a path the URL's ("http://t.co/FNkPfmii-"). Before a line
			// break it is a host broken after a hyphen
			// ("http://www.dcc-\n> servers.net/", quoted mail): a name
			// cut there is no URL to report.
			if pathBegun(afterScheme(data[s:end-1])) || end < len(data) && (data[end] == '\n' || data[end] == '\r') {
				return end
			}
			end--
		case ')', ']', '}':
			if c == ']' {
				// BBCode's closing tag: "[url]http://a.example/[/url]".
				if k := closingTag(data[s:end]); k > 0 {
					end = s + k
					continue
				}
				if !labelTried {
					labelTried = true
					if k := macroLabel(data[s:end]); k >= 0 {
						end = s + k
						continue
					}
				}
			}
			if !counted {
				// Count the brackets only when one closes the URL: most
				// URLs end otherwise, and need not be read again.
				countBrackets(data[s:end], &open, &close)
				counted = true
			}
			k := bracketIndex(c)
			if close[k] <= open[k] {
				return end
			}
			close[k]--
			end--
		default:
			if c < 0x80 {
				return end
			}
			r, size := utf8.DecodeLastRune(data[s:end])
			if classes(r)&classTrim == 0 && r != '\u200d' && r != '\u200c' && !emojiPresentation(r) {
				return end
			}
			end -= size
		}
	}
	return end
}

// unclosedBracket returns where a "[" past the host opens what no "]"
// closes in b, a URL's run; -1 when there is none. The URL ends there:
// AsciiDoc's link macro writes "https://example.org/docs[Example docs]",
// the link's text in brackets after the URL. RFC 3986 §3.2.2 has "[" only
// around an IP literal host, and where real paths and queries hold one
// they close it ("babyelephantwalk[1].mid", "ord=[timestamp]", "?a[]=1"
// in the mail corpora and the RFC archive; none holds an unclosed one).
func unclosedBracket(b []byte) int {
	j := bytes.IndexByte(b, '[')
	if j < 0 {
		return -1
	}
	at, depth := -1, 0
	for i := j; i < len(b); i++ {
		switch b[i] {
		case '[':
			if depth == 0 {
				at = i
			}
			depth++
		case ']':
			if depth > 0 {
				depth--
			}
		}
	}
	if depth == 0 || !pastHost(b, at) {
		return -1
	}
	return at
}

// pastHost reports whether b[i], a "[" in a URL, stands past its host,
// where no IP literal's "[" is: in the path, query or fragment of a "//"
// URL, and in an opaque URL after neither "@" nor ":" ("mailto:
// hello@example.org[Email us]" but not "sip:bob@[2001:db8::33]").
func pastHost(b []byte, i int) bool {
	if bytes.Contains(b[:i], []byte("://")) {
		return pathBegun(afterScheme(b[:i]))
	}
	return i > 0 && b[i-1] != '@' && b[i-1] != ':'
}

// macroLabel returns where the label of an AsciiDoc link macro starts
// at the end of b, a URL's run, or -1: "https://example.org/x.adoc[]"
// (the URL is its own label), "https://github.com/mojavelinux[@mojavelinux]",
// "https://github.com/o/r/issues/3641[#3641]", "https://docs.example/[获取帮助]".
// A final "[...]" past the host, after no "=", "?" or "&", that is empty
// or holds an "@", a "#" or a letter that is not ASCII is such a label;
// others may be the URL's ("dictionary/subject[3]", "ord=[timestamp]",
// "clear.gif?jiffies[73B9...]" in the corpora, xurls's
// "http://foo.com/path_[more]") or a template's placeholder
// (".../projects/[project_id]/zones/[zone]" in Google's API docs, 20 in
// Go's sources) and stay, but for a label of words (wordLabel).
func macroLabel(b []byte) int {
	if len(b) < 2 || b[len(b)-1] != ']' {
		return -1
	}
	i := bytes.LastIndexByte(b[:len(b)-1], '[')
	if i <= 0 || bytes.IndexByte(b[i+1:len(b)-1], ']') >= 0 {
		return -1
	}
	switch b[i-1] {
	case '=', '?', '&':
		return -1
	}
	label := b[i+1 : len(b)-1]
	if len(label) > 0 && !bytes.ContainsAny(label, "@#") && !containsNonASCII(label) && !wordLabel(b, i, label) {
		return -1
	}
	if !pastHost(b, i) {
		return -1
	}
	return i
}

// wordLabel reports whether label, the final "[label]" of b at b[i], is an
// AsciiDoc link macro's label of ASCII words, in the path or fragment of
// a "//" URL: after a path segment's letter or digit, a label
// with two letters or more ("https://opencollective.com/asciidoctor[OpenCollective]",
// "https://pagure.io/xmlto[xmlto]", ".../fo-pdf.xsl[fopub]"); after a
// "/", one with no "_" in mixed case or with a "." ("https://rubyinstaller.org/downloads/[Rubyinstaller]",
// "https://brew.sh/[brew.sh]", ".../[GitLab]"); and after a
// mailto URL's address, one with two letters or more
// ("mailto:devel@discuss.example.org[Discuss]"). Of the 1,069 links
// Asciidoctor renders from URLs written in the documentation of
// Asciidoctor, AsciiDoc, Spring Framework and Git, urlgrep found 903 as
// written before this rule (bench/asciidoc), most of the rest with such a
// label kept in the URL; 1,039 with it. What stays the
// URL's: digits ("dictionary/subject[3]"), a letter
// ("http://example.org/a[b]", linkify-rs's tests), a placeholder after a
// "." or "-" ("gs://a/b/c.[extension]" in Go's sources), a query's brackets
// ("clear.gif?jiffies[73B9...]", "?a[]=1"), brackets after others
// (xurls's "http://foo.com/path_[even]-[more]") or a "_" (its
// "http://foo.com/path_[more]"), and a template's placeholder after a "/",
// in one case or with "_" ("/[PROJECT_ID]", "/[project_id]" in Google's
// API docs; ".../projects/[project_id]/zones/[zone]" has brackets before),
// as a label in one case stays too ("https://htmx.org/[HTMX]",
// "https://cmocka.org/[cmocka]", comrak's "http://example.com/[abc]").
func wordLabel(b []byte, i int, label []byte) bool {
	if label[0] == ':' {
		return false
	}
	if !bytes.Contains(b[:i], []byte("://")) {
		// A mail macro: "mailto:devel@discuss.example.org[Discuss]".
		return len(b) > 7 && bytes.EqualFold(b[:7], []byte("mailto:")) && bytes.IndexByte(b[:i], '@') >= 0 &&
			bytes.IndexByte(b[:i], '?') < 0 && letterCount(label) >= 2
	}
	rest := afterScheme(b[:i])
	p := pathIndex(rest)
	if p < 0 {
		return false // at the host: hostListEnd's
	}
	path := rest[p:]
	if bytes.IndexByte(path, '[') >= 0 || bytes.IndexByte(path, '?') >= 0 && bytes.IndexByte(path, '#') < 0 {
		return false // brackets before it, or in the query
	}
	switch c := b[i-1]; {
	case c == '/':
		// A word in small letters is as likely a placeholder ("/[zone]")
		// or the URL's (comrak's "http://example.com/[abc]").
		lower := bytes.ContainsFunc(label, func(r rune) bool { return r >= 'a' && r <= 'z' })
		upper := bytes.ContainsFunc(label, func(r rune) bool { return r >= 'A' && r <= 'Z' })
		return bytes.IndexByte(label, '_') < 0 && lower && (upper || bytes.IndexByte(label, '.') >= 0)
	case ascii.IsAlnum(c):
		return letterCount(label) >= 2
	}
	return false
}

// letterCount counts the ASCII letters of b.
func letterCount(b []byte) int {
	n := 0
	for _, c := range b {
		if ascii.IsAlpha(c) {
			n++
		}
	}
	return n
}

// containsNonASCII reports whether b holds a byte that is not ASCII.
func containsNonASCII(b []byte) bool {
	for _, c := range b {
		if c >= utf8.RuneSelf {
			return true
		}
	}
	return false
}

// closingTag returns where a closing tag of BBCode ends b ("[/url]",
// "[/img]", "[/link]": "[/", a tag name, "]"), or -1. Forums and their
// mail write "[url]http://a.example/x[/url]"; "[/" starts no path
// segment a URL holds.
func closingTag(b []byte) int {
	lo := max(0, len(b)-12) // "[/" and a tag name of up to 9 letters: a bounded look, for each "]" trimEnd takes
	i := bytes.LastIndexByte(b[lo:], '[')
	if i < 0 {
		return -1
	}
	i += lo
	if i+3 >= len(b) || b[i+1] != '/' || b[len(b)-1] != ']' {
		return -1
	}
	for _, c := range b[i+2 : len(b)-1] {
		if !ascii.IsAlpha(c) {
			return -1
		}
	}
	return i
}

// emojiPresentation reports whether r is a variation selector or the
// keycap mark, which dress the symbol before them ("❤\ufe0f", "1\u20e3"):
// trailing, they go with it.
func emojiPresentation(r rune) bool {
	return r >= '\ufe00' && r <= '\ufe0f' || r == '\u20e3' || r >= 0xe0100 && r <= 0xe01ef
}

// possessive reports whether the "'s" after url, a URL's text from its
// start, is prose's possessive: after the host ("google.com's homepage")
// or after a final "/" ("http://www.vshop.org/'s e-commerce", in real
// spam). After a word in the path it is the URL's: page titles end so
// ("wiki/McDonald's", "wiki/Macy's"), as Autolinker.js reads them.
func possessive(url []byte) bool {
	last := url[len(url)-1]
	if last == '/' {
		return true
	}
	if !ascii.IsAlnum(last) {
		return false
	}
	return !pathBegun(afterScheme(url))
}

// afterScheme returns url, a URL's text from its start, from the "//"
// after its scheme's colon on; url itself when it has no "://" (a www
// host, an opaque URL).
func afterScheme(url []byte) []byte {
	if i := bytes.Index(url, []byte("://")); i >= 0 {
		return url[i+1:]
	}
	return url
}

// quotedInside reports whether b, a URL without its final "'", holds a
// "'" that opens a quote: one after a byte that is not a letter or digit,
// with no "'" after it.
func quotedInside(b []byte) bool {
	i := bytes.LastIndexByte(b, '\'')
	return i > 0 && !ascii.IsAlnum(b[i-1]) && b[i-1] < 0x80
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
	for _, c := range "<>\"`|\\^" {
		t[c] = false
	}
	return t
}()

// plainURLByte are the URL bytes runEnd passes with no more thought: all
// but brackets, which it counts, and the quotes that may close a URL
// (closerOf; the backslash is no urlByte).
var plainURLByte = func() (t [0x100]bool) {
	for c := range 0x80 {
		t[c] = urlByte[c]
	}
	for _, c := range "()[]{}'\\" {
		t[c] = false
	}
	return t
}()

// isLocalByte is a byte of an address's local part (as GFM has it).
func isLocalByte(c byte) bool {
	return ascii.IsAlnum(c) || c == '.' || c == '-' || c == '_' || c == '+'
}

// localEnd returns where the local part that starts at data[i] ends: its
// bytes are those of localStart.
func localEnd(data []byte, i int, escapes bool) int {
	start := i
	i += listOwner(data, i)
	for i < len(data) && i < maxLocal+1 {
		switch {
		case isLocalByte(data[i]):
			i++
		case data[i] == '\'' && i > start && inWordApostrophe(data, i):
			i++
		case i+1 < len(data) && localGoesOn(data[i], data[i+1]):
			i += 2
		case i+2 < len(data) && localGoesOn3(data[i], data[i+1], data[i+2]):
			i += 3
		case escapes && data[i] == '\\' && i+1 < len(data) && isLocalPunct(data[i+1]):
			i += 2
		default:
			return i
		}
	}
	return i
}

// isLocalPunct is a local part's byte that Markdown may escape: converters
// from HTML write "john\\_doe@example.com" (WithEscapes).
func isLocalPunct(c byte) bool { return c == '_' || c == '.' || c == '-' || c == '+' }

// localStart returns where the local part of an address whose "@" is
// data[at] starts, reading back no further than lo, and at most maxLocal
// bytes (RFC 5321 §4.5.3.1.1): over ASCII bytes of a local part
// (isLocalByte) and the letters, marks and digits of two bytes of UTF-8
// (localGoesOn) and of three of some scripts (localGoesOn3), which RFC
// 6532 §3.2 adds to atext ("Dörte@Sörensen.example.com", SpamAssassin's
// test mail).
func localStart(data []byte, lo, at int, escapes bool) int {
	i := at
	lo = max(lo, at-maxLocal)
	for i > lo {
		switch {
		case escapes && i-2 >= lo && isLocalPunct(data[i-1]) && data[i-2] == '\\' && !escapedBackslash(data, lo, i-2):
			// A Markdown escape ("\\_", WithEscapes), as localEnd reads one.
			i -= 2
		case isLocalByte(data[i-1]):
			i--
		case data[i-1] == '\'' && i-2 >= lo && i < at && inWordApostrophe(data, i-1):
			i--
		case i-2 >= lo && localGoesOn(data[i-2], data[i-1]):
			i -= 2
		case i-3 >= lo && localGoesOn3(data[i-3], data[i-2], data[i-1]):
			i -= 3
		default:
			return ownerStart(data, lo, i)
		}
	}
	return i
}

// inWordApostrophe reports whether the "'" at data[i] stands between two
// letters or digits: inside a local part, as in "tiarnan.o'corrain@cmg.com"
// (SpamAssassin's public corpus) and "o'malley@example.com.au" (linkifyjs's
// tests). RFC 5322 §3.2.3 has "'" in atext; one that opens or closes a
// quotation ("'joe@example.com'") has a space or the text's edge beside it
// and stays out.
func inWordApostrophe(data []byte, i int) bool {
	return i > 0 && i+1 < len(data) && ascii.IsAlnum(data[i-1]) && ascii.IsAlnum(data[i+1])
}

// listOwner returns the length of the "~owner/" that starts at data[i], or
// 0. Sourcehut's mailing lists are written "~owner/list@lists.sr.ht"
// (git send-email's To: in their every patch); RFC 5322 §3.2.3 has "~"
// and "/" in atext, but a "/" anywhere else in a local part would make a
// path's tail ("docs/joe@example.com") an address, so only this form takes
// them: one "~", one owner, one "/".
func listOwner(data []byte, i int) int {
	if i >= len(data) || data[i] != '~' {
		return 0
	}
	j := i + 1
	for j < len(data) && j-i <= maxLocal && isLocalByte(data[j]) {
		j++
	}
	if j == i+1 || j+1 >= len(data) || data[j] != '/' || !isLocalByte(data[j+1]) {
		return 0
	}
	return j + 1 - i
}

// ownerStart returns where the local part that localStart found starting at
// data[i] starts with its list owner ("~owner/", listOwner) before it, or
// i. A "~" after another ("~~" strikes through in Markdown) is no owner's.
func ownerStart(data []byte, lo, i int) int {
	if i-1 < lo || data[i-1] != '/' {
		return i
	}
	j := i - 1
	for j > lo && i-j <= maxLocal && isLocalByte(data[j-1]) {
		j--
	}
	if j == i-1 || j-1 < lo || data[j-1] != '~' || j-2 >= lo && data[j-2] == '~' {
		return i
	}
	return j - 1
}

// escapedBackslash reports whether the backslash at data[j] is escaped
// itself: an odd run of backslashes before it, back to lo.
func escapedBackslash(data []byte, lo, j int) bool {
	n := 0
	for j-1-n >= lo && data[j-1-n] == '\\' {
		n++
	}
	return n%2 == 1
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

// addressStarts reports whether an e-mail address whose first byte is
// first may start after the byte prev: where a URL may (startsWord), and
// after a closing bracket, which no local part holds (RFC 5322 §3.2.3's
// atext), where the address starts with a letter or digit:
// "(mail)joe@a.example" and "(joe@a.example)joe@a.example" in
// Thunderbird's tests of its mail linkifier (mozTXTToHTMLConv), as GFM's
// extended autolinks find them, but not the tail of a template's
// "{project_number}-compute@developer.gserviceaccount.com".
func addressStarts(prev, first byte) bool {
	return startsWord(prev) || (prev == ')' || prev == ']' || prev == '}') && ascii.IsAlnum(first)
}

// wwwStarts reports whether a "www." host may start after the byte prev:
// where a URL may (startsWord), and, but with WithGFMDomains, after a
// closing bracket, as an address may (addressStarts): lynx's and w3m's
// dumps of HTML, which mail clients show text/html with, number each
// link's text ("Web: [3]www.7pfad.de", in urlscan's fixtures), and a list
// may be numbered "1)www.a.example". GFM's www autolinks start only
// where a URL may ("[]www.a.com" is text in micromark's tests).
func (f *Finder) wwwStarts(prev byte) bool {
	if f.cfg.gfmDomains {
		return startsWord(prev)
	}
	return addressStarts(prev, 'w')
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
