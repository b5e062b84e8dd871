package main

import (
	"bytes"
	"io"
	"sync"

	"github.com/urlgrep/urlgrep/extract"
	"github.com/urlgrep/urlgrep/mailbox"
)

// A sink takes the texts of one input in order (the input itself, or the
// decoded parts of a mailbox) and the notes between them, scans the texts
// and emits their events in input order.
type sink interface {
	// text scans r, the text of part (nil outside mail); seen, when not
	// nil, holds the canonical URLs already reported in part's
	// multipart/alternative group. stop is true once emit asked to stop;
	// err is the error reading r.
	text(r io.Reader, part *mailbox.Part, seen map[string]bool) (stop bool, err error)
	// note emits a note for standard error after the texts before it;
	// false means stop.
	note(n string) bool
	// finish emits what is still pending.
	finish()
}

// dedupe returns the emit function for the URLs of one part: with seen, a
// URL already reported in the part's multipart/alternative group is not
// reported again; every URL reported is counted.
func dedupe(seen map[string]bool, cnt *counters, emit func(event) bool) func(event) bool {
	return func(ev event) bool {
		if ev.m != nil {
			if seen != nil {
				if seen[ev.m.URL] {
					return true
				}
				seen[ev.m.URL] = true
			}
			cnt.urls.Add(1)
		}
		return emit(ev)
	}
}

// serial is the sink of -j 1: one Scanner, on the caller's goroutine.
type serial struct {
	sc   *extract.Scanner
	cfg  config
	cnt  *counters
	emit func(event) bool
}

func (s *serial) text(r io.Reader, part *mailbox.Part, seen map[string]bool) (bool, error) {
	s.sc.Reset(r)
	return scanText(s.sc, s.cfg, part, dedupe(seen, s.cnt, s.emit))
}

func (s *serial) note(n string) bool { return s.emit(event{note: n}) }

func (s *serial) finish() {}

// The pieces pipeline (-j N, N > 1, on one input): the caller's goroutine
// reads the texts (and decodes mail) into batches of about batchTarget
// bytes, cutting a long text after a blank line (extract.Cut); N workers
// scan the batches, each piece with a Scanner of its own placed at the
// piece's offset and line (Scanner.ResetAt), so they find exactly what one
// Scanner over the whole would; the caller's goroutine emits the batches'
// events in order. At most N+1 batches are in flight and each holds at most
// batchMax bytes, so the pipeline's memory is bounded: N+2 buffers of
// batchMax bytes and the events of N+1 batches, plus the workers' Scanners.
// A text with no blank line in batchMax bytes cannot be cut: the rest of it
// is scanned on the caller's goroutine, after what came before.
var (
	batchTarget = 64 << 10
	batchMax    = 256 << 10
)

// piece is one text of a batch, or a note.
type piece struct {
	from, to int   // the text is batch.buf[from:to]
	offset   int64 // where it starts in its text: offset and line
	line     int
	part     *mailbox.Part
	seen     map[string]bool
	note     string
	events   []event // what the worker found, emitted through dedupe(seen)
}

// batch is the unit of work of the pipeline.
type batch struct {
	buf    []byte
	pieces []piece
	done   chan struct{} // closed when the worker is done with it
}

type pipeline struct {
	cfg      config
	cnt      *counters
	emit     func(event) bool
	work     chan *batch
	free     []*batch
	inflight []*batch // dispatched, oldest first
	cur      *batch   // being filled
	stopped  bool
	wg       sync.WaitGroup
	serial   *extract.Scanner // for a text that cannot be cut
}

// newPipeline starts cfg.jobs workers; close stops them.
func newPipeline(cfg config, cnt *counters, emit func(event) bool) *pipeline {
	p := &pipeline{cfg: cfg, cnt: cnt, emit: emit, work: make(chan *batch, cfg.jobs)}
	for range cfg.jobs {
		p.wg.Add(1)
		go p.worker()
	}
	p.cur = p.newBatch()
	return p
}

func newScanner(cfg config) *extract.Scanner {
	return extract.NewScanner(nil, extract.WithEmail(cfg.email), extract.WithWWW(!cfg.noWWW), extract.WithMaxCandidate(cfg.maxLen))
}

func (p *pipeline) worker() {
	defer p.wg.Done()
	sc := newScanner(p.cfg)
	var r bytes.Reader
	for b := range p.work {
		for i := range b.pieces {
			pc := &b.pieces[i]
			if pc.note != "" {
				continue
			}
			r.Reset(b.buf[pc.from:pc.to])
			sc.ResetAt(&r, pc.offset, pc.line)
			scanText(sc, p.cfg, pc.part, func(ev event) bool {
				pc.events = append(pc.events, ev)
				return true
			})
		}
		close(b.done)
	}
}

func (p *pipeline) newBatch() *batch {
	if n := len(p.free); n > 0 {
		b := p.free[n-1]
		p.free = p.free[:n-1]
		return b
	}
	return &batch{buf: make([]byte, 0, batchMax)}
}

