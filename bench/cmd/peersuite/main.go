// Command peersuite runs urlgrep's extract package over the public test
// suites of twelve peer URL finders and reports where it agrees with them:
//
//	xurls        mvdan.cc/xurls/v2's xurls_test.go (its Go test tables)
//	linkify-it   markdown-it/linkify-it's test/fixtures/links.txt and not_links.txt
//	urifind      Perl URI::Find's t/Find.t, t/rfc3986_appendix_c.t, t/html.t
//	gfm          github/cmark-gfm's test/extensions.txt (and spec.txt), "Autolinks"
//	twitter-text twitter/twitter-text's conformance/extract.yml, its URL sections
//	linkify-rs   robinst/linkify's (Rust) tests/url.rs and tests/email.rs
//	k9           K-9 Mail's UriMatcherTest.kt, HttpUriParserTest.kt, GenericUriParserTest.kt
//	thunderbird  Gecko's test_mozTXTToHTMLConv.js, its scanTXTtests (Thunderbird's linkifier)
//
// and, with -cases, the JSON lines that the scripts in scripts/ write by
// running four more peers' own tests under recorders (Autolinker.js,
// linkifyjs, bleach's linkify, Django's urlize), whose inputs and
// expectations are computed by code no reading of the file could give.
//
// The suites are read at run time from the files the flags name; none is
// copied into the repository. See README.md for how to fetch them.
//
// For each suite it prints the options the Finder used, the counts of
// cases, agreements and disagreements, and then each disagreement as
//
//	suite: "input" => want ["..."] got ["..."]  # cause [table:line]
//
// The cause is a heuristic label (see classify.go) for grouping. With
// -json the disagreements go to standard output as JSON lines and the
// report to standard error.
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"maps"
	"os"
	"slices"
	"sort"
	"strings"

	"github.com/urlgrep/urlgrep/extract"
)

// Case is one test case of a peer's suite.
type Case struct {
	Suite string // "xurls", "linkify-it", "urifind", "gfm", "twitter-text", "linkify-rs", "k9", "thunderbird"
	Table string // the table, fixture file or section it is from
	Line  int    // its line in that file, 0 when unknown
	In    string // the text searched
	Want  []string

	// FirstOnly is set where the peer's test asserts only the first URL
	// found (xurls's FindString, linkify-it's match(line)[0]): urlgrep's
	// first match is compared, and its further matches are ignored.
	FirstOnly bool

	// Includes is set where the peer's test asserts only that its output
	// includes each wanted link (Thunderbird's mozTXTToHTMLConv): each
	// must be one of urlgrep's matches, and further matches are ignored.
	Includes bool

	// Surround are extra forms of In that the peer's test also runs and
	// that must give the same answer (xurls: "\n"+in+"\n").
	Surround []string

	// Filter, when set, names keep, which keeps only the matches it is
	// true of: xurls's StrictMatchingScheme tables keep the schemes they
	// name; GFM examples run without the autolink extension keep only the
	// URLs in angle brackets (CommonMark autolinks).
	Filter     string
	filterName string // for -agreed: "angle", "email" or keep's regexp
	keep       func(m *extract.Match, in string) bool

	// Opts names the Finder's options for the case; finder holds them.
	Opts   string
	finder *extract.Finder

	// forms returns the ways the suite may write a match: a match agrees
	// with a wanted URL when one of them equals it. The first is printed.
	forms func(m *extract.Match) []string
}

// Result is one disagreement, as -json writes it.
type Result struct {
	Suite string   `json:"suite"`
	Table string   `json:"table"`
	Line  int      `json:"line,omitempty"`
	In    string   `json:"in"`
	Want  []string `json:"want"`
	Got   []string `json:"got"`
	Kinds []string `json:"kinds"` // extract.Kind of each match in Got
	First bool     `json:"first_only,omitempty"`
	Cause string   `json:"cause"`
	Opts  string   `json:"options"`
}

// options is a Finder with a name for the report.
type options struct {
	name string
	f    *extract.Finder
}

func newOptions(name string, opts ...extract.Option) options {
	return options{name, extract.NewFinder(opts...)}
}

// The Finder configurations the suites use.
var (
	// optDefault is NewFinder's default: www hosts on, e-mail off.
	optDefault = newOptions("default (www on, email off)")
	// optEmail adds bare e-mail addresses, for suites that link them.
	optEmail = newOptions("WithEmail(true) (www on)", extract.WithEmail(true))
	// optStrict is for scheme-only finders: no www hosts, no e-mail.
	optStrict = newOptions("WithWWW(false) (email off)", extract.WithWWW(false))
)

