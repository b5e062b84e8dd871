package search

import (
	"sync/atomic"
	"testing"
	"time"
)

// TestGainWatchEstimate checks the comparison gainBound makes: the
// pipeline's wall time over a window against one stream's estimate, its
// reads and callback time plus the workers' time scaled from the bytes
// they scanned to the bytes read, with a margin of gainFactor each way.
func TestGainWatchEstimate(t *testing.T) {
	defer func(f float64) { gainFactor = f }(gainFactor)
	gainFactor = 1.15
	ms := time.Millisecond
	// One stream: 1 ms reading, 1 ms printing, 2 ms a MB scanning, 2 MB
	// read: 6 ms.
	six := gainWatch{read: ms, emit: ms, busy: 2 * ms, scanned: 1 << 20}
	for _, tc := range []struct {
		name   string
		g      gainWatch
		offset int64
		wall   time.Duration
		want   int
	}{
		{"reading goroutine the slower", six, 2 << 20, 7 * ms, slower},
		{"slower within the margin", six, 2 << 20, 6*ms + 800*time.Microsecond, 0},
		{"as fast", six, 2 << 20, 6 * ms, 0},
		{"faster within the margin", six, 2 << 20, 5*ms + 300*time.Microsecond, 0},
		{"workers the faster", six, 2 << 20, 5 * ms, faster},
		// 1 ms reading, 4 ms for the 2 MB: 5 ms.
		{"window not at 0", gainWatch{at: 10 << 20, read: ms, busy: 4 * ms, scanned: 2 << 20}, 12 << 20, 4 * ms, faster},
		{"nothing emitted yet", gainWatch{read: ms}, 2 << 20, time.Second, 0},
	} {
		if got := tc.g.verdict(tc.offset, tc.wall); got != tc.want {
			t.Errorf("%s: verdict = %v, want %v", tc.name, got, tc.want)
		}
	}
}

// TestGainBoundWindows checks gainBound's windows with a clock the test
// moves: the first window is not judged, a step down needs gainWindows
// slower windows in a row, any other starts the count again, and the
// stretches one stream scans grow four times each step down, up to
// gainMaxStretch, and start again at gainStretch after a window the
// workers won by the margin, not after one within it.
func TestGainBoundWindows(t *testing.T) {
	defer func(c func() time.Duration, w int64, n int, s, m int64, f float64) {
		clock, gainWindow, gainWindows, gainStretch, gainMaxStretch, gainFactor = c, w, n, s, m, f
	}(clock, gainWindow, gainWindows, gainStretch, gainMaxStretch, gainFactor)
	var now time.Duration
	clock = func() time.Duration { return now }
	gainWindow, gainWindows, gainStretch, gainMaxStretch, gainFactor = 100, 2, 10, 100, 1.15
	p := &pipeline{}
	p.gain.reset(0, 0)
	var offset int64
	// window runs one window of 100 bytes: the workers scanned them in
	// 1 ms, and the pipeline took wall.
	window := func(wall time.Duration) bool {
		if p.gainBound(offset + 50) {
			t.Fatal("bound before the window's end")
		}
		p.gain.busy, p.gain.scanned = time.Millisecond, 100
		offset += 100
		now += wall
		return p.gainBound(offset)
	}
	slow, even, fast := 2*time.Millisecond, time.Millisecond, time.Millisecond/2
	steps := []struct {
		wall  time.Duration
		bound bool
	}{
		{slow, false}, // the first window: not judged
		{slow, false}, // one slower window
		{fast, false}, // the count starts again
		{slow, false},
		{even, false}, // and again
		{slow, false},
		{slow, true}, // two in a row
		{slow, false},
		{slow, true},
	}
	for i, st := range steps {
		if got := window(st.wall); got != st.bound {
			t.Fatalf("window %d: gainBound = %v, want %v", i, got, st.bound)
		}
	}
	// stretch returns how many bytes, read one at a time, a stretch's cut
	// passes over before it applies the cut it was given.
	stretch := func() int64 {
		cut := p.gain.cutPast(func([]byte) int { return 0 })
		var n int64
		for cut(make([]byte, 1)) < 0 {
			n++
		}
		return n
	}
	for i, want := range []int64{10, 40, 100, 100} {
		if got := stretch(); got != want {
			t.Errorf("stretch %d: the cut applied after %d bytes, want %d", i, got, want)
		}
	}
	p.gain.resume(offset, now)
	if window(even) {
		t.Fatal("bound on a window within the margin")
	}
	if got := stretch(); got != 100 {
		t.Errorf("after a window within the margin: the cut applied after %d bytes, want 100", got)
	}
	p.gain.resume(offset, now)
	if window(fast) {
		t.Fatal("bound on a window the workers won")
	}
	if got := stretch(); got != 10 {
		t.Errorf("after a window the workers won: the cut applied after %d bytes, want 10", got)
	}
	// After resume the first window is judged.
	p.gain.resume(offset, now)
	window(slow)
	if !window(slow) {
		t.Error("after resume: no bound after two slower windows")
	}
}

