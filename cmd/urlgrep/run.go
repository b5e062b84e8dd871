package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"

	flag "github.com/spf13/pflag"

	"github.com/urlgrep/urlgrep/rfc1738"
)

// Exit codes, as grep's.
const (
	exitFound   = 0 // something found (or, with --parse, every URL valid)
	exitNone    = 1 // nothing found (or some URL invalid)
	exitTrouble = 2 // usage or I/O error
)

// config is what the flags say.
type config struct {
	parse  bool
	strict bool
	redact bool
}

// run is urlgrep's main with its environment passed in, so that tests call
// it directly and in parallel.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	var cfg config
	fs := flag.NewFlagSet("urlgrep", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.BoolVar(&cfg.parse, "parse", false, "parse each argument as a URL and print its parts as JSON, one object per line")
	fs.BoolVar(&cfg.strict, "strict", false, "accept only URLs valid by the letter of RFC 1738")
	fs.BoolVar(&cfg.redact, "redact", false, "replace passwords by xxxxx in the output (RFC 1738 §6)")
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: urlgrep [flags] [file ...]\n       urlgrep --parse [--strict] URL ...\n\nflags:\n%s", fs.FlagUsages())
	}
	if err := fs.Parse(args); err != nil {
		if err == flag.ErrHelp {
			return exitFound
		}
		fmt.Fprintf(stderr, "urlgrep: %v\n", err)
		fmt.Fprintln(stderr, "Try 'urlgrep --help' for more information.")
		return exitTrouble
	}
	out := bufio.NewWriter(stdout)
	var code int
	switch {
	case cfg.parse:
		if fs.NArg() == 0 {
			fmt.Fprintln(stderr, "urlgrep: --parse needs at least one URL")
			return exitTrouble
		}
		code = parseArgs(fs.Args(), cfg, out)
	default:
		fmt.Fprintln(stderr, "urlgrep: scanning text is not available in this version; use --parse URL")
		return exitTrouble
	}
	if err := out.Flush(); err != nil {
		fmt.Fprintf(stderr, "urlgrep: %v\n", err)
		return exitTrouble
	}
	return code
}

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
