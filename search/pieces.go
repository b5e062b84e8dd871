package search

import (
	"bytes"
	"io"
	"runtime/metrics"
	"sync"
	"sync/atomic"
	"time"
	"unsafe"

	"github.com/urlgrep/urlgrep/extract"
	"github.com/urlgrep/urlgrep/mailbox"
)

// The pieces pipeline (Options.Jobs N > 1, on one input): the caller's
// goroutine reads the input into batches of about target bytes (batchTarget
// with two workers, less with more: see pipeline.target), each
// cut where nothing found can cross: after a blank line in text
// (extract.Cut), before a mailbox's separator line in mail (the cut
// mailbox.CutFor gives for its kind; a single message is not cut). N
// workers scan the batches, each with a stream of its own started at the
// batch's offset and line, so they find exactly what one stream over the
// whole would; the caller's goroutine emits the batches' events in order,
// renumbering mail messages. At most ahead*N+1 batches are in flight
// (2N+1 with N <= 2, N+1 with more: pipeline.ahead) and each holds at most
// batchMax bytes, most about target: a buffer each and one for the batch
// being read, and their events, plus the workers' Scanners. A stretch of
// the input with no cut in batchMax bytes is scanned on the caller's
// goroutine, after what came before, up to the next cut (serialTo,
// holding target more bytes); the batches go on from there. Where the
// input is sparse, target grows (pipeline.adapt), batchMax stays. Where
// the collector runs far more often than the input's size warrants, the
// rest of the input is scanned that way to its end (collectorBound);
// where the pipeline is slower than one stream would be (the reading
// goroutine the bottleneck), stretches of it (gainBound).
var (
	batchTarget = 64 << 10
	batchMax    = 256 << 10
)

// batch is the unit of work of the pipeline: a piece of the input.
type batch struct {
	buf    []byte
	offset int64 // where buf starts in the input
	line   int
	// end, when not 0, is where the batch ends in the input, which the
	// worker reads itself (runAt); readErr is what that read failed with.
	end     int64
	readErr error
	events  []Event
	// matches and text hold the workers' copies of borrowed matches and
	// their texts (Options.TextOnly), reused batch after batch; parts the
	// copies of the mail parts its events point to, which the Reader
	// reuses (Options.reuseParts).
	matches []extract.Match
	text    []byte
	parts   []mailbox.Part
	// partNew says the part of the last PartBegin, which is not held
	// (Options.NoPartBegin), has no copy in parts yet (pipeline.part);
	// unheld counts such PartBegins, which adapt counts as events.
	partNew bool
	unheld  int
	// held are the URL events of the callbacks that read a Match's text
	// and positions only (TextOnly) or no Match (CountOnly), in a third of
	// an Event and its Match's room and with a fifth of their pointers:
	// under urlgrep's memory limit, the collector ran 1,001 times over
	// 708 MB of /usr/share/doc's text with two workers (6 since; none with
	// one), most of it scanning and guarding the events in flight.
	// held[i].before says where each goes among events.
	held []heldURL
	msgs int // mail messages the worker read
	urls int64
	err  error // the worker's scan error (none for in-memory data, but kept)
	drop int64
	busy time.Duration // the worker's time on it (gainBound)
	done chan struct{} // closed when the worker is done with it
}

