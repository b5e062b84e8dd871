package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strconv"
	"strings"

	"github.com/urlgrep/urlgrep/extract"
	"github.com/urlgrep/urlgrep/internal/record"
	"github.com/urlgrep/urlgrep/internal/redact"
	"github.com/urlgrep/urlgrep/internal/termtext"
	"github.com/urlgrep/urlgrep/internal/walk"
	"github.com/urlgrep/urlgrep/rfc1738"
	"github.com/urlgrep/urlgrep/search"
	"github.com/urlgrep/urlgrep/unwrap"
	"golang.org/x/term"
)

// printer formats what scanning finds, one input after the other. Every
// output goes through it, whether the inputs were scanned one at a time or
// with -j.
type printer struct {
	cfg       config
	out       *bufio.Writer
	stderr    io.Writer
	enc       *json.Encoder
	showFile  bool
	color     bool
	lineBuf   bool            // flush after each URL (--line-buffered, or a terminal)
	sink      *errWriter      // standard output, under out; nil for a spool's printer
	lines     bool            // -A, -B, -C: print lines, as grep, not URLs
	printed   bool            // a line was printed (-A, -B, -C): the next group gets "--"
	firstLine bool            // no line of the current input printed yet
	seen      map[string]bool // -u: what was printed

	current string // the label of the input being printed
	n       int64  // URLs reported for the current input
	found   bool   // some URL was reported
	quit    bool   // -q found one: stop
	trouble bool   // some input could not be read
	err     error  // writing failed

	textBuf [2]string // what texts returns, reused: no allocation per URL
	jbuf    bytes.Buffer
	hides   []*strings.Replacer // --redact: what the URLs of the input hide, for the lines shown (-A/-B/-C)
}

func newPrinter(cfg config, out *bufio.Writer, stderr io.Writer, showFile, color bool) *printer {
	p := &printer{cfg: cfg, out: out, stderr: stderr, showFile: showFile, color: color, seen: map[string]bool{}, lines: cfg.lines}
	p.enc = json.NewEncoder(&p.jbuf)
	p.enc.SetEscapeHTML(false)
	return p
}

// colorOn decides --color: auto means standard output is a terminal.
func colorOn(mode string, stdout io.Writer) bool {
	switch mode {
	case "always":
		return true
	case "never":
		return false
	}
	return isTerminal(stdout)
}

// isTerminal reports whether w is a terminal (a character device).
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd())) // not /dev/null, a character device too
}

func (p *printer) begin(in walk.Input) {
	p.n, p.current, p.firstLine, p.hides = 0, in.Label, true, p.hides[:0]
}

