package extract

import (
	"fmt"
	"io"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/urlgrep/urlgrep/rfc1738"
)

// Issue #6, "nothing lost": documents generated from filler words and URLs
// placed in every context the package documentation promises to handle,
// each URL recorded with the Text, Kind and position the Scanner must
// report. Every URL must be found exactly once, where it was put, and
// nothing else may be found.

// lostURLs are the scheme URLs placed, valid by rfc1738.ParseLenient (the
// test checks). None holds whitespace, '<', '>', '"' or '`', and none ends
// with what a reader would take for punctuation, so each may stand in every
// context. Today's shapes (issue 15) are among them: IRIs, IDN hosts, IP
// literals, schemes registered with IANA and unregistered ones with "//".
var lostURLs = []string{
	"http://www.w3.org/hypertext/WWW/Addressing/URL/url-spec.html",
	"http://info.cern.ch/hypertext/WWW/TheProject.html",
	"http://example.com/papers/(1994)/urls.html",
	"http://en.example.org/wiki/Uniform_Resource_Locator_(RFC_1738)",
	"http://www.example.edu/~bob/notes%20on%20urls.txt",
	"http://www.example.com:8080/cgi-bin/search?query=url+syntax&max=10",
	"http://127.0.0.1:8000/index.html",
	"http://ds.internic.net/instructions/overview.html#WARNING",
	"HTTP://WWW.EXAMPLE.COM/INDEX.HTML",
	"https://secure.example.net/account/login?next=/home",
	"https://example.org/a-very-long-path/with-many-hyphens/in-it.html",
	"ftp://info.cern.ch/pub/www/doc;type=d",
	"ftp://ds.internic.net/rfc/rfc1436.txt;type=a",
	"ftp://anonymous:guest@ftp.example.com:2121/pub/gnu/emacs-19.28.tar.gz",
	"ftp://ftp.math-net.example.edu/pub/tex-archive/",
	"gopher://gopher.tc.umn.edu:70/11/Information%20About%20Gopher",
	"gopher://spinaltap.micro.umn.edu/00/Weather/California/Los%20Angeles",
	"news:comp.infosystems.www.misc",
	"https://ja.wikipedia.org/wiki/東京",
	"https://en.wikipedia.org/wiki/Hatfield–McCoy_feud",
	"http://müller.de/impressum",
	"http://[2001:db8::1]:8080/status",
	"postgres://user@db.example.com:5432/app",
	"git+https://github.com/o/r.git",
	"urn:isbn:0451450523",
	"xmpp:alice@jabber.example.org",
	"news:3cn4ab$f1@news.example.edu",
	"nntp://news.example.com:119/comp.infosystems.www.providers/1234",
	"mailto:timbl@info.cern.ch",
	"mailto:user-list@lists.example-host.org",
	"telnet://guest:secret@bbs.example.org:2323/",
	"telnet://locis.loc.gov",
	"wais://quake.think.com:210/directory-of-servers?gopher",
	"wais://wais.example.com/db/TEXT/0001-2345",
	"file://vms.host.edu/disk$user/my/notes/note12345.txt",
	"file:///etc/motd",
	"prospero://host.example.com:1525/pros/papers;type=text",
}

// lostWWW are hosts starting "www." without a scheme; "http://" before
// each is valid by rfc1738.ParseLenient.
var lostWWW = []string{
	"www.example.com",
	"www.example.org/docs/index.html?lang=en",
	"www.cs.example.edu/~alice/pubs/(draft)/paper.ps",
	"WWW.EXAMPLE.NET:8080/a-b/c",
	"www.ietf-archive.example.org/rfc-index.txt",
}

// lostFiller are the words between URLs. Some look like the start of a
// URL and must not be found: a word and a colon, times, ratios, tags.
var lostFiller = []string{
	"the", "URL", "is", "under", "but", "you", "can", "probably", "pick", "it",
	"up", "from", "warning", "in", "mail", "news", "reader", "link", "archive",
	"self-evident", "x-ray", "well", "see", "also", "and", "or", "with",
	"Note:", "10:30", "ratio 3:1", "Good news:", "Re:", "e.g.", "i.e.,",
	"U.S.A.", "version 1.2.3", "www", "a < b", "<b>bold</b>", "<o:p>", "(sic)",
}

// lostSeeds seed the documents; each runs lostDocs documents.
var lostSeeds = []uint64{1, 2, 3, 1738, 1994}

const lostDocs = 300