type pipeline struct {
	s        *searcher
	mail     bool
	cut      func([]byte) int
	work     chan *batch
	free     []*batch
	inflight []*batch // dispatched, oldest first
	stopped  bool
	wg       sync.WaitGroup
	msgBase  int // messages emitted so far
	cr       *cutReader
	// ev and m are the Event and Match a held URL is emitted in.
	ev Event
	m  extract.Match
	// serial is the stream serialTo scans with, made once: a stream
	// made for each stretch grew a Scanner's buffer anew each time (4.4 MB
	// of garbage on 236 MB of /usr/share/doc's text).
	serial *stream
	// target is the size of a batch: Jobs+1 batches hold about
	// 3*batchTarget bytes, and their events, whatever Jobs is (at 4
	// workers, 64 KiB batches of dense mail held enough events that the
	// collector, under urlgrep's memory limit, ran ten times as often);
	// with ahead 2 (Jobs <= 2), at most 5*batchTarget.
	target int
	base   int // target as Jobs sets it (adapt changes target)
	sparse int // batches in a row that were sparse (adapt)
	// ahead is how many batches a worker may have in flight (dispatched,
	// not yet emitted): two with one or two workers. Batches differ in
	// cost (an HTML spam costs many times a plain message of its size):
	// with one, a worker done with its batch waited while the oldest was
	// still being read, idle 40% of the time on SpamAssassin's mail. With
	// more workers, whose readers hold more, the extra batches tipped the
	// collector under the memory limit (964 collections at -j 4).
	ahead int
	// The collector's watch (collectorBound): the GC cycles counted, and
	// the input offset, when the current window began.
	gcFrom, gcLongFrom uint64
	gcAt, gcLongAt     int64
	gcSample           []metrics.Sample
	gain               gainWatch // the pipeline's time against one stream's (gainBound)
	// ra is the input the workers read their batches from themselves
	// (runAt), win the caller's goroutine's buffer for the bytes it
	// looks for cut points in, and err the first read error.
	ra  io.ReaderAt
	win []byte
	err error
}

// pieces searches r, whose first bytes say it is mail or text, with
// Options.Jobs workers, cut into batches where cut says (extract.Cut for
// text, mailbox.CutFor's cut for a mailbox). With ra not nil, the input
// from its start, the workers read the batches' bytes from ra themselves
// (runAt), and r is not read.
func (s *searcher) pieces(r io.Reader, ra io.ReaderAt, mail bool, cut func([]byte) int, at Start) error {
	ahead := 1
	if s.o.Jobs <= 2 {
		ahead = 2
	}
	p := &pipeline{s: s, mail: mail, cut: cut, ahead: ahead, work: make(chan *batch, ahead*s.o.Jobs),
		target: max(3*batchTarget/(s.o.Jobs+1), min(batchTarget, 16<<10))}
	p.base = p.target
	p.gcSample = []metrics.Sample{{Name: "/gc/cycles/total:gc-cycles"}}
	p.gcFrom, p.gcAt = p.gcCycles(), at.Offset
	p.gcLongFrom, p.gcLongAt = p.gcFrom, at.Offset
	p.gain.reset(at.Offset, clock())
	for range s.o.Jobs {
		p.wg.Add(1)
		go p.worker()
	}
	defer func() {
		p.stopWorkers()
		s.msgs = p.msgBase
	}()
	if ra != nil {
		return p.runAt(ra, at)
	}
	return p.run(r, at)
}

// stopWorkers ends the workers, once, and waits for them: their streams,
// and the batches kept for reuse, are garbage from then on.
func (p *pipeline) stopWorkers() {
	if p.work != nil {
		close(p.work)
		p.wg.Wait()
		p.work, p.free = nil, nil
	}
}

func (p *pipeline) worker() {
	defer p.wg.Done()
	var b *batch
	st := p.s.newStream(func(ev *Event) bool {
		if ev.Kind == PartBegin && p.lazyParts() {
			b.partNew = ev.Part != nil // copied for its first event, if it has one
			b.unheld++
			return true
		}
		if ev.Kind == URL && (ev.borrowed || ev.Match == nil) && ev.Wrapped == nil && ev.Context == nil {
			b.held = append(b.held, heldURL{})
			b.held[len(b.held)-1].hold(ev, b, p.part(b, ev))
			return true
		}
		if ev.borrowed {
			// Printed after the worker has scanned on: keep a copy of the
			// Match, its Text in the batch's arena (an allocation a few
			// batches, not one a URL).
			m := *ev.Match
			m.Raw = ""
			m.Text = b.keep(m.Text)
			b.matches = append(b.matches, m)
			ev.Match, ev.borrowed = &b.matches[len(b.matches)-1], false
		}
		ev.Part = p.part(b, ev)
		b.events = append(b.events, *ev)
		return true
	})
	var r bytes.Reader
	for b = range p.work {
		start := clock()
		if b.end != 0 {
			if b.readErr = p.fill(b); b.readErr != nil {
				close(b.done)
				continue
			}
		}
		r.Reset(b.buf)
		st.msgs, st.urls, st.dropped = 0, 0, 0
		if p.mail {
			b.err = st.mail(&r, b.offset, b.line)
		} else {
			b.err = st.textBytes(b.buf, b.offset, b.line) // b.buf stays as it is until b is emitted
		}
		b.msgs, b.urls, b.drop = st.msgs, st.urls, st.dropped
		b.busy = clock() - start
		close(b.done)
	}
}

