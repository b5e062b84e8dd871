package main

import (
	"errors"
	"fmt"
	"os"
	"regexp"
	"runtime"
	"slices"
	"strings"

	flag "github.com/spf13/pflag"

	"github.com/urlgrep/urlgrep/extract"
	"github.com/urlgrep/urlgrep/internal/flagdoc"
	"github.com/urlgrep/urlgrep/internal/walk"
	"github.com/urlgrep/urlgrep/search"
)

// config is what the flags say.
type config struct {
	// what is found
	strict    bool
	schemes   []string
	noSchemes []string // --exclude-scheme
	patterns  []string // -e
	patFiles  []string // -f: files of patterns, one a line
	ignCase   bool     // -i
	invert    bool     // -v
	fixed     bool     // -F
	whole     bool     // -x: a pattern matches the whole URL
	word      bool     // -w: a pattern matches whole words of it
	syntax    bool     // -E or -P: the patterns are RE2 anyway
	pattern   *regexp.Regexp
	email     bool
	noWWW     bool
	maxLen    int
	hyphen    string
	unwrap    bool
	raw       bool
	binary    bool

	// input
	recursive   bool
	hidden      bool
	follow      bool // -R: -r following every symbolic link
	skipDirs    bool // -d skip: directories named skipped with no word
	quietBinary bool // -I: binary files skipped with no note
	decompress  bool // --search-zip: compressed input read decompressed, archives for their files
	include     []string
	exclude     []string
	excludeDir  []string
	excludeFrom []string // files of --exclude globs
	jobs        int

	// output
	canonical  bool
	redact     bool
	json       bool
	withFile   bool
	noFile     bool
	lineNum    bool
	column     bool
	offset     bool
	count      bool
	list       bool
	listNone   bool // -L
	quiet      bool
	unique     bool
	maxCount   int // -m; -1: no limit
	onlyMatch  bool
	nullName   bool // -Z: NUL after file names
	null       bool // -0: NUL after records
	context    int  // --context: -1 the URL's own lines under it; else lines around (grep's -C)
	after      int  // -A
	before     int  // -B
	lines      bool // -A, -B, -C: print lines as grep, not URLs
	color      string
	lineBuf    bool
	noMessages bool
	groupSep   string // between groups of lines (-A, -B, -C)
	noGroupSep bool
	label      string // --label: standard input's name

	// modes
	parse      bool
	linkify    string
	pick       bool
	openCmd    string
	version    bool
	help       bool
	completion string
	genMan     bool
	progress   bool
	noProgress bool
}

