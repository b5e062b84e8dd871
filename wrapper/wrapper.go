package wrapper

import (
	"bytes"
	"math"
	"strconv"
	"unsafe"
)

// Kind says which form of wrapper was found.
type Kind uint8

// The forms of wrapper that [At] recognises.
const (
	None  Kind = iota // not a wrapper: the '<' is ordinary text
	URL               // "<URL:...>", the wrapper the RFC 1738 appendix recommends
	Angle             // "<scheme:...>", plain angle brackets around a URL
)

// String returns "none", "wrapped" or "angle".
func (k Kind) String() string {
	switch k {
	case None:
		return "none"
	case URL:
		return "wrapped"
	case Angle:
		return "angle"
	}
	return "Kind(" + strconv.Itoa(int(k)) + ")"
}

// Limits bound how far a wrapper may run before it is given up as
// unterminated. A field that is zero or negative takes its value from
// [DefaultLimits], so the zero Limits means the defaults.
type Limits struct {
	MaxBytes int // bytes from '<' to '>' inclusive; default 64 KiB
	MaxLines int // line breaks a wrapper may span; default no limit but MaxBytes
}

// DefaultLimits are the limits a zero field of [Limits] stands for. 64 KiB is
// the candidate bound of the whole project, like bufio.MaxScanTokenSize. The
// package never changes DefaultLimits.
var DefaultLimits = Limits{MaxBytes: defaultMaxBytes, MaxLines: defaultMaxLines}

const (
	defaultMaxBytes = 64 << 10
	// A wrapper may span as many lines as fit in MaxBytes: the appendix
	// sets no limit, and a long URL folded at 72 columns over 17 lines
	// is real. Scanning stays linear without one: a wrapper ends at the
	// next '<' or blank line, so no byte is read for two wrappers.
	defaultMaxLines = math.MaxInt
)

// orDefault fills the zero fields of l from the constants, not from
// DefaultLimits, so that a caller changing that variable changes nothing here.
func (l Limits) orDefault() Limits {
	if l.MaxBytes <= 0 {
		l.MaxBytes = defaultMaxBytes
	}
	if l.MaxLines <= 0 {
		l.MaxLines = defaultMaxLines
	}
	return l
}

// Wrapper is one wrapper found at the start of data by [At]. Offsets index
// the data given to At.
type Wrapper struct {
	Kind Kind
	End  int // data[:End] is the whole wrapper, '<' through '>'

	// data[URLStart:URLEnd] is the URL's text as it appeared: after "URL:"
	// and any whitespace, up to its last byte before '>', with the line
	// breaks, quote prefixes and indentation inside it. For Angle it starts
	// at the scheme.
	URLStart int
	URLEnd   int

	// URL is the URL rejoined: spaces, tabs, line breaks and the quote
	// prefixes of continuation lines removed. A hyphen before a line break
	// is kept.
	URL string

	// Alternate is the other reading when a line break came right after a
	// hyphen: URL with those hyphens dropped. It is "" when there was no
	// such break.
	Alternate string

	Lines int // line breaks crossed inside the wrapper; 0 on one line

	// Hyphens counts the line breaks right after a hyphen with URL text
	// after them: Alternate is set (by At) when it is not 0.
	Hyphens int

	// Verbatim reports that the URL is data[URLStart:URLEnd] as written:
	// no whitespace, line break or quote prefix inside it (a line break
	// may follow it before the '>'). [Locate] then leaves URL empty.
	Verbatim bool
}

// At reports whether data, which must start with '<', begins with a wrapper.
// quote is the quote prefix of the line on which the '<' stands, as
// [QuotePrefix] measures it; it may be empty. Each continuation line must
// repeat its '>' and '|' markers, spaces aside, and they are not part of the
// URL. When data ends before the
// wrapper can be decided and atEOF is false, At returns more == true and the
// caller must call again with more data starting at the same '<'. When it
// returns Kind [None], the '<' is ordinary text.
//
// At gives up (Kind None) on a wrapper that is unterminated: one longer than
// lim.MaxBytes, one crossing more than lim.MaxLines line breaks, a blank line,
// another '<', a control byte other than tab, CR and LF, a continuation line
// without the quote prefix, or the end of input. It reads at most
// lim.MaxBytes bytes of data and never asks for more once it holds that many.
func At(data []byte, atEOF bool, quote []byte, lim Limits) (w Wrapper, more bool) {
	return at(data, atEOF, quote, lim, locateNone)
}

