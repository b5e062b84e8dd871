// Package printer formats what package search reports, as urlgrep prints
// it: URLs one per line with grep's prefixes, JSON records, the lines
// around URLs as grep -A/-B/-C shows them, counts and file names; with
// every password hidden under Redact. It is the counterpart of ripgrep's
// grep-printer: it knows nothing of mail or of how inputs are read.
package printer

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"iter"
	"os"
	"strconv"
	"strings"
	"sync"

	"github.com/urlgrep/urlgrep/extract"
	"github.com/urlgrep/urlgrep/internal/record"
	"github.com/urlgrep/urlgrep/internal/redact"
	"github.com/urlgrep/urlgrep/internal/spool"
	"github.com/urlgrep/urlgrep/internal/termtext"
	"github.com/urlgrep/urlgrep/internal/walk"
	"github.com/urlgrep/urlgrep/rfc1738"
	"github.com/urlgrep/urlgrep/search"
	"github.com/urlgrep/urlgrep/unwrap"
	"golang.org/x/term"
)

// Options say what to print.
type Options struct {
	JSON      bool   // one JSON record per URL (package record)
	Canonical bool   // URLs in canonical form
	Redact    bool   // passwords hidden everywhere (RFC 1738 §6)
	Hyphen    string // a URL broken after a hyphen: "keep", "drop" or "both" readings
	Unique    bool   // each URL once

	LineNum, Column, Offset bool // the prefixes after the file name
	NullName                bool // a NUL after file names (grep -Z)
	Null                    bool // a NUL after records (-0)

	Count, List, ListNone, Quiet bool // -c, -l, -L, -q
	MaxCount                     int  // stop reading a file after this many URLs; -1 no limit
	Lines                        bool // print the lines of Line events (-A, -B, -C), not URLs
	NoMessages                   bool // no word about files that cannot be read, nor Notes (-s)

	// GroupSeparator is the line printed between groups of Lines that do
	// not follow each other (grep's "--", which the command sets); none
	// with NoGroupSeparator.
	GroupSeparator   string
	NoGroupSeparator bool

	// Colors are what a Printer made with color colors its output with
	// (DefaultColors when zero).
	Colors Colors
}

// Printer formats what searches report, one input after the other. Every
// output goes through it, whether the inputs were searched one at a time or
// side by side (Parallel).
type Printer struct {
	o         Options
	LineBuf   bool         // write each URL out at once (--line-buffered, a terminal)
	Sink      func() error // the error writing the output under the buffer, if any: the printer stops at it
	out       *bufio.Writer
	stderr    io.Writer
	showFile  bool
	color     bool            // --color: pal colors the output
	pal       Colors          // the colors, with color
	printed   bool            // a line was printed (-A, -B, -C): the next group gets "--"
	firstLine bool            // no line of the current input printed yet
	seen      map[string]bool // -u: what was printed

	current string // the label of the input being printed
	inFound bool   // the walk found it in a directory (walk.Input.Found)
	n       int64  // URLs reported for the current input
	// skipped counts the files a recursive search found and skipped as
	// binary or compressed: told of once, at the end (tellBinaries).
	skipped Skipped
	found   bool  // some URL was reported
	quit    bool  // -q found one: stop
	trouble bool  // some input could not be read
	err     error // writing failed

	textBuf [2]string           // what texts returns, reused: no allocation per URL
	jbuf    []byte              // --json: the record being written, reused
	hides   []*strings.Replacer // --redact: what the URLs of the input hide, for the lines shown (-A/-B/-C)
}

// New returns a Printer writing to out, and its notes and errors to
// stderr; showFile puts the file name before each line; color colors the
// output as grep colors its own (Options.Colors): URLs, file names,
// numbers and separators.
func New(o Options, out *bufio.Writer, stderr io.Writer, showFile, color bool) *Printer {
	p := &Printer{o: o, out: out, stderr: stderr, showFile: showFile, color: color, seen: map[string]bool{}}
	if p.pal = o.Colors; p.pal == (Colors{}) {
		p.pal = DefaultColors
	}
	return p
}