// newFlags defines every flag, in its group. The groups drive the parser,
// --help, the man page (urlgrep.1) and the shell completions alike: a flag
// is documented where it is defined, and nowhere else.
func newFlags(cfg *config) (*flag.FlagSet, []flagdoc.Group) {
	var groups []flagdoc.Group
	group := func(title string) *flag.FlagSet {
		fs := flag.NewFlagSet(title, flag.ContinueOnError)
		fs.SortFlags = false
		groups = append(groups, flagdoc.Group{Title: title, Flags: fs})
		return fs
	}

	fs := group("What is found")
	fs.StringSliceVar(&cfg.schemes, "scheme", nil, "report only URLs of these `schemes` (comma-separated, e.g. http,https,ftp)")
	fs.StringSliceVar(&cfg.noSchemes, "exclude-scheme", nil, "report no URLs of these `schemes` (comma-separated, e.g. data,cid: a mail's inline images)")
	fs.StringArrayVarP(&cfg.patterns, "regexp", "e", nil, "report only URLs that `pattern` matches, as written (Go's regular expressions, RE2; repeatable: any of them)")
	fs.StringArrayVarP(&cfg.patFiles, "file", "f", nil, "patterns from `file`, one a line, as -e (repeatable; an empty file matches no URL)")
	fs.BoolVarP(&cfg.ignCase, "ignore-case", "i", false, "match the patterns with no regard to case")
	fs.BoolVarP(&cfg.invert, "invert-match", "v", false, "report only URLs that no pattern matches")
	fs.BoolVarP(&cfg.fixed, "fixed-strings", "F", false, "read the patterns as fixed strings, not regular expressions")
	fs.BoolVarP(&cfg.whole, "line-regexp", "x", false, "report only URLs that a pattern matches whole, as grep -x matches whole lines")
	fs.BoolVarP(&cfg.word, "word-regexp", "w", false, `report only URLs in which a pattern matches whole words (next to no letter, digit or "_"), as grep -w`)
	fs.BoolVarP(&cfg.syntax, "extended-regexp", "E", false, "read the patterns as extended regular expressions, which they are anyway (RE2 reads grep -E's syntax; accepted for grep's sake)")
	fs.BoolVarP(&cfg.syntax, "perl-regexp", "P", false, "read the patterns as Perl's, which RE2 reads but for backreferences and lookaround (accepted for grep's and ripgrep's sake)")
	fs.BoolVar(&cfg.strict, "strict", false, "report only URLs valid by the letter of RFC 1738")
	fs.BoolVar(&cfg.email, "email", false, "also find bare e-mail addresses, as mailto: URLs")
	fs.BoolVar(&cfg.noWWW, "no-www", false, `do not find "www." hosts written without a scheme`)
	fs.IntVar(&cfg.maxLen, "max-length", extract.DefaultMaxCandidate, "longest URL, in `bytes`, to consider; a longer one is skipped with a note")
	fs.StringVar(&cfg.hyphen, "hyphen", "keep", "a URL broken after a hyphen: keep the hyphen, drop it, or print both readings (`mode`: keep, drop or both)")

	fs = group("Input")
	fs.BoolVarP(&cfg.recursive, "recursive", "r", false, "read directories (a maildir, an MH folder, Apple Mail's and Thunderbird's folders, a news spool) recursively; with no file, the current directory")
	fs.BoolVarP(&cfg.follow, "dereference-recursive", "R", false, "as -r, and follow every symbolic link met, as grep -R (-r follows only those named)")
	fs.BoolVar(&cfg.hidden, "hidden", false, "with -r, read dot files and dot directories too, as grep -r does (by default they are passed over, but for mail folders: Maildir++'s .Sent, KMail's .inbox.directory)")
	fs.StringArrayVar(&cfg.include, "include", nil, "with -r, read only files whose base name matches `glob` (repeatable)")
	fs.StringArrayVar(&cfg.exclude, "exclude", nil, "skip files whose base name matches `glob` (repeatable)")
	fs.StringArrayVar(&cfg.excludeDir, "exclude-dir", nil, "with -r, skip directories whose base name matches `glob` (repeatable)")
	fs.StringArrayVar(&cfg.excludeFrom, "exclude-from", nil, "skip files whose base name matches a glob of `file`, one a line, as --exclude (repeatable)")
	fs.VarP(choice{directoryActions, func(v string) {
		cfg.recursive, cfg.skipDirs = v == "recurse", v == "skip"
	}}, "directories", "d", "what to do with a directory named (`action`): read, an error without -r; skip, with no word; recurse, as -r")
	fs.BoolVarP(&cfg.binary, "text", "a", false, "scan binary files too (by default they are skipped with a note; PDF and Office documents are read for their links)")
	fs.BoolVarP(&cfg.quietBinary, "skip-binary", "I", false, "skip binary files with no note, as grep -I (-a scans them all the same)")
	fs.Var(choice{binaryTypes, func(v string) {
		cfg.binary, cfg.quietBinary = v == "text", v == "without-match"
	}}, "binary-files", "what to do with binary files (`type`): binary, skip with a note; text, scan, as -a; without-match, skip with none, as -I")
	fs.BoolVar(&cfg.decompress, "search-zip", false, "read compressed files (gzip; bzip2, xz, zstd, lz4 and .Z through their commands) as what they hold, as zgrep and ripgrep --search-zip, and ZIP and tar archives for their files")
	fs.IntVarP(&cfg.jobs, "jobs", "j", defaultJobs(), "scan on `N` goroutines: up to N files at once, or one file in pieces; output stays in input order")
	fs.SetAnnotation("jobs", "machine", nil) // its default is the CPUs

	fs = group("Mail and news")
	fs.BoolVar(&cfg.raw, "raw", false, "read input as plain text, even when it looks like mail, news or a manual page's source")
	fs.BoolVar(&cfg.unwrap, "unwrap", false, "report the target of redirect links: mail security gateways' (Safe Links, Proofpoint, Barracuda, Cisco, ...), click tracking's and link shims' (Google, Facebook, YouTube, ...)")

	fs = group("Output")
	fs.BoolVar(&cfg.canonical, "canonical", false, "print each URL in its canonical form (scheme and host in lower case, unsafe characters encoded)")
	fs.BoolVar(&cfg.json, "json", false, "print one JSON object per URL: its parts and where it was found")
	fs.BoolVar(&cfg.redact, "redact", false, "replace passwords by xxxxx in every output (RFC 1738 §6)")
	fs.BoolVarP(&cfg.withFile, "with-filename", "H", false, "print the file name before each URL (the default with several files)")
	fs.BoolVarP(&cfg.noFile, "no-filename", "h", false, "never print file names")
	fs.BoolVarP(&cfg.lineNum, "line-number", "n", false, "print the 1-based line where each URL starts")
	fs.BoolVar(&cfg.column, "column", false, "print the 1-based column (in bytes) where each URL starts")
	fs.BoolVarP(&cfg.offset, "byte-offset", "b", false, "print the 0-based byte offset where each URL starts")
	fs.BoolVarP(&cfg.onlyMatch, "only-matching", "o", false, "print only the URLs (what urlgrep does anyway; accepted for grep's sake)")
	fs.BoolVarP(&cfg.count, "count", "c", false, "print only a count of URLs per file")
	fs.BoolVarP(&cfg.list, "files-with-matches", "l", false, "print only the names of files with a URL")
	fs.BoolVarP(&cfg.listNone, "files-without-match", "L", false, "print only the names of files with no URL")
	fs.BoolVarP(&cfg.quiet, "quiet", "q", false, "print nothing; exit 0 at the first URL")
	fs.BoolVar(&cfg.quiet, "silent", false, "the same as --quiet")
	fs.BoolVarP(&cfg.unique, "unique", "u", false, "print each URL once, at its first occurrence (each distinct URL is remembered: about 100 bytes each)")
	fs.IntVarP(&cfg.maxCount, "max-count", "m", -1, "stop reading a file after `NUM` URLs")
	fs.IntVar(&cfg.context, "context", 0, "print each URL with the line, or lines, it was found in below it; --context=`NUM` is -C NUM")
	fs.Lookup("context").NoOptDefVal = "-1"
	fs.IntVarP(&cfg.context, "context-lines", "C", 0, "print the lines with URLs and `NUM` lines around them, as grep -C does")
	fs.IntVarP(&cfg.after, "after-context", "A", 0, "print `NUM` lines after each line with a URL")
	fs.IntVarP(&cfg.before, "before-context", "B", 0, "print `NUM` lines before each line with a URL")
	fs.StringVar(&cfg.color, "color", "auto", "color the output as grep does (URLs, file names, numbers, separators; GREP_COLORS as grep reads it): auto (when standard output is a terminal, its TERM not dumb, and NO_COLOR unset), always, never (`when`)")
	fs.Lookup("color").NoOptDefVal = "always"
	fs.StringVar(&cfg.groupSep, "group-separator", "--", "the line between groups of lines of -A, -B and -C (`sep`), as grep's")
	fs.BoolVar(&cfg.noGroupSep, "no-group-separator", false, "no line between groups of lines of -A, -B and -C")
	fs.BoolVar(&cfg.lineBuf, "line-buffered", false, "write each URL out as soon as it is found (the default when standard output is a terminal)")
	fs.BoolVarP(&cfg.nullName, "null", "Z", false, "write a NUL after each file name instead of ':' or a newline, as grep -Z")
	fs.BoolVarP(&cfg.null, "null-data", "0", false, "end each output record with NUL instead of newline")
	fs.StringVar(&cfg.label, "label", walk.StdinName, "the `name` standard input goes by in output and messages, as grep --label")
	fs.BoolVarP(&cfg.noMessages, "no-messages", "s", false, "do not report files that cannot be read or found (the exit status still says so), nor what was lax in reading them")

	fs = group("Parse")
	fs.BoolVar(&cfg.parse, "parse", false, "parse each argument (or each line of standard input) as a URL and print its parts as JSON")

	fs = group("Linkify")
	fs.StringVar(&cfg.linkify, "linkify", "", "render each input as HTML with its URLs linked: markdown (--linkify alone) or text (`format`)")
	fs.Lookup("linkify").NoOptDefVal = "markdown"

	fs = group("Interactive")
	fs.BoolVar(&cfg.pick, "pick", false, "show the URLs found in a full-screen list and open the one chosen (keys from the terminal, input from a pipe)")
	fs.StringVar(&cfg.openCmd, "open-cmd", "", "the `command` --pick opens a URL with, the URL as its last argument (default $BROWSER, else xdg-open or open)")
	fs.BoolVar(&cfg.progress, "progress", false, "show a progress line on standard error (by default only on a terminal, for a file, after a second)")
	fs.BoolVar(&cfg.noProgress, "no-progress", false, "never show a progress line")

	fs = group("Other")
	fs.BoolVar(&cfg.help, "help", false, "show this help")
	fs.BoolVarP(&cfg.version, "version", "V", false, "show urlgrep's version and Go's")
	fs.StringVar(&cfg.completion, "completion", "", "print the completion script for `shell` (bash, zsh or fish)")
	fs.BoolVar(&cfg.genMan, "generate-man", false, "print the man page, urlgrep.1 (go generate)")
	fs.MarkHidden("generate-man")

	all := flag.NewFlagSet("urlgrep", flag.ContinueOnError)
	all.SortFlags = false
	for _, g := range groups {
		all.AddFlagSet(g.Flags)
	}
	// grep spells it --colour too.
	all.SetNormalizeFunc(func(_ *flag.FlagSet, name string) flag.NormalizedName {
		if name == "colour" {
			name = "color"
		}
		return flag.NormalizedName(name)
	})
	return all, groups
}