// Locate is [At] for a caller that reads a verbatim URL out of data: when
// the wrapper's URL is its text as written (Verbatim), URL is "", and
// Locate allocates nothing. Most wrappers are so ("<http://a.example/>",
// an HTML link's target); counting them (urlgrep -c) made a string for
// each.
func Locate(data []byte, atEOF bool, quote []byte, lim Limits) (w Wrapper, more bool) {
	return at(data, atEOF, quote, lim, locateVerbatim)
}

// Span is [At] that builds no string: URL and Alternate are always empty,
// and a caller that needs them appends them to a buffer of its own with
// [Wrapper.AppendURL]. Span allocates nothing. A URL rejoined from
// several lines (an RFC's "<URL:...>" across a line break) cost a string
// each, counted or not.
func Span(data []byte, atEOF bool, quote []byte, lim Limits) (w Wrapper, more bool) {
	return at(data, atEOF, quote, lim, locateAll)
}

// AppendURL appends to dst the URL of w, a wrapper that [At], [Locate] or
// [Span] found at the start of data with the same quote, and returns the
// extended buffer: its URL field as At gives it, or, with dropHyphens, its
// Alternate (the URL without the hyphens that line breaks follow, when
// w.Hyphens is not 0; the URL otherwise). For the zero Wrapper it appends
// nothing.
func (w Wrapper) AppendURL(dst, data, quote []byte, dropHyphens bool) []byte {
	if w.Kind == None {
		return dst
	}
	raw := data[w.URLStart:w.URLEnd]
	if w.Verbatim {
		return append(dst, raw...)
	}
	return rejoin(dst, raw, quote, dropHyphens && w.Hyphens > 0)
}

// What at leaves out of a Wrapper: nothing (At), a verbatim URL (Locate),
// or every string (Span).
const (
	locateNone = iota
	locateVerbatim
	locateAll
)

func at(data []byte, atEOF bool, quote []byte, lim Limits, locate int) (w Wrapper, more bool) {
	lim = lim.orDefault()
	win := data
	if len(win) > lim.MaxBytes {
		win = win[:lim.MaxBytes]
	}
	// undecided is the answer when win ends before '>': ask for more,
	// unless no more can come or more could not fit in MaxBytes.
	undecided := !atEOF && len(data) < lim.MaxBytes
	if len(win) == 0 || win[0] != '<' {
		return Wrapper{}, false
	}
	kind, i, short := prefix(win)
	if short {
		return Wrapper{}, undecided
	}
	lines := 0      // line breaks crossed
	scheme := i - 1 // an Angle wrapper's scheme and colon: its first URL bytes
	if kind == None {
		// A scheme name a line break cut ("<ht" then "tps://...>").
		kind, i, scheme, short = splitScheme(win, i, quote)
		if short {
			return Wrapper{}, undecided
		}
		if kind == None {
			return Wrapper{}, false
		}
		lines = 1
	}

	start, end := -1, 0 // URLStart, URLEnd once a URL byte is seen
	n := 0              // URL bytes seen, whitespace and quote prefixes left out
	var last byte       // last URL byte on the current line, 0 if none
	if kind == Angle {
		// The scheme and its colon are part of the URL.
		start, end, n, last = 1, i, scheme, ':'
	}
	empty := n       // n when nothing follows the prefix
	hyphens := 0     // line breaks right after a hyphen, with URL text after them
	pending := false // the last line break came right after a hyphen
	typo := false    // the last line break came right after a TypoHyphen
	fold := 0        // the backslashes that folded the last line (foldMark)
	for i < len(win) {
		c := win[i]
		switch {
		case c == '>':
			if n == empty {
				// "<URL:>" and "<http:>" hold no URL.
				return Wrapper{}, false
			}
			w = Wrapper{Kind: kind, End: i + 1, URLStart: start, URLEnd: end, Lines: lines, Hyphens: hyphens, Verbatim: n == end-start}
			if locate == locateNone || locate == locateVerbatim && !w.Verbatim {
				w.URL, w.Alternate = rejoined(win[start:end], quote, n, hyphens)
			}
			return w, false
		case isSpace(c):
			// appendix: "The whitespace should be ignored when extracting
			// the URL."
			i++
		case isBreak(c):
			lines++
			if lines > lim.MaxLines {
				return Wrapper{}, false
			}
			// appendix: "a line break immediately after a hyphen": note it,
			// and count it once URL text follows the break.
			pending = last == '-'
			typo = last != 0 && bytes.HasSuffix(win[:end], typoHyphen)
			fold = 0
			if last == '\\' {
				fold = foldMark(win[start:end])
			}
			last = 0
			i++
			if c == '\r' && i < len(win) && win[i] == '\n' {
				i++ // CRLF is one line break
			}
			j, st := continuation(win, i, quote)
			switch {
			case st == contShort:
				return Wrapper{}, undecided
			case st == contMismatch:
				// The next line is not part of the same quoted text, so
				// the wrapper ended without '>'.
				return Wrapper{}, false
			case isBreak(win[j]) && len(quote) == 0:
				// A blank line is a paragraph break; a wrapper does not
				// cross one, so it was unterminated, unless the blank
				// lines lead to a page break of an RFC (or draft) that
				// the URL goes on after.
				k, st := pageBreak(win, i)
				switch st {
				case contShort:
					return Wrapper{}, undecided
				case contMismatch:
					return Wrapper{}, false
				}
				if lines += bytes.Count(win[i:k], []byte{'\n'}); lines > lim.MaxLines {
					return Wrapper{}, false
				}
				j = skipSpace(win, k)
			case isBreak(win[j]):
				return Wrapper{}, false
			}
			i = j
		case c == '<' || isCtl(c):
			// Another '<' starts a new candidate; a control byte is not
			// text. Either way the wrapper is unterminated.
			return Wrapper{}, false
		default:
			// Any other byte, non-ASCII included, is URL text: the
			// parser decides whether it is allowed. The run of such
			// bytes is taken whole.
			if start < 0 {
				start = i
			}
			if pending {
				hyphens++
				pending = false
			}
			if typo {
				n -= len(typoHyphen) // rejoin leaves it out
				typo = false
			}
			n -= fold // rejoin leaves them out
			fold = 0
			j := i + 1
			for j < len(win) && urlText[win[j]] {
				j++
			}
			n += j - i
			last = win[j-1]
			i, end = j, j
		}
	}
	return Wrapper{}, undecided
}