// ColorOn decides --color: auto means standard output is a terminal.
func ColorOn(mode string, stdout io.Writer) bool {
	switch mode {
	case "always":
		return true
	case "never":
		return false
	}
	return colorAuto(IsTerminal(stdout), os.Getenv)
}

// colorAuto is --color=auto's choice: a terminal, as grep has it, whose
// TERM is set and not "dumb" (a terminal that shows no escape sequences),
// and no NO_COLOR in the environment (no-color.org: present and not
// empty), as ripgrep and ugrep read it.
func colorAuto(terminal bool, getenv func(string) string) bool {
	t := getenv("TERM")
	return terminal && t != "" && t != "dumb" && getenv("NO_COLOR") == ""
}

// IsTerminal reports whether w is a terminal.
func IsTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd())) // not /dev/null, a character device too
}

// Begin starts an input.
func (p *Printer) Begin(in walk.Input) {
	p.n, p.current, p.inFound, p.firstLine, p.hides = 0, in.Label, in.Found, true, p.hides[:0]
}

// End finishes an input: its error, and the -c and -l lines. It returns
// false when the run should stop.
func (p *Printer) End(in walk.Input, err error) bool {
	if err != nil {
		p.trouble = true
		p.out.Flush()
		var pe *fs.PathError
		if !p.o.NoMessages || !errors.As(err, &pe) {
			fmt.Fprintf(p.stderr, "urlgrep: %s\n", walk.ErrorText(in.Label, err))
		}
	}
	if p.quit || p.err != nil {
		return false
	}
	switch {
	case p.o.List:
		if p.n > 0 {
			p.name(in.Label)
		}
	case p.o.ListNone:
		if p.n == 0 && err == nil {
			p.name(in.Label)
		}
	case p.o.Count:
		p.prefix(in.Label)
		p.out.WriteString(strconv.FormatInt(p.n, 10))
		p.eol()
	}
	return true
}

// line prints a line with or around URLs, as grep -A/-B/-C: the line
// number and offset after ':' for a line with a URL, after '-' for the
// lines around it, and "--" between groups of lines that do not follow
// each other.
func (p *Printer) line(l *search.Line) {
	if p.printed && (l.Break || p.firstLine) && !p.o.NoGroupSeparator {
		p.paint(p.pal.Sep, p.o.GroupSeparator)
		p.eol()
	}
	p.printed, p.firstLine = true, false
	sep := "-"
	if l.Match {
		sep = ":"
	}
	if p.showFile {
		p.paint(p.pal.File, p.current)
		if p.o.NullName {
			p.out.WriteByte(0)
		} else {
			p.paint(p.pal.Sep, sep)
		}
	}
	p.numbers(l.Pos.Line, l.Pos.Col, l.Pos.Offset, sep)
	text, spans := p.redactSpans(l.Text, l.URLs)
	on, off := p.hl()
	shown := termtext.Visible(text, spans, false, on, off)
	for _, h := range p.hides {
		shown = h.Replace(shown)
	}
	p.out.WriteString(shown)
	if l.Cut {
		p.out.WriteString("…")
	}
	p.eol()
}

// name prints a file name alone (-l, -L): ended by NUL with -Z.
func (p *Printer) name(label string) {
	p.paint(p.pal.File, label)
	if p.o.NullName {
		p.out.WriteByte(0)
	} else {
		p.eol()
	}
}

