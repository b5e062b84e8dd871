// Package stalltest gives tests a reader of a stream that stalls, as a
// pipe whose writer waits does ("tail -f log"): the extract.StallReader
// the Scanner, linktext and urlgrep's streaming tests read.
package stalltest

import "io"

// Reader gives Chunks one a Read, then io.EOF. An empty chunk is an empty
// read (0, nil): a stall, which Stalled reports, when Stalls is set, else
// a read that says nothing. Before each Read it calls OnRead, when set;
// Reads counts the Reads.
type Reader struct {
	Chunks []string
	Stalls bool
	OnRead func()
	Reads  int

	early bool // the last Read was a stall
}

// Read gives the next chunk.
func (r *Reader) Read(p []byte) (int, error) {
	r.Reads++
	if r.OnRead != nil {
		r.OnRead()
	}
	if len(r.Chunks) == 0 {
		return 0, io.EOF
	}
	c := r.Chunks[0]
	r.Chunks = r.Chunks[1:]
	r.early = c == "" && r.Stalls
	return copy(p, c), nil
}

// Stalled reports whether the last Read was a stall.
func (r *Reader) Stalled() bool { return r.early }
