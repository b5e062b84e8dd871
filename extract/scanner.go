package extract

import (
	"bytes"
	"io"
	"unicode/utf8"

	"github.com/urlgrep/urlgrep/internal/ascii"
	"github.com/urlgrep/urlgrep/wrapper"
)

// Scanner finds URLs in text read from an io.Reader. It splits the input
// into segments, each either text or one URL, and the segments' Raw bytes,
// concatenated, are the input. See the package documentation for the loop.
//
// Memory is bounded whatever the input: the buffer holds at most one read
// (WithReadSize) plus the longest candidate (WithMaxCandidate) plus 81
// bytes of look-back and slack: 98,385 bytes by default.
type Scanner struct {
	r   io.Reader
	f   Finder
	buf []byte
	max int // the buffer's bound

	start int   // buf[start:] is not yet returned in a segment
	pos   int   // buf[start:pos] is known to be text
	end   int   // buf[:end] holds data
	base  int64 // input offset of buf[0]
	// behind holds the four input bytes before buf[0], the last first
	// (behind[3] is the byte right before it); 0 before the start.
	behind [4]byte

	eof        bool
	err        error
	emptyReads int
	stalled    bool // the last fill ended at an empty read, after new data
	// settle says a StallReader stalled with whole lines held: until
	// more comes, try decides with what is here, as at the end of the
	// input (a URL that ends a line is not held for the next one).
	settle bool

	// The trigger search's memory (trigger.go). One pass (fused): hit is
	// the index of the next trigger at or after pos, of kind hitKind, or -1
	// when there is none before scanned. Per kind: next[k] is the index of
	// the next trigger byte k at or after pos, or -1 when there is none
	// before searched[k].
	fused          bool
	hit, hitKind   int
	scanned        int
	next, searched [nTriggers]int

	// run memoises the end of the last run of URL characters tried, and
	// how many candidates were tried in it, for linear time.
	runFrom, runTo, runTries int

	line      int   // line number (1-based) at counted
	lineStart int64 // input offset of that line's first byte
	counted   int64 // input offset up to which line breaks are counted

	// The quote markers ('>', '|') of that line up to counted, which is
	// all of a quote prefix that wrapper.At compares. They are kept here
	// because the line's start may leave the buffer before a '<' on it.
	// They are bounded by the candidate bound: a prefix longer than a
	// candidate cannot be repeated inside one.
	quoteMarks []byte
	indent     int  // the bytes of that line's quote prefix and indentation (column)
	inQuote    bool // the line has had only markers and spaces so far

	// inPlace says buf is a text lent by ResetBytes, own the Scanner's
	// buffer, given back by the next Reset.
	inPlace bool
	own     []byte

	// targets says a line that opens with '<' holds a link target
	// (SetLinkTargets).
	targets bool

	seg     []byte
	match   *Match
	pending *Match // a URL found after a text segment, returned next
	built   *Match // WithLazyMatch: the current segment's Match, once built
	dropped int64
}

// NewScanner returns a Scanner that reads r.
func NewScanner(r io.Reader, opts ...Option) *Scanner {
	s := &Scanner{f: Finder{cfg: defaults()}}
	for _, o := range opts {
		o(&s.f.cfg)
	}
	s.init()
	s.Reset(r)
	return s
}

// init sizes the buffer for the options.
func (s *Scanner) init() {
	if s.f.cfg.lazy {
		s.f.lite = &lite{}
	}
	s.max = s.f.cfg.readSize + s.f.cfg.maxCandidate + lookback + 16
	s.fused = useFused && s.f.limits().MaxBytes != 1
	s.buf = make([]byte, min(s.max, 4096))
}

// Reset makes s scan r from the start, as a new Scanner with the same
// options would, but keeps its buffer: a caller that scans many short
// texts (the parts of a mailbox) allocates one buffer, not one each. The
// zero Scanner, once Reset, scans with the default options.
func (s *Scanner) Reset(r io.Reader) {
	if s.max == 0 {
		s.f.cfg = defaults()
		s.init()
	}
	buf, f, max, quote, fused := s.buf, s.f, s.max, s.quoteMarks[:0], s.fused
	if s.inPlace {
		buf = s.own // the text ResetBytes lent is let go
	}
	// Zeroed in place, then set: a literal with fields would be built
	// aside and copied in, a Scanner's size and its write barriers, for
	// every part of a mailbox.
	*s = Scanner{}
	s.r, s.f, s.buf, s.max, s.line, s.inQuote, s.quoteMarks, s.fused = r, f, buf, max, 1, true, quote, fused
	s.hit = -1
	for k := range s.next {
		s.next[k] = -1
	}
}

