//go:build unix

package linkify_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"html"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/util"

	"github.com/urlgrep/urlgrep/extract"
	"github.com/urlgrep/urlgrep/linkify"
	"github.com/urlgrep/urlgrep/linktext"
)

// Payloads that mark the page as compromised if they ever run.
const (
	pwn       = `window.__pwned=1;document.title='pwned'`
	pwnScript = `<script>` + pwn + `</script>`
	pwnImg    = `<img src=x onerror="` + pwn + `">`
	pwnSVG    = `<svg onload="` + pwn + `"></svg>`
	pwnJS     = `javascript:` + pwn
)

// browserCase is one input of TestBrowser.
type browserCase struct {
	name     string
	markdown bool // Markdown through goldmark and linkify.New(); else RenderText
	in       string
	email    bool // RenderText only: linkify.WithEmail(true)
	// exact (Markdown only): the hrefs are exactly extract's allowed URLs,
	// in order, as for plain text; the input has no markup that changes
	// where a URL ends. Otherwise every href must be one of them or in
	// extra (hrefs that goldmark writes for links in the source itself).
	exact bool
	extra []string
}

// browserCases is the hostile corpus: each payload as plain text and as
// Markdown, and ordinary URLs of every kind around them.
func browserCases() []browserCase {
	hostile := []struct{ name, in string }{
		{"javascript-mixed-case", "JaVaScRiPt:" + pwn},
		{"javascript-lower", pwnJS},
		{"javascript-upper", "JAVASCRIPT:" + pwn},
		{"javascript-charref", "javascript&#58;" + pwn},
		{"javascript-hexref", "&#x6A;avascript:" + pwn},
		{"javascript-named-ref", "javascript&colon;" + pwn},
		{"javascript-tab", "java\tscript:" + pwn},
		{"javascript-newline", "java\nscript:" + pwn},
		{"javascript-percent", "%6Aavascript:" + pwn},
		{"javascript-leading-control", "\x01javascript:" + pwn},
		{"wrapper-javascript", "<URL:javascript:alert(1)>"},
		{"wrapper-JAVASCRIPT", "<URL:JAVASCRIPT:alert(1)>"},
		{"wrapper-javascript-space", "<URL: javascript:" + pwn + " >"},
		{"wrapper-javascript-broken", "<URL:java\nscript:" + pwn + ">"},
		{"wrapper-javascript-hyphen", "<URL:java-\nscript:" + pwn + ">"},
		{"wrapper-javascript-tab", "<URL:java\tscript:" + pwn + ">"},
		{"wrapper-javascript-charref", "<URL:javascript&#58;" + pwn + ">"},
		{"wrapper-javascript-percent", "<URL:%6Aavascript:" + pwn + ">"},
		{"wrapper-javascript-authority", "<URL:javascript://x.example/%0A" + pwn + ">"},
		{"angle-javascript", "<javascript:" + pwn + ">"},
		{"data-html", "data:text/html,<script>" + pwn + "</script>"},
		{"wrapper-data-html", "<URL:data:text/html,<script>" + pwn + "</script>>"},
		{"wrapper-data-base64", "<URL:data:text/html;base64,PHNjcmlwdD53aW5kb3cuX19wd25lZD0xPC9zY3JpcHQ+>"},
		{"vbscript", "vbscript:msgbox(1)"},
		{"wrapper-VBScript", "<URL:VBScript:msgbox(1)>"},
		{"script-tag", "before " + pwnScript + " after http://ok.example/a"},
		{"script-in-url", "http://x.example/" + pwnScript},
		{"quote-breakout", `http://x.example/"onmouseover="` + pwn},
		{"apostrophe-breakout", `http://x.example/'><script>` + pwn + `</script>`},
		{"quote-angle-breakout", `http://x.example/"><img src=x onerror=` + pwn + `>`},
		{"wrapper-quote", `<URL:http://x.example/a'b"c><script>` + pwn + `</script>`},
		{"entity-quote", `http://x.example/&quot;onmouseover=&quot;` + pwn},
		{"img-onerror", "see " + pwnImg + " and www.x.example/img"},
		{"svg-onload", pwnSVG + " http://x.example/svg"},
		{"www-angle", `www.x.example/"<>` + pwnScript},
		{"email-breakout", `foo@x.example"><script>` + pwn + `</script>`},
		{"control-chars", "http://x.example/\x00a \x01http://x.example/b\x1b[31m \x7f http://x.example/c\x08"},
		{"textarea-swallow", "<textarea>http://x.example/t</textarea> <!-- http://x.example/c -->"},
		{"backtick", "http://x.example/`x`"},
	}
	ordinary := strings.Join([]string{
		"Bare: http://www.example.com/a/b?c=d#e, https://example.org/ and ftp://ftp.example.org/pub/f.txt.",
		"Schemes: news:comp.infosystems.www, gopher://gopher.example.org/1/, telnet://host.example.org/.",
		"A host: www.example.net/path and (www.example.net/paren).",
		"Mail: mailto:someone@example.com and someone.else@example.com.",
		"Wrapped: <URL:http://www.example.org/uri/",
		"  archive/index.html> and <URL:ftp://ftp.example.org/pub/",
		"file-name.txt>.",
		"Angle: <http://angle.example.org/x>.",
		"",
	}, "\n")

	var cs []browserCase
	for _, h := range hostile {
		cs = append(cs, browserCase{name: "text/" + h.name, in: h.in})
	}
	all := make([]string, len(hostile))
	for i, h := range hostile {
		all[i] = h.in
	}
	joined := strings.Join(all, "\n")
	cs = append(cs,
		browserCase{name: "text/ordinary", in: ordinary},
		browserCase{name: "text/ordinary-email", in: ordinary, email: true},
		browserCase{name: "text/all-joined", in: ordinary + joined + "\n" + ordinary, email: true},
		browserCase{name: "text/quoted-mail", in: "> see <URL:http://www.example.org/a/\n> b/c.html>\n> and " +
			pwnScript + " http://x.example/q\n"},
	)

	for _, h := range hostile {
		c := browserCase{name: "md/" + h.name, markdown: true, in: h.in}
		if h.name == "angle-javascript" {
			c.extra = []string{""} // goldmark's own autolink, its href blanked by goldmark
		}
		cs = append(cs, c)
	}
	cs = append(cs,
		browserCase{name: "md/ordinary", markdown: true, in: ordinary, exact: true},
		browserCase{name: "md/all-joined", markdown: true, in: ordinary + "\n" + joined + "\n\n" + ordinary,
			extra: []string{""}},
		browserCase{name: "md/link-javascript", markdown: true,
			in: "[click](" + pwnJS + ") and [x](JaVaScRiPt:alert(1)) http://ok.example/", extra: []string{""}},
		browserCase{name: "md/link-data", markdown: true,
			in: "[x](data:text/html,<b>) [y](vbscript:msgbox(1)) http://ok.example/", extra: []string{""}},
		browserCase{name: "md/link-label-wrapper", markdown: true,
			in: "[<URL:javascript:alert(1)>](http://ok.example/l)", extra: []string{"http://ok.example/l"}},
		browserCase{name: "md/escapes", markdown: true,
			in: "http://x.example/a\\_b http://x.example/&amp;c=1 javascript\\:alert(1) <URL:http://x.example/\\<script\\>>"},
		browserCase{name: "md/emphasis", markdown: true,
			in: "http://x.example/_a_/b and *<URL:javascript:alert(1)>* and `javascript:alert(1)`"},
		browserCase{name: "md/html-block", markdown: true,
			in: "<div onmouseover=\"" + pwn + "\">\nhttp://x.example/d\n</div>\n\n" + pwnScript + "\n"},
		browserCase{name: "md/code-block", markdown: true,
			in: "    javascript:alert(1) http://x.example/code\n\n```\n<URL:javascript:alert(1)>\n```\n"},
	)
	return cs
}

