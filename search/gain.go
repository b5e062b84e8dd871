package search

import "time"

// The pipeline's gain watch. Workers pay only where scanning a byte costs
// more than the caller's goroutine pays to read it, cut the batches and
// count their lines. On a mailbox whose bytes are mostly attachments the
// workers pass the base64 at memory speed, and the reading goroutine,
// cutting batches out of 100 KB stretches with no cut point in them, is
// the slower: two workers took twice one stream's time (--raw over 200 MB
// of such mail, 0.11 s against 0.05 s).
//
// So the pipeline times itself: over each gainWindow bytes read, the wall
// time it took against what one stream would have taken for the same
// bytes, estimated from what it measured (the reads, the callback's time
// on the emitted events, and the workers' time on their batches, scaled
// to the bytes read). When the pipeline was slower by more than
// gainFactor over gainWindows windows in a row (the first, which pays the
// workers' start, is not judged), one stream on the caller's goroutine
// scans the next gainStretch bytes, as Jobs 1 scans them, up to the next
// cut point past them; then the workers are tried again. A text's shape
// changes along it (the sparse prose of /usr/share/doc's first files,
// where two workers lose, then denser text, where they win), so this step
// down is not for good, as the collector's is (collectorBound). Each
// stretch is four times the last, up to gainMaxStretch, until a window the
// workers win by more than gainFactor: where one stream is faster
// throughout, the workers are tried on a small share of the input. The
// events are the same either way; only the speed differs.
//
// The estimate leans towards the pipeline: a worker's time is wall time,
// which counts the moments it waited for a CPU or for the collector, so
// one stream's time is overestimated with more workers than CPUs, and
// where the pipeline's own memory keeps the collector busy (a mailing
// list's archive under urlgrep's memory limit, 1.1 times slower with two
// workers). There collectorBound decides.
var (
	gainWindow     int64   = 4 << 20
	gainWindows            = 2
	gainFactor     float64 = 1.15 // the pipeline is slower when wall > gainFactor * one stream's estimate
	gainStretch    int64   = 16 << 20
	gainMaxStretch int64   = 1 << 30
)

// clock returns the time since an arbitrary instant, monotonic; a test
// replaces it.
var clock = func() time.Duration { return time.Since(clockBase) }

var clockBase = time.Now()

// gainWatch is what a pipeline measured in the current window.
type gainWatch struct {
	at      int64         // input offset where the window began
	start   time.Duration // clock at its start
	read    time.Duration // in the input's Read calls
	emit    time.Duration // in the callback, on emitted events
	busy    time.Duration // the workers' time on the batches emitted
	scanned int64         // the bytes of those batches
	windows int           // windows judged so far (the first is not)
	slower  int           // windows in a row in which the pipeline was slower
	stretch int64         // the next stretch one stream scans (0: gainStretch)
}

// reset starts a window at offset.
func (g *gainWatch) reset(offset int64, now time.Duration) {
	*g = gainWatch{at: offset, start: now, windows: g.windows, slower: g.slower, stretch: g.stretch}
}

// resume starts a window at offset, where the workers take over again
// after one stream's stretch: running already, they are judged from this
// window on.
func (g *gainWatch) resume(offset int64, now time.Duration) {
	g.windows, g.slower = 1, 0
	g.reset(offset, now)
}

// cutPast returns the cut function of one stream's next stretch: cut,
// once the stretch's bytes have been read; and makes the stretch after it
// four times as long.
func (g *gainWatch) cutPast(cut func([]byte) int) func([]byte) int {
	if g.stretch == 0 {
		g.stretch = gainStretch
	}
	left := g.stretch
	g.stretch = min(4*g.stretch, gainMaxStretch)
	return func(b []byte) int {
		if left > 0 {
			left -= int64(len(b)) // a read's bytes (cutReader)
			return -1
		}
		return cut(b)
	}
}

// verdict compares the pipeline, which read the bytes from g.at to offset
// in wall time, with one stream's estimate for them: slower when it took
// more than gainFactor times that, faster when it took less than that
// divided by gainFactor, and 0 in between (or with nothing emitted yet to
// compare).
func (g *gainWatch) verdict(offset int64, wall time.Duration) int {
	if g.scanned <= 0 {
		return 0
	}
	scan := float64(g.busy) * float64(offset-g.at) / float64(g.scanned)
	one := float64(g.read+g.emit) + scan
	switch {
	case float64(wall) > gainFactor*one:
		return slower
	case float64(wall)*gainFactor < one:
		return faster
	}
	return 0
}

// The verdicts of a window.
const (
	slower = 1
	faster = -1
)

// gainBound reports, once a window of input has passed by offset,
// whether the pipeline was slower than one stream over the last
// gainWindows windows, and starts the next window.
func (p *pipeline) gainBound(offset int64) bool {
	g := &p.gain
	if offset-g.at < gainWindow {
		return false
	}
	now := clock()
	if g.windows++; g.windows > 1 {
		switch g.verdict(offset, now-g.start) {
		case slower:
			g.slower++
		case faster:
			g.slower, g.stretch = 0, 0
		default:
			g.slower = 0
		}
	}
	g.reset(offset, now)
	if g.slower < gainWindows {
		return false
	}
	g.slower = 0
	return true
}