// SetLinkTargets says whether the text being scanned, until the next
// Reset, writes link targets as package mailbox writes an HTML part's:
// each on a line of its own, in angle brackets. In angle brackets that
// open a line of such a text, a '|' or a final "[...]" is the URL's, as
// the attribute that held it was quoted ("https://img.example/x?a=1|2"
// from an img's src, whole); elsewhere, and in other texts, they are
// Slack's label ("<https://a.example/|the page>") and an AsciiDoc link
// macro's ("<https://github.com/mojavelinux[@mojavelinux]>").
func (s *Scanner) SetLinkTargets(on bool) { s.targets = on }

// ResetAt is [Scanner.Reset] for a text that is a piece of a larger one:
// it starts at byte offset and on line of the larger text, just after a
// line break, and positions are reported in the larger text's terms. With
// [Cut], it lets a caller scan the pieces of one input on several
// goroutines, each with a Scanner of its own, and get what one Scanner
// would report for the whole.
func (s *Scanner) ResetAt(r io.Reader, offset int64, line int) {
	s.Reset(r)
	if offset > 0 {
		s.base, s.counted, s.lineStart, s.behind = offset, offset, offset, [4]byte{3: '\n'}
		s.line = line
	}
}

// ResetBytes is [Scanner.ResetAt] for a text held whole in memory: the
// Scanner reads data where it is, with no copy into a buffer of its own,
// and finds the URLs, and drops the candidates, that a Scanner reading
// data through an [io.Reader] would; only its text segments may be longer
// (a buffer of its own returns text when it fills). data must not change
// until the next Reset: the segments, borrowed matches and Raw bytes the
// Scanner returns are data's bytes. A worker scanning a batch it has read
// already (package search's -j pipeline) or a text run of a parsed
// document (Finder.All) copies nothing.
func (s *Scanner) ResetBytes(data []byte, offset int64, line int) {
	s.ResetAt(inPlaceReader{}, offset, line)
	s.own, s.inPlace = s.buf, true
	s.buf, s.end, s.eof = data[:len(data):len(data)], len(data), true
}

// inPlaceReader is the reader of a Scanner reset with ResetBytes, which
// has read all there is: it reports the end at once.
type inPlaceReader struct{}

func (inPlaceReader) Read([]byte) (int, error) { return 0, io.EOF }

// Cut returns the index just after the last blank line in text (an LF
// followed by an LF or by CR LF), or -1 when there is none. No URL, wrapper
// or candidate crosses a blank line (a wrapper ends at one unterminated,
// appendix; bare URLs end at white space), but for a wrapper over an
// RFC's page break (wrapper.InPageBreak), whose blank lines are not cut
// at; so a Scanner reports the same URLs for text as for text[:i] and
// text[i:] scanned apart, the second with [Scanner.ResetAt] at offset i
// and its line.
func Cut(text []byte) int {
	// Windows from the end, a short one first (prose has a blank line
	// every few lines), each searched forward with bytes.Index's vector
	// search: a line at a time backwards cost the -j pipeline's reading
	// goroutine a sixth of its time on text with few blank lines.
	window := 1 << 10
	for end := len(text); end > 0; window = 8 << 10 {
		start := max(0, end-window)
		if c := lastBlank(text, start, end); c >= 0 {
			return c
		}
		end = start
	}
	return -1
}

// lastBlank returns the index just after the last blank line of text
// whose final LF is in text[start:end], and that is no page break's, or
// -1.
func lastBlank(text []byte, start, end int) int {
	cut := lastBlankAny(text, start, end)
	for cut >= 0 && wrapper.InPageBreak(text, cut) {
		// The blank lines of an RFC's page break: one before them, the
		// window read backwards once whatever their number.
		cut = prevBlank(text, start, cut)
	}
	return cut
}