// safeSchemes are linkify's default schemes, written here again: the
// expectation must not come from the code under test.
var safeSchemes = []string{"http", "https", "ftp", "mailto", "news", "nntp", "gopher", "telnet", "wais", "prospero"}

// dangerous reports whether href has a scheme that runs code, as a
// browser reads it: leading spaces and controls skipped, tabs and line
// breaks ignored, case ignored, character references resolved or not.
func dangerous(href string) bool {
	for _, h := range []string{href, html.UnescapeString(href)} {
		h = strings.TrimLeft(h, "\x00\x01\x02\x03\x04\x05\x06\x07\x08\t\n\x0b\x0c\r\x0e\x0f"+
			"\x10\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1a\x1b\x1c\x1d\x1e\x1f ")
		h = strings.ToLower(strings.NewReplacer("\t", "", "\n", "", "\r", "").Replace(h))
		for _, p := range []string{"javascript:", "vbscript:", "data:"} {
			if strings.HasPrefix(h, p) {
				return true
			}
		}
	}
	return false
}

// expectedHrefs returns, in order, the canonical URLs that extract finds
// in in, with linkify's default options (and WithEmail when email), whose
// scheme linkify allows by default.
func expectedHrefs(t *testing.T, in string, email bool) []string {
	t.Helper()
	s := extract.NewScanner(strings.NewReader(in), extract.WithWWW(true), extract.WithEmail(email))
	hrefs := []string{}
	for s.Scan() {
		m := s.Match()
		if m == nil {
			continue
		}
		if slices.Contains(safeSchemes, strings.ToLower(m.Parsed.Scheme)) && !dangerous(m.URL) {
			hrefs = append(hrefs, m.URL)
		}
	}
	if err := s.Err(); err != nil {
		t.Fatal(err)
	}
	return hrefs
}