// Event prints one event; false means stop: this input (-l found a URL)
// or the run (-q found a URL, or output failed).
func (p *Printer) Event(ev *search.Event) bool {
	switch ev.Kind {
	case search.Note:
		if p.skipped.Count(ev, p.inFound) {
			return true // told of at the end, with the others (tellBinaries)
		}
		if !p.o.NoMessages {
			p.out.Flush()
			fmt.Fprintf(p.stderr, "urlgrep: %s\n", ev.Note)
		}
		return true
	case search.Stall:
		// The input stopped for now: show what was found so far.
		if err := p.out.Flush(); err != nil && p.err == nil {
			p.err = err
		}
		return p.err == nil
	case search.LineEvent:
		if !p.o.Quiet && !p.o.Count && !p.o.List && !p.o.ListNone {
			p.line(ev.Line)
		}
		return p.err == nil
	case search.URL:
	default:
		return true
	}
	m := ev.Match
	var texts []string
	var hide *strings.Replacer
	if m != nil { // nil: search.Options.CountOnly, for -c, -l, -L and -q
		texts = p.texts(m)
		hide = p.hidden(ev)
	}
	if p.o.Unique {
		texts = p.unseen(texts)
		if len(texts) == 0 {
			return true
		}
	}
	if p.o.MaxCount >= 0 && p.n >= int64(p.o.MaxCount) {
		return false // -m: enough from this file
	}
	p.n++
	p.found = true
	if p.o.Quiet {
		p.quit = true
		return false
	}
	if p.o.List || p.o.ListNone {
		return false // -l, -L: the file has a URL; read no further, as grep -l
	}
	if p.o.Count || p.o.Lines {
		return p.o.MaxCount < 0 || p.n < int64(p.o.MaxCount) // the lines are printed as they come
	}
	if p.o.JSON {
		r := record.New(p.current, ev, p.o.Redact)
		p.jbuf = append(r.AppendJSON(p.jbuf[:0]), '\n')
		if hide != nil {
			p.out.WriteString(redact.In(hide, string(p.jbuf)))
		} else {
			p.out.Write(p.jbuf)
		}
	} else {
		for _, text := range texts {
			p.prefix(p.current)
			p.numbers(ev.Pos.Line, ev.Pos.Col, ev.Pos.Offset, ":")
			p.paint(p.pal.Match, redact.In(hide, text))
			p.eol()
		}
		if ev.Context != nil {
			p.context(ev.Context, hide)
		}
	}
	if p.LineBuf {
		p.out.Flush()
	}
	if p.Sink != nil && p.err == nil {
		p.err = p.Sink() // output failed: stop reading
	}
	return p.err == nil && (p.o.MaxCount < 0 || p.n < int64(p.o.MaxCount))
}

// texts is what urlgrep prints for a match (valid until the next call): as written, or canonical;
// with --hyphen, the reading(s) of a URL broken after a hyphen.
func (p *Printer) texts(m *extract.Match) []string {
	text := p.text(m.Text, m.Parsed, m.Redacted)
	if len(m.Alternates) == 0 || p.o.Hyphen == "keep" {
		p.textBuf[0] = text
		return p.textBuf[:1]
	}
	altText := m.Alternates[0] // the other reading, parsed once by extract
	if u := m.AltParsed[0]; u != nil {
		altText = p.text(altText, u, func() string { return m.AltRedacted(0) })
	}
	if p.o.Hyphen == "drop" {
		p.textBuf[0] = altText
		return p.textBuf[:1]
	}
	p.textBuf[0], p.textBuf[1] = text, altText
	return p.textBuf[:2]
}

// text is one reading as printed: as written, or canonical (u's), the
// password hidden with --redact.
func (p *Printer) text(written string, u *rfc1738.URL, redacted func() string) string {
	switch {
	case p.o.Canonical && p.o.Redact:
		return u.Redacted()
	case p.o.Canonical:
		return u.String()
	case p.o.Redact:
		return redacted()
	}
	return written
}

// unseen keeps the texts not printed before, and marks them printed.
func (p *Printer) unseen(texts []string) []string {
	out := texts[:0]
	for _, t := range texts {
		if !p.seen[t] {
			p.seen[t] = true
			out = append(out, t)
		}
	}
	return out
}