// prevBlank returns the index just after the blank line of text before
// the one that ends at cut, whose final LF is in text[start:cut-1], or -1.
func prevBlank(text []byte, start, cut int) int {
	for i := cut - 2; i >= max(start, 1); i-- { // i: the blank line's final LF
		if text[i] == '\n' && (text[i-1] == '\n' || i >= 2 && text[i-1] == '\r' && text[i-2] == '\n') {
			return i + 1
		}
	}
	return -1
}

// lastBlankAny is lastBlank with page breaks' blank lines counted.
func lastBlankAny(text []byte, start, end int) int {
	lo := max(0, start-2) // a blank line's bytes may start before start
	w := text[lo:end]
	cut := -1
	for _, sep := range [...]string{"\n\n", "\n\r\n"} {
		for k := 0; ; {
			j := bytes.Index(w[k:], []byte(sep))
			if j < 0 {
				break
			}
			if i := lo + k + j + len(sep) - 1; i >= start { // the final LF
				cut = max(cut, i+1)
			}
			k += j + 1
		}
	}
	return cut
}

// Scan advances to the next segment, which [Scanner.Raw] and
// [Scanner.Match] then describe. It returns false at the end of the input
// or on a read error; [Scanner.Err] tells which.
func (s *Scanner) Scan() bool {
	if s.max == 0 {
		s.Reset(s.r) // the zero Scanner
	}
	if s.r == nil {
		return false // nothing to read: a zero Scanner never Reset
	}
	s.seg, s.match, s.built = nil, nil, nil
	if m := s.pending; m != nil {
		s.pending = nil
		s.emit(int(m.Offset-s.base), int(m.End-s.base), m)
		return true
	}
	for {
		t, k := s.nextTrigger()
		if t < 0 {
			if s.eof {
				if s.start < s.end {
					s.emit(s.start, s.end, nil)
					return true
				}
				return false
			}
			// Return text early when the buffer is full, keeping the
			// look-back a trigger in the next read may need.
			if keep := s.end - lookback; keep > s.start && s.end == len(s.buf) && len(s.buf) == s.max {
				s.emit(s.start, keep, nil)
				return true
			}
			// When the input stalled, return the text up to the last
			// line break now: no candidate a later read brings starts
			// before it (each starts after white space), and a caller
			// showing context lines can finish the line.
			if s.stalled {
				s.stalled = false
				if i := bytes.LastIndexByte(s.buf[s.start:s.end], '\n'); i >= 0 {
					s.emit(s.start, s.start+i+1, nil)
					return true
				}
			}
			s.fill()
			continue
		}
		m, ms, me, resume, more := s.try(t, k)
		switch {
		case more && s.eof:
			panic("extract: recogniser asked for more at EOF")
		case more && s.end-ms >= s.f.cfg.maxCandidate+lookahead:
			// Too long to be a URL: drop it and go on after its first byte.
			// The recognisers decide within this many bytes (they return
			// tooLong), so this only guards the buffer's bound.
			s.drop(ms)
			s.pos = t + 1
		case more:
			// Return the text before the candidate when the buffer is
			// full, keeping the look-back a later trigger may need (a
			// local part before '@' may start before this candidate).
			if keep := ms - lookback; keep > s.start && s.end == len(s.buf) && len(s.buf) == s.max {
				s.emit(s.start, keep, nil)
				return true
			}
			s.fill()
		case m != nil:
			s.locate(m, ms, me)
			m.candStart, m.candEnd = s.base+int64(min(ms, t)), s.base+int64(max(me, resume))
			// Past the trigger whatever the recogniser said: a match that
			// ended before it (www's "www.…" did, for a while) would have
			// the same trigger tried for ever.
			s.pos = max(resume, t+1)
			if ms > s.start {
				s.pending = m
				s.emit(s.start, ms, nil)
				return true
			}
			s.emit(ms, me, m)
			return true
		default:
			s.pos = max(resume, t+1)
		}
	}
}

// A StallReader is a reader of a stream that can stall, as a pipe whose
// writer waits does ("tail -f log | urlgrep"): an empty read (0, nil)
// that Stalled then reports true for says no data came for a while.
//
// A URL may be broken across lines (RFC 1738's appendix), so a Scanner
// holds a URL that ends a line until the next line shows whether it goes
// on there. Reading a StallReader, it decides at a stall instead, with
// the lines it holds, as at the end of the input: the URL is reported
// now, not when the next line comes, which may be minutes away; one the
// next line would have continued is reported without that line's part.
// A line not yet ended is waited for, as grep waits for it. Empty reads
// of other readers change nothing that is found.
type StallReader interface {
	io.Reader
	// Stalled reports whether the last Read returned no bytes because
	// the input had stalled.
	Stalled() bool
}

