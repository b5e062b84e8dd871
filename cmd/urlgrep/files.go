package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"iter"
	"slices"

	"github.com/urlgrep/urlgrep/internal/printer"
	"github.com/urlgrep/urlgrep/internal/progress"
	"github.com/urlgrep/urlgrep/internal/walk"
	"github.com/urlgrep/urlgrep/search"
)

// scanFiles scans the operands and prints what it finds: errors are
// reported and the next file scanned. With -j N, up to N files are scanned
// at once and their output is printed in operand order.
func scanFiles(names []string, cfg config, stdin io.Reader, stdout io.Writer, out *bufio.Writer, sink *errWriter, stderr io.Writer) int {
	names = operandNames(names, cfg)
	trouble := false
	problem := func(err error) { trouble = cfg.walkProblem(stderr, err) || trouble }
	// The inputs come as the walk finds them; the first two are looked at
	// first, for whether there is one input only.
	next, stopWalk := iter.Pull(walk.Inputs(names, cfg.walkOptions()))
	defer stopWalk()
	var first []walk.Input
	for range 2 {
		if in, ok := next(); ok {
			first = append(first, in)
		}
	}
	ins := func(yield func(walk.Input) bool) {
		for _, in := range first {
			if !yield(in) {
				return
			}
		}
		for in, ok := next(); ok; in, ok = next() {
			if !yield(in) {
				return
			}
		}
	}
	showFile := (len(names) > 1 || cfg.withFile || cfg.recursive) && !cfg.noFile
	p := printer.New(cfg.printerOptions(), out, stderr, showFile, printer.ColorOn(cfg.color, stdout))
	p.Sink = func() error { return sink.err }
	p.LineBuf = cfg.lineBuf || printer.IsTerminal(stdout)
	var prog search.Progress
	show := showProgress(cfg, stderr, stdin, hasStdin(names))
	stop := progress.Start(stderr, &prog, show)
	defer stop()

	// The search counts for a progress line only when one is shown.
	var counts *search.Progress
	if show {
		counts = &prog
	}
	opts := cfg.searchOptions(counts)
	// -c, -l, -L and -q count URLs and print none: no Match is built
	// where the search needs none (-u remembers each URL's text).
	opts.CountOnly = (cfg.count || cfg.list || cfg.listNone || cfg.quiet) && !cfg.unique
	// Printing URLs as written, with their positions, needs no Match
	// either: the printer reads a borrowed one's Text and positions only.
	opts.TextOnly = !opts.CountOnly && !cfg.json && !cfg.canonical && !cfg.redact && cfg.hyphen == "keep" &&
		!cfg.unwrap && !cfg.unique && !cfg.lines && cfg.context == 0
	scan := func(in walk.Input, opts search.Options, emit func(*search.Event) bool) error {
		var r io.Reader = stdin
		if in.Path != "" {
			f, err := walk.OpenInput(in)
			if err != nil {
				return err
			}
			defer f.Close()
			r = f
		}
		_, err := search.Search(search.Input{Name: in.Label, R: r}, opts, emit)
		return err
	}
	// -u, -q and -A/-B/-C ("--" between files' groups) depend on what the
	// files before printed, so they scan one file at a time (each in
	// pieces on -j goroutines); so does a single input, and standard
	// input, read as it comes. Several files are otherwise scanned side by
	// side, each on one goroutine.
	if cfg.jobs == 1 || len(first) == 1 || cfg.unique || cfg.quiet || cfg.lines || hasStdin(names) {
		for in := range ins {
			if in.Err != nil {
				out.Flush()
				problem(in.Err)
				continue
			}
			p.Begin(in)
			err := scan(in, opts, p.Event)
			if !p.End(in, err) {
				break
			}
		}
	} else {
		one := opts
		one.Jobs = 1
		p.Parallel(ins, cfg.jobs, func(in walk.Input, emit func(*search.Event) bool) error {
			return scan(in, one, emit)
		}, problem)
	}
	switch {
	case p.Err() != nil:
		if p.Err() != sink.err {
			fmt.Fprintf(stderr, "urlgrep: %v\n", p.Err()) // a spool's, not standard output's (run tells that)
		}
		return exitTrouble
	case p.Quit():
		return exitFound
	case trouble || p.Trouble():
		return exitTrouble
	case p.Found():
		return exitFound
	}
	return exitNone
}

// hasStdin reports whether standard input is among the operands.
func hasStdin(names []string) bool {
	return slices.Contains(names, "-")
}

// operandNames returns the operands: standard input when there is none,
// or with -r the current directory, as grep -r.
func operandNames(names []string, cfg config) []string {
	if len(names) == 0 {
		if cfg.recursive {
			return []string{walk.Here}
		}
		return []string{"-"}
	}
	return names
}

// walkProblem tells of err, a problem the walk met (walk.Input.Err), as
// grep does (unless -s), and reports whether it makes the run's exit
// status 2: every one but a recursive directory loop, which grep -R
// warns of only.
func (cfg config) walkProblem(stderr io.Writer, err error) (trouble bool) {
	if !cfg.noMessages {
		fmt.Fprintf(stderr, "urlgrep: %s\n", walk.ErrorText("", err))
	}
	return !errors.Is(err, walk.ErrLoop)
}

// walkOptions are the walk's options that the flags set.
func (cfg config) walkOptions() walk.Options {
	return walk.Options{Recursive: cfg.recursive, Follow: cfg.follow, SkipDirs: cfg.skipDirs, Include: cfg.include, Exclude: cfg.exclude, ExcludeDir: cfg.excludeDir, StdinLabel: cfg.label}
}
