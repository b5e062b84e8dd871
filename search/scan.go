package search

import (
	"bytes"
	"fmt"
	"io"
	"unsafe"

	"github.com/urlgrep/urlgrep/extract"
	"github.com/urlgrep/urlgrep/mailbox"
	"github.com/urlgrep/urlgrep/unwrap"
)

// MaxContext bounds the text of one line kept for [Options.Context]: a
// line longer than this is kept cut at the front.
const MaxContext = 4 << 10

// ContextWindow is how much of its line, before and after it, a URL's
// [Context] holds at most: a URL's context is the URL and at most
// 2*ContextWindow bytes more, however long the line and however many URLs
// it has.
const ContextWindow = 200

// maxAlternates bounds the URLs remembered for one multipart/alternative
// group (a message's text and HTML forms): past it, further URLs of the
// group are reported even when another form had them. It keeps memory
// bounded on a hostile message; real ones hold a few hundred URLs.
const maxAlternates = 1 << 14

// A stream scans one stream of input, the whole input or a piece of it,
// text or mail, and emits its events. Each goroutine that scans has one,
// with a Scanner of its own that it resets for every text.
type stream struct {
	o    *Options
	name string
	sc   *extract.Scanner
	emit func(*Event) bool

	part    *mailbox.Part // the mail part being scanned, nil in text
	stopped bool          // emit said stop
	dropped int64
	urls    int64 // URLs reported
	msgs    int   // messages read
	// URLs and messages not yet added to Options.Progress (tellProgress).
	progURLs, progMsgs int64

	// --context: the current line so far, whether it was cut, and the
	// URLs waiting for its end.
	line    []byte
	cut     bool
	pending []Event

	// The multipart/alternative group being read: the URLs reported in
	// its earlier parts (a URL the text form had is not reported again
	// for the HTML form), and those of the current part, which join
	// them when the part ends. Repeats inside one part are all reported.
	groupMsg  int
	group     string
	groupSeen map[string]bool
	partSeen  map[string]bool
	// The maps, their keys and the keys' bytes, kept for the next group
	// (enterGroup): made anew for each part and each URL cloned, they
	// were a sixth of what mail mode allocated on SpamAssassin's mail.
	// The maps are emptied key by key, seenList holding the group's keys
	// (from partFrom on, the part's): clear costs as much as a map ever
	// grew, 4% of mail mode's time on dense generated mail.
	seenGroup, seenPart map[string]bool
	seenKeys            []byte
	seenList            []string
	partFrom            int

	problems []mailbox.Problem // mailbox problems not yet emitted

	lines *lineTracker // Options.Before, After, Lines
	mr    *mailbox.Reader
	// stallWait, when the input is a stream, waits for it (mailbox.StallWait).
	stallWait func() bool
	reported  bool  // the last URL found was reported (not filtered out)
	ev        Event // the event of a URL, reused (the callback keeps no Event)
	borrowed  bool  // found is given a Match borrowed from the Scanner (Options.TextOnly)
}

func newStream(o *Options, name string) *stream {
	st := &stream{o: o, name: name}
	st.sc = extract.NewScanner(nil, o.scannerOptions(extract.OnDrop(st.drop))...)
	if o.lines() {
		st.lines = &lineTracker{before: o.Before, after: o.After, emit: func(l *Line) {
			if !st.stopped {
				st.stopped = !st.emit(&Event{Kind: LineEvent, Line: l, Part: st.part})
			}
		}}
	}
	return st
}

// reuse makes st, a stream of an earlier Search with no lineTracker,
// ready to read another input, as newStream(o, name) would make it for
// the same Scanner options (kitKey), keeping its Scanner, its mail Reader
// and their buffers.
func (st *stream) reuse(o *Options, name string, emit func(*Event) bool) {
	line, pending, problems := st.line[:0], st.pending[:0], st.problems[:0]
	if cap(line) > 64<<10 {
		line = nil // a long line's buffer (--context) goes
	}
	*st = stream{o: o, name: name, emit: emit, sc: st.sc, mr: st.mr, line: line, pending: pending, problems: problems}
}

// release lets go of what st's last input left in it (the callback, the
// input, the last part), st being kept for another Search (kit).
func (st *stream) release() {
	clear(st.pending[:cap(st.pending)])
	clear(st.problems[:cap(st.problems)])
	st.sc.Reset(nil)
	st.emit, st.part, st.ev, st.groupSeen, st.partSeen = nil, nil, Event{}, nil, nil
}