// check says what is wrong with a combination of flags, or "".
func (cfg *config) check(set func(name string) bool) string {
	cfg.recursive = cfg.recursive || cfg.follow // -R is -r, and more
	switch {
	case cfg.hyphen != "keep" && cfg.hyphen != "drop" && cfg.hyphen != "both":
		return fmt.Sprintf("--hyphen must be keep, drop or both, not %q", cfg.hyphen)
	case cfg.color != "auto" && cfg.color != "always" && cfg.color != "never":
		return fmt.Sprintf("--color must be auto, always or never, not %q", cfg.color)
	case cfg.linkify != "" && cfg.linkify != "markdown" && cfg.linkify != "text":
		return fmt.Sprintf("--linkify must be markdown or text, not %q", cfg.linkify)
	case cfg.completion != "" && cfg.completion != "bash" && cfg.completion != "zsh" && cfg.completion != "fish":
		return fmt.Sprintf("--completion must be bash, zsh or fish, not %q", cfg.completion)
	case cfg.jobs < 1:
		return "-j must be at least 1"
	case cfg.maxLen < 1 || cfg.maxLen > maxMaxLength:
		return fmt.Sprintf("--max-length must be between 1 and %d", maxMaxLength)
	case cfg.maxCount < -1:
		cfg.maxCount = -1 // grep: a negative count is no limit
	case cfg.context < -1 || cfg.after < 0 || cfg.before < 0:
		return "context line counts must be at least 0"
	case cfg.context > maxContextLines || cfg.after > maxContextLines || cfg.before > maxContextLines:
		return fmt.Sprintf("context line counts must be at most %d", maxContextLines)
	case cfg.progress && cfg.noProgress:
		return "--progress and --no-progress together"
	}
	o := walk.Options{Include: cfg.include, Exclude: cfg.exclude, ExcludeDir: cfg.excludeDir}
	if g := o.BadGlob(); g != "" {
		return fmt.Sprintf("bad glob %q", g)
	}
	// Flags that make no sense together: the first of each pair that is
	// set, with the first flag of others that is.
	conflicts := []struct {
		flag   string
		others []string
	}{
		{"parse", []string{"regexp", "file", "invert-match", "linkify", "pick", "json", "count", "files-with-matches", "files-without-match", "quiet", "context", "context-lines", "after-context", "before-context", "recursive", "dereference-recursive", "hidden", "line-number", "column", "byte-offset", "unique", "max-count"}},
		{"linkify", []string{"exclude-scheme", "regexp", "file", "invert-match", "pick", "json", "count", "files-with-matches", "files-without-match", "quiet", "context", "context-lines", "after-context", "before-context", "line-number", "column", "byte-offset", "unique", "max-count", "canonical", "strict", "hyphen", "with-filename", "null", "null-data"}},
		{"pick", []string{"json", "count", "files-with-matches", "files-without-match", "quiet", "context", "context-lines", "after-context", "before-context", "null", "null-data"}},
		{"json", []string{"count", "files-with-matches", "files-without-match", "context-lines", "after-context", "before-context", "null"}},
		{"count", []string{"files-without-match", "context", "context-lines", "after-context", "before-context"}},
		{"files-with-matches", []string{"files-without-match", "context", "context-lines", "after-context", "before-context"}},
		{"files-without-match", []string{"context", "context-lines", "after-context", "before-context"}},
	}
	for _, c := range conflicts {
		if !set(c.flag) {
			continue
		}
		for _, o := range c.others {
			if set(o) {
				return fmt.Sprintf("--%s and --%s make no sense together", c.flag, o)
			}
		}
	}
	return ""
}

