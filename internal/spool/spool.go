// Package spool holds output that cannot be written yet: the output of a
// file scanned ahead of its turn, kept in memory up to a limit and in an
// unlinked temporary file past it, so that memory stays bounded however
// much is held.
package spool

import (
	"bytes"
	"io"
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
