package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/urlgrep/urlgrep/internal/flushread"
	"github.com/urlgrep/urlgrep/internal/printer"
	"github.com/urlgrep/urlgrep/internal/walk"
	"github.com/urlgrep/urlgrep/rfc1738"
	"github.com/urlgrep/urlgrep/search"
)

// Exit codes, as grep's.
const (
	exitFound   = 0 // something found (or, with --parse, every URL valid)
	exitNone    = 1 // nothing found (or some URL invalid)
	exitTrouble = 2 // usage or I/O error
)

// printerOptions are the printer options the flags say.
func (cfg *config) printerOptions() printer.Options {
	return printer.Options{
		JSON: cfg.json, Canonical: cfg.canonical, Redact: cfg.redact, Hyphen: cfg.hyphen, Unique: cfg.unique,
		LineNum: cfg.lineNum, Column: cfg.column, Offset: cfg.offset, NullName: cfg.nullName, Null: cfg.null,
		Count: cfg.count, List: cfg.list, ListNone: cfg.listNone, Quiet: cfg.quiet, MaxCount: cfg.maxCount,
		Lines: cfg.lines, NoMessages: cfg.noMessages, GroupSeparator: cfg.groupSep, NoGroupSeparator: cfg.noGroupSep,
		Colors: printer.ParseGrepEnv(os.Getenv("GREP_COLORS"), os.Getenv("GREP_COLOR")), // grep's, as its users set them
	}
}

// searchOptions are the search options the flags say; prog, when not nil,
// counts for the progress line.
func (cfg *config) searchOptions(prog *search.Progress) search.Options {
	return search.Options{
		Raw: cfg.raw, Binary: cfg.binary, QuietBinary: cfg.quietBinary, Decompress: cfg.decompress, Email: cfg.email, NoWWW: cfg.noWWW, MaxLength: cfg.maxLen,
		Schemes: cfg.schemes, ExcludeSchemes: cfg.noSchemes, Pattern: cfg.pattern, InvertPattern: cfg.invert, Strict: cfg.strict, Unwrap: cfg.unwrap, Context: cfg.context == -1,
		Lines: cfg.lines, Before: cfg.before, After: cfg.after, Jobs: cfg.jobs, Progress: prog,
		NoPartBegin: true, // no output of urlgrep's shows a part's start
	}
}

// run is urlgrep's main with its environment passed in, so that tests call
// it directly and in parallel.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	var cfg config
	fs, groups := newFlags(&cfg)
	fs.SetOutput(io.Discard)
	if err := fs.Parse(args); err != nil {
		fmt.Fprintf(stderr, "urlgrep: %v\n", err)
		fmt.Fprintln(stderr, "Try 'urlgrep --help' for more information.")
		return exitTrouble
	}
	if err := cfg.readExcludeFrom(); err != nil {
		fmt.Fprintf(stderr, "urlgrep: %s\n", walk.ErrorText("", err))
		return exitTrouble
	}
	if err := cfg.compilePattern(); err != nil {
		fmt.Fprintf(stderr, "urlgrep: %s\n", walk.ErrorText("", err))
		return exitTrouble
	}
	if msg := cfg.check(func(name string) bool { return fs.Changed(name) }); msg != "" {
		fmt.Fprintf(stderr, "urlgrep: %s\n", msg)
		return exitTrouble
	}
	// More goroutines than twice the CPUs gain nothing, and each holds
	// about 1.25 MiB of input.
	cfg.jobs = min(cfg.jobs, maxJobs())
	// -A, -B, -C and --context=NUM print lines, as grep; --context alone
	// prints each URL with its own lines under it.
	cfg.lines = fs.Changed("context-lines") || fs.Changed("after-context") || fs.Changed("before-context") ||
		fs.Changed("context") && cfg.context >= 0
	if cfg.lines {
		if !fs.Changed("before-context") {
			cfg.before = max(cfg.context, 0)
		}
		if !fs.Changed("after-context") {
			cfg.after = max(cfg.context, 0)
		}
		cfg.context = 0
	}
	var text string
	switch {
	case cfg.help:
		text = doc(groups).Help()
	case cfg.version:
		text = versionText()
	case cfg.completion != "":
		text = doc(groups).Completion(cfg.completion)
	case cfg.genMan:
		text = doc(groups).Man()
	}
	if text != "" {
		if _, err := io.WriteString(stdout, text); err != nil {
			fmt.Fprintf(stderr, "urlgrep: write error: %v\n", err)
			return exitTrouble
		}
		return exitFound
	}
	// Every write to standard output goes through sink, which keeps the
	// first error: the printer stops at it, and it is told once, here.
	sink := &errWriter{w: stdout}
	out := bufio.NewWriterSize(sink, 64<<10)
	var code int
	if cfg.parse {
		cfg.lineBuf = cfg.lineBuf || printer.IsTerminal(stdout) // as the search's output (files.go)
		code = parseURLs(fs.Args(), cfg, stdin, out, stderr)
	} else if cfg.pick {
		code = pickURLs(fs.Args(), cfg, stdin, stderr)
	} else if cfg.linkify != "" {
		code = linkifyFiles(fs.Args(), cfg, stdin, out, stderr)
	} else {
		code = scanFiles(fs.Args(), cfg, stdin, stdout, out, sink, stderr)
	}
	// Go's default SIGPIPE handling ends "urlgrep big.mbox | head" quietly
	// before a write to a closed pipe could get here.
	out.Flush()
	if sink.err != nil {
		fmt.Fprintf(stderr, "urlgrep: write error: %v\n", sink.err)
		return exitTrouble
	}
	return code
}

