package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/urlgrep/urlgrep/internal/pick"
	"github.com/urlgrep/urlgrep/internal/walk"
	"github.com/urlgrep/urlgrep/search"
)

// collect reads the inputs through package search, as the scan does, and
// returns their URLs once each, in input order, with the line each was
// first found in and its message's Subject.
func collect(ins []walk.Input, cfg config, stdin io.Reader, stderr io.Writer) ([]pick.Item, bool) {
	opts := cfg.searchOptions(nil)
	opts.Context = true
	seen := map[string]bool{}
	var items []pick.Item
	trouble := false
	vis := printer{}
	for _, in := range ins {
		var r io.Reader = stdin
		if in.Path != "" {
			f, err := os.Open(in.Path)
			if err != nil {
				fmt.Fprintf(stderr, "urlgrep: %s\n", fileError(in.Label, err))
				trouble = true
				continue
			}
			r = f
		}
		_, err := search.Search(search.Input{Name: in.Label, R: r}, opts, func(ev *search.Event) bool {
			switch ev.Kind {
			case search.Note:
				fmt.Fprintf(stderr, "urlgrep: %s\n", ev.Note)
			case search.URL:
				u := schemePrefix(ev.Match) + ev.Match.Text
				if seen[u] {
					return true
				}
				seen[u] = true
				it := pick.Item{URL: u, Where: in.Label}
				if ev.Part != nil && ev.Part.Subject != "" {
					it.Where = ev.Part.Subject
				}
				if c := ev.Context; c != nil {
					it.Context = strings.Join(strings.Fields(vis.visible(bytes.ReplaceAll(c.Text, []byte{'\n'}, []byte{' '}), nil, false)), " ")
				}
				items = append(items, it)
			}
			return true
		})
		if c, ok := r.(io.Closer); ok && in.Path != "" {
			c.Close()
		}
		if err != nil {
			fmt.Fprintf(stderr, "urlgrep: %s\n", fileError(in.Label, err))
			trouble = true
		}
	}
	return items, trouble
}

// pickURLs runs --pick: it reads the inputs (mail can come on standard
// input), then shows the list on the terminal, reading keys from it
// (/dev/tty), not from standard input.
func pickURLs(names []string, cfg config, stdin io.Reader, stderr io.Writer) int {
	ins, trouble := operands(names, cfg, stderr)
	items, bad := collect(ins, cfg, stdin, stderr)
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