// wholeURL returns, when extract finds in text exactly one URL, all of
// the text, of an allowed scheme, its canonical URL (with and without
// goldmark's writing), else nothing.
func wholeURL(text string) []string {
	s := extract.NewScanner(strings.NewReader(text), extract.WithWWW(true), extract.WithEmail(true))
	var ms []*extract.Match
	for s.Scan() {
		if m := s.Match(); m != nil {
			ms = append(ms, m)
		} else {
			return nil // text besides the URL
		}
	}
	if s.Err() != nil || len(ms) != 1 || !slices.Contains(safeSchemes, ms[0].Parsed.Scheme) || dangerous(ms[0].URL) {
		return nil
	}
	return append(asGoldmarkWrites([]string{ms[0].URL}), ms[0].URL)
}

// asGoldmarkWrites returns urls as goldmark's renderer writes a link's
// destination in Markdown: character references resolved, then the bytes
// a URL cannot hold percent-encoded ("&quot;" becomes "%22").
func asGoldmarkWrites(urls []string) []string {
	out := make([]string, len(urls))
	for i, u := range urls {
		out[i] = string(util.URLEscape([]byte(u), true))
	}
	return out
}

// render returns the HTML linkify makes of c.
func render(t *testing.T, c browserCase) string {
	t.Helper()
	var b bytes.Buffer
	if c.markdown {
		md := goldmark.New(goldmark.WithExtensions(linkify.New()))
		if err := md.Convert([]byte(c.in), &b); err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		return b.String()
	}
	var opts []linkify.Option
	if c.email {
		opts = append(opts, linkify.WithEmail(true))
	}
	if err := linktext.Render(&b, strings.NewReader(c.in), opts...); err != nil {
		t.Fatalf("%s: %v", c.name, err)
	}
	return b.String()
}

