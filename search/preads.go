package search

import (
	"io"
	"io/fs"
	"math"
	"sync/atomic"
)

// The pieces pipeline over a regular file (runAt). Where the caller's
// goroutine reads every batch (run), its copy of the input out of the page
// cache is work no worker shares: on two cores, text read raw spent 29% of
// its time in read system calls, and the pipeline took 0.17-0.22 s over
// 537 MB of RFCs and documentation where its CPU time, split evenly, came
// to 0.13-0.17 s. Over a file it can read at any offset, the caller's
// goroutine reads only the bytes it looks for a cut point in (a few KiB a
// batch: nextCut), and each worker reads its batch's bytes itself
// (pipeline.fill), at the same time as the others. The batches, their
// cuts and their events are what run makes of the same bytes, but for
// where the cut falls among a batch's blank lines, which changes no answer
// (extract.Cut); the bounds are run's.
//
// Only text whose lines are not counted is so read: a batch's first line
// is known once every byte before it is counted, which is the copy this
// saves.

// preadMin is the smallest file the workers read themselves: a smaller one
// is a few batches, most of it in the 64 KiB the input's buffer has read
// already, which the workers would read again.
var preadMin int64 = 1 << 20

// Where nextCut looks for a cut point: in the preadFirst bytes before a
// batch's target end first (prose has a blank line every few lines), then
// back to its start preadBack bytes at a time, then on past the target in
// reads of growing size; each read holds preadOverlap bytes of the one
// before, for a blank line across the two.
const (
	preadFirst   = 4 << 10
	preadBack    = 32 << 10
	preadOverlap = 1 << 10
)

// preadSearches counts the searches whose workers read their batches
// themselves, for tests.
var preadSearches atomic.Int64

// preadInput returns the input r as an io.ReaderAt whose offset 0 is the
// input's first byte, when it is a regular file of at least preadMin bytes
// read from its start: under is the searcher's reader of r (nil when r is
// decoded), back the bytes its buffer holds.
func preadInput(r, under io.Reader, back int) (io.ReaderAt, bool) {
	st, ok := r.(interface{ Stat() (fs.FileInfo, error) })
	if !ok {
		return nil, false
	}
	fi, err := st.Stat()
	if err != nil || !fi.Mode().IsRegular() || fi.Size() < preadMin {
		return nil, false
	}
	return inputAt(r, under, back)
}

// runAt is run over ra, the input from its start, whose batches the
// workers read themselves: the caller's goroutine finds each batch's end
// (nextCut), hands it on, and emits the batches' events in order; a
// stretch with no cut point for batchMax bytes, or one that the watches
// give to one stream (gainBound, collectorBound), it scans itself, reading
// ra from there.
func (p *pipeline) runAt(ra io.ReaderAt, at Start) error {
	preadSearches.Add(1)
	p.ra = ra
	if p.win == nil {
		p.win = make([]byte, preadBack+preadOverlap)
	}
	off := at.Offset
	for !p.stopped {
		t := clock()
		end, eof, err := p.nextCut(off)
		p.gain.read += clock() - t
		if err != nil {
			p.drain()
			return p.firstErr(err)
		}
		if end < 0 {
			// batchMax bytes with no cut: scan on here, after everything
			// before it, up to the next cut, then go on in batches.
			if off, err = p.serialAt(off, p.cut); err != nil || off < 0 {
				return p.firstErr(err)
			}
			continue
		}
		if end > off {
			b := p.newBatch(off, at.Line, nil)
			b.end = end
			p.dispatch(b)
		}
		if off = end; eof {
			break
		}
		if p.gainBound(off) {
			// One stream is faster here (gainBound).
			gainStretches.Add(1)
			if off, err = p.serialAt(off, p.gain.cutPast(p.cut)); err != nil || off < 0 {
				return p.firstErr(err)
			}
			gainResumes.Add(1)
			p.gain.resume(off, clock())
			continue
		}
		if p.collectorBound(off) {
			p.drain()
			p.stopWorkers()
			p.inflight = nil
			stepDowns.Add(1)
			_, err := p.serialAt(off, nil)
			return p.firstErr(err)
		}
	}
	p.drain()
	return p.err
}