// drop tells of a candidate the Scanner skipped for its length.
func (st *stream) drop(offset int64, line int) {
	st.dropped++
	if st.part != nil {
		line = st.part.Locate(offset).Line
	}
	if line == 0 { // no lines counted (Options.NoLineNumbers)
		st.note(fmt.Sprintf("%s: byte %d: URL longer than %d bytes skipped", st.name, offset, st.o.maxLength()))
		return
	}
	st.note(fmt.Sprintf("%s:%d: URL longer than %d bytes skipped", st.name, line, st.o.maxLength()))
}

// note emits a Note event.
func (st *stream) note(text string) { st.notify(&Event{Kind: Note, Note: text}) }

// notify emits ev, a Note, unless the search has stopped.
func (st *stream) notify(ev *Event) {
	if !st.stopped {
		st.stopped = !st.emit(ev)
	}
}

// text scans r as plain text that starts at offset and on line of the
// input, just after a line break (or at its start). The caller emits the
// text's PartBegin: a text scanned in pieces is still one text.
func (st *stream) text(r io.Reader, offset int64, line int) error {
	st.sc.ResetAt(r, offset, line)
	return st.scanText(offset, line)
}

// textBytes is text for a piece held in memory (a -j batch of plain
// text), which the Scanner reads in place (extract.Scanner.ResetBytes):
// no copy of it into the Scanner's buffer. data must not change until
// the next text.
func (st *stream) textBytes(data []byte, offset int64, line int) error {
	st.sc.ResetBytes(data, offset, line)
	return st.scanText(offset, line)
}

// scanText scans the text the Scanner was reset to, which starts at
// offset and on line of the input.
func (st *stream) scanText(offset int64, line int) error {
	defer st.tellProgress()
	st.part = nil
	if st.lines != nil {
		st.lines.reset(nil, line, offset)
	}
	return st.scan()
}

// mail reads r as mail or news, which starts at offset and on line of the
// input, and scans each of its text parts.
func (st *stream) mail(r io.Reader, offset int64, line int) error {
	defer st.tellProgress()
	// One Reader serves every piece the stream reads, reset for each.
	// A header field in which the Scanner would find no URL is no part:
	// its PartBegin would be the only event it made.
	opts := []mailbox.Option{mailbox.StartAt(offset, line, 0), mailbox.HeaderFilter(st.sc.MayFind), mailbox.LocateWithin(st.o.locateWithin()), mailbox.StallWait(st.stallWait)}
	if useElideLong {
		// The scanner skips a candidate longer than maxLength: the
		// middle of a long base64 run, an inline image's, and script
		// and style contents need not be held.
		opts = append(opts, mailbox.ElideLong(st.o.elideLong()))
	}
	if st.o.reuseParts() {
		// The callback keeps nothing of an event, a piece's worker copies
		// the parts it keeps (pipeline.worker): the Reader need not make
		// a Part anew for each.
		opts = append(opts, mailbox.ReuseParts())
	}
	if st.mr == nil {
		st.mr = mailbox.NewReader(r, append(opts, mailbox.OnProblem(func(p mailbox.Problem) {
			st.problems = append(st.problems, p)
		}))...)
	} else {
		st.mr.Reset(r, opts...)
	}
	mr := st.mr
	// A group is told by its message's number and its path, and a
	// piece's worker numbers each piece's messages from 1: the group the
	// last piece ended in is not this piece's.
	st.groupMsg, st.group, st.groupSeen = 0, "", nil
	for !st.stopped {
		part, err := mr.Next()
		for _, p := range st.problems {
			mp := &mailProblem{name: st.name, p: p}
			st.notify(&Event{Kind: Note, Note: mp.String(), problem: mp})
		}
		clear(st.problems)
		st.problems = st.problems[:0]
		if err == io.EOF {
			// Messages with no part (a header of trace fields and an
			// empty body) count too: a piece's count numbers the next
			// piece's messages.
			if n := mr.Messages(); n > st.msgs {
				st.progMsgs += int64(n - st.msgs)
				st.msgs = n
			}
			return nil
		}
		if err != nil {
			return err
		}
		if part.Message > st.msgs {
			st.msgs = part.Message
			st.progMsgs++
		}
		st.part = part
		st.enterGroup(part)
		if !st.emitPart() {
			return nil
		}
		st.sc.Reset(part.Body)
		// An HTML part's link targets are on lines of their own, in
		// angle brackets, and all the URL's (extract.Scanner.SetLinkTargets).
		st.sc.SetLinkTargets(part.Type == "text/html")
		if st.lines != nil {
			st.lines.reset(part, 1, 0)
		}
		if err := st.scan(); err != nil {
			return err
		}
		st.leavePart()
	}
	return nil
}