// prefix reads what follows the '<' at win[0]: "URL:" in any case, or a
// scheme and its colon. It returns the kind and the index after the colon.
// short is true when win ends before the kind can be decided.
// Opens reports whether data starts as a wrapper does (APPENDIX): "<"
// and "URL:", or "<", a scheme name and ":", looked for within
// lim.MaxBytes; short when data ends before that is known. When it is
// false and short is false, [At] finds no wrapper at data: a caller can
// skip the work At's arguments cost ("<" before an HTML tag or an address
// is common).
func Opens(data []byte, lim Limits) (ok, short bool) {
	if len(data) > 1 && data[0] == '<' && !isAlpha(data[1]) && lim.MaxBytes != 1 {
		return false, false // "</p>", "<1234@host>": no prefix starts so (prefix)
	}
	lim = lim.orDefault()
	if len(data) > lim.MaxBytes {
		data = data[:lim.MaxBytes]
	}
	if len(data) == 0 || data[0] != '<' {
		return false, false
	}
	kind, i, short := prefix(data)
	if kind == None && !short && i >= 2 && i < len(data) && isBreak(data[i]) {
		return true, false // a scheme a line break may have cut: At decides (splitScheme)
	}
	return kind != None, short
}

// splitScheme reads on where prefix stopped at win[i] in a scheme name,
// at a line break: the name goes on on the next line (past its
// indentation and quote prefix) up to its colon, as filled text breaks a
// wrapper anywhere ("<ht" then "tps://labs.example/...>", "<http" then
// "://www.example.com/...>": the RFC archive has 14, and read the rest
// as a URL of the scheme "tps" or found nothing). It returns Angle and
// the index after the colon, with nb the scheme's bytes and its colon,
// or None; short when win ends before that is known.
func splitScheme(win []byte, i int, quote []byte) (k Kind, end, nb int, short bool) {
	if i < 2 || i >= len(win) || !isBreak(win[i]) {
		return None, i, 0, false
	}
	nb = i - 1
	i++
	if win[i-1] == '\r' && i < len(win) && win[i] == '\n' {
		i++
	}
	j, st := continuation(win, i, quote)
	switch st {
	case contShort:
		return None, j, 0, true
	case contMismatch:
		return None, j, 0, false
	}
	for k := j; k < len(win); k++ {
		switch c := win[k]; {
		case c == ':':
			return Angle, k + 1, nb + k - j + 1, false
		case !isScheme(c):
			return None, k, 0, false
		}
	}
	return None, len(win), 0, true
}