// stalled reports whether r is a StallReader that has stalled.
func stalled(r io.Reader) bool {
	sr, ok := r.(StallReader)
	return ok && sr.Stalled()
}

// Raw returns the bytes of the current segment: text, or the URL as it
// appeared. The slice is valid until the next call to Scan.
func (s *Scanner) Raw() []byte { return s.seg }

// Match returns the URL of the current segment, or nil for a text segment.
// With [WithLazyMatch] it is built on the first call for the segment.
func (s *Scanner) Match() *Match {
	if s.match == nil || s.f.lite == nil {
		return s.match
	}
	if s.built == nil {
		s.built = s.f.build(s.match, s.seg)
	}
	return s.built
}

// Borrow returns the current URL of a lazy Scanner ([WithLazyMatch]) as
// it was decided, without building it: Kind, Text (as written), Raw,
// Rejoined, Parsed, Err and the positions are set; URL and Alternates are
// not. The Match and its strings are the Scanner's, valid until the next
// Scan: Text, Raw and Parsed's strings may be the Scanner's own bytes (a
// URL rejoined from a wrapper's lines, a buffer the next wrapper reuses),
// so a caller that keeps any copies it. Err stays valid as long as the
// bytes Raw points to do. Borrow returns nil for a text
// segment and for an eager Scanner. For printing URLs as written (urlgrep's
// default output) without allocating for each.
func (s *Scanner) Borrow() *Match {
	if s.match == nil || s.f.lite == nil {
		return nil
	}
	if sl := s.f.lite.slot(s.match); !sl.written {
		s.match.Text = asWritten(s.match.Text)
		// The error is the reused Parser's, which the next candidate's
		// parse overwrites: a caller may keep it with the positions
		// (urlgrep's workers), so it gets one of its own. A reading
		// rejoined from lines is in a buffer the next wrapper reuses,
		// sooner than the Scanner's bytes change: its text is copied too.
		s.match.Err = ownError(s.match.Err, !sl.textIsRaw)
		sl.written = true
	}
	return s.match
}

// Found reports whether the current segment is a URL: Match() != nil,
// without building the Match of a lazy Scanner ([WithLazyMatch]).
func (s *Scanner) Found() bool { return s.match != nil }

// Err returns the first error reading the input; nil at a clean end.
func (s *Scanner) Err() error { return s.err }

// Dropped returns how many candidates were dropped for being longer than
// the candidate bound.
func (s *Scanner) Dropped() int64 { return s.dropped }

func (s *Scanner) emit(from, to int, m *Match) {
	s.seg, s.match, s.built = s.buf[from:to:to], m, nil
	s.start = to
	if s.pos < to {
		s.pos = to
	}
}

