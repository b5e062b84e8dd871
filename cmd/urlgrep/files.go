package main

import (
	"bufio"
	"fmt"
	"io"

	"github.com/urlgrep/urlgrep/internal/printer"
	"github.com/urlgrep/urlgrep/internal/progress"
	"github.com/urlgrep/urlgrep/internal/walk"
	"github.com/urlgrep/urlgrep/search"
)

// scanFiles scans the operands and prints what it finds: errors are
// reported and the next file scanned. With -j N, up to N files are scanned
// at once and their output is printed in operand order.
func scanFiles(names []string, cfg config, stdin io.Reader, stdout io.Writer, out *bufio.Writer, sink *errWriter, stderr io.Writer) int {
	ins, trouble := operands(names, cfg, stderr)
	showFile := (len(names) > 1 || cfg.withFile || cfg.recursive) && !cfg.noFile
	p := printer.New(cfg.printerOptions(), out, stderr, showFile, printer.ColorOn(cfg.color, stdout))
	p.Sink = func() error { return sink.err }
	p.LineBuf = cfg.lineBuf || printer.IsTerminal(stdout)
	var prog search.Progress
	show := showProgress(cfg, stderr, stdin, ins)
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
	if cfg.jobs == 1 || len(ins) == 1 || cfg.unique || cfg.quiet || cfg.lines || hasStdin(ins) {
		for _, in := range ins {
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
		})
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

// hasStdin reports whether standard input is among ins.
func hasStdin(ins []walk.Input) bool {
	for _, in := range ins {
		if in.Path == "" {
			return true
		}
	}
	return false
}

// operands turns the operands into inputs (package walk), telling of each
// problem; trouble reports that there was one. No operand is standard
// input, or with -r the current directory, as grep -r.
func operands(names []string, cfg config, stderr io.Writer) (ins []walk.Input, trouble bool) {
	if len(names) == 0 {
		names = []string{"-"}
		if cfg.recursive {
			names = []string{"."}
		}
	}
	o := walk.Options{Recursive: cfg.recursive, Include: cfg.include, Exclude: cfg.exclude, ExcludeDir: cfg.excludeDir, StdinLabel: cfg.label}
	ins = walk.Operands(names, o, func(err error) {
		if !cfg.noMessages {
			fmt.Fprintf(stderr, "urlgrep: %s\n", walk.ErrorText("", err))
		}
		trouble = true
	})
	return ins, trouble
}