// errWriter passes writes on to w and keeps the first error: later
// writes fail with it at once, so that output to a full disk stops at
// its first failure rather than at the end of the input.
type errWriter struct {
	w   io.Writer
	err error
}

// Write writes b to w, or fails with the first error.
func (e *errWriter) Write(b []byte) (int, error) {
	if e.err != nil {
		return 0, e.err
	}
	n, err := e.w.Write(b)
	if err == nil && n < len(b) {
		err = io.ErrShortWrite
	}
	e.err = err
	return n, err
}

// parseURLs prints the parts of each URL, one JSON object a line: the
// arguments, or with none each line of standard input (blank lines
// skipped, at most 1 MiB a line). Exit 0 when all are valid, 1 when some
// are not, 2 when standard input could not be read.
func parseURLs(urls []string, cfg config, stdin io.Reader, out *bufio.Writer, stderr io.Writer) int {
	var buf []byte
	code := exitFound
	one := func(raw string) bool {
		parse := rfc1738.ParseLenient
		if cfg.strict {
			parse = rfc1738.Parse
		}
		u, err := parse(raw)
		if err != nil {
			code = exitNone
		}
		p := rfc1738.NewParts(raw, u, err, cfg.redact)
		buf = append(p.AppendJSON(buf[:0]), '\n')
		_, werr := out.Write(buf)
		return werr == nil
	}
	if len(urls) > 0 {
		for _, raw := range urls {
			if !one(raw) {
				return exitTrouble
			}
		}
		return code
	}
	code, seen := exitNone, false // exit 1 until a URL is read
	// What was parsed is written out before each read of standard input,
	// which may wait ("tail -f urls | urlgrep --parse"): not held until
	// 64 KiB of output or the end, a flush a 64 KiB read at most.
	sc := bufio.NewScanner(flushread.Reader{R: stdin, W: out})
	sc.Buffer(make([]byte, 0, 64<<10), 1<<20)
	for sc.Scan() {
		line := strings.TrimRight(sc.Text(), "\r")
		if strings.TrimSpace(line) == "" {
			continue
		}
		if code == exitNone && !seen {
			code = exitFound
		}
		seen = true
		if !one(line) {
			return exitTrouble
		}
		if cfg.lineBuf {
			out.Flush()
		}
	}
	if err := sc.Err(); err != nil {
		fmt.Fprintf(stderr, "urlgrep: %s: %v\n", cfg.label, err)
		return exitTrouble
	}
	return code
}