// lostWant is one match as compared: what the issue asks to hold, and the
// other reading of a URL broken after a hyphen.
type lostWant struct {
	Text       string
	Kind       Kind
	Offset     int64
	Line, Col  int
	Alternates []string
}

func (w lostWant) equal(v lostWant) bool {
	return w.Text == v.Text && w.Kind == v.Kind && w.Offset == v.Offset &&
		w.Line == v.Line && w.Col == v.Col && slices.Equal(w.Alternates, v.Alternates)
}

func (w lostWant) String() string {
	s := fmt.Sprintf("%d:%d @%d %s %q", w.Line, w.Col, w.Offset, w.Kind, w.Text)
	if len(w.Alternates) > 0 {
		s += fmt.Sprintf(" alt=%q", w.Alternates)
	}
	return s
}

// The contexts a URL is placed in.
const (
	ctxSpaces        = iota // bare, between spaces
	ctxPunct                // bare, before sentence punctuation
	ctxLineStart            // bare, at the start of a line
	ctxEOF                  // bare, at the end of the input, no newline
	ctxParen                // "(URL)"
	ctxQuote                // "\"URL\"", "'URL'"
	ctxWrapper              // "<URL:...>", "<URL: ...>", "<url:...>"
	ctxWrapperBroken        // "<URL:...>" across lines, not after a hyphen
	ctxWrapperHyphen        // "<URL:...>" broken after a hyphen of the URL
	ctxQuotedMail           // a broken wrapper in quoted mail, "> " on each line
	ctxAngle                // "<http://...>"
	ctxAngleBroken          // "<http://...>" across lines
	ctxWWW                  // "www." host in a bare context
	nLostContexts
)

var lostContextNames = [nLostContexts]string{
	"bare between spaces", "bare before punctuation", "bare at line start", "bare at EOF",
	"(URL)", "quoted \"URL\"", "<URL:...>", "<URL:...> broken", "<URL:...> broken after hyphen",
	"quoted mail wrapper", "<scheme:...>", "<scheme:...> broken", "www. host",
}

// lostGen builds one document and the matches it must yield.
type lostGen struct {
	r     *rand.Rand
	b     strings.Builder
	nl    string // the document's line end, "\n" or "\r\n"
	pfx   string // the quote prefix of the current lines, "" outside quotes
	bol   bool   // at the start of a line, after its prefix
	want  []lostWant
	count *[nLostContexts]int
}

func (g *lostGen) pick(list []string) string { return list[g.r.IntN(len(list))] }

// sep puts a space before the next token unless it starts a line.
func (g *lostGen) sep() {
	if !g.bol {
		g.b.WriteByte(' ')
	}
	g.bol = false
}

func (g *lostGen) newline() {
	g.b.WriteString(g.nl)
	g.b.WriteString(g.pfx)
	g.bol = true
}

// paragraph ends the line, leaves a blank line, and starts a paragraph
// quoted with prefix p.
func (g *lostGen) paragraph(p string) {
	g.b.WriteString(g.nl)
	g.b.WriteString(g.nl)
	g.pfx = p
	g.b.WriteString(p)
	g.bol = true
}

var lostPrefixes = []string{"> ", ">", "> > ", ">> "}

func (g *lostGen) filler() {
	for range 1 + g.r.IntN(6) {
		switch g.r.IntN(12) {
		case 0:
			g.newline()
		case 1:
			if g.r.IntN(3) == 0 {
				g.paragraph(g.pick(lostPrefixes))
			} else {
				g.paragraph("")
			}
		}
		g.sep()
		g.b.WriteString(g.pick(lostFiller))
	}
}

// record notes a URL whose first byte is written next.
func (g *lostGen) record(text string, kind Kind) {
	g.want = append(g.want, lostWant{Text: text, Kind: kind, Offset: int64(g.b.Len())})
}

// balanced reports whether u's parentheses close the ones it opens, so
// that a ')' after it is not the URL's.
func balanced(u string) bool { return strings.Count(u, "(") == strings.Count(u, ")") }

var lostPunct = []string{".", ",", ";", ":", "!", "?", ")", "\"", "'", "...", ").", "\".", "?!", ":)", ".)"}