// TestJobsGainStretches checks the pipeline's stretches of one stream
// (gainBound): with the pipeline made to look slower than one stream,
// Jobs 3 scans stretches on the caller's goroutine and hands the input
// back to its workers after each, and reports exactly what Jobs 1
// reports; made to look faster, it never does.
func TestJobsGainStretches(t *testing.T) {
	defer func(c func() time.Duration, w int64, f float64, s, m int64, bt, bm int) {
		clock, gainWindow, gainFactor, gainStretch, gainMaxStretch, batchTarget, batchMax = c, w, f, s, m, bt, bm
	}(clock, gainWindow, gainFactor, gainStretch, gainMaxStretch, batchTarget, batchMax)
	var tick atomic.Int64
	clock = func() time.Duration { return time.Duration(tick.Add(1)) }
	// A window holds more than the batches in flight can (2*3+1 of at
	// most batchMax bytes): one with no batch emitted in it gets no
	// verdict, and with 2 KiB windows a loaded machine's workers left so
	// many such that the stretch came too late to end before the input.
	gainWindow, gainStretch, gainMaxStretch = 32<<10, 48<<10, 128<<10
	batchTarget, batchMax = 256, 4<<10
	for _, tc := range []struct {
		name    string
		factor  float64
		stretch bool
	}{{"slower", 0, true}, {"faster", 1e18, false}} {
		gainFactor = tc.factor
		stretched, resumed := map[string]bool{}, map[string]bool{}
		for name, data := range inputs(t) {
			for _, o := range []Options{{}, {Raw: true}, {TextOnly: true, Email: true}, {Raw: true, NoLineNumbers: true}} {
				o.Jobs = 1
				want := render(t, name, data, o)
				o.Jobs = 3
				s, r := gainStretches.Load(), gainResumes.Load()
				got, key := renderWatched(t, name, data, o)
				stretched[key] = stretched[key] || gainStretches.Load() > s
				resumed[key] = resumed[key] || gainResumes.Load() > r
				if got != want {
					t.Fatalf("%s %s %+v: Jobs 3 differs from Jobs 1:\n%s", tc.name, name, o, firstDiff(got, want))
				}
			}
		}
		if !tc.stretch {
			for k, v := range stretched {
				if v {
					t.Errorf("%s: a stretch of one stream on %s", tc.name, k)
				}
			}
			continue
		}
		// The generated mailbox, read as mail and as text, is long enough
		// for windows, stretches, and workers again after them.
		for _, k := range []string{"gen.mbox raw=false", "gen.mbox raw=true", "gen.mbox raw=true file"} {
			if !stretched[k] || !resumed[k] {
				t.Errorf("%s: %s: stretch %v, workers again after it %v", tc.name, k, stretched[k], resumed[k])
			}
		}
	}
}