// The words of -d and --binary-files, as grep's.
var (
	directoryActions = []string{"read", "skip", "recurse"}
	binaryTypes      = []string{"binary", "text", "without-match"}
)

// choice is a flag whose value is one of a few words (grep's -d ACTION,
// --binary-files=TYPE); set gets it once checked. Such a flag and the
// short ones it stands for (-r, -a, -I) set the same fields, so the last
// given wins, as in grep.
type choice struct {
	words []string
	set   func(string)
}

// String is the flag's default for --help: none is shown.
func (c choice) String() string { return "" }

// Set checks v against the words.
func (c choice) Set(v string) error {
	if !slices.Contains(c.words, v) {
		return fmt.Errorf("must be %s or %s", strings.Join(c.words[:len(c.words)-1], ", "), c.words[len(c.words)-1])
	}
	c.set(v)
	return nil
}

// Type names the value in messages.
func (c choice) Type() string { return "string" }

// compilePattern reads the -f files and makes one regular expression of
// the patterns (search.CompilePattern), as grep takes them; an empty -f
// file adds none. No -e and no -f: no pattern.
func (cfg *config) compilePattern() error {
	pats := slices.Clone(cfg.patterns)
	for _, name := range cfg.patFiles {
		data, err := os.ReadFile(name)
		if err != nil {
			return err
		}
		for line := range strings.Lines(string(data)) {
			pats = append(pats, strings.TrimRight(line, "\r\n"))
		}
	}
	if len(cfg.patterns) == 0 && len(cfg.patFiles) == 0 {
		if cfg.ignCase || cfg.invert || cfg.fixed || cfg.whole || cfg.word {
			return errors.New("-i, -v, -F, -x and -w need a pattern (-e or -f)")
		}
		return nil
	}
	re, err := search.CompilePattern(pats, search.PatternSyntax{Fixed: cfg.fixed, IgnoreCase: cfg.ignCase, Whole: cfg.whole, Word: cfg.word})
	cfg.pattern = re
	return err
}

// readExcludeFrom adds the globs of the --exclude-from files to the
// --exclude ones: one a line, blank lines left out, as grep reads them.
func (cfg *config) readExcludeFrom() error {
	for _, name := range cfg.excludeFrom {
		data, err := os.ReadFile(name)
		if err != nil {
			return err
		}
		for line := range strings.Lines(string(data)) {
			if g := strings.TrimRight(line, "\r\n"); g != "" {
				cfg.exclude = append(cfg.exclude, g)
			}
		}
	}
	return nil
}

// maxContextLines bounds -A, -B and -C: the lines before a URL are held
// in memory.
const maxContextLines = 1000

// maxMaxLength bounds --max-length: the scanner's buffer holds one
// candidate, so the bound is a bound on memory (64 MiB).
const maxMaxLength = 64 << 20

// maxJobs is the most goroutines -j gets: twice the CPUs Go may use.
func maxJobs() int { return 2 * runtime.GOMAXPROCS(0) }

// defaultJobs is -j's default: the CPUs Go may use, at most 4, so that
// memory stays bounded (each job holds about 1 MiB) on a large machine.
func defaultJobs() int { return min(runtime.GOMAXPROCS(0), 4) }