// pageReport is what the page's last script writes into <pre id="report">.
type pageReport struct {
	Ours    bool   `json:"ours"`    // our sentinel script ran
	Control bool   `json:"control"` // our own onerror handler ran
	Pwned   bool   `json:"pwned"`   // a payload ran
	Title   string `json:"title"`
	Scripts int    `json:"scripts"` // <script> elements in the document
	Anchors int    `json:"anchors"` // <a> elements in the document
	Cases   []struct {
		Found     bool     `json:"found"`
		Hrefs     []string `json:"hrefs"`     // getAttribute('href') of each <a>
		Protocols []string `json:"protocols"` // the browser's reading of each href
		Texts     []string `json:"texts"`     // each <a>'s text content
		Bad       []string `json:"bad"`       // unexpected elements and attributes
	} `json:"cases"`
}

// reportScript serialises, once the page has loaded (images included, so
// that any onerror has fired), what TestBrowser checks.
const reportScript = `<script>
window.addEventListener('load', function () {
  var okTags = {A:1,P:1,PRE:1,BR:1,EM:1,STRONG:1,CODE:1,UL:1,OL:1,LI:1,BLOCKQUOTE:1,HR:1,DEL:1,
    H1:1,H2:1,H3:1,H4:1,H5:1,H6:1};
  var okAttrs = {href:1,rel:1,target:1,title:1,class:1,start:1};
  var r = {ours: window.__ours === 1, control: window.__control === 1, pwned: !!window.__pwned,
    title: document.title, scripts: document.getElementsByTagName('script').length,
    anchors: document.getElementsByTagName('a').length, cases: []};
  for (var i = 0; i < window.__cases; i++) {
    var c = document.getElementById('case-' + i);
    var cr = {found: !!c, hrefs: [], protocols: [], texts: [], bad: []};
    if (c) {
      var as = c.getElementsByTagName('a');
      for (var j = 0; j < as.length; j++) {
        cr.hrefs.push(as[j].getAttribute('href'));
        cr.protocols.push(as[j].protocol);
        cr.texts.push(as[j].textContent);
      }
      var els = c.getElementsByTagName('*');
      for (var j = 0; j < els.length; j++) {
        if (!okTags[els[j].tagName]) cr.bad.push('element ' + els[j].tagName);
        for (var k = 0; k < els[j].attributes.length; k++) {
          var n = els[j].attributes[k].name;
          if (!okAttrs[n]) cr.bad.push('attribute ' + n + ' on ' + els[j].tagName);
        }
      }
    }
    r.cases.push(cr);
  }
  var pre = document.createElement('pre');
  pre.id = 'report';
  pre.textContent = JSON.stringify(r);
  document.body.appendChild(pre);
});
</script>`

// page returns an HTML page holding the rendered cases, between a sentinel
// script of ours and the report script.
func page(t *testing.T, cs []browserCase) string {
	t.Helper()
	var b strings.Builder
	b.WriteString("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>linkify</title>\n")
	fmt.Fprintf(&b, "<script>window.__ours=1;window.__cases=%d</script>\n</head><body>\n", len(cs))
	// A control: an onerror handler of ours, on a missing local image,
	// shows that handlers do run in this browser, so a payload's would.
	b.WriteString("<img src=\"control-missing.png\" onerror=\"window.__control=1\" hidden>\n")
	for i, c := range cs {
		out := render(t, c)
		if c.markdown {
			fmt.Fprintf(&b, "<div id=\"case-%d\">%s</div>\n", i, out)
		} else {
			fmt.Fprintf(&b, "<pre id=\"case-%d\">%s</pre>\n", i, out)
		}
	}
	b.WriteString(reportScript)
	b.WriteString("\n</body></html>\n")
	return b.String()
}