// recycle keeps b for reuse, its events and references dropped.
func (p *pipeline) recycle(b *batch) {
	clear(b.pieces) // let the parts and matches go
	b.buf, b.pieces, b.done = b.buf[:0], b.pieces[:0], nil
	p.free = append(p.free, b)
}

// dispatch hands the current batch to the workers and starts a new one
// that holds carry, emitting what finished meanwhile.
func (p *pipeline) dispatch(carry []byte) {
	b := p.cur
	p.cur = p.newBatch()
	p.cur.buf = append(p.cur.buf, carry...)
	if len(b.pieces) == 0 {
		p.recycle(b)
		return
	}
	b.done = make(chan struct{})
	p.inflight = append(p.inflight, b)
	p.work <- b
	for len(p.inflight) > 0 {
		select {
		case <-p.inflight[0].done:
		default:
			if len(p.inflight) <= p.cfg.jobs {
				return
			}
			<-p.inflight[0].done
		}
		p.emitBatch()
	}
}

// emitBatch emits the events of the oldest batch in flight, which is done.
func (p *pipeline) emitBatch() {
	b := p.inflight[0]
	p.inflight = p.inflight[1:]
	for i := range b.pieces {
		pc := &b.pieces[i]
		if p.stopped {
			break
		}
		if pc.note != "" {
			p.stopped = !p.emit(event{note: pc.note})
			continue
		}
		emit := dedupe(pc.seen, p.cnt, p.emit)
		for _, ev := range pc.events {
			if !emit(ev) {
				p.stopped = true
				break
			}
		}
	}
	p.recycle(b)
}

// drain dispatches the current batch and emits every batch in flight.
func (p *pipeline) drain() {
	p.dispatch(nil)
	for len(p.inflight) > 0 {
		<-p.inflight[0].done
		p.emitBatch()
	}
}

func (p *pipeline) note(n string) bool {
	p.cur.pieces = append(p.cur.pieces, piece{note: n})
	return !p.stopped
}

func (p *pipeline) finish() { p.drain() }

// close stops the workers; what is in flight is finished first.
func (p *pipeline) close() {
	close(p.work)
	p.wg.Wait()
}

func (p *pipeline) text(r io.Reader, part *mailbox.Part, seen map[string]bool) (bool, error) {
	var offset int64
	line := 1
	from := len(p.cur.buf) // the current piece is p.cur.buf[from:]
	searched := from       // no blank line ends before this
	empty := 0             // reads in a row that returned nothing
	add := func(to int) {
		p.cur.pieces = append(p.cur.pieces, piece{from: from, to: to, offset: offset, line: line, part: part, seen: seen})
	}
	for !p.stopped {
		// Read up to batchTarget, then on in small steps while no blank
		// line comes: a batch's events live until it is emitted, so
		// batches stay near batchTarget bytes.
		buf := p.cur.buf
		n, err := r.Read(buf[len(buf):min(cap(buf), max(batchTarget, len(buf)+4<<10))])
		buf = buf[:len(buf)+n]
		p.cur.buf = buf
		if n == 0 && err == nil {
			if empty++; empty >= 100 {
				err = io.ErrNoProgress
			}
		} else {
			empty = 0
		}
		if err != nil {
			if len(buf) > from {
				add(len(buf))
			}
			if err == io.EOF {
				err = nil
			}
			if len(buf) >= batchTarget {
				p.dispatch(nil)
			}
			return p.stopped, err
		}
		if len(buf) < batchTarget {
			continue
		}
		// Cut after the last blank line, and hand the batch over.
		if c := extract.Cut(buf[max(from, searched-2):]); c >= 0 {
			cut := max(from, searched-2) + c
			add(cut)
			offset += int64(cut - from)
			line += bytes.Count(buf[from:cut], []byte{'\n'})
			p.dispatch(buf[cut:])
			from, searched = 0, len(p.cur.buf)
			continue
		}
		searched = len(buf)
		if len(buf) < cap(buf) {
			continue
		}
		if from > 0 {
			// The batch is full of earlier texts: send them, and go on
			// with this one in a batch of its own.
			p.dispatch(buf[from:])
			from, searched = 0, len(p.cur.buf)
			continue
		}
		// batchMax bytes without a blank line: scan the rest of this text
		// here, after everything before it. The batch holds no other
		// text, but may hold notes: they go out first, with the drain.
		b := p.cur
		p.cur = p.newBatch()
		p.cur.pieces, b.pieces = b.pieces, p.cur.pieces
		p.drain()
		if p.stopped {
			p.recycle(b)
			return true, nil
		}
		if p.serial == nil {
			p.serial = newScanner(p.cfg)
		}
		p.serial.ResetAt(io.MultiReader(bytes.NewReader(b.buf), r), offset, line)
		stop, err := scanText(p.serial, p.cfg, part, dedupe(seen, p.cnt, p.emit))
		p.stopped = p.stopped || stop
		p.recycle(b)
		return p.stopped, err
	}
	return true, nil
}
