package extract

import (
	"strconv"
	"unicode/utf8"

	"github.com/urlgrep/urlgrep/internal/ascii"
	"github.com/urlgrep/urlgrep/rfc1738"
)

// Kind says how a URL was written in the text.
type Kind uint8

// The ways a URL can be written.
const (
	Bare    Kind = iota + 1 // a scheme URL in running text: "see http://example.com/."
	WWW                     // a host starting "www." with no scheme, as GFM links it
	Email                   // an e-mail address, linked as mailto: (only WithEmail)
	Wrapped                 // inside the appendix's "<URL:...>" wrapper
	Angle                   // inside plain angle brackets: "<http://example.com/>"
)

// String returns "bare", "www", "email", "wrapped" or "angle", the names
// urlgrep's JSON output uses.
func (k Kind) String() string {
	switch k {
	case Bare:
		return "bare"
	case WWW:
		return "www"
	case Email:
		return "email"
	case Wrapped:
		return "wrapped"
	case Angle:
		return "angle"
	}
	return "Kind(" + strconv.Itoa(int(k)) + ")"
}

// Match is one URL found in the text. Its strings belong to it.
type Match struct {
	// Text is the URL as written: rejoined (wrapper, whitespace, line
	// breaks and quote prefixes gone), an IRI kept in its Unicode form
	// (RFC 3987: "東京" stays "東京"), with only what cannot stand in a URL
	// or IRI at all percent-encoded as UTF-8: controls, spaces, format
	// characters (bidi overrides could disguise it on a terminal) and
	// bytes that are not UTF-8. A reader's "~bob" stays "~bob". For WWW and
	// Email it has no scheme. [Match.URL] is the canonical, ASCII form.
	Text string

	// URL is the canonical form, [rfc1738.URL.String] of Parsed: for WWW
	// with "http://" before it, for Email with "mailto:".
	URL string

	// Raw is the URL's text as it appeared in the input, line breaks and
	// quote prefixes included; for wrappers, without "<URL:" and ">".
	Raw string

	Kind Kind

	// Offset and End are the absolute byte offsets of Raw's first byte and
	// of the byte after its last, counted from the start of the input.
	Offset, End int64

	// Line and Col locate Raw's first byte (1-based; Col counts bytes).
	// EndLine is the line of its last byte.
	Line, Col, EndLine int

	// Rejoined is true when the URL was put together from text broken by
	// whitespace or line breaks (appendix).
	Rejoined bool

	// Alternates are the other readings of a URL broken after a hyphen
	// (appendix: "the hyphen may or may not actually be part of the
	// URL"), written as Text is, and AltParsed each parsed in lenient
	// mode (nil where the generic syntax fails).
	Alternates []string
	AltParsed  []*rfc1738.URL

	// Parsed is the URL parsed in lenient mode; never nil.
	Parsed *rfc1738.URL

	// Err is the scheme grammar's verdict: nil when the URL is valid, else
	// an *rfc1738.Error (the generic syntax and the host always hold).
	Err error

	// candStart and candEnd are the input offsets of the whole candidate:
	// the wrapper's "<" and the byte after its ">", or Offset and End.
	candStart, candEnd int64
}

// Valid reports whether the URL is valid (leniently) by its scheme's grammar.
func (m *Match) Valid() bool { return m.Err == nil }

// Strict reports whether the URL is valid by the letter of RFC 1738, as
// [rfc1738.Parse] would say: its scheme's grammar holds and lenient mode
// relaxed no rule of §2.2 to read it. It is decided from the one lenient
// parse, with no second one. (The one exception is ParseLenient's
// documented deviation: a user name or password holding "?", which ends
// the authority in lenient mode, is not strict here.)
func (m *Match) Strict() bool { return m.Err == nil && len(m.Parsed.Warnings) == 0 }

// Prefixed returns the URL as the parser read it: Text, after "http://"
// for a www host and "mailto:" for an address.
func (m *Match) Prefixed() string { return m.prefix() + m.Text }

// prefix is what Text lacks of a URL for its Kind.
func (m *Match) prefix() string {
	switch m.Kind {
	case WWW:
		return "http://"
	case Email:
		return "mailto:"
	}
	return ""
}

// Redacted returns Text with the password, where the parser found one,
// replaced by "xxxxx" (RFC 1738 §6), or Text itself when there is none.
func (m *Match) Redacted() string { return redactedText(m.Parsed, len(m.prefix())) }

// AltRedacted returns Alternates[i] as Redacted returns Text.
func (m *Match) AltRedacted(i int) string {
	if u := m.AltParsed[i]; u != nil {
		return redactedText(u, len(m.prefix()))
	}
	return m.Alternates[i]
}

