// Package search takes one input from bytes to events: it decides what the
// input is (UTF-16 text with a byte order mark, binary, mail or news, or
// plain text), reads mail part by part through package mailbox, scans each
// text with an [extract.Scanner], on several goroutines when asked, and
// calls back with each URL found, where it is in the file, the lines it
// was found in, and the notes a user should read on standard error.
//
// It is the counterpart of ripgrep's grep-searcher: it knows nothing of
// output formats. The urlgrep command, its --linkify mode and library
// users all open their input through it, so that every path finds the
// same URLs at the same positions.
//
// The loop:
//
//	st, err := search.Search(search.Input{Name: "mail.mbox", R: f}, opts, func(ev *search.Event) bool {
//		switch ev.Kind {
//		case search.URL:
//			fmt.Println(ev.Pos.Line, ev.Match.Text)
//		case search.Note:
//			fmt.Fprintln(os.Stderr, ev.Note)
//		}
//		return true // false stops the search
//	})
//
// Memory is bounded whatever the input; see [Options.Jobs] and
// [Options.Context] for what each holds.
package search

import (
	"bytes"
	"io"
	"os"
	"regexp"
	"strings"
	"sync/atomic"

	"github.com/urlgrep/urlgrep/extract"
	"github.com/urlgrep/urlgrep/internal/magic"
	"github.com/urlgrep/urlgrep/mailbox"
	"github.com/urlgrep/urlgrep/roff"
)

// Options say how to search. The zero Options searches as urlgrep does by
// default with -j 1: mail decoded, www hosts found, e-mail addresses not.
type Options struct {
	// Raw reads the input as plain text even when it looks like mail or
	// like a manual page's source (roff, whose escapes are otherwise
	// resolved: package roff).
	Raw bool

	// Binary scans an input that looks binary (a NUL byte in its first
	// 8 KiB, as grep decides); by default it is skipped with a note.
	Binary bool

	// QuietBinary skips an input that looks binary with no note, as grep
	// -I does (Binary scans it all the same).
	QuietBinary bool

	// Decompress reads compressed input as what it holds, as ripgrep's
	// --search-zip and zgrep do; positions count in the decompressed text.
	// gzip (its first bytes a gzip header, RFC 1952) is read in this
	// process; bzip2, xz, zstd, lz4 and compress(1)'s .Z, known by their
	// magic numbers too, through their commands (bzip2, xz, zstd, lz4;
	// gzip for .Z), which must be on the PATH: a file whose command is
	// missing is an error naming it. Without Decompress such a file is
	// binary.
	Decompress bool

	// Email finds bare e-mail addresses (as mailto: URLs); NoWWW stops
	// finding "www." hosts written without a scheme.
	Email, NoWWW bool

	// MaxLength bounds the bytes of one candidate URL (default
	// [extract.DefaultMaxCandidate]); a longer one is skipped with a note.
	MaxLength int

	// CountOnly says the caller only counts URL events (grep's -c, -l,
	// -q): it reads neither their Match nor their Pos and End. The search
	// then builds no Match it does not need itself (Schemes, Strict,
	// Unwrap, Context and line events need one), and such URL events have
	// a nil Match and no position (but in a mail part of a
	// multipart/alternative group, whose repeats are told by their URLs:
	// there a borrowed Match, as for TextOnly): a URL found bare, as a www
	// host, as an address or in a wrapper costs no allocation. Counting,
	// the caller keeps nothing of an event past the callback (a
	// PartBegin's Part included).
	CountOnly bool

	// TextOnly says the caller reads of a URL event only Pos, End and its
	// Match's Kind and Text (urlgrep's default output), and keeps nothing
	// of the event, its Match included, past the callback. The search then
	// hands the callback a Match borrowed from the scanner
	// (extract.Scanner.Borrow: Parsed nil, URL and Alternates empty, Text
	// possibly aliasing the search's buffers) wherever it needs no Match
	// itself (as for CountOnly; Schemes and Strict are decided on the
	// borrowed parse): a URL found bare, as a www host, as an address or
	// in a wrapper costs no allocation.
	TextOnly bool

	// NoLineNumbers says the caller reads no line numbers of URL events
	// (urlgrep's output without -n or --json): their Match's Line and
	// EndLine are then 0, and so is their Pos.Line in plain text, whose
	// lines the search then does not count (a pass over the input: 8-11%
	// of the time urlgrep takes over sparse text, RFCs say). In mail, Pos
	// is the mail reader's, its line as before. CountOnly implies it;
	// Context, Before, After and Lines keep lines counted. A candidate
	// skipped for its length is told of by its byte offset, its line
	// unknown.
	NoLineNumbers bool

	// NoPartBegin says the callback has no use for PartBegin events
	// (urlgrep's printer has none): they are not delivered. With TextOnly
	// or CountOnly, the -j workers then hold nothing for a part that gives
	// no other event: a mailbox of tiny messages (a news batch of empty
	// articles, each a part) made them hold a quarter of a KB a message
	// until its batch was emitted, 27 MiB with two workers.
	NoPartBegin bool

	// Schemes, when not empty, keeps only the URLs of these schemes (case
	// and surrounding spaces ignored); Strict only the URLs valid by the
	// letter of RFC 1738.
	Schemes []string
	Strict  bool

	// ExcludeSchemes drops the URLs of these schemes (case and
	// surrounding spaces ignored): data and cid, a mail's inline images
	// and their references, say.
	ExcludeSchemes []string

	// Pattern, when not nil, keeps only the URLs whose text (Match.Text:
	// the URL as written, rejoined from its lines) it matches somewhere,
	// as grep's patterns match lines; with InvertPattern, only those it
	// does not match. With Unwrap it is the redirect's target's text.
	Pattern       *regexp.Regexp
	InvertPattern bool

	// Unwrap reports the target of a mail security gateway's redirect
	// link (package unwrap) instead of the link, with the link in
	// [Event.Wrapped].
	Unwrap bool

	// Context gives each URL the line, or lines, it was found in
	// ([Event.Context]). A line longer than [MaxContext] is shown cut.
	Context bool

	// Before and After ask for the lines around each line with a URL
	// ([Line] events), as grep -B and -A do; Lines asks for the lines
	// with URLs even when both are 0 (grep -C 0). The search holds at
	// most Before lines of MaxContext bytes. They make the search run on
	// one goroutine whatever Jobs says.
	Before, After int
	Lines         bool

	// Jobs is the number of goroutines that scan one input, in pieces
	// cut where no URL can cross (blank lines in text, "From " lines in
	// mail), events still in input order. Mail goes in pieces only with
	// TextOnly or CountOnly (a Match built for each URL cost more than the
	// pieces gained); otherwise it is read on the caller's goroutine.
	// 0 or 1 scans on the caller's goroutine. Text read from a regular
	// file (an io.ReaderAt with a Stat method, as *os.File, from its
	// start) of 1 MiB or more, with no line numbers asked, has its pieces
	// read by the goroutines that scan them, each at its offset, not by
	// the caller's. With N jobs the search holds
	// at most N+2 buffers of 256 KiB, plus the events of N+1 pieces. An
	// input that is not a regular file (a pipe, a terminal) is read as it
	// comes on the caller's goroutine, so that what is found is reported
	// at once; so is a stretch with no blank line (no "From " line in
	// mail) for 256 KiB, up to the next; and so is the rest of an input
	// over which the garbage collector runs far more often than its size
	// warrants (more than once per 512 KiB over 4 MiB of it: the pieces'
	// readers and batches crowding a tight memory limit), which one
	// goroutine then scans faster and in less memory.
	Jobs int

	// Progress, when not nil, is kept up to date while the search runs,
	// for a progress line read on another goroutine.
	Progress *Progress
}