// try runs the recogniser for the trigger byte at t. It returns a match
// spanning buf[ms:me] and where the scan resumes, or more when the
// candidate that starts at ms runs past the data read so far.
func (s *Scanner) try(t, k int) (m *Match, ms, me, resume int, more bool) {
	data, atEOF := s.buf[:s.end], s.eof || s.settle
	switch k {
	case tLess: // one that opens a wrapper, or may (startsNothing)
		quote := s.quote(t)
		w, more := wrapper.Span(data[t:], atEOF, quote, s.f.limits())
		if more {
			return nil, t, 0, 0, true
		}
		target := s.targets && (s.byteBefore(t) == '\n' || s.byteBefore(t) == 0) // opening a line
		if m := s.f.wrapped(w, data[t:], quote, target); m != nil {
			return m, t + int(m.Offset), t + int(m.End), t + w.End, false // wrapped may end the URL early (slackLabel)
		}
	case tColon: // one a URL byte follows, or may (startsNothing)
		// The scheme is the run of scheme bytes before ':', or a suffix
		// of it (schemeStart: "e.g.http:" has "http:").
		lo := max(s.start, t-maxScheme)
		i := t
		for i > lo && ascii.IsSchemeByte(data[i-1]) {
			i--
		}
		before := s.wordBefore(i)
		if i == lo && i > 0 && ascii.IsSchemeByte(before) {
			before = 'a' // the run goes on before what we may look at: not a scheme start
		}
		j, kind := schemeStart(data[i:t], before)
		if j < 0 {
			break
		}
		i += j
		if s.tooManyTries(t) {
			return nil, 0, 0, s.runTo, false
		}
		if kind == slashes && t+1 < len(data) && data[t+1] != '/' && data[t+1] != '\\' && (atEOF || len(data) >= t+5) {
			// A scheme that is written with "//" only, as every one not
			// registered is ("From:*", "key:value", "host:8080"): bare
			// would say no at once, having walked the scheme again.
			if s.noteRun(t, data, atEOF) {
				return nil, i, 0, 0, true
			}
			break
		}
		prev := s.wordBefore(i)
		m, end, more := s.f.bare(data, i, kind, prev, atEOF, false, s.link(i))
		if end == lineBreak {
			// Broken at a line break: rejoined with the lines that go on
			// with it, or as written.
			if m, end, more = s.f.joined(Bare, data, i, prev, atEOF, s.quote(i), s.column(i)); m == nil && !more && end != cutNoURL {
				m, end, more = s.f.bare(data, i, kind, prev, atEOF, true, s.link(i))
			}
		}
		if more {
			return nil, i, 0, 0, true
		}
		if m != nil {
			return m, i, end, end, false
		}
		if s.noteRun(t, data, atEOF) {
			return nil, i, 0, 0, true
		}
		s.countDropped(i, end)
	case tDot: // after "www" (startsNothing)
		i := t - 3
		prev := s.wordBefore(i)
		if !s.f.wwwStarts(prev) {
			break
		}
		m, end, more := s.f.www(data, i, prev, atEOF, false, s.link(i))
		if end == lineBreak {
			if m, end, more = s.f.joined(WWW, data, i, prev, atEOF, s.quote(i), s.column(i)); m == nil && !more && end != cutNoURL {
				m, end, more = s.f.www(data, i, prev, atEOF, true, s.link(i))
			}
		}
		if more {
			return nil, i, 0, 0, true
		}
		if m != nil {
			return m, i, end, end, false
		}
		s.countDropped(i, end)
	case tAt:
		i := localStart(data, s.start, t, s.f.cfg.escapes)
		if i == t || !addressStarts(s.byteBefore(i), data[i]) || localGoesOn(s.byte2Before(i), s.byteBefore(i)) ||
			localGoesOn3(s.byteBack(i, 3), s.byte2Before(i), s.byteBefore(i)) ||
			data[i] >= utf8.RuneSelf && !s.runeEndsBefore(i) {
			break
		}
		m, end, more := s.f.emailAt(data, i, t, atEOF)
		if more {
			return nil, i, 0, 0, true
		}
		if m != nil {
			return m, i, end, end, false
		}
		s.countDropped(i, end)
	}
	return nil, 0, 0, t + 1, false
}

// tooManyTries reports whether the run of URL characters around t has
// already had maxTries candidates; each costs up to the run's length, so
// the bound keeps the scan linear on "http://http://http://…".
func (s *Scanner) tooManyTries(t int) bool {
	return t > s.runFrom && t < s.runTo && s.runTries >= maxTries
}

// noteRun counts a failed candidate in the run of URL characters that
// contains t. It answers more, changing nothing, when the run's end is not
// read yet: the run must not depend on where a read ended.
func (s *Scanner) noteRun(t int, data []byte, atEOF bool) (more bool) {
	if t > s.runFrom && t < s.runTo {
		s.runTries++
		return false
	}
	end, more, _ := s.f.runEnd(data, t, 0, atEOF, false)
	limit := t + s.f.cfg.maxCandidate + 1 // as runEnd's own bound
	for !more && end < min(len(data), limit) && data[end] == '\\' {
		// A JSON string's escapes join its run, as bareJSON reads on
		// through them: without them, "https:\/\/a\/https:\/\/a\/…"
		// was runs of a few bytes, and each of its candidates read up
		// to maxCandidate bytes (8 MiB took minutes).
		if len(data)-end < 12 && !atEOF {
			return true
		}
		_, n := jsonEscape(data[end:])
		if n == 0 {
			break
		}
		end, more, _ = s.f.runEnd(data, end+n, 0, atEOF, false)
	}
	end = min(end, limit)
	if more {
		return true
	}
	s.runFrom, s.runTo, s.runTries = t, end, 1
	return false
}