func (st *stream) emitPart() bool {
	if !st.stopped {
		st.ev = Event{Kind: PartBegin, Part: st.part}
		st.stopped = !st.emit(&st.ev)
	}
	return !st.stopped
}

// enterGroup starts the alternative-group bookkeeping for part.
func (st *stream) enterGroup(part *mailbox.Part) {
	if part.Group == "" {
		st.partSeen = nil
		return
	}
	for _, k := range st.seenList[st.partFrom:] {
		delete(st.seenPart, k) // the last part's
	}
	st.partFrom = len(st.seenList)
	if part.Message != st.groupMsg || part.Group != st.group {
		st.groupMsg, st.group = part.Message, part.Group
		if st.seenGroup == nil || len(st.seenList) > 1024 {
			// A group of many URLs: its maps go rather than keep their size.
			st.seenGroup, st.seenPart = map[string]bool{}, map[string]bool{}
		} else {
			for _, k := range st.seenList {
				delete(st.seenGroup, k)
			}
		}
		clear(st.seenList)
		st.seenList, st.partFrom = st.seenList[:0], 0
		// The last group's keys are gone: their bytes serve again.
		st.seenKeys = st.seenKeys[:0]
		if cap(st.seenKeys) > 64<<10 {
			st.seenKeys = nil
		}
		if cap(st.seenList) > 1024 {
			st.seenList = nil
		}
	}
	st.groupSeen, st.partSeen = st.seenGroup, st.seenPart
}

// seenKey returns a copy of u in seenKeys, valid until the group's maps
// are emptied (enterGroup).
func (st *stream) seenKey(u string) string {
	if len(u) == 0 {
		return ""
	}
	if cap(st.seenKeys)-len(st.seenKeys) < len(u) {
		// The keys made so far keep the old array.
		st.seenKeys = make([]byte, 0, max(4096, 2*cap(st.seenKeys), len(u)))
	}
	n := len(st.seenKeys)
	st.seenKeys = append(st.seenKeys, u...)
	return unsafe.String(&st.seenKeys[n], len(u))
}

// leavePart adds the URLs of the part just scanned to its group's.
func (st *stream) leavePart() {
	for u := range st.partSeen {
		if len(st.groupSeen) >= maxAlternates {
			break
		}
		st.groupSeen[u] = true
	}
	st.partSeen = nil
}

// scan runs the Scanner over the current text and emits its URLs.
func (st *stream) scan() error {
	st.line, st.cut, st.pending = st.line[:0], false, st.pending[:0]
	ctx := st.o.Context
	count := st.o.CountOnly && len(st.o.Schemes) == 0 && len(st.o.ExcludeSchemes) == 0 && st.o.Pattern == nil && !st.o.Strict && !st.o.Unwrap && !ctx && st.lines == nil
	// A part of a multipart/alternative group is told from the group's
	// other forms by its URLs' canonical forms, which a borrowed match's
	// parse gives (found), for counting too.
	borrow := (st.o.TextOnly || count) && !st.o.Unwrap && !ctx && st.lines == nil
	for !st.stopped && st.sc.Scan() {
		var m *extract.Match
		switch {
		case !st.sc.Found():
		case count && st.partSeen == nil:
			st.counted()
			continue
		case borrow:
			st.borrowed = true
			st.found(st.sc.Borrow())
			st.borrowed = false
			continue
		default:
			m = st.sc.Match()
			st.found(m)
		}
		if st.lines != nil {
			st.lines.feed(st.sc.Raw(), m != nil && st.reported)
		}
		if !ctx {
			continue
		}
		raw := st.sc.Raw()
		if m == nil {
			// A text segment: the line it ends, if any, completes the
			// context of the URLs before it.
			if i := bytes.IndexByte(raw, '\n'); i >= 0 {
				st.line = append(st.line, raw[:i]...)
				st.flush()
				st.line, st.cut = st.line[:0], false
				raw = raw[bytes.LastIndexByte(raw, '\n')+1:]
			}
		}
		st.line = append(st.line, raw...)
		if len(st.line) > MaxContext && len(st.pending) == 0 {
			st.line, st.cut = append(st.line[:0], st.line[len(st.line)-MaxContext/2:]...), true
		} else if len(st.line) > 2*MaxContext {
			st.flush()
			st.line, st.cut = st.line[:0], true
		}
	}
	st.flush()
	if st.lines != nil && !st.stopped {
		st.lines.end()
	}
	if st.stopped {
		return nil
	}
	return st.sc.Err()
}