// Progress counts what searches have done so far. Its fields are updated
// atomically while they run; several searches may share one.
type Progress struct {
	Bytes, Messages, URLs atomic.Int64
}

// EventKind says what an [Event] reports.
type EventKind uint8

// The kinds of event.
const (
	// URL is a URL found: Match, Pos, and Part in mail.
	URL EventKind = iota + 1

	// Note is something the user should be told on standard error: a
	// binary file skipped, a broken part read as it could be, a
	// candidate too long. Note holds the text, starting with the input's
	// name.
	Note

	// PartBegin starts a text of the input: a mail part (Part set) or
	// the input itself (Part nil). A header field in which the Scanner
	// could find no URL (extract.Scanner.MayFind) is no part, and has
	// none.
	PartBegin

	// LineEvent is a line of the input, with or around URLs: Line set
	// (Options.Before, After, Lines). It comes after the URL events of
	// its URLs.
	LineEvent

	// Stall says that the input has not delivered data for a while
	// ([StallAfter]): a caller that buffers output should write it out
	// now, so that "tail -f log | urlgrep" shows each URL as it comes.
	Stall
)

// Event is one thing the search reports. An Event and what it points to
// belong to the callback only until it returns, except Match and Part,
// which the callback may keep.
type Event struct {
	Kind EventKind

	// Match is the URL found. With Options.Unwrap and a redirect link, it
	// is the link's target and Wrapped says what it was found inside.
	Match   *extract.Match
	Wrapped *Wrapped

	// Pos is where the URL starts in the input, and End the input offset
	// just after it. In plain text they are Match's own. In mail, Match's
	// offsets and lines count in the decoded part, and Pos in the file:
	// for plain and quoted-printable parts the byte where the URL's
	// encoded text starts (Pos.Exact); for base64, format=flowed, HTML and
	// converted charsets, the start of the encoded line that holds it.
	Pos mailbox.Position
	End int64

	// Part is the mail part the URL is in, nil outside mail.
	Part *mailbox.Part

	// Context is, with Options.Context, the line or lines the URL was
	// found in.
	Context *Context

	// Note is the text of a Note.
	Note string

	// Binary marks the Note that the input was skipped as binary (a NUL
	// byte in its first 8 KiB, with neither Options.Binary nor
	// QuietBinary): a caller may say so once for many inputs, as the
	// command does for the files a recursive search finds.
	Binary bool
	// Compressed, with Binary, says the input is compressed (gzip,
	// bzip2, xz, zstd, lz4, compress), which Options.Decompress reads.
	Compressed bool

	// Line is the line of a LineEvent.
	Line *Line

	borrowed bool         // Match is the Scanner's (Options.TextOnly): copy it to keep it
	problem  *mailProblem // a Note's mail problem, renumbered with the parts (renumber)
}