func (p *pipeline) newBatch(offset int64, line int, carry []byte) *batch {
	var b *batch
	if n := len(p.free); n > 0 {
		b = p.free[n-1]
		p.free = p.free[:n-1]
	} else {
		b = &batch{}
	}
	if b.buf == nil {
		// Room for a batch and the read that passes its cut; more only
		// when no cut comes (run).
		b.buf = make([]byte, 0, min(batchMax, p.target+p.target/4))
	}
	b.buf = append(b.buf[:0], carry...)
	b.offset, b.line = offset, line
	return b
}

// part returns the Part ev's copy in b is to point to: where the Reader
// reuses its Parts (Options.reuseParts), a part's events come after its
// PartBegin and share one copy, which renumbering changes once for all.
func (p *pipeline) part(b *batch, ev *Event) *mailbox.Part {
	if ev.Part == nil || !p.s.o.reuseParts() {
		return ev.Part
	}
	if ev.Kind == PartBegin || b.partNew {
		b.parts = append(b.parts, *ev.Part)
		b.partNew = false
	}
	return &b.parts[len(b.parts)-1]
}

// lazyParts says the workers hold no PartBegin (Options.NoPartBegin: it
// would not be delivered) and copy a part only for its first event: the
// copies are renumbered at emit (emitBatch), each at its first event, not
// through their PartBegin.
func (p *pipeline) lazyParts() bool { return p.s.o.NoPartBegin && p.s.o.reuseParts() }

// heldURL is a URL event held in a batch (batch.held): what a TextOnly
// callback reads of it (Pos, End, its Match's Kind and Text), and the
// rest of a borrowed Match's fields that a search sets but for Raw (which
// a worker's copy never kept) and Parsed (nil for the callback).
type heldURL struct {
	text               string // in the batch's text arena
	err                error
	pos                mailbox.Position
	end                int64
	offset, mend       int64
	line, col, endLine int
	part               *mailbox.Part
	before             int32 // how many of the batch's events come before it
	kind               extract.Kind
	rejoined, match    bool // match: the event has a Match (not CountOnly)
}

// hold sets h, a zero heldURL, to ev, a URL event with a borrowed Match
// or none, as b holds it, with part for its Part. It is filled in place,
// in b.held: a URL costs no copy of the struct.
func (h *heldURL) hold(ev *Event, b *batch, part *mailbox.Part) {
	h.pos, h.end, h.part, h.before = ev.Pos, ev.End, part, int32(len(b.events))
	if m := ev.Match; m != nil {
		h.match, h.kind, h.text, h.err, h.rejoined = true, m.Kind, b.keep(m.Text), m.Err, m.Rejoined
		h.offset, h.mend, h.line, h.col, h.endLine = m.Offset, m.End, m.Line, m.Col, m.EndLine
	}
}

// event makes h an Event again, in ev, with its Match in m.
func (h *heldURL) event(ev *Event, m *extract.Match) {
	ev.reset(URL)
	ev.Pos, ev.End, ev.Part = h.pos, h.end, h.part
	if h.match {
		*m = extract.Match{}
		m.Text, m.Kind, m.Offset, m.End, m.Line, m.Col = h.text, h.kind, h.offset, h.mend, h.line, h.col
		m.EndLine, m.Rejoined, m.Err = h.endLine, h.rejoined, h.err
		ev.Match = m
	}
}

// recycle keeps b for reuse, its events and references dropped.
func (p *pipeline) recycle(b *batch) {
	clear(b.events) // let the parts and matches go
	clear(b.matches)
	clear(b.parts)
	clear(b.held)
	b.held = b.held[:0]
	b.buf, b.events, b.done, b.err = b.buf[:0], b.events[:0], nil, nil
	b.end, b.readErr = 0, nil
	b.matches, b.text, b.parts, b.partNew, b.unheld = b.matches[:0], b.text[:0], b.parts[:0], false, 0
	p.free = append(p.free, b)
}