// end finishes an input: its error, and the -c and -l lines. It returns
// false when the run should stop.
func (p *printer) end(in walk.Input, err error) bool {
	if err != nil {
		p.trouble = true
		p.out.Flush()
		var pe *fs.PathError
		if !p.cfg.noMessages || !errors.As(err, &pe) {
			fmt.Fprintf(p.stderr, "urlgrep: %s\n", fileError(in.Label, err))
		}
	}
	if p.quit || p.err != nil {
		return false
	}
	switch {
	case p.cfg.list:
		if p.n > 0 {
			p.name(in.Label)
		}
	case p.cfg.listNone:
		if p.n == 0 && err == nil {
			p.name(in.Label)
		}
	case p.cfg.count:
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
func (p *printer) line(l *search.Line) {
	if p.printed && (l.Break || p.firstLine) {
		p.out.WriteString("--")
		p.eol()
	}
	p.printed, p.firstLine = true, false
	sep := byte('-')
	if l.Match {
		sep = ':'
	}
	if p.showFile {
		p.out.WriteString(p.current)
		if p.cfg.nullName {
			p.out.WriteByte(0)
		} else {
			p.out.WriteByte(sep)
		}
	}
	if p.cfg.lineNum {
		p.out.WriteString(strconv.Itoa(l.Pos.Line))
		p.out.WriteByte(sep)
	}
	if p.cfg.column {
		p.out.WriteString(strconv.Itoa(l.Pos.Col))
		p.out.WriteByte(sep)
	}
	if p.cfg.offset {
		p.out.WriteString(strconv.FormatInt(l.Pos.Offset, 10))
		p.out.WriteByte(sep)
	}
	text, spans := p.redactSpans(l.Text, l.URLs)
	shown := termtext.Visible(text, spans, false, p.color)
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
func (p *printer) name(label string) {
	p.out.WriteString(label)
	if p.cfg.nullName {
		p.out.WriteByte(0)
	} else {
		p.eol()
	}
}

// event prints one event; false means stop: this input (-l found a URL)
// or the run (-q found a URL, or output failed).
func (p *printer) event(ev *search.Event) bool {
	switch ev.Kind {
	case search.Note:
		p.out.Flush()
		fmt.Fprintf(p.stderr, "urlgrep: %s\n", ev.Note)
		return true
	case search.Stall:
		// The input stopped for now: show what was found so far.
		if err := p.out.Flush(); err != nil && p.err == nil {
			p.err = err
		}
		return p.err == nil
	case search.LineEvent:
		if !p.cfg.quiet && !p.cfg.count && !p.cfg.list && !p.cfg.listNone {
			p.line(ev.Line)
		}
		return p.err == nil
	case search.URL:
	default:
		return true
	}
	m := ev.Match
	texts := p.texts(m)
	hide := p.hidden(ev)
	if p.cfg.unique {
		texts = p.unseen(texts)
		if len(texts) == 0 {
			return true
		}
	}
	if p.cfg.maxCount >= 0 && p.n >= int64(p.cfg.maxCount) {
		return false // -m: enough from this file
	}
	p.n++
	p.found = true
	if p.cfg.quiet {
		p.quit = true
		return false
	}
	if p.cfg.list || p.cfg.listNone {
		return false // -l, -L: the file has a URL; read no further, as grep -l
	}
	if p.cfg.count || p.lines {
		return p.cfg.maxCount < 0 || p.n < int64(p.cfg.maxCount) // the lines are printed as they come
	}
	if p.cfg.json {
		p.jbuf.Reset()
		if err := p.enc.Encode(record.New(p.current, ev, p.cfg.redact)); err != nil && p.err == nil {
			p.err = err
		}
		p.out.WriteString(redact.In(hide, p.jbuf.String()))
	} else {
		for _, text := range texts {
			p.prefix(p.current)
			if p.cfg.lineNum {
				p.field(strconv.Itoa(ev.Pos.Line))
			}
			if p.cfg.column {
				p.field(strconv.Itoa(ev.Pos.Col))
			}
			if p.cfg.offset {
				p.field(strconv.FormatInt(ev.Pos.Offset, 10))
			}
			p.out.WriteString(redact.In(hide, text))
			p.eol()
		}
		if ev.Context != nil {
			p.context(ev.Context, hide)
		}
	}
	if p.lineBuf {
		p.out.Flush()
	}
	if p.sink != nil && p.sink.err != nil && p.err == nil {
		p.err = p.sink.err // output failed: stop reading
	}
	return p.err == nil && (p.cfg.maxCount < 0 || p.n < int64(p.cfg.maxCount))
}

// texts is what urlgrep prints for a match (valid until the next call): as written, or canonical;
// with --hyphen, the reading(s) of a URL broken after a hyphen.
func (p *printer) texts(m *extract.Match) []string {
	text := p.text(m.Text, m.Parsed, m.Redacted)
	if len(m.Alternates) == 0 || p.cfg.hyphen == "keep" {
		p.textBuf[0] = text
		return p.textBuf[:1]
	}
	altText := m.Alternates[0] // the other reading, parsed once by extract
	if u := m.AltParsed[0]; u != nil {
		altText = p.text(altText, u, func() string { return m.AltRedacted(0) })
	}
	if p.cfg.hyphen == "drop" {
		p.textBuf[0] = altText
		return p.textBuf[:1]
	}
	p.textBuf[0], p.textBuf[1] = text, altText
	return p.textBuf[:2]
}

// text is one reading as printed: as written, or canonical (u's), the
// password hidden with --redact.
func (p *printer) text(written string, u *rfc1738.URL, redacted func() string) string {
	switch {
	case p.cfg.canonical && p.cfg.redact:
		return u.Redacted()
	case p.cfg.canonical:
		return u.String()
	case p.cfg.redact:
		return redacted()
	}
	return written
}

// unseen keeps the texts not printed before, and marks them printed.
func (p *printer) unseen(texts []string) []string {
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
func (p *printer) context(c *search.Context, hide *strings.Replacer) {
	var b strings.Builder
	b.WriteByte('\t')
	if c.Cut {
		b.WriteString("…")
	}
	text, spans := p.redactSpans(c.Text, [][2]int{{c.Start, c.End}})
	b.WriteString(termtext.Visible(text, spans, true, p.color))
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
func (p *printer) hidden(ev *search.Event) *strings.Replacer {
	if !p.cfg.redact {
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
func (p *printer) redactSpans(text []byte, spans [][2]int) ([]byte, [][2]int) {
	if !p.cfg.redact {
		return text, spans
	}
	return redact.Spans(text, spans)
}

func (p *printer) prefix(label string) {
	if p.showFile {
		p.out.WriteString(label)
		if p.cfg.nullName {
			p.out.WriteByte(0) // -Z, as grep: NUL instead of ':'
		} else {
			p.out.WriteByte(':')
		}
	}
}

func (p *printer) field(s string) {
	p.out.WriteString(s)
	p.out.WriteByte(':')
}

func (p *printer) eol() {
	if p.cfg.null {
		p.out.WriteByte(0)
	} else {
		p.out.WriteByte('\n')
	}
}