// redactedText returns the text u was parsed from, without its first n
// bytes (the scheme prefix) and with its password replaced, written as
// Text is.
func redactedText(u *rfc1738.URL, n int) string {
	return asWritten(u.RedactInput()[n:])
}

// Target returns the match for target, the URL that m, a redirect link,
// points to (as package unwrap reads it): found where m was, written and
// parsed as a match is. It returns nil when target is not a URL.
func (m *Match) Target(target string) *Match {
	u, err := rfc1738.ParseLenient(target)
	if u == nil {
		return nil
	}
	t := *m
	if t.Kind == WWW || t.Kind == Email {
		t.Kind = Bare // the target is written whole: nothing to put before it
	}
	t.Text, t.URL, t.Parsed, t.Err, t.Alternates, t.AltParsed = asWritten(target), u.String(), u, err, nil, nil
	return &t
}

// plainPrefix returns a length of s's first bytes that are all printable
// ASCII (0x21-0x7e): len(s) when all are and there are eight or more, as
// in most URLs, which are passed eight bytes at a time, the last eight
// overlapping the word before (one more word, not up to seven calls of
// keptAt); else a multiple of eight. A word with a byte at or above 0x7f
// (its own high bit, or that of the byte plus one) or below 0x21 (that of
// the byte less 0x21) stops it; a carry or borrow between bytes comes
// only from such a byte below.
func plainPrefix(s string) int {
	i := 0
	for ; i+8 <= len(s); i += 8 {
		if !plainWord(s[i : i+8]) {
			return i
		}
	}
	if i < len(s) && len(s) >= 8 && plainWord(s[len(s)-8:]) {
		return len(s)
	}
	return i
}

// plainWord reports whether the eight bytes of w are printable ASCII.
func plainWord(w string) bool {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	w = w[:8]
	x := uint64(w[0]) | uint64(w[1])<<8 | uint64(w[2])<<16 | uint64(w[3])<<24 |
		uint64(w[4])<<32 | uint64(w[5])<<40 | uint64(w[6])<<48 | uint64(w[7])<<56
	return (x|(x+ones)|(x-0x21*ones))&highs == 0
}

// asWritten returns s with what cannot stand in a URL or an IRI (RFC 3987
// §2.2 ucschar: no controls, spaces or format characters; private use
// characters, iprivate, only in a query) percent-encoded as UTF-8, bytes
// that are not UTF-8 included; every other byte is kept. s itself is
// returned when nothing is to be encoded, as in almost every URL, an
// IRI's letters included.
func asWritten(s string) string {
	var q queryWatch
	i := plainPrefix(s)
	for i < len(s) {
		size, keep := keptAt(s, i, &q)
		if !keep {
			break
		}
		i += size
	}
	if i == len(s) {
		return s
	}
	b := make([]byte, 0, len(s)+16)
	b = append(b, s[:i]...)
	for i < len(s) {
		size, keep := keptAt(s, i, &q)
		if keep {
			b = append(b, s[i:i+size]...)
		} else {
			for _, c := range []byte(s[i : i+size]) {
				b = append(b, '%', ascii.UpperHex[c>>4], ascii.UpperHex[c&15])
			}
		}
		i += size
	}
	return string(b)
}

// keptAt returns the length of the character at s[i] (a byte that is not
// UTF-8 is one) and whether asWritten keeps it as it is: printable ASCII,
// and any rune but controls, spaces and format characters, or a joiner
// that joins, or a private use character in the query (q tells, reading
// s once over the calls).
func keptAt(s string, i int, q *queryWatch) (size int, keep bool) {
	c := s[i]
	if c < utf8.RuneSelf {
		return 1, c > 0x20 && c < 0x7f
	}
	r, size := utf8.DecodeRuneInString(s[i:])
	if isPrivate(r) {
		return size, q.in(s, 0, i)
	}
	return size, !(r == utf8.RuneError && size == 1) && classes(r)&classHidden == 0 || joins(r, lastRuneString(s[:i]))
}

// validUTF8Prefix reports how many bytes at data[i:] form one rune, and the
// rune; size 0 means more data is needed.
func decodeRune(data []byte, i int, atEOF bool) (r rune, size int) {
	if !atEOF && !utf8.FullRune(data[i:]) {
		return 0, 0
	}
	return utf8.DecodeRune(data[i:])
}

// lastRuneString is the rune s ends with.
func lastRuneString(s string) rune {
	r, _ := utf8.DecodeLastRuneInString(s)
	return r
}