// bare places u (of kind Bare or WWW) in one of the bare contexts.
func (g *lostGen) bare(u string, kind Kind, ctx int) {
	switch ctx {
	case ctxSpaces:
		g.sep()
		g.record(u, kind)
		g.b.WriteString(u)
	case ctxPunct:
		p := g.pick(lostPunct)
		for strings.Contains(p, ")") && !balanced(u) {
			p = g.pick(lostPunct)
		}
		g.sep()
		g.record(u, kind)
		g.b.WriteString(u)
		g.b.WriteString(p)
	case ctxLineStart:
		g.newline()
		g.bol = false
		g.record(u, kind)
		g.b.WriteString(u)
	case ctxParen:
		g.sep()
		g.b.WriteString("(")
		g.record(u, kind)
		g.b.WriteString(u)
		g.b.WriteString(")")
		if g.r.IntN(3) == 0 {
			g.b.WriteString(g.pick([]string{".", ",", ";", ":"}))
		}
	case ctxQuote:
		q := g.pick([]string{`"`, `'`})
		g.sep()
		g.b.WriteString(q)
		g.record(u, kind)
		g.b.WriteString(u)
		g.b.WriteString(q)
		if g.r.IntN(3) == 0 {
			g.b.WriteString(g.pick([]string{".", ",", ";", ":"}))
		}
	default:
		panic("not a bare context")
	}
}

// lineBreak breaks a wrapper's line: optional trailing blanks, the line
// end (sometimes CRLF in an LF document), the quote prefix and indentation.
func (g *lostGen) lineBreak() {
	if g.r.IntN(4) == 0 {
		g.b.WriteString(g.pick([]string{" ", "\t", "  "}))
	}
	if g.r.IntN(4) == 0 {
		g.b.WriteString("\r\n")
	} else {
		g.b.WriteString(g.nl)
	}
	g.b.WriteString(g.pfx)
	for range g.r.IntN(5) {
		g.b.WriteByte(" \t"[g.r.IntN(2)])
	}
}

// breakPoints returns up to n distinct indexes k in [lo, len(u)) before
// which a line may break: not right after a hyphen.
func (g *lostGen) breakPoints(u string, lo, n int) []int {
	var ok []int
	for k := lo; k < len(u); k++ {
		if k == 0 || u[k-1] != '-' {
			ok = append(ok, k)
		}
	}
	g.r.Shuffle(len(ok), func(i, j int) { ok[i], ok[j] = ok[j], ok[i] })
	ok = ok[:min(n, len(ok))]
	slices.Sort(ok)
	return ok
}

// wrapped writes open, u broken before each index of breaks, and '>'.
func (g *lostGen) wrapped(open, u string, kind Kind, breaks []int, alt string) {
	g.sep()
	g.b.WriteString(open)
	for i := 0; i < len(u); i++ {
		if slices.Contains(breaks, i) {
			g.lineBreak()
		}
		if i == 0 {
			g.record(u, kind)
			if alt != "" {
				g.want[len(g.want)-1].Alternates = []string{alt}
			}
		}
		g.b.WriteByte(u[i])
	}
	g.b.WriteString(">")
}

var lostOpen = []string{"<URL:", "<URL: ", "<url:", "<URL:  ", "<Url:"}

// hyphenated returns a URL of the pool with a hyphen that URL text
// follows, and the index after one such hyphen.
func (g *lostGen) hyphenated() (u string, k int) {
	for {
		u = g.pick(lostURLs)
		var ks []int
		for i := 0; i+1 < len(u); i++ {
			if u[i] == '-' {
				ks = append(ks, i+1)
			}
		}
		if len(ks) > 0 {
			return u, ks[g.r.IntN(len(ks))]
		}
	}
}

// brokenWrapper places a "<URL:...>" broken across lines, after a hyphen
// of the URL when hyphen is set.
func (g *lostGen) brokenWrapper(hyphen bool) {
	open := g.pick([]string{"<URL:", "<URL: ", "<url:"})
	if !hyphen {
		u := g.pick(lostURLs)
		g.wrapped(open, u, Wrapped, g.breakPoints(u, 0, 1+g.r.IntN(3)), "")
		return
	}
	u, k := g.hyphenated()
	breaks := []int{k}
	if g.r.IntN(2) == 0 {
		for _, b := range g.breakPoints(u, 0, 1) {
			if b != k {
				breaks = append(breaks, b)
			}
		}
	}
	g.wrapped(open, u, Wrapped, breaks, u[:k-1]+u[k:])
}

// brokenAngle places "<scheme:...>" broken after its scheme's colon.
func (g *lostGen) brokenAngle() {
	u := g.pick(lostURLs)
	g.wrapped("<", u, Angle, g.breakPoints(u, strings.IndexByte(u, ':')+1, 1+g.r.IntN(2)), "")
}

