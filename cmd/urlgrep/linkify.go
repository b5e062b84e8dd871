package main

import (
	"bufio"
	"fmt"
	"io"

	"github.com/urlgrep/urlgrep/internal/printer"
	"github.com/urlgrep/urlgrep/internal/render"
	"github.com/urlgrep/urlgrep/internal/walk"
	"github.com/urlgrep/urlgrep/linkify"
	"github.com/urlgrep/urlgrep/search"
)

// linkifyFiles renders each input as HTML with its URLs linked (package
// render): --linkify (markdown) or --linkify=text. --scheme sets the
// schemes linked, --email and --no-www what is found. Exit 0, or 2 when
// an input could not be read.
func linkifyFiles(names []string, cfg config, stdin io.Reader, out io.Writer, stderr io.Writer) int {
	opts := []linkify.Option{linkify.WithEmail(cfg.email), linkify.WithWWW(!cfg.noWWW), linkify.WithMaxLength(cfg.maxLen)}
	if len(cfg.schemes) > 0 {
		opts = append(opts, linkify.WithSchemes(cfg.schemes...))
	}
	rd := render.New(cfg.linkify == "text", cfg.redact, opts...)
	sopts := cfg.searchOptions(nil)
	// A binary or compressed file found in a directory is told of with
	// the others, at the end, as the search's output tells of them.
	var skipped printer.Skipped
	found := false // the input was found in a directory (walk.Input.Found)
	note := func(ev *search.Event) {
		if !skipped.Count(ev, found) && !cfg.noMessages {
			fmt.Fprintf(stderr, "urlgrep: %s\n", ev.Note)
		}
	}
	code := exitFound
	for in := range walk.Inputs(operandNames(names, cfg), cfg.walkOptions()) {
		if in.Err != nil {
			if cfg.walkProblem(stderr, in.Err) {
				code = exitTrouble
			}
			continue
		}
		r, done, err := in.Reader(stdin)
		if err != nil {
			if !cfg.noMessages {
				fmt.Fprintf(stderr, "urlgrep: %s\n", walk.ErrorText(in.Label, err))
			}
			code = exitTrouble
			continue
		}
		found = in.Found
		err = rd.Input(out, search.Input{Name: in.Label, R: r}, sopts, note)
		done()
		if err != nil {
			fmt.Fprintf(stderr, "urlgrep: %s\n", walk.ErrorText(in.Label, err))
			code = exitTrouble
		}
	}
	if !cfg.noMessages {
		if bw, ok := out.(*bufio.Writer); ok {
			bw.Flush() // the pages before the note, as the search's output
		}
		skipped.Tell(stderr)
	}
	return code
}