// chromium returns the path of the browser, or skips the test (fails it
// under CI, whose script installs the browser).
func chromium(t *testing.T) string {
	t.Helper()
	for _, name := range []string{"chromium", "chromium-browser"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	if ci := os.Getenv("CI"); ci != "" && ci != "false" && ci != "0" {
		t.Fatal("chromium not found in PATH under CI (CI=" + ci + "); .ci/run installs Debian's chromium package")
	}
	t.Skip("chromium not found in PATH: install Debian's chromium package to run this test (CI does)")
	return ""
}

// dumpDOM loads the file at path in headless Chromium, offline, and
// returns the DOM as the page's scripts left it.
func dumpDOM(t *testing.T, browser, path string) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(t.Context(), 30*time.Second)
	defer cancel()
	profile := t.TempDir()
	u := url.URL{Scheme: "file", Path: path}
	cmd := exec.CommandContext(ctx, browser,
		"--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
		"--disable-background-networking", "--disable-component-update", "--disable-sync",
		"--disable-extensions", "--no-default-browser-check",
		// No name resolves: the page is local, and nothing else may load.
		"--host-resolver-rules=MAP * ~NOTFOUND",
		"--user-data-dir="+profile, "--virtual-time-budget=2000",
		"--dump-dom", u.String())
	// Chromium starts helper processes: give it a process group of its
	// own and end the whole group on timeout and afterwards.
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	cmd.WaitDelay = 5 * time.Second
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	if cmd.Process != nil {
		_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	}
	if ctx.Err() != nil {
		t.Fatalf("chromium timed out after 30s\nstderr:\n%s", tail(stderr.String(), 2000))
	}
	if err != nil {
		t.Fatalf("chromium: %v\nstderr:\n%s", err, tail(stderr.String(), 2000))
	}
	return stdout.String()
}

func tail(s string, n int) string {
	if len(s) > n {
		return "..." + s[len(s)-n:]
	}
	return s
}

// parseReport finds the report in the dumped DOM.
func parseReport(dom string) (*pageReport, error) {
	const open = `<pre id="report">`
	i := strings.LastIndex(dom, open)
	if i < 0 {
		return nil, errors.New("no report in the DOM: the report script did not run")
	}
	j := strings.Index(dom[i:], "</pre>")
	if j < 0 {
		return nil, errors.New("report not closed")
	}
	var r pageReport
	if err := json.Unmarshal([]byte(html.UnescapeString(dom[i+len(open):i+j])), &r); err != nil {
		return nil, fmt.Errorf("report: %v", err)
	}
	return &r, nil
}

// excerpt returns the part of dom around case i, for failure messages.
func excerpt(dom string, i int) string {
	for _, open := range []string{`<pre id="case-` + strconv.Itoa(i) + `">`, `<div id="case-` + strconv.Itoa(i) + `">`} {
		if k := strings.Index(dom, open); k >= 0 {
			end := len(dom)
			if n := strings.Index(dom[k+len(open):], ` id="case-`); n >= 0 {
				end = k + len(open) + n
			}
			if e := strings.Index(dom[k:], "<script>"); e >= 0 {
				end = min(end, k+e)
			}
			return dom[k:min(end, k+1500)]
		}
	}
	return tail(dom, 1500)
}

