package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"runtime"

	flag "github.com/spf13/pflag"

	"github.com/urlgrep/urlgrep/extract"
	"github.com/urlgrep/urlgrep/rfc1738"
	"github.com/urlgrep/urlgrep/search"
)

// Exit codes, as grep's.
const (
	exitFound   = 0 // something found (or, with --parse, every URL valid)
	exitNone    = 1 // nothing found (or some URL invalid)
	exitTrouble = 2 // usage or I/O error
)

// config is what the flags say.
type config struct {
	parse     bool
	strict    bool
	redact    bool
	canonical bool
	json      bool
	withFile  bool
	noFile    bool
	lineNum   bool
	column    bool
	offset    bool
	count     bool
	list      bool
	quiet     bool
	unique    bool
	null      bool
	email     bool
	noWWW     bool
	schemes   []string
	maxLen    int
	raw       bool
	binary    bool
	recursive bool
	jobs      int
	hyphen    string
	context   bool
	color     string
	unwrap    bool
	linkify   string
	lineBuf   bool
}

// searchOptions are the search options the flags say; prog, when not nil,
// counts for the progress line.
func (cfg *config) searchOptions(prog *search.Progress) search.Options {
	return search.Options{
		Raw: cfg.raw, Binary: cfg.binary, Email: cfg.email, NoWWW: cfg.noWWW, MaxLength: cfg.maxLen,
		Schemes: cfg.schemes, Strict: cfg.strict, Unwrap: cfg.unwrap, Context: cfg.context,
		Jobs: cfg.jobs, Progress: prog,
	}
}

// maxMaxLength bounds --max-length: the scanner's buffer holds one
// candidate, so the bound is a bound on memory (64 MiB).
const maxMaxLength = 64 << 20

// maxJobs is the most goroutines -j gets: twice the CPUs Go may use.
func maxJobs() int { return 2 * runtime.GOMAXPROCS(0) }

// defaultJobs is -j's default: the CPUs Go may use, at most 4, so that
// memory stays bounded (each job holds about 1 MiB) on a large machine.
func defaultJobs() int { return min(runtime.GOMAXPROCS(0), 4) }

const usage = `usage: urlgrep [flags] [file ...]
       urlgrep --parse [--strict] URL ...

Find the URLs in each file (standard input when there is none, or for "-")
and print each one, as written and rejoined, one per line, in input order.
`

