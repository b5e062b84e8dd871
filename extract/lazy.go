package extract

import (
	"strings"
	"unsafe"

	"github.com/urlgrep/urlgrep/rfc1738"
)

// WithLazyMatch turns on or off building each [Match] only when asked
// (default off). On, a [Scanner] decides where each URL is by the same
// rules, with the same parse, but into a reused [rfc1738.Parser] over its
// own buffer: [Scanner.Found] reports a URL segment, and [Scanner.Match]
// builds its Match on the first call, while [Scanner.Borrow] shows the
// match as decided, its Text as written. A caller that only counts, or
// prints what it finds as written (urlgrep's -c, -l, -q and its default
// output), allocates nothing for a URL found bare, as a www host, as an
// address or in a wrapper, across lines or not. A [Finder] ignores it (see
// [Finder.Borrowed]).
func WithLazyMatch(on bool) Option { return func(c *config) { c.lazy = on } }

// lite is a Scanner's state for lazy matches: two reusable parsers and
// matches (a URL broken over lines after a hyphen has two readings to
// rank), and what each match was parsed from, so that Scanner.Match can
// build it.
type lite struct {
	next  int // the slot match uses next: 0, or 1 for a wrapper's second reading
	slots [2]liteSlot
	// rejoin holds a wrapper's readings rejoined from its lines
	// (Finder.rejoin), or a bare URL's text with its "&amp;" resolved
	// (Finder.ampText): the texts of slots whose textIsRaw is false.
	rejoin []byte
}

type liteSlot struct {
	p         rfc1738.Parser
	m         Match
	text, alt string
	prefix    string
	buf       []byte // prefix+text, for www hosts and addresses: a slot's own, as a www host broken after a hyphen has two readings
	textIsRaw bool   // text is the segment's bytes (bare, www, email)
	kind      Kind
	written   bool // m.Text is as written (Borrow)
}

// str returns b as a string: a copy, or, for a lazy Scanner, the bytes
// themselves, which are only parsed into the reused Parser and dropped
// before the buffer changes (Scanner.Match copies what it keeps).
func (f *Finder) str(b []byte) string {
	if f.lite != nil && len(b) > 0 {
		return unsafe.String(unsafe.SliceData(b), len(b))
	}
	return string(b)
}

// liteMatch is match for a lazy Scanner: the same parse and the same
// decisions, into the reused slot, with no strings built. Text is only
// what the decisions read (Raw, Text, Parsed, Err, Kind).
func (f *Finder) liteMatch(kind Kind, raw, text, alt, prefix string) *Match {
	l := f.lite
	sl := &l.slots[l.next]
	s := text
	if prefix != "" {
		sl.buf = append(append(sl.buf[:0], prefix...), text...)
		s = unsafe.String(unsafe.SliceData(sl.buf), len(sl.buf))
	}
	u, err := sl.p.ParseLenient(s)
	if noURL(u) {
		return nil // as match
	}
	sl.kind, sl.alt, sl.prefix = kind, alt, prefix
	sl.textIsRaw = len(text) == len(raw) && unsafe.StringData(text) == unsafe.StringData(raw)
	sl.text = ""
	if !sl.textIsRaw {
		sl.text = text // a wrapper's rejoined reading, in l.rejoin
	}
	sl.written = false
	// Zeroed in place, then filled: a literal with fields would be built
	// aside and copied in (192 bytes, and their write barriers).
	m := &sl.m
	*m = Match{}
	m.Text, m.Raw, m.Kind, m.Parsed, m.Err, m.End = text, raw, kind, u, err, int64(len(raw))
	return m
}

// slot returns the slot whose match m is.
func (l *lite) slot(m *Match) *liteSlot {
	if m == &l.slots[1].m {
		return &l.slots[1]
	}
	return &l.slots[0]
}

// build returns the Match a lazy Scanner found as m, one of its slots,
// with every field as an eager Scanner gives it; seg is its segment.
func (f *Finder) build(m *Match, seg []byte) *Match {
	sl := f.lite.slot(m)
	raw := string(seg)
	text, alt := sl.text, sl.alt
	if sl.textIsRaw {
		text = raw
	} else {
		// Rejoined readings, in the buffer the next wrapper reuses: the
		// Match keeps copies, in one allocation.
		both := text + alt
		text, alt = both[:len(text)], both[len(text):]
	}
	eager := *f
	eager.lite = nil
	full := eager.match(sl.kind, raw, text, alt, sl.prefix)
	if full == nil {
		panic("extract: a lazy match does not parse again") // the same parser on the same bytes
	}
	full.Offset, full.End, full.Line, full.Col, full.EndLine = m.Offset, m.End, m.Line, m.Col, m.EndLine
	full.Rejoined, full.candStart, full.candEnd = m.Rejoined, m.candStart, m.candEnd
	return full
}

// ownError returns err, a reused Parser's, as an error of its own: a
// copy, and with its input a string of its own when text (a parse error
// holds the text it parsed).
func ownError(err error, text bool) error {
	if e, ok := err.(*rfc1738.Error); ok {
		c := *e
		if text {
			c.URL = strings.Clone(e.URL)
		}
		return &c
	}
	return err
}