// asWritten compares a match as written in the text: Match.Text, which
// for a www host has no "http://" and for an e-mail address no "mailto:".
// xurls returns the matched substring and linkify-it (its normalizer
// killed, as its test does) the text as written, so this is their form.
func asWritten(m *extract.Match) []string { return []string{m.Text} }

func main() {
	var (
		xurlsFile  = flag.String("xurls", "", "xurls_test.go of mvdan.cc/xurls/v2")
		linksFile  = flag.String("linkifyit-links", "", "linkify-it test/fixtures/links.txt")
		notFile    = flag.String("linkifyit-notlinks", "", "linkify-it test/fixtures/not_links.txt")
		uriFind    = flag.String("urifind", "", "URI::Find cases: a .json file, a .t file or a directory of them (Find.t, rfc3986_appendix_c.t, html.t)")
		uriJSON    = flag.String("urifind-json", "", "write the URI::Find cases extracted from -urifind to this JSON file")
		gfmFiles   = flag.String("gfm", "", "cmark-gfm test/extensions.txt or spec.txt; several separated by commas")
		gfmSection = flag.String("gfm-sections", "Autolinks,Autolinks (extension)", "comma-separated \"## \" section titles of -gfm to run")
		twitter    = flag.String("twitter", "", "twitter-text conformance/extract.yml")
		linkifyRS  = flag.String("linkify-rs", "", "robinst/linkify's checkout (its tests/url.rs and tests/email.rs are read)")
		k9Dir      = flag.String("k9", "", "a directory of K-9 Mail's UriMatcherTest.kt, HttpUriParserTest.kt and GenericUriParserTest.kt")
		tbFile     = flag.String("thunderbird", "", "Gecko's netwerk/test/unit/test_mozTXTToHTMLConv.js (Thunderbird's linkifier)")
		jsonlFiles = flag.String("cases", "", "JSON-lines case files written by scripts/ (Autolinker.js, linkifyjs, bleach, Django); several separated by commas")
		jsonOut    = flag.Bool("json", false, "write the disagreements as JSON lines to stdout, the report to stderr")
		quiet      = flag.Bool("q", false, "print only the counts, not each disagreement")
		try        = flag.String("try", "", "print the matches urlgrep finds in this text with each option set, and exit")
		agreedOut  = flag.String("agreed", "", "write the cases urlgrep agrees on to this file as JSON lines, for extract's TestPeerSuites")
	)
	flag.Parse()

	if *try != "" {
		for _, o := range []options{optDefault, optEmail, optStrict} {
			fmt.Printf("%s:\n", o.name)
			for fd := range o.f.All([]byte(*try), 0) {
				m := fd.Match
				fmt.Printf("  %s %q url=%q valid=%v\n", m.Kind, m.Text, m.URL, m.Valid())
			}
		}
		return
	}

	type suite struct {
		name, source string
		cases        []Case
	}
	var suites []suite
	fail := func(err error) {
		fmt.Fprintln(os.Stderr, "peersuite:", err)
		os.Exit(1)
	}
	if *xurlsFile != "" {
		cs, err := xurlsCases(*xurlsFile)
		if err != nil {
			fail(err)
		}
		suites = append(suites, suite{"xurls", *xurlsFile, cs})
	}
	if *linksFile != "" || *notFile != "" {
		cs, err := linkifyCases(*linksFile, *notFile)
		if err != nil {
			fail(err)
		}
		suites = append(suites, suite{"linkify-it", *linksFile + " " + *notFile, cs})
	}
	if *uriFind != "" {
		cs, err := uriFindCases(*uriFind, *uriJSON)
		if err != nil {
			fail(err)
		}
		suites = append(suites, suite{"urifind", *uriFind, cs})
	}
	if *gfmFiles != "" {
		var sections []string
		for s := range strings.SplitSeq(*gfmSection, ",") {
			sections = append(sections, strings.TrimSpace(s))
		}
		var cs []Case
		for file := range strings.SplitSeq(*gfmFiles, ",") {
			c, err := gfmCases(file, sections)
			if err != nil {
				fail(err)
			}
			cs = append(cs, c...)
		}
		suites = append(suites, suite{"gfm", *gfmFiles, cs})
	}
	if *twitter != "" {
		cs, err := twitterCases(*twitter)
		if err != nil {
			fail(err)
		}
		suites = append(suites, suite{"twitter-text", *twitter, cs})
	}
	if *linkifyRS != "" {
		cs, err := linkifyRSCases(*linkifyRS)
		if err != nil {
			fail(err)
		}
		suites = append(suites, suite{"linkify-rs", *linkifyRS, cs})
	}
	if *k9Dir != "" {
		cs, err := k9Cases(*k9Dir)
		if err != nil {
			fail(err)
		}
		suites = append(suites, suite{"k9", *k9Dir, cs})
	}
	if *tbFile != "" {
		cs, err := thunderbirdCases(*tbFile)
		if err != nil {
			fail(err)
		}
		suites = append(suites, suite{"thunderbird", *tbFile, cs})
	}
	if *jsonlFiles != "" {
		cs, skipped, err := jsonlCases(*jsonlFiles)
		if err != nil {
			fail(err)
		}
		for _, name := range slices.Sorted(maps.Keys(skipped)) {
			fmt.Fprintf(os.Stderr, "peersuite: -cases: %d cases left out: %s\n", skipped[name], name)
		}
		// One suite a peer, in the order first read.
		var order []string
		by := map[string][]Case{}
		for _, c := range cs {
			if by[c.Suite] == nil {
				order = append(order, c.Suite)
			}
			by[c.Suite] = append(by[c.Suite], c)
		}
		for _, name := range order {
			suites = append(suites, suite{name, *jsonlFiles, by[name]})
		}
	}
	if len(suites) == 0 {
		flag.Usage()
		os.Exit(2)
	}

	var report io.Writer = os.Stdout
	enc := json.NewEncoder(os.Stdout)
	enc.SetEscapeHTML(false)
	if *jsonOut {
		report = os.Stderr
	}
	type total struct {
		name                      string
		cases, agreed, outOfScope int
	}
	var totals []total
	var agreedEnc *json.Encoder
	if *agreedOut != "" {
		f, err := os.Create(*agreedOut)
		if err != nil {
			fail(err)
		}
		defer func() {
			if err := f.Close(); err != nil {
				fail(err)
			}
		}()
		agreedEnc = json.NewEncoder(f)
		agreedEnc.SetEscapeHTML(false)
	}
	for _, s := range suites {
		t := total{name: s.name, cases: len(s.cases)}
		var bad []Result
		for _, c := range s.cases {
			if r, ok := run(c); ok {
				t.agreed++
				if agreedEnc != nil {
					if err := agreedEnc.Encode(agreedCase(c, r)); err != nil {
						fail(err)
					}
				}
			} else {
				if outOfScope[r.Cause] {
					t.outOfScope++
				}
				bad = append(bad, r)
			}
		}
		totals = append(totals, t)
		fmt.Fprintf(report, "== %s (%s)\n", s.name, s.source)
		printOptions(report, s.cases)
		fmt.Fprintf(report, "cases %d  agreed %d  disagreed %d  (of which out of scope: %d)\n",
			t.cases, t.agreed, t.cases-t.agreed, t.outOfScope)
		printTables(report, s.cases)
		printCauses(report, bad)
		for _, r := range bad {
			if *jsonOut {
				if err := enc.Encode(r); err != nil {
					fail(err)
				}
			}
			if !*quiet {
				first := ""
				if r.First {
					first = " first-only"
				}
				fmt.Fprintf(report, "%s: %q => want %s got %s  # %s [%s:%d%s]\n",
					r.Suite, r.In, quoteList(r.Want), quoteList(r.Got), r.Cause, r.Table, r.Line, first)
			}
		}
		fmt.Fprintln(report)
	}
	fmt.Fprintln(report, "== summary")
	for _, t := range totals {
		fmt.Fprintf(report, "%-12s cases %4d  agreed %4d  disagreed %4d  out of scope %4d\n",
			t.name, t.cases, t.agreed, t.cases-t.agreed, t.outOfScope)
	}
}

