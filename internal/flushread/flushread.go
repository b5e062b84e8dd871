// Package flushread gives a reader that writes out a buffered writer
// before each read of its input: output made of what was read goes out
// before the input is waited for, which on a pipe ("tail -f log") may be
// minutes, not when the buffer fills or the input ends. urlgrep's
// --parse and package linktext read their input through one.
package flushread

import (
	"bufio"
	"io"

	"github.com/urlgrep/urlgrep/extract"
)

// Reader reads R, flushing W before each read. A write error stays with
// W (a bufio.Writer keeps it), and fails the next write to W. A read is
// at most one flush: reading in blocks, as bufio and extract.Scanner do,
// costs a flush a block.
type Reader struct {
	R io.Reader
	W *bufio.Writer
}

// Read flushes W, then reads R.
func (f Reader) Read(p []byte) (int, error) {
	_ = f.W.Flush()
	return f.R.Read(p)
}

// Stalled passes on R's stalls, when R is an extract.StallReader: a
// Scanner reading f then decides a URL that ends a line at a stall.
func (f Reader) Stalled() bool {
	s, ok := f.R.(extract.StallReader)
	return ok && s.Stalled()
}