// keep returns s as it is when it lies in b.buf, which stays as it is
// until b is emitted (a text scanned in place, extract.Scanner.ResetBytes,
// and not rejoined), or else a copy of it in b's text arena. A string made
// before the arena grew keeps the old array alive, so it stays valid.
func (b *batch) keep(s string) string {
	if len(s) == 0 {
		return ""
	}
	if within(s, b.buf) {
		return s
	}
	if cap(b.text)-len(b.text) < len(s) {
		b.text = make([]byte, 0, max(2*cap(b.text), len(s), 4096))
	}
	n := len(b.text)
	b.text = append(b.text, s...)
	return unsafe.String(&b.text[n], len(s))
}

// within reports whether s's bytes lie in buf's array (up to its
// capacity); false when s is empty.
func within(s string, buf []byte) bool {
	if len(s) == 0 || len(s) > cap(buf) {
		return false
	}
	p := uintptr(unsafe.Pointer(unsafe.StringData(s)))
	base := uintptr(unsafe.Pointer(unsafe.SliceData(buf)))
	return p >= base && p-base <= uintptr(cap(buf)-len(s))
}

// dispatch hands b to the workers, emitting what finished meanwhile; it
// waits only while more than Jobs batches are in flight.
func (p *pipeline) dispatch(b *batch) {
	b.done = make(chan struct{})
	p.inflight = append(p.inflight, b)
	p.work <- b
	for len(p.inflight) > 0 && !p.stopped {
		select {
		case <-p.inflight[0].done:
		default:
			if len(p.inflight) <= p.ahead*p.s.o.Jobs {
				return
			}
			<-p.inflight[0].done
		}
		p.emitBatch()
	}
}

// emitBatch emits the events of the oldest batch in flight, which is done:
// its events, and its held URLs each in its place among them.
func (p *pipeline) emitBatch() {
	b := p.inflight[0]
	p.inflight[0] = nil // the array's head is not the slice's: let the batch go
	p.inflight = p.inflight[1:]
	start := clock()
	// Without PartBegin events (lazyParts), each part's copy is renumbered
	// at its first event: a part's events come together, and share it.
	var last *mailbox.Part
	renumberPart := func(ev *Event) {
		if ev.Part != nil && ev.Part != last && p.lazyParts() && p.msgBase != 0 {
			ev.Part.Message += p.msgBase
			last = ev.Part
		}
	}
	i := 0
	for h := 0; h <= len(b.held) && !p.stopped; h++ {
		upTo := len(b.events)
		if h < len(b.held) {
			upTo = int(b.held[h].before)
		}
		for ; i < upTo && !p.stopped; i++ {
			ev := &b.events[i]
			ev.renumber(p.msgBase) // the worker counted from its batch
			renumberPart(ev)
			p.stopped = !p.s.fn(ev)
		}
		if h < len(b.held) && !p.stopped {
			b.held[h].event(&p.ev, &p.m) // a URL's event: its part renumbered once
			renumberPart(&p.ev)
			p.stopped = !p.s.fn(&p.ev)
		}
	}
	p.msgBase += b.msgs
	p.s.urls += b.urls
	p.s.drop += b.drop
	if b.end != 0 {
		p.readTo(b.offset + int64(len(b.buf)))
		if b.readErr != nil && p.err == nil {
			p.err, p.stopped = b.readErr, true
		}
	}
	p.gain.emit += clock() - start
	p.gain.busy += b.busy
	p.gain.scanned += int64(len(b.buf))
	p.adapt(len(b.buf), len(b.events)+len(b.held)+b.unheld)
	p.recycle(b)
}

// sparseScale is how many times base target is while the input is sparse
// (fewer than one event a KiB), at most 3/4 of batchMax.
const sparseScale = 4