// run runs urlgrep on c and reports the disagreement, if any.
func run(c Case) (Result, bool) {
	ins := append([]string{c.In}, c.Surround...)
	var r Result
	for i, in := range ins {
		var got, kinds []string
		var forms [][]string
		for fd := range c.finder.All([]byte(in), 0) {
			m := fd.Match
			if c.keep != nil && !c.keep(m, in) {
				continue
			}
			f := c.forms(m)
			got = append(got, f[0])
			forms = append(forms, f)
			kinds = append(kinds, m.Kind.String())
		}
		if got == nil {
			got, kinds = []string{}, []string{}
		}
		if i == 0 {
			r = Result{Suite: c.Suite, Table: c.Table, Line: c.Line, In: c.In, Want: append([]string{}, c.Want...),
				Got: got, Kinds: kinds, First: c.FirstOnly, Opts: c.Opts}
		}
		if !agrees(c, forms) {
			if i > 0 {
				// Only the surrounded form disagrees: report it.
				r.In, r.Got, r.Kinds = in, got, kinds
			}
			r.Cause = classify(c, r.Got, r.Kinds)
			return r, false
		}
	}
	return r, true
}

// agrees reports whether the matches, each given by its forms, are the
// URLs c wants.
func agrees(c Case, forms [][]string) bool {
	if c.FirstOnly {
		if len(c.Want) == 0 || len(forms) == 0 {
			return len(c.Want) == len(forms)
		}
		return slices.Contains(forms[0], c.Want[0])
	}
	if c.Includes {
		for _, w := range c.Want {
			if !slices.ContainsFunc(forms, func(f []string) bool { return slices.Contains(f, w) }) {
				return false
			}
		}
		return true
	}
	if len(forms) != len(c.Want) {
		return false
	}
	for i, f := range forms {
		if !slices.Contains(f, c.Want[i]) {
			return false
		}
	}
	return true
}