// countDropped counts a candidate at buf[i] that a recogniser found too
// long.
func (s *Scanner) countDropped(i, end int) {
	if end == tooLong {
		s.drop(i)
	}
}

// drop counts a candidate dropped at buf[i] and tells the OnDrop
// function, if any, where it started.
func (s *Scanner) drop(i int) {
	s.dropped++
	if f := s.f.cfg.onDrop; f != nil {
		s.countLines(max(i, int(s.counted-s.base)))
		line := s.line
		if s.f.cfg.noLines {
			line = 0
		}
		f(s.base+int64(i), line)
	}
}

// byteBefore returns the input byte before buf[i], 0 at the start of input.
func (s *Scanner) byteBefore(i int) byte { return s.byteBack(i, 1) }

// byte2Before returns the byte before byteBefore(i).
func (s *Scanner) byte2Before(i int) byte { return s.byteBack(i, 2) }

// byteBack returns the input byte k bytes before buf[i], k 1 to 4.
func (s *Scanner) byteBack(i, k int) byte {
	if j := i - k; j >= 0 {
		return s.buf[j]
	}
	return s.behind[4+i-k]
}

// runeEndsBefore reports whether the input before buf[i] ends with a
// whole character: an ASCII byte, or a valid UTF-8 sequence. A local part
// that starts with a letter of UTF-8 after a stray byte is the chance
// reading of text in another charset ("\xab\xe1\xae\xac@" in a
// SpamAssassin message's undeclared Big5 header, as "ᮬ@"), no address's.
func (s *Scanner) runeEndsBefore(i int) bool {
	var b [4]byte
	for k := 1; k <= 4; k++ {
		b[4-k] = s.byteBack(i, k)
	}
	if b[3] < utf8.RuneSelf {
		return true
	}
	r, n := utf8.DecodeLastRune(b[:])
	return r != utf8.RuneError || n > 1
}

// wordBefore is byteBefore(i), read as wordByte reads it.
func (s *Scanner) wordBefore(i int) byte {
	if i > 0 {
		if b := s.buf[i-1]; b != '_' && b != '*' && b != '~' {
			return b // most URLs: inlined
		}
	}
	return wordByte(s.byteBefore(i), s.byte2Before(i))
}

// link returns the closer linkOpens gives for the bytes before buf[i]:
// ")" after "](", a quote after "=" and that quote, or either after a
// line break: CommonMark §6.3 lets a link's destination start on the
// next line, and text filled to a width puts it there ("[Click to
// Deploy](" then "https://console.cloud.google.com/...kafka?)" in
// Apache Beam's READMEs). It is 0 elsewhere.
func (s *Scanner) link(i int) byte {
	if i > 0 && s.buf[i-1] != '(' && s.buf[i-1] != '"' && s.buf[i-1] != '\'' && s.buf[i-1] != '\n' {
		return 0 // most URLs: inlined
	}
	return s.linkBack(i)
}

// linkBack is link past its first byte.
func (s *Scanner) linkBack(i int) byte {
	if b := s.byteBefore(i); b != '\n' {
		return linkOpens(b, s.byte2Before(i))
	}
	k := 2
	if s.byteBack(i, 2) == '\r' {
		k = 3
	}
	return linkOpens(s.byteBack(i, k), s.byteBack(i, k+1))
}

// quote returns the quote markers of the line on which buf[t] stands, as
// wrapper.QuotePrefix measures the prefix (wrapper.At compares only its
// markers), whether or not the line's start is still in the buffer.
func (s *Scanner) quote(t int) []byte {
	s.countLines(t)
	return s.quoteMarks
}

// column returns where buf[t] stands on its line, and where that line's
// text starts past its quote prefix, whether or not the line's start is
// still in the buffer.
func (s *Scanner) column(t int) column {
	s.countLines(t)
	return column{url: int(s.base + int64(t) - s.lineStart), text: s.indent}
}