// adapt sizes the batches to come by the last one emitted: size bytes that
// gave events events. A batch costs the reading goroutine a hand-off to a
// worker and back (some 10 µs on a small VM): with 64 KiB batches, a sixth
// of urlgrep's time on SpamAssassin's mail read raw. Larger batches pay it
// less often. But a batch's events live until it is emitted, and its
// buffer too: under urlgrep's memory limit, 256 KiB batches (512 KiB at
// most) took the collector from 14 runs to 50 on dense mail, and from 3
// to 181 on /usr/share/doc's text, where sparse and dense stretches
// alternate. So batches grow only after sparseRun sparse batches in a row
// (fewer than one event a KiB), and only to 3/4 of batchMax, which bounds
// every buffer as before; they shrink back at the first dense one.
func (p *pipeline) adapt(size, events int) {
	if events*1024 >= size {
		p.sparse = 0
		p.target = p.base
		return
	}
	if p.sparse++; p.sparse >= sparseRun {
		p.target = min(sparseScale*p.base, batchMax*3/4)
	}
}

// sparseRun is how many sparse batches in a row make the batches grow.
const sparseRun = 4

// drain emits every batch in flight.
func (p *pipeline) drain() {
	for len(p.inflight) > 0 {
		<-p.inflight[0].done
		if p.stopped {
			p.recycle(p.inflight[0])
			p.inflight[0] = nil // the array's head is not the slice's: let the batch go
			p.inflight = p.inflight[1:]
			continue
		}
		p.emitBatch()
	}
}

func (p *pipeline) run(r io.Reader, at Start) error {
	cur := p.newBatch(at.Offset, at.Line, nil)
	searched := 0 // no cut point ends before this in cur.buf
	empty := 0    // reads in a row that returned nothing
	for !p.stopped {
		// Read up to target, then on in steps while no cut comes: a
		// batch's events live until it is emitted, so batches stay near
		// target bytes. The steps start small and double, each as long
		// as the stretch with no cut so far: a base64 attachment of 100
		// KB, with no blank line, cost one 4 KiB read after another
		// (text read raw: 27,759 reads where one stream makes 2,076, and
		// four times one stream's time), and a cut comes at most that
		// stretch's length after the first one past target.
		buf := cur.buf
		if len(buf) == cap(buf) && cap(buf) < batchMax {
			buf = append(make([]byte, 0, min(batchMax, 2*cap(buf))), buf...)
		}
		step := max(4<<10, len(buf)-p.target)
		t := clock()
		n, err := r.Read(buf[len(buf):min(cap(buf), max(p.target, len(buf)+step))])
		p.gain.read += clock() - t
		cur.buf = buf[:len(buf)+n]
		if n == 0 && err == nil {
			if empty++; empty >= 100 {
				err = io.ErrNoProgress
			}
		} else {
			empty = 0
		}
		if err != nil {
			if len(cur.buf) > 0 {
				p.dispatch(cur)
			} else {
				p.recycle(cur)
			}
			p.drain()
			if err == io.EOF {
				err = nil
			}
			return err
		}
		if len(cur.buf) < p.target {
			continue
		}
		from := max(0, searched-8) // a cut point may straddle two reads
		if c := p.cut(cur.buf[from:]); c >= 0 && from+c > 0 {
			c += from
			line := cur.line
			if p.countsLines() {
				line += bytes.Count(cur.buf[:c], []byte{'\n'})
			}
			next := p.newBatch(cur.offset+int64(c), line, cur.buf[c:])
			cur.buf = cur.buf[:c]
			p.dispatch(cur)
			cur, searched = next, len(next.buf)
			if p.gainBound(cur.offset) {
				// One stream is faster here: it scans a stretch, then the
				// workers are tried again (gainBound).
				gainStretches.Add(1)
				next, err := p.scanHere(cur, r, p.gain.cutPast(p.cut))
				if err != nil || next == nil {
					return err
				}
				gainResumes.Add(1)
				cur, searched = next, len(next.buf)
				p.gain.resume(cur.offset, clock())
				continue
			}
			if p.collectorBound(cur.offset) {
				p.drain()
				p.stopWorkers()
				p.inflight = nil
				// cur came from the batches kept for reuse: its arrays for
				// the workers' events, and the parts and matches they
				// pointed to, went on holding 1-2 MB to the end of the
				// input, and the collector ran as crowded as before the
				// step down in about a third of the runs on the
				// Linux-MIPS archive (1,000 cycles, 5-7 s).
				cur.events, cur.matches, cur.text, cur.parts, cur.held = nil, nil, nil, nil, nil
				stepDowns.Add(1)
				_, err := p.scanHere(cur, r, nil)
				return err
			}
			continue
		}
		searched = len(cur.buf)
		if len(cur.buf) < batchMax {
			continue
		}
		// batchMax bytes with no cut: scan on here, after everything
		// before it, up to the next cut, then go on in batches.
		next, err := p.scanHere(cur, r, p.cut)
		if err != nil || next == nil {
			return err
		}
		cur, searched = next, len(next.buf)
	}
	p.drain()
	return nil
}