// firstErr returns the first read error a worker met, or else err.
func (p *pipeline) firstErr(err error) error {
	if p.err != nil {
		return p.err
	}
	return err
}

// serialAt scans ra from off on the caller's goroutine, once the batches
// in flight are emitted, up to the first cut point that cut finds (to the
// end with a nil cut: serialTo), and returns where the batches go on, or
// -1 at the end of the input or when the search stopped.
func (p *pipeline) serialAt(off int64, cut func([]byte) int) (int64, error) {
	cur := p.newBatch(off, 1, nil) // lines are not counted here: every batch's first is 1
	sr := &sectionCounter{r: io.NewSectionReader(p.ra, off, math.MaxInt64-off)}
	next, err := p.scanHere(cur, sr, cut)
	if next == nil {
		p.readTo(off + sr.n)
		return -1, err
	}
	defer p.recycle(next)
	p.readTo(next.offset)
	return next.offset, err
}

// sectionCounter counts the bytes read from r.
type sectionCounter struct {
	r io.Reader
	n int64
}

func (c *sectionCounter) Read(b []byte) (int, error) {
	n, err := c.r.Read(b)
	c.n += int64(n)
	return n, err
}

// readTo counts the input as read up to offset to (Stats.Bytes,
// Options.Progress), where its buffer's reads left off counting.
func (p *pipeline) readTo(to int64) {
	if d := to - p.s.read; d > 0 {
		p.s.read = to
		if p.s.o.Progress != nil {
			p.s.o.Progress.Bytes.Add(d)
		}
	}
}

// nextCut returns the end of the batch that starts at off: a cut point
// after off, at most batchMax bytes after it, near p.target bytes after
// it when the text has one there; or the end of the input (eof true); or
// -1 when no cut point comes within batchMax bytes. It reads the bytes it
// looks in from p.ra, into p.win.
func (p *pipeline) nextCut(off int64) (end int64, eof bool, err error) {
	target := off + int64(p.target)
	// Back from the target end.
	for hi := target; hi > off; {
		size := int64(preadBack)
		if hi == target {
			size = preadFirst
		}
		lo := max(off, hi-size)
		if end, found, eof, err := p.cutIn(off, lo, min(target, hi+preadOverlap)); found || eof {
			return end, eof, err
		}
		hi = lo
	}
	// On past it, in reads that double.
	step := int64(preadFirst)
	for pos := target; pos < off+int64(batchMax); step = min(2*step, preadBack) {
		hi := min(off+int64(batchMax), pos+step)
		if end, found, eof, err := p.cutIn(off, max(off, pos-preadOverlap), hi); found || eof {
			return end, eof, err
		}
		pos = hi
	}
	return -1, false, nil
}

// cutIn reads the input from lo to hi into p.win and looks for a cut point
// there after off: found, it returns it; at the end of the input (eof),
// it returns that end, and the read's error if it was not io.EOF.
func (p *pipeline) cutIn(off, lo, hi int64) (end int64, found, eof bool, err error) {
	n, err := p.ra.ReadAt(p.win[:hi-lo], lo)
	if err != nil {
		if err == io.EOF {
			err = nil
		}
		return lo + int64(n), false, true, err
	}
	if c := p.cut(p.win[:n]); c > 0 && lo+int64(c) > off {
		return lo + int64(c), true, false, nil
	}
	return 0, false, false, nil
}

// fill reads b's bytes, from b.offset to b.end, into b.buf: fewer where the
// input ends before b.end (a file cut short since).
func (p *pipeline) fill(b *batch) error {
	n := int(b.end - b.offset)
	if cap(b.buf) < n {
		b.buf = make([]byte, 0, max(n, batchMax))
	}
	k, err := p.ra.ReadAt(b.buf[:n], b.offset)
	if err == io.EOF {
		err = nil
	}
	if err != nil {
		k = 0
	}
	b.buf = b.buf[:k]
	return err
}