// progressStep is how many URLs a stream counts before it adds them to
// Options.Progress: a counter that every worker adds to, once a URL, cost
// dense mail a tenth of its time, its cache line passed from processor to
// processor.
const progressStep = 256

// countProgress counts a URL for Options.Progress, told every progressStep
// URLs and at the end of each text or mail piece (tellProgress).
func (st *stream) countProgress() {
	if st.progURLs++; st.progURLs >= progressStep {
		st.tellProgress()
	}
}

// tellProgress adds the URLs and messages counted so far to
// Options.Progress.
func (st *stream) tellProgress() {
	if p := st.o.Progress; p != nil {
		p.URLs.Add(st.progURLs)
		p.Messages.Add(st.progMsgs)
	}
	st.progURLs, st.progMsgs = 0, 0
}

// counted handles a URL the Scanner found, for a caller that only counts
// (Options.CountOnly): an event with no Match, reused.
func (st *stream) counted() {
	st.urls++
	st.reported = true
	st.countProgress()
	st.ev = Event{Kind: URL, Part: st.part}
	st.stopped = !st.emit(&st.ev)
}

// found handles a URL the Scanner found.
func (st *stream) found(m *extract.Match) {
	st.reported = false
	ev := &st.ev
	ev.reset(URL)
	ev.Match, ev.Part, ev.borrowed = m, st.part, st.borrowed
	if st.o.Unwrap {
		ev.Match, ev.Wrapped = unwrapMatch(m)
	}
	if !st.o.wanted(ev.Match) {
		return
	}
	if st.partSeen != nil {
		u := ev.Match.URL
		if ev.borrowed {
			u = ev.Match.Parsed.String() // Match.URL, maybe aliasing the Scanner's buffer
		}
		if st.groupSeen[u] {
			return // another form of the message had it
		}
		if len(st.partSeen) < maxAlternates && !st.partSeen[u] {
			k := st.seenKey(u)
			st.partSeen[k] = true
			st.seenList = append(st.seenList, k)
		}
	}
	m = ev.Match
	if st.part != nil {
		ev.Pos = st.part.Locate(m.Offset)
		if ev.Pos.Exact {
			ev.End = ev.Pos.Offset + (m.End - m.Offset)
		} else {
			ev.End = st.part.Locate(m.End).Offset
		}
	} else {
		ev.Pos = mailbox.Position{Offset: m.Offset, Line: m.Line, Col: m.Col, Exact: true}
		ev.End = m.End
	}
	st.urls++
	st.reported = true
	st.countProgress()
	if ev.borrowed {
		m.Parsed = nil // the Scanner's reused parse: not the callback's
	}
	if !st.o.Context {
		st.stopped = !st.emit(ev)
		return
	}
	ev.Context = &Context{Start: len(st.line), End: len(st.line) + len(st.sc.Raw())}
	st.pending = append(st.pending, *ev)
}

// flush emits the URLs waiting for the end of their line.
func (st *stream) flush() {
	for i := range st.pending {
		ev := &st.pending[i]
		if st.stopped {
			break
		}
		// Each URL keeps its own window of the line: a line of dense URLs
		// must not give each of them the whole line.
		c := ev.Context
		from, to := max(0, c.Start-ContextWindow), min(len(st.line), c.End+ContextWindow)
		c.Text = append([]byte(nil), st.line[from:to]...) // events may outlive line (Jobs)
		c.Start, c.End = c.Start-from, c.End-from
		c.Cut = from > 0 || st.cut
		c.CutEnd = to < len(st.line)
		st.stopped = !st.emit(ev)
	}
	clear(st.pending)
	st.pending = st.pending[:0]
}

// unwrapMatch returns the match for the target of m when m is a mail
// security gateway's redirect, else m itself.
func unwrapMatch(m *extract.Match) (*extract.Match, *Wrapped) {
	target, by, ok := unwrap.Unwrap(m.Parsed)
	if !ok {
		return m, nil
	}
	t := m.Target(target)
	if t == nil {
		return m, nil
	}
	return t, &Wrapped{Match: m, Names: by}
}