// The pipeline holds more memory than one stream does: a mail reader per
// worker, each with its buffers, and the batches in flight with their
// events. Under urlgrep's 12 MiB memory limit that was 3 to 5 MB live on
// a mailing list's archive (40,000 messages of the Linux-MIPS list, 363
// MB, two dozen header fields each, every one a part), and the collector,
// held to the limit, ran 1,000 times where one stream needed 39: -j 2 took
// 3.3-3.9 s, -j 1 1.0-1.2 s. So the pipeline watches the collector: over
// each gcWindow bytes of input, more than one cycle per gcBytesPerCycle
// (a busy mailbox runs one per 4 MB or more, text one per 50 MB) hands the
// rest of the input to one stream on the caller's goroutine, as Jobs 1
// scans it. The events are the same either way; only the speed differs.
//
// A longer window catches the collector that runs less often but still
// too often for the workers to gain: over each gcLongWindow bytes, more
// than one cycle per gcLongBytesPerCycle. With two workers on the first
// 60 MB of the Linux-MIPS archive the collector ran 23 times (one per 2.6
// MB, never past the short window's bound) and the pipeline took 1.18
// times one stream's time; where the workers gain (SpamAssassin's test
// mail 1.3 times, list mail, generated mail, text) it ran 2 to 6 times,
// counting the two the heap's growth at the start takes.
var (
	gcWindow            int64 = 4 << 20
	gcBytesPerCycle     int64 = 512 << 10
	gcLongWindow        int64 = 16 << 20
	gcLongBytesPerCycle int64 = 4 << 20
)

// countsLines reports whether batches start at a counted line: for the
// search's line numbers (Options.lineNumbers), and always in mail, whose
// Part.Locate counts a batch's lines from its start.
func (p *pipeline) countsLines() bool { return p.mail || p.s.o.lineNumbers() }

// collectorBound reports, once a window of input has passed by offset,
// whether the collector ran more often than its bytes per cycle allow
// over it, and starts the next window.
func (p *pipeline) collectorBound(offset int64) bool {
	short, long := offset-p.gcAt >= gcWindow, offset-p.gcLongAt >= gcLongWindow
	if !short && !long {
		return false
	}
	n := p.gcCycles()
	bound := false
	if short {
		bound = int64(n-p.gcFrom) > (offset-p.gcAt)/gcBytesPerCycle
		p.gcFrom, p.gcAt = n, offset
	}
	if long {
		bound = bound || int64(n-p.gcLongFrom) > (offset-p.gcLongAt)/gcLongBytesPerCycle
		p.gcLongFrom, p.gcLongAt = n, offset
	}
	return bound
}

// gcCycles returns the collector's cycles so far; a test replaces
// readGCCycles.
func (p *pipeline) gcCycles() uint64 { return readGCCycles(p.gcSample) }

var readGCCycles = func(s []metrics.Sample) uint64 {
	metrics.Read(s)
	if s[0].Value.Kind() != metrics.KindUint64 {
		return 0
	}
	return s[0].Value.Uint64()
}

// scanHere scans cur and then r on the caller's goroutine up to the next
// cut (serialTo), once the batches in flight are emitted, and is done
// with cur; it returns the batch after the cut, or nil at the end or when
// the callback stopped the search.
func (p *pipeline) scanHere(cur *batch, r io.Reader, cut func([]byte) int) (*batch, error) {
	defer p.recycle(cur)
	p.drain()
	if p.stopped {
		return nil, nil
	}
	return p.serialTo(cur, r, cut)
}