func prefix(win []byte) (k Kind, i int, short bool) {
	// appendix: URLs "be preceeded with a prefix consisting of the
	// characters "URL:""; §2.1 asks to treat case as equivalent in scheme
	// names, and we treat the prefix the same way.
	const p = "url:"
	for i = 1; i <= len(p) && i < len(win) && lower(win[i]) == p[i-1]; i++ {
	}
	if i > len(p) {
		return URL, i, false
	}
	if i == len(win) {
		return None, i, true
	}
	// scheme = 1*[ lowalpha | digit | "+" | "-" | "." ]  (RFC 1738 §5)
	// deviation: the first character must be a letter, as in RFC 2396, so
	// that message IDs such as "<3cn4ab$f1@news.example.edu>" are not
	// read as URLs.
	if !isAlpha(win[1]) {
		return None, 1, false
	}
	for i = 2; i < len(win); i++ {
		switch c := win[i]; {
		case c == ':':
			return Angle, i + 1, false
		case !isScheme(c):
			return None, i, false
		}
	}
	return None, i, true
}

type contStatus uint8

const (
	contOK       contStatus = iota
	contShort               // data ended first
	contMismatch            // the line does not repeat the quote prefix
)

// continuation skips the start of a line that continues a wrapper: its
// indentation, then the markers of quote, each with the spaces or tabs after
// it. It returns the index of the line's first other byte, which is < len(data)
// when st is contOK.
func continuation(data []byte, i int, quote []byte) (j int, st contStatus) {
	j = skipSpace(data, i)
	for _, m := range quote {
		if !isMarker(m) {
			continue
		}
		if j == len(data) {
			return j, contShort
		}
		// Compare markers only, so "> " matches ">" and ">>" matches "> >".
		if data[j] != m {
			return j, contMismatch
		}
		j = skipSpace(data, j+1)
	}
	if j == len(data) {
		return j, contShort
	}
	return j, contOK
}

// Continuation returns the index of the first byte of the line that
// starts at data[i] past the quote prefix quote says it repeats (its
// markers, each with the spaces or tabs after it, after any indentation),
// as a wrapper's continuation lines are read: ok when the line repeats it
// and holds a byte after it, short when data ends before that is known.
// A caller rejoining a bare URL broken at a line break reads the next line
// so (package extract).
func Continuation(data []byte, i int, quote []byte) (j int, ok, short bool) {
	j, st := continuation(data, i, quote)
	return j, st == contOK, st == contShort
}

// rejoined returns the URL in raw, the text of a wrapper from its first URL
// byte to its last, with whitespace and quote prefixes removed, and the
// reading without the hyphens before line breaks when there are any. n is the
// length of the URL and hyphens the number of such breaks, both from [At].
// The two strings share one allocation.
func rejoined(raw, quote []byte, n, hyphens int) (url, alt string) {
	if n == len(raw) {
		return string(raw), "" // on one line, no whitespace: the usual case
	}
	size := n
	if hyphens > 0 {
		size += n - hyphens
	}
	b := rejoin(make([]byte, 0, size), raw, quote, false)
	if hyphens > 0 {
		b = rejoin(b, raw, quote, true)
	}
	s := unsafe.String(unsafe.SliceData(b), len(b)) // b is not written again
	return s[:n], s[n:]
}

