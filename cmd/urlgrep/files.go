package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

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
	p.Search(walk.Inputs(names, cfg.walkOptions()), stdin, cfg.searchOptions(counts), hasStdin(names), problem)
	cfg.patternHint(names, stderr)
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

// patternHint tells a grep user who gave a pattern as the first operand,
// as grep takes one ("urlgrep github notes.txt"), where patterns go: the
// operands are files, and that one is none. It says so once, after the
// file's own error, when no -e or -f was given, other operands follow
// (one name alone is more likely a file's name mistyped), and the first
// names no file and holds no path separator.
func (cfg config) patternHint(names []string, stderr io.Writer) {
	if cfg.noMessages || len(cfg.patterns) > 0 || len(cfg.patFiles) > 0 || len(names) < 2 {
		return
	}
	first := names[0]
	if first == "-" || first == walk.Here || strings.ContainsRune(first, '/') || strings.ContainsRune(first, filepath.Separator) {
		return
	}
	if _, err := os.Stat(first); !errors.Is(err, fs.ErrNotExist) {
		return
	}
	fmt.Fprintf(stderr, "urlgrep: the operands are files; to keep the URLs a pattern matches, give it with -e: urlgrep -e %s ...\n", shellQuote(first))
}

// shellQuote quotes s for a shell when it holds anything but letters,
// digits and "-_.,:@%+=".
func shellQuote(s string) string {
	for _, c := range s {
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || strings.ContainsRune("-_.,:@%+=", c)) {
			return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
		}
	}
	return s
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
	return walk.Options{Recursive: cfg.recursive, Follow: cfg.follow, SkipDirs: cfg.skipDirs, Hidden: cfg.hidden, Include: cfg.include, Exclude: cfg.exclude, ExcludeDir: cfg.excludeDir, StdinLabel: cfg.label}
}
