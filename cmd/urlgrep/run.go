package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	flag "github.com/spf13/pflag"

	"github.com/urlgrep/urlgrep/extract"
	"github.com/urlgrep/urlgrep/mailbox"
	"github.com/urlgrep/urlgrep/rfc1738"
)

// Exit codes, as grep's.
const (
	exitFound   = 0 // something found (or, with --parse, every URL valid)
	exitNone    = 1 // nothing found (or some URL invalid)
	exitTrouble = 2 // usage or I/O error
)

// stdinName labels standard input in output, as grep does.
const stdinName = "(standard input)"

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
}

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
	if *help {
		fmt.Fprintf(stdout, "%s\nflags:\n%s\n%s", usage, fs.FlagUsages(), examples)
		return exitFound
	}
	out := bufio.NewWriterSize(stdout, 64<<10)
	var code int
	if cfg.parse {
		if fs.NArg() == 0 {
			fmt.Fprintln(stderr, "urlgrep: --parse needs at least one URL")
			return exitTrouble
		}
		code = parseArgs(fs.Args(), cfg, out)
	} else {
		code = scanFiles(fs.Args(), cfg, stdin, out, stderr)
	}
	// Go's default SIGPIPE handling ends "urlgrep big.mbox | head" quietly
	// before a write to a closed pipe could get here.
	if err := out.Flush(); err != nil {
		fmt.Fprintf(stderr, "urlgrep: %v\n", err)
		return exitTrouble
	}
	return code
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

// scanFiles scans each operand and prints what it finds; errors are
// reported and the next file scanned.
func scanFiles(names []string, cfg config, stdin io.Reader, out *bufio.Writer, stderr io.Writer) int {
	if len(names) == 0 {
		names = []string{"-"}
	}
	showFile := (len(names) > 1 || cfg.withFile) && !cfg.noFile
	p := &printer{cfg: cfg, out: out, stderr: stderr, showFile: showFile, seen: map[string]bool{}}
	p.enc = json.NewEncoder(out)
	p.enc.SetEscapeHTML(false)
	trouble := false
	for _, name := range names {
		label := name
		var n int64
		var err error
		if name == "-" {
			label = stdinName
			n, err = p.scan(stdin, label)
		} else {
			f, oerr := os.Open(name)
			if oerr != nil {
				fmt.Fprintf(stderr, "urlgrep: %v\n", oerr)
				trouble = true
				continue
			}
			n, err = p.scan(f, label)
			f.Close()
		}
		if err != nil {
			fmt.Fprintf(stderr, "urlgrep: %s: %v\n", label, err)
			trouble = true
		}
		if cfg.quiet && p.found {
			return exitFound
		}
		if cfg.count {
			p.prefix(label)
			out.WriteString(strconv.FormatInt(n, 10))
			p.end()
		}
		if cfg.list && n > 0 {
			out.WriteString(label)
			p.end()
		}
		if err := p.err; err != nil {
			fmt.Fprintf(stderr, "urlgrep: %v\n", err)
			return exitTrouble
		}
	}
	switch {
	case trouble:
		return exitTrouble
	case p.found:
		return exitFound
	}
	return exitNone
}

// printer writes what one run finds.
type printer struct {
	cfg      config
	out      *bufio.Writer
	enc      *json.Encoder
	stderr   io.Writer
	showFile bool
	seen     map[string]bool // -u: what was printed
	found    bool
	err      error // writing failed
}

// scan scans one input and prints its URLs; it returns how many it
// reported and the input's read error. Input that looks like mail or news
// is read part by part, decoded (package mailbox), unless --raw; a binary
// file (a NUL byte in its first 8 KiB, as grep decides) is skipped with a
// note unless -a.
func (p *printer) scan(r io.Reader, label string) (int64, error) {
	br := bufio.NewReaderSize(r, 64<<10)
	head, err := br.Peek(8 << 10)
	if err != nil && err != io.EOF && err != bufio.ErrBufferFull {
		return 0, err
	}
	if !p.cfg.binary && bytes.IndexByte(head, 0) >= 0 {
		fmt.Fprintf(p.stderr, "urlgrep: %s: binary file skipped (use -a to scan it)\n", label)
		return 0, nil
	}
	if !p.cfg.raw && mailbox.Sniff(head) {
		return p.scanMail(br, label)
	}
	return p.scanText(br, label, nil, nil)
}

// scanMail scans each part of the messages in r. A URL that appears in
// more than one form of a multipart/alternative is reported once.
func (p *printer) scanMail(r io.Reader, label string) (int64, error) {
	mr := mailbox.NewReader(r, mailbox.OnProblem(func(pr mailbox.Problem) {
		fmt.Fprintf(p.stderr, "urlgrep: %s: %v\n", label, pr)
	}))
	var n int64
	var group map[string]bool
	groupKey := ""
	for {
		part, err := mr.Next()
		if err == io.EOF {
			return n, nil
		}
		if err != nil {
			return n, err
		}
		var seen map[string]bool
		if part.Group != "" {
			if k := strconv.Itoa(part.Message) + "/" + part.Group; k != groupKey {
				groupKey, group = k, map[string]bool{}
			}
			seen = group
		}
		k, err := p.scanText(part.Body, label, part, seen)
		n += k
		if err != nil || p.cfg.quiet && n > 0 {
			return n, err
		}
	}
}