// rejoin appends raw to b without its whitespace and the quote prefixes of
// its continuation lines, and returns the extended buffer. With
// dropHyphens it also leaves out each hyphen that a line break follows
// (appendix: "the hyphen may or may not actually be part of the URL").
// A typographic hyphen before a line break (TypoHyphen) it always leaves
// out: no URL is written with one.
func rejoin(b, raw, quote []byte, dropHyphens bool) []byte {
	for i := 0; i < len(raw); {
		switch c := raw[i]; {
		case isSpace(c):
			i++
		case isBreak(c):
			i++
			if c == '\r' && i < len(raw) && raw[i] == '\n' {
				i++
			}
			if j := skipSpace(raw, i); len(quote) == 0 && j < len(raw) && isBreak(raw[j]) {
				// A blank line inside the URL: at crossed it only at a
				// page break.
				if k, st := pageBreak(raw, i); st == contOK {
					i = k
				}
			}
			i, _ = continuation(raw, i, quote)
		default:
			j := i + 1
			for j < len(raw) && !isSpace(raw[j]) && !isBreak(raw[j]) {
				j++
			}
			run := raw[i:j]
			switch {
			case bytes.HasSuffix(run, typoHyphen) && breakAt(raw, j):
				run = run[:len(run)-len(typoHyphen)] // a typesetter's, always
			case run[len(run)-1] == '\\' && breakAt(raw, j):
				run = run[:len(run)-foldMark(run)] // a fold's, always
			case dropHyphens && raw[j-1] == '-' && breakAt(raw, j):
				run = run[:len(run)-1]
			}
			b = append(b, run...)
			i = j
		}
	}
	return b
}

// pageBreak reads the page break of an RFC, or of an Internet-Draft, at
// data[i], the start of a line, as RFC 7322 §4.1 (RFC 2223 §3 before it)
// lays one out: blank lines, the footer line ending "[Page N]", a form
// feed, the next page's header line, blank lines. It returns the start of
// the line after them, where text goes on: contOK; contMismatch when
// data[i:] is not a page break; contShort when data ends first. A
// wrapper's URL folded over lines meets one where the page ends
// ("<http://www.iana.org/assignments/" on one page, "media-types/>" on
// the next); the appendix's rule that whitespace is ignored in a wrapper
// cannot take the footer and header, and without them the wrapper was
// unterminated and the URL cut. None of its lines may hold a '<' or '>',
// so a wrapper still ends at the next '<' and scanning stays linear.
func pageBreak(data []byte, i int) (j int, st contStatus) {
	// blanks passes over up to maxPageBlank blank lines from i: the
	// start of the next line that is not blank, or a status.
	blanks := func(i int) (int, contStatus) {
		for n := 0; ; n++ {
			j := i
			for j < len(data) && (data[j] == ' ' || data[j] == '\t' || data[j] == '\r') {
				j++
			}
			switch {
			case j == len(data):
				return i, contShort
			case data[j] != '\n':
				return i, contOK
			case n == maxPageBlank:
				return i, contMismatch
			}
			i = j + 1
		}
	}
	// line returns the end of the line at i, after its '\n', which a
	// footer or a header has within maxPageLine bytes.
	line := func(i int) (int, contStatus) {
		k := bytes.IndexByte(data[i:min(len(data), i+maxPageLine)], '\n')
		switch {
		case k >= 0:
			return i + k + 1, contOK
		case len(data)-i >= maxPageLine:
			return i, contMismatch
		}
		return i, contShort
	}
	i, st = blanks(i)
	if st != contOK {
		return i, st
	}
	// The footer.
	end, st := line(i)
	if st != contOK {
		return i, st
	}
	if !isFooter(bytes.TrimRight(data[i:end], " \t\r\n")) {
		return i, contMismatch
	}
	i = end
	// The form feed, alone on its line or before the header.
	if i == len(data) {
		return i, contShort
	}
	if data[i] != '\f' {
		return i, contMismatch
	}
	i++
	if end, st := line(i); st != contOK {
		return i, st
	} else if len(bytes.TrimRight(data[i:end], " \t\r\n")) == 0 {
		i = end
	}
	// The header, then blank lines.
	if end, st = line(i); st != contOK {
		return i, st
	}
	if len(bytes.TrimRight(data[i:end], " \t\r\n")) == 0 || bytes.ContainsAny(data[i:end], "<>") {
		return i, contMismatch
	}
	return blanks(end)
}