var lostBare = []int{ctxSpaces, ctxPunct, ctxLineStart, ctxParen, ctxQuote}

func (g *lostGen) place(ctx int) {
	g.count[ctx]++
	switch ctx {
	case ctxSpaces, ctxPunct, ctxLineStart, ctxParen, ctxQuote:
		g.bare(g.pick(lostURLs), Bare, ctx)
	case ctxWWW:
		g.bare(g.pick(lostWWW), WWW, g.pick2(lostBare))
	case ctxWrapper:
		g.wrapped(g.pick(lostOpen), g.pick(lostURLs), Wrapped, nil, "")
	case ctxWrapperBroken:
		g.brokenWrapper(false)
	case ctxWrapperHyphen:
		g.brokenWrapper(true)
	case ctxQuotedMail:
		if g.pfx == "" {
			g.paragraph(g.pick(lostPrefixes))
		}
		switch g.r.IntN(3) {
		case 0:
			g.brokenWrapper(false)
		case 1:
			g.brokenWrapper(true)
		default:
			g.brokenAngle()
		}
	case ctxAngle:
		g.wrapped("<", g.pick(lostURLs), Angle, nil, "")
	case ctxAngleBroken:
		g.brokenAngle()
	}
}

func (g *lostGen) pick2(list []int) int { return list[g.r.IntN(len(list))] }

// lostDocument generates one document and the matches it must yield.
func lostDocument(r *rand.Rand, count *[nLostContexts]int) (string, []lostWant) {
	g := &lostGen{r: r, nl: "\n", bol: true, count: count}
	if r.IntN(4) == 0 {
		g.nl = "\r\n"
	}
	if r.IntN(4) == 0 {
		g.pfx = g.pick(lostPrefixes)
		g.b.WriteString(g.pfx)
	}
	for range 8 + r.IntN(24) {
		if r.IntN(3) > 0 {
			g.filler()
		}
		ctx := r.IntN(nLostContexts)
		for ctx == ctxEOF {
			ctx = r.IntN(nLostContexts)
		}
		g.place(ctx)
	}
	if r.IntN(3) == 0 {
		// The document ends with a bare URL and no newline, sometimes
		// with punctuation after it.
		count[ctxEOF]++
		u, kind := g.pick(lostURLs), Bare
		if r.IntN(4) == 0 {
			u, kind = g.pick(lostWWW), WWW
		}
		g.sep()
		g.record(u, kind)
		g.b.WriteString(u)
		if r.IntN(2) == 0 && balanced(u) {
			g.b.WriteString(g.pick(lostPunct))
		}
	} else {
		g.filler()
		g.b.WriteString(g.nl)
	}
	doc := g.b.String()
	for i := range g.want {
		w := &g.want[i]
		before := doc[:w.Offset]
		w.Line = 1 + strings.Count(before, "\n")
		w.Col = len(before) - (strings.LastIndexByte(before, '\n') + 1) + 1
	}
	return doc, g.want
}

// lostScan scans doc as read by r and returns the matches, and any
// breach of the segments' contract.
func lostScan(doc string, r io.Reader, opts ...Option) (got []lostWant, problems []string) {
	s := NewScanner(r, opts...)
	var joined strings.Builder
	for s.Scan() {
		joined.Write(s.Raw())
		m := s.Match()
		if m == nil {
			continue
		}
		got = append(got, lostWant{Text: m.Text, Kind: m.Kind, Offset: m.Offset, Line: m.Line, Col: m.Col, Alternates: m.Alternates})
		if m.Offset < 0 || m.End > int64(len(doc)) || m.Offset > m.End || doc[m.Offset:m.End] != m.Raw || string(s.Raw()) != m.Raw {
			problems = append(problems, fmt.Sprintf("match %q at [%d,%d): Raw %q is not the input there", m.Text, m.Offset, m.End, m.Raw))
		}
	}
	if err := s.Err(); err != nil {
		problems = append(problems, fmt.Sprintf("Err() = %v", err))
	}
	if joined.String() != doc {
		problems = append(problems, "the segments, concatenated, are not the input")
	}
	return got, problems
}

var lostReaders = []struct {
	name string
	wrap func(io.Reader) io.Reader
	opts []Option
}{
	{"strings.Reader", func(r io.Reader) io.Reader { return r }, nil},
	{"OneByteReader", iotest.OneByteReader, nil},
	{"WithReadSize(512)", func(r io.Reader) io.Reader { return r }, []Option{WithReadSize(512)}},
	// The smallest buffer, 849 bytes, filled a byte at a time: compacted
	// many times a document.
	{"OneByteReader+WithReadSize(512)+WithMaxCandidate(256)", iotest.OneByteReader, []Option{WithReadSize(512), WithMaxCandidate(256)}},
}