// context prints the lines a URL was found in (--context), indented, the
// URL highlighted with --color as grep highlights matches.
func (p *Printer) context(c *search.Context, hide *strings.Replacer) {
	var b strings.Builder
	b.WriteByte('\t')
	if c.Cut {
		b.WriteString("…")
	}
	text, spans := p.redactSpans(c.Text, [][2]int{{c.Start, c.End}})
	on, off := p.hl()
	b.WriteString(termtext.Visible(text, spans, true, on, off))
	if c.CutEnd {
		b.WriteString("…")
	}
	p.out.WriteString(redact.In(hide, b.String()))
	p.eol()
}

// hidden returns, with --redact, the replacer that hides the password a
// redirect link carries inside its target (the target package unwrap
// finds in it), nil for other URLs, whose own password Match.Redacted and
// the shown lines' redaction take care of. The replacers of an input's
// URLs are kept for its lines (-C).
func (p *Printer) hidden(ev *search.Event) *strings.Replacer {
	if !p.o.Redact {
		return nil
	}
	var target string
	if ev.Wrapped != nil {
		target = ev.Match.Prefixed()
	} else if t, _, ok := unwrap.Unwrap(ev.Match.Parsed); ok {
		target = t
	} else {
		return nil
	}
	h := redact.Target(target)
	if h != nil && len(p.hides) < 64 {
		p.hides = append(p.hides, h)
	}
	return h
}

// redactSpans is redact.Spans with --redact, else text and spans as
// they are.
func (p *Printer) redactSpans(text []byte, spans [][2]int) ([]byte, [][2]int) {
	if !p.o.Redact {
		return text, spans
	}
	return redact.Spans(text, spans)
}

// prefix prints the file name and its separator, when file names are
// shown.
func (p *Printer) prefix(label string) {
	if p.showFile {
		p.paint(p.pal.File, label)
		if p.o.NullName {
			p.out.WriteByte(0) // -Z, as grep: NUL instead of ':'
		} else {
			p.paint(p.pal.Sep, ":")
		}
	}
}

// numbers prints the line, column and offset prefixes that are asked
// for, each followed by sep.
func (p *Printer) numbers(line, col int, offset int64, sep string) {
	if p.o.LineNum {
		p.paint(p.pal.Line, strconv.Itoa(line))
		p.paint(p.pal.Sep, sep)
	}
	if p.o.Column {
		p.paint(p.pal.Line, strconv.Itoa(col))
		p.paint(p.pal.Sep, sep)
	}
	if p.o.Offset {
		p.paint(p.pal.Byte, strconv.FormatInt(offset, 10))
		p.paint(p.pal.Sep, sep)
	}
}

// paint writes s, in the color code when the output is colored.
func (p *Printer) paint(code, s string) {
	if !p.color || code == "" {
		p.out.WriteString(s)
		return
	}
	p.out.WriteString(p.pal.on(code))
	p.out.WriteString(s)
	p.out.WriteString(p.pal.off())
}

// hl returns the escape sequences around URLs in the lines shown: none
// without color.
func (p *Printer) hl() (on, off string) {
	if !p.color || p.pal.Match == "" {
		return "", ""
	}
	return p.pal.on(p.pal.Match), p.pal.off()
}

func (p *Printer) eol() {
	if p.o.Null {
		p.out.WriteByte(0)
	} else {
		p.out.WriteByte('\n')
	}
}

// Found reports whether a URL was reported.
func (p *Printer) Found() bool { return p.found }

// Quit reports whether -q found a URL: the run stops.
func (p *Printer) Quit() bool { return p.quit }

// Trouble reports whether an input could not be read.
func (p *Printer) Trouble() bool { return p.trouble }

// Err returns the first error writing the output.
func (p *Printer) Err() error { return p.err }