// InPageBreak reports whether data[i], the start of a line, is inside an
// RFC's page break as [At] crosses one inside a wrapper: in the blank
// lines before its footer, at the footer, the form feed or the header, or
// in the blank lines after them. A caller cutting text at blank lines
// for wrappers not to cross (package extract's Cut) cuts elsewhere. When
// data ends before that is known, it reports true.
func InPageBreak(data []byte, i int) bool {
	if _, st := pageBreak(data, i); st != contMismatch {
		return true // i starts the page break, or is in its first lines
	}
	// Past the footer: back to the form feed, at most a header and the
	// blank lines after it away, then to the footer before it; no
	// further back than such lines can reach.
	lo := max(0, i-(maxPageBlank+3)*maxPageLine)
	before := func(j int) int { // the start of the line before the one at j, or -1
		k := bytes.LastIndexByte(data[lo:j-1], '\n')
		if k < 0 && lo > 0 {
			return -1
		}
		return lo + k + 1
	}
	j := i
	for n := 0; n <= maxPageBlank+2 && j > 0; n++ {
		if j = before(j); j < 0 {
			return false
		}
		if data[j] != '\f' {
			continue
		}
		if j == 0 {
			return false
		}
		footer := before(j)
		if footer < 0 {
			return false
		}
		k, st := pageBreak(data, footer)
		return st == contShort || st == contOK && k >= i
	}
	return false
}

// maxPageBlank bounds the blank lines before a page's footer, and after
// the next page's header, that pageBreak reads; maxPageLine the length of
// the footer and the header (72 columns in an RFC), so that pageBreak
// reads a bounded number of bytes, whatever the text.
const (
	maxPageBlank = 8
	maxPageLine  = 256
)

// isFooter reports whether line, its trailing whitespace trimmed, is the
// footer of an RFC's page: it ends "[Page N]", and holds no '<' or '>'.
func isFooter(line []byte) bool {
	k := bytes.LastIndex(line, []byte("[Page "))
	if k < 0 || bytes.ContainsAny(line, "<>") {
		return false
	}
	num, ok := bytes.CutSuffix(line[k+len("[Page "):], []byte("]"))
	if !ok || len(num) == 0 {
		return false
	}
	for _, c := range num {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// foldMark returns how many backslashes end run, a URL's text up to a
// line break inside a wrapper, that mark the line as folded, not the
// URL's: one, as RFC 8792 §7.2.1 folds a long line ("\" at its end, the
// next line's leading whitespace left out when it is unfolded) and as
// RFCs fold SIP messages' long lines in their examples, or two, as a
// YANG module's string folds one ("ssh-para\\" then "meters>", "'\\'
// added for formatting reasons"). No URL holds a backslash (RFC 1738
// §2.2 counts it unsafe; RFC 3986 §2 has no place for it), so none before
// a line break in a wrapper is the URL's.
func foldMark(run []byte) int {
	n := 0
	for n < 2 && n < len(run) && run[len(run)-1-n] == '\\' {
		n++
	}
	return n
}

// TypoHyphen is U+2010 HYPHEN in UTF-8: the hyphen a typesetter sets
// where it breaks a word at the end of a line, as the appendix foresees
// ("some typesetters and printers may (erroneously) introduce a hyphen at
// the end of line"). groff does so in a UTF-8 locale: man pages at a
// terminal's width break "<https://gnu.org/li‐" and "censes/gpl.html>".
// Unlike "-", it is never the URL's (URLs write "-"), so where a line
// break follows it, it is left out.
const TypoHyphen = "\u2010"

var typoHyphen = []byte(TypoHyphen)

// breakAt reports whether a line break follows data[i:], after any spaces
// or tabs.
func breakAt(data []byte, i int) bool {
	i = skipSpace(data, i)
	return i < len(data) && isBreak(data[i])
}

// Shallower returns quote, a line's quote prefix as QuotePrefix reads
// it, less its last marker and what follows it ("> >" gives "> "), or nil
// when it has no marker: the prefix of a quoted line that a reply's client
// wrapped again and quoted one level less.
func Shallower(quote []byte) []byte {
	for i := len(quote) - 1; i >= 0; i-- {
		if isMarker(quote[i]) {
			return quote[:i]
		}
	}
	return nil
}

// QuotePrefix returns the length of the quote prefix at the start of line: a
// run of '>' and '|' markers, each optionally followed by spaces or tabs, as
// in ">", "> ", "> > ", ">>", "|" and "| ". Indentation before the first
// marker is part of the prefix. It returns 0 when line has no marker there.
func QuotePrefix(line []byte) int {
	n := 0
	for i := skipSpace(line, 0); i < len(line) && isMarker(line[i]); {
		i = skipSpace(line, i+1)
		n = i
	}
	return n
}

func skipSpace(data []byte, i int) int {
	for i < len(data) && isSpace(data[i]) {
		i++
	}
	return i
}

func lower(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}
