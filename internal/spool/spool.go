// Package spool holds output that cannot be written yet: the output of a
// file scanned ahead of its turn, kept in memory up to a limit and in an
// unlinked temporary file past it, so that memory stays bounded however
// much is held.
package spool

import (
	"bytes"
	"io"
	"iter"
	"os"
	"sync"
)

// New returns a Spool that holds up to limit bytes in memory.
func New(limit int) *Spool { return &Spool{limit: limit} }

// Spool keeps what is written to it, the first limit bytes in memory and
// the rest in a temporary file, unlinked as soon as it is made, until
// [Spool.Through] makes it pass writes on. It is safe for concurrent use.
type Spool struct {
	mu     sync.Mutex
	limit  int
	mem    bytes.Buffer
	f      *os.File
	direct io.Writer // set by Through: write here
}

// Through writes what the spool holds to w, and sends later writes
// straight to w.
func (s *Spool) Through(w io.Writer) (int64, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	n, err := s.drain(w)
	s.direct = w
	return n, err
}

// Write keeps b, or writes it through after [Spool.Through].
func (s *Spool) Write(b []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.direct != nil {
		return s.direct.Write(b)
	}
	if s.f == nil && s.mem.Len()+len(b) > s.limit {
		if f, err := os.CreateTemp("", "urlgrep-*"); err == nil {
			os.Remove(f.Name())
			s.f = f
		}
	}
	if s.f == nil {
		return s.mem.Write(b) // no temporary file to be had: memory it is
	}
	return s.f.Write(b)
}

// WriteTo writes what the spool still holds to w.
func (s *Spool) WriteTo(w io.Writer) (int64, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.drain(w)
}

// drain writes what the spool holds to w and releases it.
func (s *Spool) drain(w io.Writer) (int64, error) {
	n, err := s.mem.WriteTo(w)
	if s.f == nil || err != nil {
		return n, err
	}
	f := s.f
	s.f = nil
	defer f.Close()
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		return n, err
	}
	m, err := io.Copy(w, f)
	return n + m, err
}

// ahead is how many tasks a goroutine of Ordered's may have under way.
const ahead = 4

// Ordered runs task(t, w) for every t of tasks, on jobs goroutines, each
// task writing to a Spool of its own, and copies what they wrote to out in
// the order of tasks: the first task not yet copied writes straight
// through, the others spool until their turn. Up to ahead times jobs
// tasks are under way (done or running), so that a long task at the head
// does not leave the goroutines idle; each spool holds limit/ahead bytes
// in memory, so that memory stays bounded (about limit a job) however
// much a task writes. tasks is ranged over on a goroutine of its own, as
// far ahead as the tasks under way allow (a walk of a directory tree goes
// on while its first files are read), and not once Ordered has returned.
// When task t is done and copied, done(t) is called on the caller's
// goroutine; done returning false stops the run (tasks under way finish,
// none starts, and the range over tasks ends). Ordered returns the first
// error writing to out.
func Ordered[T any](tasks iter.Seq[T], jobs, limit int, out io.Writer, task func(t T, w io.Writer), done func(t T) bool) error {
	// A task's spool and its end are made when it starts, and let go when
	// it is copied: memory holds the tasks under way, not all of them (a
	// maildir's 100,000 files kept 100,000 spools and the buffers they had
	// grown, to the end of the run). The tasks run on jobs goroutines made
	// once: a goroutine a task grew a new stack for each of a maildir's
	// small files (8% of the run).
	type started struct {
		t        T
		spool    *Spool
		finished chan struct{}
	}
	jobs = max(jobs, 1)
	slots := make(chan struct{}, ahead*jobs)
	running := make(chan started, ahead*jobs) // in the order of tasks
	work := make(chan started, ahead*jobs)
	quit := make(chan struct{})
	fed := make(chan struct{}) // closed when the range over tasks is over
	defer func() {
		close(quit)
		<-fed // no task is ranged over once Ordered has returned
	}()
	for range jobs {
		go func() {
			for t := range work {
				task(t.t, t.spool)
				close(t.finished)
			}
		}()
	}
	go func() {
		defer close(fed)
		defer close(running)
		defer close(work)
		for t := range tasks {
			select {
			case slots <- struct{}{}:
			case <-quit:
				return
			}
			s := started{t, New(max(limit/ahead, 1)), make(chan struct{})}
			running <- s // neither blocks: at most ahead*jobs are under way
			work <- s
		}
	}()
	for t := range running {
		// Task t is next: what it spooled so far is copied, and from now
		// on it writes straight through, until it is done.
		if _, err := t.spool.Through(out); err != nil {
			return err
		}
		<-t.finished
		if _, err := t.spool.WriteTo(out); err != nil {
			return err
		}
		if !done(t.t) {
			return nil
		}
		<-slots
	}
	return nil
}
