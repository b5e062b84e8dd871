package search

import (
	"io"
	"time"
)

// StallAfter is how long a read of a streaming input (a pipe, a terminal)
// may wait before the search reports a [Stall] event: the input has
// stopped for now, and what was found so far should be shown.
const StallAfter = 50 * time.Millisecond

// stallReader reads a streaming input on a goroutine of its own, so that
// a read that waits longer than StallAfter can be noticed: onStall is
// then called, once per read, on the goroutine that called Read, while
// the read goes on. Each Read hands its buffer to the goroutine and waits
// for the answer, so no data is copied and nothing is read ahead.
type stallReader struct {
	req     chan []byte
	res     chan readResult
	timer   *time.Timer
	onStall func()
	dead    bool // the goroutine has stopped: an error was returned
}

type readResult struct {
	n   int
	err error
}

func newStallReader(r io.Reader, onStall func()) *stallReader {
	s := &stallReader{req: make(chan []byte), res: make(chan readResult, 1), onStall: onStall}
	go func() {
		for p := range s.req {
			n, err := r.Read(p)
			s.res <- readResult{n, err}
			if err != nil {
				return
			}
		}
	}()
	return s
}

func (s *stallReader) Read(p []byte) (int, error) {
	if s.dead {
		return 0, io.EOF
	}
	s.req <- p
	if s.timer == nil {
		s.timer = time.NewTimer(StallAfter)
	} else {
		s.timer.Reset(StallAfter)
	}
	var r readResult
	select {
	case r = <-s.res:
		s.timer.Stop()
	case <-s.timer.C:
		s.onStall()
		r = <-s.res
	}
	if r.err != nil {
		s.dead = true
		close(s.req)
	}
	return r.n, r.err
}

// close lets the goroutine end. One blocked in a read of its own ends
// when that read returns; it then touches nothing of the search's.
func (s *stallReader) close() {
	if !s.dead {
		s.dead = true
		close(s.req)
	}
}
