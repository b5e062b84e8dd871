package search

import (
	"bytes"
	"io"
	"sync"
	"unsafe"

	"github.com/urlgrep/urlgrep/extract"
	"github.com/urlgrep/urlgrep/mailbox"
)

// The pieces pipeline (Options.Jobs N > 1, on one input): the caller's
// goroutine reads the input into batches of about batchTarget bytes, each
// cut where nothing found can cross: after a blank line in text
// (extract.Cut), before an mbox "From " line in mail (mailbox.Cut). N
// workers scan the batches, each with a stream of its own started at the
// batch's offset and line, so they find exactly what one stream over the
// whole would; the caller's goroutine emits the batches' events in order,
// renumbering mail messages. At most N+1 batches are in flight and each
// holds at most batchMax bytes: N+2 buffers of batchMax bytes and the
// events of N+1 batches, plus the workers' Scanners. An input with no cut
// in batchMax bytes is scanned from there on on the caller's goroutine,
// after what came before.
var (
	batchTarget = 64 << 10
	batchMax    = 256 << 10
)

// batch is the unit of work of the pipeline: a piece of the input.
type batch struct {
	buf    []byte
	offset int64 // where buf starts in the input
	line   int
	events []Event
	// matches and text hold the workers' copies of borrowed matches and
	// their texts (Options.TextOnly), reused batch after batch.
	matches []extract.Match
	text    []byte
	msgs    int // mail messages the worker read
	urls    int64
	err     error // the worker's scan error (none for in-memory data, but kept)
	drop    int64
	done    chan struct{} // closed when the worker is done with it
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
}

// pieces searches r, whose first bytes say it is mail or text, with
// Options.Jobs workers.
func (s *searcher) pieces(r io.Reader, mail bool, at Start) error {
	p := &pipeline{s: s, mail: mail, cut: extract.Cut, work: make(chan *batch, s.o.Jobs)}
	if mail {
		p.cut = mailbox.Cut
	}
	for range s.o.Jobs {
		p.wg.Add(1)
		go p.worker()
	}
	defer func() {
		close(p.work)
		p.wg.Wait()
		s.msgs = p.msgBase
	}()
	return p.run(r, at)
}

func (p *pipeline) worker() {
	defer p.wg.Done()
	var b *batch
	st := p.s.newStream(func(ev *Event) bool {
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
		b.events = append(b.events, *ev)
		return true
	})
	var r bytes.Reader
	for b = range p.work {
		r.Reset(b.buf)
		st.msgs, st.urls, st.dropped = 0, 0, 0
		if p.mail {
			b.err = st.mail(&r, b.offset, b.line)
		} else {
			b.err = st.text(&r, b.offset, b.line)
		}
		b.msgs, b.urls, b.drop = st.msgs, st.urls, st.dropped
		close(b.done)
	}
}

func (p *pipeline) newBatch(offset int64, line int, carry []byte) *batch {
	var b *batch
	if n := len(p.free); n > 0 {
		b = p.free[n-1]
		p.free = p.free[:n-1]
	} else {
		b = &batch{buf: make([]byte, 0, batchMax)}
	}
	b.buf = append(b.buf[:0], carry...)
	b.offset, b.line = offset, line
	return b
}

// recycle keeps b for reuse, its events and references dropped.
func (p *pipeline) recycle(b *batch) {
	clear(b.events) // let the parts and matches go
	clear(b.matches)
	b.buf, b.events, b.done, b.err = b.buf[:0], b.events[:0], nil, nil
	b.matches, b.text = b.matches[:0], b.text[:0]
	p.free = append(p.free, b)
}

// keep copies s into b's text arena and returns the copy. A string made
// before the arena grew keeps the old array alive, so it stays valid.
func (b *batch) keep(s string) string {
	if len(s) == 0 {
		return ""
	}
	if cap(b.text)-len(b.text) < len(s) {
		b.text = make([]byte, 0, max(2*cap(b.text), len(s), 4096))
	}
	n := len(b.text)
	b.text = append(b.text, s...)
	return unsafe.String(&b.text[n], len(s))
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
			if len(p.inflight) <= p.s.o.Jobs {
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
	for i := range b.events {
		if p.stopped {
			break
		}
		ev := &b.events[i]
		if ev.Kind == PartBegin && ev.Part != nil {
			ev.Part.Message += p.msgBase // the worker counted from its batch
		}
		p.stopped = !p.s.fn(ev)
	}
	p.msgBase += b.msgs
	p.s.urls += b.urls
	p.s.drop += b.drop
	p.recycle(b)
}

// drain emits every batch in flight.
func (p *pipeline) drain() {
	for len(p.inflight) > 0 {
		<-p.inflight[0].done
		if p.stopped {
			p.recycle(p.inflight[0])
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
		// Read up to batchTarget, then on in small steps while no cut
		// comes: a batch's events live until it is emitted, so batches
		// stay near batchTarget bytes.
		buf := cur.buf
		n, err := r.Read(buf[len(buf):min(cap(buf), max(batchTarget, len(buf)+4<<10))])
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
		if len(cur.buf) < batchTarget {
			continue
		}
		from := max(0, searched-8) // a cut point may straddle two reads
		if c := p.cut(cur.buf[from:]); c >= 0 && from+c > 0 {
			c += from
			next := p.newBatch(cur.offset+int64(c), cur.line+bytes.Count(cur.buf[:c], []byte{'\n'}), cur.buf[c:])
			cur.buf = cur.buf[:c]
			p.dispatch(cur)
			cur, searched = next, len(next.buf)
			continue
		}
		searched = len(cur.buf)
		if len(cur.buf) < cap(cur.buf) {
			continue
		}
		// batchMax bytes with no cut: scan the rest here, after
		// everything before it.
		p.drain()
		if p.stopped {
			p.recycle(cur)
			return nil
		}
		err = p.serialRest(cur, r)
		p.recycle(cur)
		return err
	}
	p.drain()
	return nil
}

// serialRest scans what is left of the input, b's bytes then r, on the
// caller's goroutine.
func (p *pipeline) serialRest(b *batch, r io.Reader) error {
	base := p.msgBase
	st := p.s.newStream(func(ev *Event) bool {
		if ev.Kind == PartBegin && ev.Part != nil {
			ev.Part.Message += base
		}
		return p.s.fn(ev)
	})
	rest := io.MultiReader(bytes.NewReader(b.buf), r)
	var err error
	if p.mail {
		err = st.mail(rest, b.offset, b.line)
	} else {
		err = st.text(rest, b.offset, b.line)
	}
	p.msgBase += st.msgs
	p.s.urls += st.urls
	p.s.drop += st.dropped
	p.stopped = p.stopped || st.stopped
	return err
}
