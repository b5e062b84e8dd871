package main

import (
	"io"

	"github.com/urlgrep/urlgrep/internal/printer"
)

// showProgress decides whether a progress line is shown: always with
// --progress, never with --no-progress; by default only when standard
// error is a terminal and no input is standard input read from a
// terminal, where it would draw over what the user types.
func showProgress(cfg config, stderr io.Writer, stdin io.Reader, readsStdin bool) bool {
	switch {
	case cfg.progress:
		return true
	case cfg.noProgress || !printer.IsTerminal(stderr):
		return false
	}
	if r, ok := stdin.(io.Writer); ok && printer.IsTerminal(r) && readsStdin {
		return false
	}
	return true
}