// Search searches each input of ins with opts and prints what it finds;
// problem tells of the walk's problems (Input.Err) in their place.
// Inputs are searched one at a time (each in pieces on opts.Jobs
// goroutines) when opts.Jobs is 1, when an input's output depends on
// those before it (Unique, Quiet, and the "--" Lines prints between
// inputs), when there is only one (the first two are looked at first),
// or when ordered says so (standard input among them, read as it comes);
// otherwise up to opts.Jobs side by side, each on one goroutine
// (Parallel). The search builds no Match the output does not read
// (search.Options.CountOnly, TextOnly).
func (p *Printer) Search(ins iter.Seq[walk.Input], stdin io.Reader, opts search.Options, ordered bool, problem func(error)) {
	defer p.tellBinaries()
	p.narrow(&opts)
	next, stop := iter.Pull(ins)
	defer stop()
	var first []walk.Input
	for range 2 {
		if in, ok := next(); ok {
			first = append(first, in)
		}
	}
	all := func(yield func(walk.Input) bool) {
		for _, in := range first {
			if !yield(in) {
				return
			}
		}
		for in, ok := next(); ok; in, ok = next() {
			if !yield(in) {
				return
			}
		}
	}
	scan := func(in walk.Input, opts search.Options, emit func(*search.Event) bool) error {
		r, done, err := in.Reader(stdin)
		if err != nil {
			return err
		}
		defer done()
		_, err = search.Search(search.Input{Name: in.Label, R: r}, opts, emit)
		return err
	}
	if opts.Jobs <= 1 || len(first) == 1 || p.o.Unique || p.o.Quiet || p.o.Lines || ordered {
		for in := range all {
			if in.Err != nil {
				p.out.Flush()
				problem(in.Err)
				continue
			}
			p.Begin(in)
			if !p.End(in, scan(in, opts, p.Event)) {
				break
			}
		}
		return
	}
	one := opts
	one.Jobs = 1
	p.Parallel(all, opts.Jobs, func(in walk.Input, emit func(*search.Event) bool) error {
		return scan(in, one, emit)
	}, problem)
}

// tellBinaries tells, in one note, of the files that a recursive search
// found in the directories it read and skipped as binary (images,
// archives, object files: a source tree has hundreds), which a note each
// buried the rest of standard error under, and in another of those
// compressed (a log directory's rotated .gz files), which --search-zip
// reads. grep -r says nothing of a binary file that does not match,
// ripgrep nothing of any it finds; a file named as an operand still has
// its own note. -s, as for every note, says nothing; -I skips them with
// no note, -a scans them.
func (p *Printer) tellBinaries() {
	if p.o.NoMessages {
		return
	}
	p.out.Flush()
	p.skipped.Tell(p.stderr)
}

// Skipped counts the files a recursive search found in the directories
// it read and skipped as binary or compressed, to tell of them in one
// note each kind, at the end: the printer's count (tellBinaries), and
// --linkify's, whose notes come through search.Texts.
type Skipped struct{ binary, packed int }

// Count counts ev when it is the note of a file skipped as binary or
// compressed that the walk found in a directory (found, the input's
// walk.Input.Found): true when it did, and the note is told of by Tell,
// not now.
func (s *Skipped) Count(ev *search.Event, found bool) bool {
	switch {
	case ev.Kind != search.Note || !ev.Binary || !found:
		return false
	case ev.Compressed:
		s.packed++
	default:
		s.binary++
	}
	return true
}

// Add adds the counts of o, another input's (Parallel).
func (s *Skipped) Add(o Skipped) { s.binary, s.packed = s.binary+o.binary, s.packed+o.packed }