// checkPage renders cs into one page, loads it and returns the problems
// found: for the page as a whole, and by case index.
func checkPage(t *testing.T, browser string, cs []browserCase) (global []string, byCase map[int][]string, dom string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "page.html")
	if err := os.WriteFile(path, []byte(page(t, cs)), 0o644); err != nil {
		t.Fatal(err)
	}
	dom = dumpDOM(t, browser, path)
	byCase = map[int][]string{}
	r, err := parseReport(dom)
	if err != nil {
		return []string{err.Error()}, byCase, dom
	}
	if !r.Ours {
		global = append(global, "our sentinel script did not run: scripts are off, so the test proves nothing")
	}
	if !r.Control {
		global = append(global, "our control onerror handler did not run: handlers are off, so the test proves nothing")
	}
	if r.Pwned {
		global = append(global, "a payload ran: window.__pwned is set")
	}
	if r.Title != "linkify" || strings.Contains(dom, "<title>pwned</title>") {
		global = append(global, fmt.Sprintf("the title changed to %q", r.Title))
	}
	if r.Scripts != 2 {
		global = append(global, fmt.Sprintf("%d <script> elements in the page; ours are 2", r.Scripts))
	}
	if len(r.Cases) != len(cs) {
		return append(global, fmt.Sprintf("report has %d cases, want %d", len(r.Cases), len(cs))), byCase, dom
	}
	anchors := 0
	for i, c := range cs {
		cr := r.Cases[i]
		var probs []string
		if !cr.Found {
			probs = append(probs, "its container is gone: the output broke the page's structure")
		}
		anchors += len(cr.Hrefs)
		probs = append(probs, cr.Bad...)
		for k, h := range cr.Hrefs {
			if dangerous(h) {
				probs = append(probs, fmt.Sprintf("dangerous href %q", h))
			}
			if k < len(cr.Protocols) && h != "" && !slices.Contains(safeSchemes, strings.TrimSuffix(cr.Protocols[k], ":")) {
				probs = append(probs, fmt.Sprintf("href %q has protocol %q for the browser", h, cr.Protocols[k]))
			}
		}
		want := expectedHrefs(t, c.in, c.email)
		if !c.markdown || c.exact {
			if !slices.Equal(cr.Hrefs, want) {
				probs = append(probs, fmt.Sprintf("hrefs\n\t%q\nwant (extract's allowed URLs, in order)\n\t%q", cr.Hrefs, want))
			}
		} else {
			// Markdown decides where a URL ends (emphasis, escapes,
			// character references): a link may instead go where
			// extract says its text, as goldmark shows it, goes.
			gw := asGoldmarkWrites(want)
			for k, h := range cr.Hrefs {
				var shown []string
				if k < len(cr.Texts) {
					shown = wholeURL(cr.Texts[k])
				}
				if !slices.Contains(want, h) && !slices.Contains(gw, h) && !slices.Contains(c.extra, h) &&
					!slices.Contains(shown, h) {
					probs = append(probs, fmt.Sprintf("href %q is none of extract's allowed URLs %q,"+
						" nor the URL of the link's text %q", h, want, cr.Texts[k]))
				}
			}
		}
		if len(probs) > 0 {
			byCase[i] = probs
		}
	}
	if anchors != r.Anchors {
		global = append(global, fmt.Sprintf("%d <a> elements in the page, %d in the cases' containers", r.Anchors, anchors))
	}
	return global, byCase, dom
}

// TestBrowser renders hostile and ordinary inputs with linkify, as
// Markdown and as plain text, loads the HTML in headless Chromium, offline,
// and checks that no script of theirs runs and that every link's href is
// the URL that extract reports.
func TestBrowser(t *testing.T) {
	browser := chromium(t)
	cs := browserCases()
	global, byCase, dom := checkPage(t, browser, cs)
	for i, c := range cs {
		for _, p := range byCase[i] {
			t.Errorf("%s: input %q: %s\nDOM:\n%s", c.name, c.in, p, excerpt(dom, i))
		}
	}
	if len(global) == 0 {
		return
	}
	for _, p := range global {
		t.Errorf("whole page: %s", p)
	}
	// Find the inputs at fault by halving the page, each half on a page
	// of its own, while a half still has the problem.
	var search func(cs []browserCase)
	search = func(cs []browserCase) {
		g, _, dom := checkPage(t, browser, cs)
		if len(g) == 0 {
			return
		}
		if len(cs) == 1 {
			for _, p := range g {
				t.Errorf("%s: input %q on a page of its own: %s\nDOM:\n%s", cs[0].name, cs[0].in, p, excerpt(dom, 0))
			}
			return
		}
		search(cs[:len(cs)/2])
		search(cs[len(cs)/2:])
	}
	search(cs[:len(cs)/2])
	search(cs[len(cs)/2:])
}