// countLines counts the line breaks before buf[i] (not with
// WithLineNumbers(false): it then only finds the last one), and reads the
// quote prefix of the last line. Calls come with increasing i, so every
// byte is counted once.
func (s *Scanner) countLines(i int) {
	from := int(s.counted - s.base)
	if i <= from {
		return
	}
	if from < 0 {
		from = 0
	}
	seg := s.buf[from:i]
	if nl := bytes.LastIndexByte(seg, '\n'); nl >= 0 {
		if !s.f.cfg.noLines {
			s.line += 1 + bytes.Count(seg[:nl], []byte{'\n'})
		}
		s.lineStart = s.base + int64(from+nl+1)
		seg = seg[nl+1:]
		s.quoteMarks, s.inQuote, s.indent = s.quoteMarks[:0], true, 0
	}
	if s.inQuote {
		s.readQuote(seg)
	}
	s.counted = s.base + int64(i)
}

// readQuote reads on through the quote prefix of the line being counted:
// markers, each with the spaces or tabs after it, after any indentation
// (wrapper.QuotePrefix). Markers past the candidate bound are not kept.
func (s *Scanner) readQuote(seg []byte) {
	for _, c := range seg {
		switch c {
		case ' ', '\t':
		case '>', '|':
			if len(s.quoteMarks) < s.f.cfg.maxCandidate {
				s.quoteMarks = append(s.quoteMarks, c)
			}
		default:
			s.inQuote = false
			return
		}
		s.indent++
	}
}

// locate sets the absolute position of m, found at buf[ms:me].
func (s *Scanner) locate(m *Match, ms, me int) {
	s.countLines(ms)
	m.Offset, m.End = s.base+int64(ms), s.base+int64(me)
	m.Line, m.Col, m.EndLine = 0, int(m.Offset-s.lineStart)+1, 0
	if !s.f.cfg.noLines {
		m.Line = s.line
		m.EndLine = m.Line + bytes.Count(s.buf[ms:me], []byte{'\n'})
	}
}

// fill reads more input, first making room: it moves the unreturned bytes
// to the front of the buffer and grows it, up to its bound.
func (s *Scanner) fill() {
	if s.start > 0 && (s.end == len(s.buf) || s.start >= len(s.buf)/2) {
		s.countLines(s.start)
		shift := s.start
		var behind [4]byte
		for k := 1; k <= 4; k++ {
			behind[4-k] = s.byteBack(shift, k)
		}
		s.behind = behind
		copy(s.buf, s.buf[shift:s.end])
		s.base += int64(shift)
		s.start, s.pos, s.end = 0, s.pos-shift, s.end-shift
		for k := range s.next {
			if s.next[k] >= 0 {
				s.next[k] -= shift
			}
			s.searched[k] = max(s.searched[k]-shift, 0)
		}
		if s.hit >= 0 {
			s.hit -= shift
		}
		s.scanned = max(s.scanned-shift, 0)
		s.runFrom, s.runTo = s.runFrom-shift, s.runTo-shift
	}
	if s.end == len(s.buf) {
		if len(s.buf) >= s.max {
			panic("extract: buffer full") // Scan returns text or drops a candidate first
		}
		nb := make([]byte, min(2*len(s.buf), s.max))
		copy(nb, s.buf[:s.end])
		s.buf = nb
	}
	// Read until half the free space is filled (or the input ends), not
	// just once: a recogniser that asked for more data runs again over the
	// whole candidate, so a reader that returns a byte at a time must not
	// make it run once per byte (quadratic); this way it runs a bounded
	// number of times per buffer.
	// An empty read after new data stops the loop too: a streaming
	// reader (a pipe that stalled) says so, and what is here is scanned
	// at once rather than held until more comes.
	from := s.end
	want := s.end + max(1, (len(s.buf)-s.end)/2)
	for s.end < want && !s.eof {
		n, err := s.r.Read(s.buf[s.end:])
		if n < 0 || n > len(s.buf)-s.end {
			n, err = 0, io.ErrNoProgress
		}
		s.end += n
		switch {
		case err == io.EOF:
			s.eof = true
		case err != nil:
			s.eof, s.err = true, err
		case n == 0:
			if s.emptyReads++; s.emptyReads >= 100 {
				s.eof, s.err = true, io.ErrNoProgress
				break
			}
			if s.end > 0 && s.buf[s.end-1] == '\n' && stalled(s.r) {
				// Nothing came for a while, and what is held is whole
				// lines: what they hold is decided now (settle), not
				// when the next line comes, which may be minutes away.
				s.settle = true
			}
			if s.end > from || s.settle {
				s.stalled = s.end > from
				return
			}
		default:
			s.emptyReads, s.settle = 0, false
		}
	}
}
