package search

import (
	"io"
	"time"
)

// StallAfter is how long a read of a streaming input (a pipe, a terminal)
// may wait before the search treats the input as stalled: what was read
// so far is scanned, a URL that ends a line decided without the next line
// (extract.StallReader; in mail, mailbox.StallWait), and a [Stall] event
// says to show what was found, so that "tail -f log | urlgrep" prints
// each URL as it comes.
const StallAfter = 50 * time.Millisecond

// stallReader reads a streaming input on a goroutine of its own, into a
// buffer of its own (stallBuf bytes), so that a read that waits longer
// than StallAfter can be noticed. The first Read that waits that long
// returns no bytes and no error, which tells the extract.Scanner to scan
// what it holds instead of reading on; the next Read calls onStall, on the
// caller's goroutine, when it finds no data either, and then waits for
// the data. Only one read of the input is in flight at a time.
type stallReader struct {
	req     chan struct{}
	res     chan readResult
	buf     []byte // filled by the goroutine; rest is what is not yet returned
	rest    []byte
	timer   *time.Timer
	onStall func()

	pending bool // a read is in flight
	early   bool // the last Read returned early: the next one calls onStall
	err     error
	closed  bool
}

const stallBuf = 32 << 10

type readResult struct {
	n   int
	err error
}

func newStallReader(r io.Reader, onStall func()) *stallReader {
	s := &stallReader{req: make(chan struct{}), res: make(chan readResult, 1), buf: make([]byte, stallBuf), onStall: onStall}
	go func() {
		for range s.req {
			n, err := r.Read(s.buf)
			s.res <- readResult{n, err}
			if err != nil {
				return
			}
		}
	}()
	return s
}

// Read returns the input's next bytes, or none and no error once when
// the input stalls (see stallReader).
func (s *stallReader) Read(p []byte) (int, error) {
	if len(s.rest) == 0 && s.err == nil {
		if s.early {
			// The caller has scanned what it had: say so, and wait.
			s.request()
			var r readResult
			select {
			case r = <-s.res:
			default:
				s.onStall()
				r = <-s.res
			}
			s.take(r)
		} else if s.wait() {
			return 0, nil // stalled: no bytes, once
		}
	}
	if len(s.rest) == 0 {
		return 0, s.err
	}
	n := copy(p, s.rest)
	s.rest = s.rest[n:]
	return n, nil
}

// Stalled reports whether the last Read returned early, the input having
// stalled.
func (s *stallReader) Stalled() bool { return s.early }

// wait waits up to StallAfter for more input, which the next Read
// returns, and reports whether none came: the input has stalled (then
// the next Read, as after one that returned early, tells the stall and
// waits). Read waits so, and it is mailbox.StallWait's wait for mail
// read from a stream.
func (s *stallReader) wait() bool {
	if len(s.rest) > 0 || s.err != nil {
		return false
	}
	if s.early {
		return true
	}
	s.request()
	if s.timer == nil {
		s.timer = time.NewTimer(StallAfter)
	} else {
		s.timer.Reset(StallAfter)
	}
	select {
	case r := <-s.res:
		s.timer.Stop()
		s.take(r)
		return false
	case <-s.timer.C:
		s.early = true
		return true
	}
}

// request asks the goroutine for a read of the input, unless one is in
// flight.
func (s *stallReader) request() {
	if !s.pending {
		s.req <- struct{}{}
		s.pending = true
	}
}

// take takes the result of the read in flight: its bytes are what the
// next Reads return, its error the input's.
func (s *stallReader) take(r readResult) {
	s.pending, s.early = false, false
	if r.err != nil {
		s.err = r.err
		s.close()
	}
	s.rest = s.buf[:r.n]
}

// stalling is a reader of a stalling input (a bufio.Reader of it) that
// reports its stalls, so that the extract.Scanner reading it decides a
// URL at the end of a line at a stall (extract.StallReader).
type stalling struct {
	io.Reader
	in *stallReader
}

// Stalled reports whether the input stalled at the last read of it.
func (s stalling) Stalled() bool { return s.in.Stalled() }

// close lets the goroutine end. One blocked in a read of the input ends
// when that read returns, and then touches nothing but its own buffer.
func (s *stallReader) close() {
	if !s.closed {
		s.closed = true
		close(s.req)
	}
}