// reset makes ev the zero Event of kind k. Field by field: assigning a
// composite literal to *ev, the compiler builds it aside and copies it
// (with the write barriers of a struct holding pointers) where it cannot
// tell that the literal does not read ev; a URL event is made for every
// URL, twice with -j (TestEventReset keeps the list whole).
func (ev *Event) reset(k EventKind) {
	ev.Kind, ev.Match, ev.Wrapped, ev.Pos, ev.End, ev.Part = k, nil, nil, mailbox.Position{}, 0, nil
	ev.Context, ev.Note, ev.Binary, ev.Compressed, ev.Line, ev.borrowed, ev.problem = nil, "", false, false, nil, false, nil
}

// Wrapped is a redirect link that Options.Unwrap replaced by its target.
type Wrapped struct {
	Match *extract.Match // the redirect link, as found
	Names []string       // the wrappers, outermost first ("safelinks", "proofpoint-v2", ...)
}

// Context is the text of the lines a URL was found in (decoded, in mail),
// and where the URL is in it: Text[Start:End].
type Context struct {
	Text       []byte
	Start, End int
	Cut        bool // Text was cut at the front: the line is longer than shown
	CutEnd     bool // Text was cut at the end
}

// Stats sum up one search.
type Stats struct {
	URLs     int64 // URLs reported
	Bytes    int64 // bytes read from the input
	Messages int   // mail messages read
	Dropped  int64 // candidates skipped for being longer than MaxLength
}

// Input is one thing to search: its name, as notes show it, and its
// bytes. When R is an *os.File that is not a regular file (a pipe, a
// terminal), the search watches for stalls.
type Input struct {
	Name string
	R    io.Reader

	// Start, when its Offset is not 0, says that R is a piece of a larger
	// input that begins there: positions and message numbers are reported
	// in the larger input's terms, and Start.Mail, not R's first bytes,
	// says what R is. A text piece must begin where [extract.Cut] cuts (after a
	// blank line), a mail piece where the cut [mailbox.CutFor] gives for
	// the larger input cuts (an mbox's "From " line); [Sniff] tells what
	// the larger input is from its first bytes.
	// This is how a large file is searched in ranges on several machines.
	Start Start
}

// Start is where a piece of an input begins in the whole: its byte offset,
// its 1-based line, the mail messages before it, and whether the whole is
// mail.
type Start struct {
	Offset   int64
	Line     int
	Messages int
	Mail     bool
}

// Kind is what an input is, as its first bytes tell.
type Kind uint8

// The kinds of input.
const (
	Text   Kind = iota + 1 // plain text
	Mail                   // mail or news: an mbox, a message, an article
	UTF16                  // UTF-16 text with a byte order mark
	Binary                 // a NUL byte in the first 8 KiB
	Roff                   // a manual page's source (roff.Sniff), read with its escapes resolved
)

// Sniff returns what an input is from its first bytes (8 KiB, or all of
// a shorter input) as Search decides it with opts: Binary unless
// opts.Binary, Mail and Roff unless opts.Raw.
func Sniff(head []byte, opts Options) Kind {
	switch {
	case magic.UTF16(head):
		return UTF16
	case !opts.Binary && bytes.IndexByte(head, 0) >= 0:
		return Binary
	case !opts.Raw && mailbox.Sniff(head):
		return Mail
	case !opts.Raw && roff.Sniff(head):
		return Roff
	}
	return Text
}