// stepDowns counts the inputs whose pipeline stepped down, for tests;
// gainStretches the stretches one stream scanned for gainBound, and
// gainResumes those after which the workers took over again.
var stepDowns, gainStretches, gainResumes atomic.Int64

// serialTo scans b's bytes then r's on the caller's goroutine up to the
// first cut point that cut finds (past a region with no cut for batchMax
// bytes: a long log, a list, an attachment), and returns a batch holding
// the bytes after that cut, or nil at the end of r. It holds at most a
// read's bytes beyond b's. With a nil cut it scans to the end of r
// (collectorBound), reading r as one stream does, with no cutReader
// between them to count its bytes.
func (p *pipeline) serialTo(b *batch, r io.Reader, cut func([]byte) int) (*batch, error) {
	rest := bytes.NewReader(b.buf)
	src := io.MultiReader(rest, r)
	cr := p.cr
	if cut != nil {
		if cr == nil {
			cr = &cutReader{}
			p.cr = cr
		}
		cr.reset(src, cut, p.countsLines())
		src = cr
	}
	if p.serial == nil {
		p.serial = p.s.newStream(func(ev *Event) bool {
			ev.renumber(p.msgBase) // the stream counts from the stretch
			return p.s.fn(ev)
		})
	}
	st := p.serial
	st.msgs, st.urls, st.dropped = 0, 0, 0
	var err error
	if p.mail {
		err = st.mail(src, b.offset, b.line)
	} else {
		err = st.text(src, b.offset, b.line)
	}
	p.msgBase += st.msgs
	p.s.urls += st.urls
	p.s.drop += st.dropped
	p.stopped = p.stopped || st.stopped
	if err != nil || p.stopped || cut == nil || !cr.cutAt {
		return nil, err
	}
	// The cut may lie among b's own bytes: run searches each read with
	// 8 bytes of the one before, and misses a cut point that straddles
	// two reads further back (an mbox "From " line), which cr's reads
	// may then hold whole. What rest has not yet handed cr
	// follows what cr holds past the cut: dropped, it was text lost (the
	// batch's bytes after the cut, up to 256 KiB of them).
	next := p.newBatch(b.offset+cr.passed, b.line+cr.lines, cr.rest)
	if n := rest.Len(); n > 0 {
		next.buf = append(next.buf, b.buf[len(b.buf)-n:]...)
	}
	return next, nil
}

// cutReader hands on the bytes of r up to a cut point found in what it
// read (cut, applied to each read), then reports io.EOF, keeping the bytes
// after the cut in rest. It reads into its caller's buffer: a stretch of
// one stream costs no copy of its bytes (gainBound's stretches are
// megabytes long). A cut point that straddles two reads is missed, and a
// later one taken: reading on is always right, cutting is only faster.
type cutReader struct {
	r      io.Reader
	cut    func([]byte) int
	rest   []byte // the bytes read past the cut
	cutAt  bool   // a cut was found
	err    error
	passed int64 // bytes handed on
	lines  int   // line feeds handed on, when counted
	count  bool  // lines are counted (Options.lineNumbers)
}

func (c *cutReader) reset(r io.Reader, cut func([]byte) int, count bool) {
	*c = cutReader{r: r, cut: cut, rest: c.rest[:0], count: count}
}

func (c *cutReader) Read(p []byte) (int, error) {
	if c.cutAt {
		return 0, io.EOF
	}
	if c.err != nil {
		return 0, c.err
	}
	n, err := c.r.Read(p)
	c.err = err
	if n > 0 && err == nil { // at an error, hand everything on, then the error
		if i := c.cut(p[:n]); i > 0 {
			c.rest = append(c.rest[:0], p[i:n]...)
			c.cutAt, n = true, i
		}
	}
	if c.count {
		c.lines += bytes.Count(p[:n], []byte{'\n'})
	}
	c.passed += int64(n)
	if n == 0 {
		if c.cutAt {
			return 0, io.EOF
		}
		return 0, err
	}
	return n, nil
}