// Tell writes to w, urlgrep's standard error, a note of the files
// counted of each kind, with what to do about them.
func (s *Skipped) Tell(w io.Writer) {
	tell := func(n int, kind, use string) {
		switch n {
		case 0:
		case 1:
			fmt.Fprintf(w, "urlgrep: 1 %s file in the directories read skipped (%s it)\n", kind, use)
		default:
			fmt.Fprintf(w, "urlgrep: %d %s files in the directories read skipped (%s them)\n", n, kind, use)
		}
	}
	tell(s.binary, "binary", "use -a to scan")
	tell(s.packed, "compressed", "use --search-zip to read")
}

// narrow tells the search what of a URL event the output reads: -c, -l,
// -L and -q count URLs and print none, so no Match is built where the
// search needs none (-u remembers each URL's text); printing URLs as
// written, with their positions, reads a borrowed Match's Text and
// positions only, and their line numbers only with -n and --json.
func (p *Printer) narrow(opts *search.Options) {
	o := p.o
	opts.CountOnly = (o.Count || o.List || o.ListNone || o.Quiet) && !o.Unique
	opts.TextOnly = !opts.CountOnly && !o.JSON && !o.Canonical && !o.Redact && o.Hyphen == "keep" &&
		!opts.Unwrap && !o.Unique && !o.Lines && !opts.Context
	// Line numbers are printed with -n and in JSON; the search counts no
	// lines for the rest (it counts them for context lines itself).
	opts.NoLineNumbers = !o.LineNum && !o.JSON
}

// writers are Parallel's output buffers, 32 KiB each, one a file being
// searched: made anew for each of a maildir's files, they were a third of
// what the command allocated.
var writers sync.Pool

// Parallel searches ins, as they come, with up to jobs goroutines (scan
// searches one, calling back with its events), each formatting its own
// input's output with a Printer of its own into a spool (package spool),
// and prints the spools in input order: memory stays bounded (about 1 MiB
// a job) however much an input yields, and however many inputs there
// are. An input with Err set (a problem of the walk's) is told of, in its
// place, by problem.
func (p *Printer) Parallel(ins iter.Seq[walk.Input], jobs int, scan func(walk.Input, func(*search.Event) bool) error, problem func(error)) {
	// A task is an input, and then its Printer and notes.
	type task struct {
		in    walk.Input
		fp    *Printer
		notes bytes.Buffer
	}
	tasks := func(yield func(*task) bool) {
		for in := range ins {
			if !yield(&task{in: in}) {
				return
			}
		}
	}
	p.out.Flush()
	err := spool.Ordered(tasks, jobs, 1<<20, p.out, func(t *task, w io.Writer) {
		if t.in.Err != nil {
			return
		}
		bw, _ := writers.Get().(*bufio.Writer)
		if bw == nil {
			bw = bufio.NewWriterSize(w, 32<<10)
		} else {
			bw.Reset(w)
		}
		fp := New(p.o, bw, &t.notes, p.showFile, p.color)
		fp.Begin(t.in)
		fp.End(t.in, scan(t.in, fp.Event))
		if err := bw.Flush(); err != nil && fp.err == nil {
			fp.err = err
		}
		bw.Reset(nil)
		writers.Put(bw)
		t.fp = fp
	}, func(t *task) bool {
		if t.in.Err != nil {
			p.out.Flush()
			problem(t.in.Err)
			return true
		}
		// A file's notes follow its URLs; without notes (or a terminal's
		// line buffering) the output waits for its buffer to fill, as a
		// file's own output does: two system calls a file (a flush, and
		// an empty write to standard error) were a tenth of a maildir's
		// time.
		if t.notes.Len() > 0 || p.LineBuf {
			p.out.Flush()
		}
		if t.notes.Len() > 0 {
			p.stderr.Write(t.notes.Bytes())
		}
		fp := t.fp
		p.found = p.found || fp.found
		p.skipped.Add(fp.skipped)
		p.trouble = p.trouble || fp.trouble
		if fp.err != nil && p.err == nil {
			p.err = fp.err
		}
		return p.err == nil
	})
	if err != nil && p.err == nil {
		p.err = err
	}
}
