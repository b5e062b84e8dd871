package main

import (
	"errors"
	"fmt"
	"io"

	tea "charm.land/bubbletea/v2"

	"github.com/urlgrep/urlgrep/internal/pick"
	"github.com/urlgrep/urlgrep/internal/walk"
)

// pickURLs runs --pick: it reads the inputs (mail can come on standard
// input), then shows the list on the terminal, reading keys from it
// (/dev/tty), not from standard input.
func pickURLs(names []string, cfg config, stdin io.Reader, stderr io.Writer) int {
	trouble := false
	ins := func(yield func(walk.Input) bool) {
		for in := range walk.Inputs(operandNames(names, cfg), cfg.walkOptions()) {
			if in.Err != nil {
				trouble = cfg.walkProblem(stderr, in.Err) || trouble
				continue
			}
			if !yield(in) {
				return
			}
		}
	}
	opts := cfg.searchOptions(nil)
	items, bad := pick.Collect(ins, opts, stdin, func(label string, err error) {
		fmt.Fprintf(stderr, "urlgrep: %s\n", walk.ErrorText(label, err))
	}, func(note string) { fmt.Fprintf(stderr, "urlgrep: %s\n", note) })
	if len(items) == 0 {
		if trouble || bad {
			return exitTrouble
		}
		fmt.Fprintln(stderr, "urlgrep: no URL to pick")
		return exitNone
	}
	in, out, err := tea.OpenTTY()
	if err != nil {
		fmt.Fprintf(stderr, "urlgrep: --pick needs a terminal: %v\n", err)
		return exitTrouble
	}
	defer in.Close()
	defer out.Close()
	if err := pick.Run(items, pick.Command(cfg.openCmd), in, out); err != nil && !errors.Is(err, tea.ErrProgramKilled) {
		fmt.Fprintf(stderr, "urlgrep: --pick: %v\n", err)
		return exitTrouble
	}
	if trouble || bad {
		return exitTrouble
	}
	return exitFound
}
