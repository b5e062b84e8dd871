package main

import (
	"bytes"
	"errors"
	"strings"
	"testing"
)

// fullWriter fails every write, as /dev/full does.
type fullWriter struct{}

func (fullWriter) Write([]byte) (int, error) { return 0, errors.New("no space left on device") }

// endless is "yes http://a.example/": it never ends, and counts what was
// read from it.
type endless struct{ n int64 }

func (e *endless) Read(p []byte) (int, error) {
	line := "http://a.example/\n"
	for i := range p {
		p[i] = line[(e.n+int64(i))%int64(len(line))]
	}
	e.n += int64(len(p))
	return len(p), nil
}

// TestWriteError checks that a failed write stops urlgrep at once (an
// endless input is not read to its end), is told once, and exits 2, with
// every output form and for --help.
func TestWriteError(t *testing.T) {
	for _, args := range [][]string{nil, {"--json"}, {"-n", "--context"}, {"-j", "1"}, {"--help"}} {
		in := &endless{}
		var errb bytes.Buffer
		code := run(args, in, fullWriter{}, &errb)
		if code != exitTrouble {
			t.Errorf("%q: exit %d, want %d", args, code, exitTrouble)
		}
		if got := errb.String(); strings.Count(got, "\n") != 1 || !strings.Contains(got, "urlgrep: write error: no space left on device") {
			t.Errorf("%q: stderr %q, want one write error", args, got)
		}
		if in.n > 64<<20 {
			t.Errorf("%q: read %d bytes after the first failed write", args, in.n)
		}
	}
}
