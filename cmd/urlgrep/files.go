package main

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strings"

	"github.com/urlgrep/urlgrep/internal/progress"
	"github.com/urlgrep/urlgrep/internal/spool"
	"github.com/urlgrep/urlgrep/internal/walk"
	"github.com/urlgrep/urlgrep/search"
)

// scanFiles scans the operands and prints what it finds: errors are
// reported and the next file scanned. With -j N, up to N files are scanned
// at once and their output is printed in operand order.
func scanFiles(names []string, cfg config, stdin io.Reader, stdout io.Writer, out *bufio.Writer, sink *errWriter, stderr io.Writer) int {
	ins, trouble := operands(names, cfg, stderr)
	showFile := (len(names) > 1 || cfg.withFile || cfg.recursive) && !cfg.noFile
	p := newPrinter(cfg, out, stderr, showFile, colorOn(cfg.color, stdout))
	p.sink = sink
	p.lineBuf = cfg.lineBuf || isTerminal(stdout)
	var prog search.Progress
	stop := progress.Start(stderr, &prog, showProgress(cfg, stderr, stdin, ins))
	defer stop()

	opts := cfg.searchOptions(&prog)
	scan := func(in walk.Input, opts search.Options, emit func(*search.Event) bool) error {
		var r io.Reader = stdin
		if in.Path != "" {
			f, err := os.Open(in.Path)
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
			p.begin(in)
			err := scan(in, opts, p.event)
			if !p.end(in, err) {
				break
			}
		}
	} else {
		one := opts
		one.Jobs = 1
		parallel(ins, cfg.jobs, func(in walk.Input, emit func(*search.Event) bool) error {
			return scan(in, one, emit)
		}, p)
	}
	switch {
	case p.err != nil:
		if p.err != sink.err {
			fmt.Fprintf(stderr, "urlgrep: %v\n", p.err) // a spool's, not standard output's (run tells that)
		}
		return exitTrouble
	case p.quit:
		return exitFound
	case trouble || p.trouble:
		return exitTrouble
	case p.found:
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

// parallel scans ins with up to jobs goroutines, each formatting its own
// file's output with a printer of its own into a spool (package spool),
// and prints the spools in operand order: memory stays bounded (about
// 1 MiB a job) however much a file yields.
func parallel(ins []walk.Input, jobs int, scan func(walk.Input, func(*search.Event) bool) error, p *printer) {
	fps := make([]*printer, len(ins))
	notes := make([]bytes.Buffer, len(ins))
	p.out.Flush()
	err := spool.Ordered(len(ins), jobs, 1<<20, p.out, func(i int, w io.Writer) {
		bw := bufio.NewWriterSize(w, 32<<10)
		fp := newPrinter(p.cfg, bw, &notes[i], p.showFile, p.color)
		fp.begin(ins[i])
		fp.end(ins[i], scan(ins[i], fp.event))
		if err := bw.Flush(); err != nil && fp.err == nil {
			fp.err = err
		}
		fps[i] = fp
	}, func(i int) bool {
		p.out.Flush()
		p.stderr.Write(notes[i].Bytes())
		fp := fps[i]
		p.found = p.found || fp.found
		p.trouble = p.trouble || fp.trouble
		if fp.err != nil && p.err == nil {
			p.err = fp.err
		}
		fps[i] = nil
		return p.err == nil
	})
	if err != nil && p.err == nil {
		p.err = err
	}
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
	o := walk.Options{Recursive: cfg.recursive, Include: cfg.include, Exclude: cfg.exclude, ExcludeDir: cfg.excludeDir}
	ins = walk.Operands(names, o, func(err error) {
		if !cfg.noMessages {
			fmt.Fprintf(stderr, "urlgrep: %s\n", fileError("", err))
		}
		trouble = true
	})
	return ins, trouble
}

// fileError words an error about a file as grep does:
// "nosuch.txt: No such file or directory".
func fileError(label string, err error) string {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		msg := pe.Err.Error()
		if msg != "" {
			msg = strings.ToUpper(msg[:1]) + msg[1:]
		}
		return pe.Path + ": " + msg
	}
	if label == "" {
		return err.Error()
	}
	return label + ": " + err.Error()
}