func TestNothingLost(t *testing.T) {
	for _, u := range lostURLs {
		if p, err := rfc1738.ParseLenient(u); p == nil || err != nil {
			t.Fatalf("pool URL %q: ParseLenient: %v", u, err)
		}
		if strings.ContainsAny(u, " \t\r\n<>\"`") {
			t.Fatalf("pool URL %q cannot stand in every context", u)
		}
	}
	for _, u := range lostWWW {
		if p, err := rfc1738.ParseLenient("http://" + u); p == nil || err != nil {
			t.Fatalf("pool host %q: ParseLenient: %v", u, err)
		}
	}

	var count [nLostContexts]int
	docs, urls, failures := 0, 0, 0
	for _, seed := range lostSeeds {
		r := rand.New(rand.NewPCG(seed, 0x1738))
		for d := range lostDocs {
			doc, want := lostDocument(r, &count)
			docs++
			urls += len(want)
			for _, rd := range lostReaders {
				got, problems := lostScan(doc, rd.wrap(strings.NewReader(doc)), rd.opts...)
				if slices.EqualFunc(want, got, lostWant.equal) && len(problems) == 0 {
					continue
				}
				failures++
				ws, gs := lostStrings(want), lostStrings(got)
				off := lostFirstDiff(want, got)
				var p string
				for _, s := range problems {
					p += "\t" + s + "\n"
				}
				t.Errorf("seed %d, document %d (%d bytes), %s:\n%sdocument near offset %d:\n\t%s\nmatches (- want, + got):\n%s",
					seed, d, len(doc), rd.name, p, off, lostExcerpt(doc, off), lostDiff(ws, gs))
				if failures >= 10 {
					t.Fatalf("too many failures")
				}
				break // the other readers most likely fail alike
			}
		}
	}
	for ctx, n := range count {
		if n < 100 {
			t.Errorf("context %q placed only %d times", lostContextNames[ctx], n)
		}
	}
	t.Logf("%d documents, %d URLs, each scanned %d ways; per context: %v", docs, urls, len(lostReaders), count)
}

func lostStrings(ws []lostWant) []string {
	s := make([]string, len(ws))
	for i, w := range ws {
		s[i] = w.String()
	}
	return s
}

// lostFirstDiff returns the offset of the first match that differs.
func lostFirstDiff(want, got []lostWant) int64 {
	for i := 0; i < len(want) || i < len(got); i++ {
		switch {
		case i >= len(want):
			return got[i].Offset
		case i >= len(got):
			return want[i].Offset
		case want[i].String() != got[i].String():
			return min(want[i].Offset, got[i].Offset)
		}
	}
	return 0
}

// lostExcerpt returns doc around off, Go-quoted.
func lostExcerpt(doc string, off int64) string {
	from, to := max(0, int(off)-160), min(len(doc), int(off)+240)
	s := fmt.Sprintf("%q", doc[from:to])
	if from > 0 {
		s = "…" + s
	}
	if to < len(doc) {
		s += "…"
	}
	return s
}

// lostDiff returns a line diff of want and got by their longest common
// subsequence.
func lostDiff(want, got []string) string {
	n, m := len(want), len(got)
	lcs := make([][]int, n+1)
	for i := range lcs {
		lcs[i] = make([]int, m+1)
	}
	for i := n - 1; i >= 0; i-- {
		for j := m - 1; j >= 0; j-- {
			if want[i] == got[j] {
				lcs[i][j] = lcs[i+1][j+1] + 1
			} else {
				lcs[i][j] = max(lcs[i+1][j], lcs[i][j+1])
			}
		}
	}
	var b strings.Builder
	i, j := 0, 0
	for i < n || j < m {
		switch {
		case i < n && j < m && want[i] == got[j]:
			fmt.Fprintf(&b, "\t  %s\n", want[i])
			i, j = i+1, j+1
		case j < m && (i == n || lcs[i][j+1] >= lcs[i+1][j]):
			fmt.Fprintf(&b, "\t+ %s\n", got[j])
			j++
		default:
			fmt.Fprintf(&b, "\t- %s\n", want[i])
			i++
		}
	}
	return b.String()
}