// run is urlgrep's main with its environment passed in, so that tests call
// it directly and in parallel.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	var cfg config
	fs := flag.NewFlagSet("urlgrep", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.SortFlags = false
	fs.BoolVar(&cfg.parse, "parse", false, "parse each argument as a URL and print its parts as JSON, one object per line")
	fs.BoolVar(&cfg.canonical, "canonical", false, "print each URL in its canonical form (scheme and host in lower case, unsafe characters encoded)")
	fs.BoolVar(&cfg.json, "json", false, "print one JSON object per URL: its parts and where it was found")
	fs.BoolVar(&cfg.strict, "strict", false, "report only URLs valid by the letter of RFC 1738")
	fs.StringSliceVar(&cfg.schemes, "scheme", nil, "report only URLs of these schemes (comma-separated, e.g. http,https,ftp)")
	fs.BoolVar(&cfg.email, "email", false, "also find bare e-mail addresses, as mailto: URLs")
	fs.BoolVar(&cfg.noWWW, "no-www", false, `do not find "www." hosts written without a scheme`)
	fs.BoolVar(&cfg.redact, "redact", false, "replace passwords by xxxxx in every output (RFC 1738 §6)")
	fs.BoolVarP(&cfg.withFile, "with-filename", "H", false, "print the file name before each URL (the default with several files)")
	fs.BoolVarP(&cfg.noFile, "no-filename", "h", false, "never print file names")
	fs.BoolVarP(&cfg.lineNum, "line-number", "n", false, "print the 1-based line where each URL starts")
	fs.BoolVar(&cfg.column, "column", false, "print the 1-based column (in bytes) where each URL starts")
	fs.BoolVarP(&cfg.offset, "byte-offset", "b", false, "print the 0-based byte offset where each URL starts")
	fs.BoolVarP(&cfg.count, "count", "c", false, "print only a count of URLs per file")
	fs.BoolVarP(&cfg.list, "files-with-matches", "l", false, "print only the names of files with a URL")
	fs.BoolVarP(&cfg.quiet, "quiet", "q", false, "print nothing; exit 0 at the first URL")
	fs.BoolVarP(&cfg.unique, "unique", "u", false, "print each URL once, at its first occurrence")
	fs.BoolVarP(&cfg.null, "null-data", "0", false, "end each output record with NUL instead of newline")
	fs.IntVar(&cfg.maxLen, "max-length", extract.DefaultMaxCandidate, "longest URL, in bytes, to consider")
	fs.BoolVar(&cfg.raw, "raw", false, "read input as plain text, even when it looks like mail or news")
	fs.BoolVarP(&cfg.binary, "text", "a", false, "scan binary files too (by default they are skipped with a note)")
	fs.BoolVarP(&cfg.recursive, "recursive", "r", false, "read directories (a maildir, an MH folder, a news spool) recursively")
	fs.IntVarP(&cfg.jobs, "jobs", "j", defaultJobs(), "scan on N goroutines: up to N files at once, or one input in pieces cut at blank lines; output stays in input order")
	fs.StringVar(&cfg.hyphen, "hyphen", "keep", "a URL broken after a hyphen: keep the hyphen, drop it, or print both readings (keep|drop|both)")
	fs.BoolVar(&cfg.context, "context", false, "print each URL with the line, or the lines a wrapped URL spans, it was found in")
	fs.StringVar(&cfg.color, "color", "auto", "highlight URLs in --context lines: auto (when standard output is a terminal), always, never")
	fs.StringVar(&cfg.linkify, "linkify", "", "render each input as HTML with its URLs linked: markdown (--linkify alone) or text")
	fs.Lookup("linkify").NoOptDefVal = "markdown"
	fs.BoolVar(&cfg.lineBuf, "line-buffered", false, "write each URL out as soon as it is found (the default when standard output is a terminal)")
	fs.BoolVar(&cfg.unwrap, "unwrap", false, "report the target of mail security gateways' redirect links (Safe Links, Proofpoint, Google)")
	help := fs.Bool("help", false, "show this help")
	fs.Usage = func() {
		fmt.Fprintf(stderr, "%s\nflags:\n%s", usage, fs.FlagUsages())
	}
	if err := fs.Parse(args); err != nil {
		if err == flag.ErrHelp {
			return exitFound
		}
		fmt.Fprintf(stderr, "urlgrep: %v\n", err)
		fmt.Fprintln(stderr, "Try 'urlgrep --help' for more information.")
		return exitTrouble
	}
	switch {
	case cfg.hyphen != "keep" && cfg.hyphen != "drop" && cfg.hyphen != "both":
		fmt.Fprintf(stderr, "urlgrep: --hyphen must be keep, drop or both, not %q\n", cfg.hyphen)
		return exitTrouble
	case cfg.color != "auto" && cfg.color != "always" && cfg.color != "never":
		fmt.Fprintf(stderr, "urlgrep: --color must be auto, always or never, not %q\n", cfg.color)
		return exitTrouble
	case cfg.linkify != "" && cfg.linkify != "markdown" && cfg.linkify != "text":
		fmt.Fprintf(stderr, "urlgrep: --linkify must be markdown or text, not %q\n", cfg.linkify)
		return exitTrouble
	case cfg.jobs < 1:
		fmt.Fprintf(stderr, "urlgrep: -j must be at least 1\n")
		return exitTrouble
	case cfg.maxLen < 1 || cfg.maxLen > maxMaxLength:
		fmt.Fprintf(stderr, "urlgrep: --max-length must be between 1 and %d\n", maxMaxLength)
		return exitTrouble
	}
	// More goroutines than twice the CPUs gain nothing, and each holds
	// about 1.25 MiB of input.
	cfg.jobs = min(cfg.jobs, maxJobs())
	if *help {
		if _, err := fmt.Fprintf(stdout, "%s\nflags:\n%s\n%s", usage, fs.FlagUsages(), examples); err != nil {
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
		if fs.NArg() == 0 {
			fmt.Fprintln(stderr, "urlgrep: --parse needs at least one URL")
			return exitTrouble
		}
		code = parseArgs(fs.Args(), cfg, out)
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

const examples = `examples:
  urlgrep mail.mbox                 every URL in a mailbox, one per line
  urlgrep -nH --column notes.txt    with file, line and column, as grep -nH
  urlgrep --json *.txt | jq .url    the canonical form of each, via JSON
  urlgrep -u --scheme=ftp,gopher x  each ftp and gopher URL once
  urlgrep --parse 'ftp://host/pub/file;type=i'
`

// parseArgs prints the parts of each URL, one JSON object a line: exit 0
// when all are valid, 1 when some are not.
func parseArgs(urls []string, cfg config, out io.Writer) int {
	enc := json.NewEncoder(out)
	enc.SetEscapeHTML(false)
	code := exitFound
	for _, raw := range urls {
		parse := rfc1738.ParseLenient
		if cfg.strict {
			parse = rfc1738.Parse
		}
		u, err := parse(raw)
		if err != nil {
			code = exitNone
		}
		if err := enc.Encode(partsOf(raw, u, err, cfg.redact)); err != nil {
			return exitTrouble
		}
	}
	return code
}