func quoteList(l []string) string {
	q := make([]string, len(l))
	for i, s := range l {
		q[i] = fmt.Sprintf("%q", s)
	}
	return "[" + strings.Join(q, " ") + "]"
}

// printOptions prints the Finder options each table used.
func printOptions(w io.Writer, cs []Case) {
	seen := map[string]bool{}
	for _, c := range cs {
		k := c.Table + ": " + c.Opts
		if c.Filter != "" {
			k += ", only " + c.Filter
		}
		if c.FirstOnly {
			k += ", first match only"
		}
		if !seen[k] {
			seen[k] = true
			fmt.Fprintf(w, "options %s\n", k)
		}
	}
}

// printTables prints the counts per table.
func printTables(w io.Writer, cs []Case) {
	type count struct{ n, ok int }
	var order []string
	counts := map[string]*count{}
	for _, c := range cs {
		n := counts[c.Table]
		if n == nil {
			n = new(count)
			counts[c.Table] = n
			order = append(order, c.Table)
		}
		n.n++
		if _, ok := run(c); ok {
			n.ok++
		}
	}
	if len(order) < 2 {
		return
	}
	for _, t := range order {
		fmt.Fprintf(w, "  table %-40s cases %4d  agreed %4d  disagreed %4d\n", t, counts[t].n, counts[t].ok, counts[t].n-counts[t].ok)
	}
}

// printCauses prints how many disagreements each cause has.
func printCauses(w io.Writer, bad []Result) {
	n := map[string]int{}
	for _, r := range bad {
		n[r.Cause]++
	}
	causes := make([]string, 0, len(n))
	for c := range n {
		causes = append(causes, c)
	}
	sort.Slice(causes, func(i, j int) bool {
		if n[causes[i]] != n[causes[j]] {
			return n[causes[i]] > n[causes[j]]
		}
		return causes[i] < causes[j]
	})
	for _, c := range causes {
		fmt.Fprintf(w, "  cause %-50s %4d\n", c, n[c])
	}
}

// Agreed is a case urlgrep agrees on, as -agreed writes it: extract's
// TestPeerSuites runs each again and wants the same matches.
type Agreed struct {
	Source string   `json:"source"` // suite, table and line
	In     string   `json:"in"`
	Opts   string   `json:"opts"`             // "default", "email" or "strict"
	First  bool     `json:"first_only"`       // only the first match counts
	Wrap   bool     `json:"newlines"`         // also run "\n"+in+"\n"
	Filter string   `json:"filter,omitempty"` // "angle", "email", or a regexp the match text must match
	Want   []string `json:"want"`             // Match.Text of the matches kept
}

func agreedCase(c Case, r Result) Agreed {
	a := Agreed{Source: fmt.Sprintf("%s %s:%d", c.Suite, c.Table, c.Line), In: c.In, First: c.FirstOnly,
		Wrap: len(c.Surround) > 0, Filter: c.filterName}
	switch c.finder {
	case optDefault.f:
		a.Opts = "default"
	case optEmail.f:
		a.Opts = "email"
	case optStrict.f:
		a.Opts = "strict"
	}
	a.Want = []string{}
	for fd := range c.finder.All([]byte(c.In), 0) {
		if c.keep != nil && !c.keep(fd.Match, c.In) {
			continue
		}
		a.Want = append(a.Want, fd.Match.Text)
		if c.FirstOnly {
			break
		}
	}
	return a
}