// scanText scans one text and prints its URLs. part is the mail part it
// is, or nil; seen, when not nil, holds the canonical URLs already
// reported in the part's multipart/alternative group.
func (p *printer) scanText(r io.Reader, label string, part *mailbox.Part, seen map[string]bool) (int64, error) {
	opts := []extract.Option{extract.WithEmail(p.cfg.email), extract.WithWWW(!p.cfg.noWWW), extract.WithMaxCandidate(p.cfg.maxLen)}
	s := extract.NewScanner(r, opts...)
	var n int64
	for s.Scan() {
		m := s.Match()
		if m == nil || !p.wanted(m) {
			continue
		}
		if seen != nil {
			if seen[m.URL] {
				continue
			}
			seen[m.URL] = true
		}
		text := p.text(m)
		if p.cfg.unique {
			if p.seen[text] {
				continue
			}
			p.seen[text] = true
		}
		n++
		p.found = true
		if p.cfg.quiet {
			return n, nil
		}
		if p.cfg.count || p.cfg.list {
			continue
		}
		if p.cfg.json {
			if err := p.enc.Encode(p.object(m, label, part)); err != nil && p.err == nil {
				p.err = err
			}
			continue
		}
		p.prefix(label)
		if p.cfg.lineNum {
			p.field(strconv.Itoa(m.Line))
		}
		if p.cfg.column {
			p.field(strconv.Itoa(m.Col))
		}
		if p.cfg.offset {
			p.field(strconv.FormatInt(m.Offset, 10))
		}
		p.out.WriteString(text)
		p.end()
	}
	return n, s.Err()
}

// wanted applies --scheme and --strict.
func (p *printer) wanted(m *extract.Match) bool {
	if len(p.cfg.schemes) > 0 {
		ok := false
		for _, s := range p.cfg.schemes {
			if strings.EqualFold(strings.TrimSpace(s), m.Parsed.Scheme) {
				ok = true
				break
			}
		}
		if !ok {
			return false
		}
	}
	if p.cfg.strict {
		_, err := rfc1738.Parse(schemePrefix(m) + m.Text)
		return err == nil
	}
	return true
}

// schemePrefix is what a match's Text lacks of a URL: "http://" for a www
// host, "mailto:" for an address.
func schemePrefix(m *extract.Match) string {
	switch m.Kind {
	case extract.WWW:
		return "http://"
	case extract.Email:
		return "mailto:"
	}
	return ""
}

// text is what urlgrep prints for a match.
func (p *printer) text(m *extract.Match) string {
	switch {
	case p.cfg.canonical && p.cfg.redact:
		return m.Parsed.Redacted()
	case p.cfg.canonical:
		return m.URL
	case p.cfg.redact:
		return redactText(m.Text, m.Parsed)
	}
	return m.Text
}

func (p *printer) prefix(label string) {
	if p.showFile {
		p.field(label)
	}
}

func (p *printer) field(s string) {
	p.out.WriteString(s)
	p.out.WriteByte(':')
}

func (p *printer) end() {
	if p.cfg.null {
		p.out.WriteByte(0)
	} else {
		p.out.WriteByte('\n')
	}
}

// matchJSON is the JSON object of one URL found: where, how it was written,
// then the parts of --parse (README.md, "JSON keys").
type matchJSON struct {
	File       jstr   `json:"file"`
	Line       int    `json:"line"`
	Column     int    `json:"column"`
	Offset     int64  `json:"offset"`
	End        int64  `json:"end"`
	Kind       string `json:"kind"`
	Text       jstr   `json:"text"`
	Rejoined   bool   `json:"rejoined"`
	Alternates []jstr `json:"alternates,omitempty"`
	Message    int    `json:"message,omitempty"`
	MessageID  *jstr  `json:"message_id,omitempty"`
	Part       jstr   `json:"part,omitempty"`
	parts
}

func (p *printer) object(m *extract.Match, label string, part *mailbox.Part) matchJSON {
	o := matchJSON{File: jstr(label), Line: m.Line, Column: m.Col, Offset: m.Offset, End: m.End,
		Kind: m.Kind.String(), Text: jstr(m.Text), Rejoined: m.Rejoined}
	if part != nil {
		o.Message, o.MessageID, o.Part = part.Message, jptr(part.MessageID), jstr(part.Path)
	}
	if p.cfg.redact {
		o.Text = jstr(redactText(m.Text, m.Parsed))
	}
	for _, a := range m.Alternates {
		o.Alternates = append(o.Alternates, jstr(a))
	}
	o.parts = partsOf(m.Raw, m.Parsed, m.Err, p.cfg.redact)
	return o
}

// redactText replaces the password in a URL as written by "xxxxx" (§6).
// The password stands between the first ":" of the userinfo and the last
// "@" of the authority, which ends at the first "/", "?" or "#". When u is
// known and has no password, s is returned as it is; when u is nil (the
// text did not parse), the text alone decides, so that nothing that looks
// like a password gets out.
func redactText(s string, u *rfc1738.URL) string {
	if u != nil && !u.HasPassword {
		return s
	}
	i := strings.Index(s, "//")
	if i < 0 {
		return s
	}
	auth := s[i+2:]
	if j := strings.IndexAny(auth, "/?#"); j >= 0 {
		auth = auth[:j]
	}
	at := strings.LastIndexByte(auth, '@')
	colon := strings.IndexByte(auth, ':')
	if at < 0 || colon < 0 || colon > at {
		return s
	}
	start, end := i+2+colon+1, i+2+at
	return s[:start] + "xxxxx" + s[end:]
}