// Search reads in and calls fn with each event, in input order, on the
// caller's goroutine; fn returns false to stop. It returns what it read
// and found, and the first error reading the input (nil at a clean end,
// or when fn stopped it). Its buffers (a 64 KiB read buffer, the
// Scanner's and the mail reader's, 100-200 KB in all) serve the next
// Search once it returns, as a maildir's many small files need: they wait
// in a sync.Pool, which the collector empties when they go unused.
func Search(in Input, opts Options, fn func(*Event) bool) (Stats, error) {
	s := newSearcher(in, opts, fn)
	err := s.run()
	putKit(s.kit)
	return s.stats(), err
}

// wanted applies Options.Schemes, ExcludeSchemes, Pattern and Strict.
func (o *Options) wanted(m *extract.Match) bool {
	if len(o.Schemes) > 0 {
		ok := false
		for _, s := range o.Schemes {
			if strings.EqualFold(strings.TrimSpace(s), m.Parsed.Scheme) {
				ok = true
				break
			}
		}
		if !ok {
			return false
		}
	}
	for _, s := range o.ExcludeSchemes {
		if strings.EqualFold(strings.TrimSpace(s), m.Parsed.Scheme) {
			return false
		}
	}
	if o.Pattern != nil && o.Pattern.MatchString(m.Text) == o.InvertPattern {
		return false
	}
	return !o.Strict || m.Strict()
}

// scannerOptions are the extract options Options imply.
func (o *Options) scannerOptions(extra ...extract.Option) []extract.Option {
	opts := []extract.Option{extract.WithEmail(o.Email), extract.WithWWW(!o.NoWWW), extract.WithLazyMatch(o.CountOnly || o.TextOnly), extract.WithLineNumbers(o.lineNumbers())}
	if o.MaxLength > 0 {
		opts = append(opts, extract.WithMaxCandidate(o.MaxLength))
	}
	return append(opts, extra...)
}

// locateWithin is how far back a mail part's places are kept
// (mailbox.LocateWithin): the scanner reports a URL, or one skipped for
// its length, at most its buffer behind what it has read (a read, the
// longest candidate, the look-back: 96 KiB by default), so twice the
// longest candidate and 64 KiB leave a margin. A line's start (Lines,
// context) can be further back: lines keep mailbox.LocateWindow.
func (o *Options) locateWithin() int64 {
	if o.lines() {
		return mailbox.LocateWindow
	}
	return int64(2*o.maxLength() + 64<<10)
}

// reuseParts reports whether the callback keeps nothing of an event past
// its call (TextOnly, CountOnly): the mail Reader may then reuse its Parts
// (mailbox.ReuseParts), and a piece's worker copies those its events keep.
func (o *Options) reuseParts() bool { return o.TextOnly || o.CountOnly }

// lines reports whether Line events are asked for.
func (o *Options) lines() bool { return o.Lines || o.Before > 0 || o.After > 0 }

// lineNumbers reports whether the search counts lines for its URL
// events (NoLineNumbers).
func (o *Options) lineNumbers() bool {
	return !(o.NoLineNumbers || o.CountOnly) || o.Context || o.lines()
}

// maxLength is the candidate bound in force.
func (o *Options) maxLength() int {
	if o.MaxLength > 0 {
		return max(o.MaxLength, 256) // as extract.WithMaxCandidate
	}
	return extract.DefaultMaxCandidate
}

// elideLong is what a mail Reader keeps of a long run of base64 on
// either side of what it passes over (mailbox.ElideLong): a longest
// candidate, which the scanner skips, and 4 KiB more.
func (o *Options) elideLong() int { return o.maxLength() + 4<<10 }

// useElideLong is off in a test that compares a search's answers with the
// Reader's ElideLong and without it.
var useElideLong = true

// streaming reports whether r is read as it comes: a file that is not a
// regular file (a pipe, a terminal, a FIFO).
func streaming(r io.Reader) bool {
	f, ok := r.(*os.File)
	if !ok {
		return false
	}
	fi, err := f.Stat()
	return err == nil && !fi.Mode().IsRegular()
}

// mailProblem is a problem of the mail reader, told in a Note of the
// input named name.
type mailProblem struct {
	name string
	p    mailbox.Problem
}

// String is the Note's text.
func (mp *mailProblem) String() string { return mp.name + ": " + mp.p.Error() }

// renumber adds base to the message numbers ev carries (a mail part's
// PartBegin, a mail problem's Note), which a stream counts from the start
// of the piece it reads.
func (ev *Event) renumber(base int) {
	switch {
	case base == 0:
	case ev.Kind == PartBegin && ev.Part != nil:
		ev.Part.Message += base
	case ev.problem != nil:
		ev.problem.p.Message += base
		ev.Note = ev.problem.String()
	}
}
