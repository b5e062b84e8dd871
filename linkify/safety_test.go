package linkify

import (
	"bytes"
	"html"
	"strings"
	"testing"

	"github.com/urlgrep/urlgrep/extract"
	"github.com/urlgrep/urlgrep/internal/ascii"
	"github.com/urlgrep/urlgrep/linktext"
)

// hostile are inputs that try to smuggle a dangerous link or break out of
// an attribute.
var hostile = []string{
	"javascript:alert(1)", "JaVaScRiPt:alert(1)", "<URL:javascript:alert(1)>", "<URL:JaVaScRiPt:alert(1)>",
	"<url:javascript:alert(1)>", "<URL: javascript:alert(1) >", "<URL:java\tscript:alert(1)>",
	"<URL:java\nscript:alert(1)>", "<URL:java script:alert(1)>", "<URL:java-\nscript:alert(1)>",
	"<URL:\x01javascript:alert(1)>", "javascript&#58;alert(1)", "<URL:javascript&#58;alert(1)>",
	"<URL:javascript&colon;alert(1)>", "<URL:&#x6A;avascript:alert(1)>", "%6Aavascript:alert(1)",
	"<URL:%6Aavascript:alert(1)>", "<URL:javascript://x.org/%0Aalert(1)>", "<URL:jAvAsCrIpT://x.org/%0Aalert(1)>",
	"<URL:data:text/html,<script>alert(1)</script>>", "<URL:data:text/html;base64,PHNjcmlwdD4=>",
	"<URL:DATA:text/html,x>", "<URL:vbscript:msgbox(1)>", "<URL:VBScript:msgbox(1)>",
	"[x](javascript:alert(1))", "<javascript:alert(1)>", "<URL:file:///etc/passwd>",
	`<URL:http://x.org/"onmouseover="alert(1)>`, `http://x.org/"><script>alert(1)</script>`,
	`http://x.org/'onclick='x'`, `http://x.org/&quot;onmouseover=&quot;alert(1)`, `<URL:http://x.org/a'b"c>`,
	"<URL:http://x.org/\x00>", "http://x.org/\x7f\x1b[31m", `www.x.org/"<>`, `foo@x.org"><b>`,
	"http://x.org/<script>", "<URL:http://x.org/<script>>", "http://x.org/`x`",
}

// hostileOptions include options that ask for dangerous schemes, hostile
// attribute values and rewrites that return dangerous destinations.
func hostileOptions() [][]Option {
	sets := [][]Option{
		nil,
		{WithEmail(true)},
		{WithSchemes("javascript", "JavaScript", "data", "vbscript", "http", "file")},
		{WithRel(`"><script>alert(1)</script>`), WithTarget(`a" onclick="b`)},
	}
	for _, dest := range []string{
		"javascript:alert(1)", " javascript:alert(1)", "\x01javascript:alert(1)", "java\tscript:alert(1)",
		"java\nscript:alert(1)", "JAVASCRIPT:alert(1)", "javascript&#58;alert(1)", "&#x6A;avascript:alert(1)",
		"javascript&colon;alert(1)", "java\\script:alert(1)", "data:text/html,x", "vbscript:x",
		`"><script>alert(1)</script>`, `x" onclick="y`, "http://x.org/\"'<>",
	} {
		sets = append(sets, []Option{WithRewrite(func(*extract.Match) (string, bool) { return dest, true })})
	}
	return sets
}

func TestSafety(t *testing.T) {
	var all []string
	all = append(all, hostile...)
	all = append(all, strings.Join(hostile, " "), strings.Join(hostile, "\n"))
	for _, in := range all {
		for _, opts := range hostileOptions() {
			var md bytes.Buffer
			if err := newMarkdown(New(opts...)).Convert([]byte(in), &md); err != nil {
				t.Fatal(err)
			}
			checkSafeHTML(t, in, md.String())
			var txt bytes.Buffer
			if err := linktext.Render(&txt, strings.NewReader(in), opts...); err != nil {
				t.Fatal(err)
			}
			checkSafeHTML(t, in, txt.String())
		}
	}
}

// checkSafeHTML checks out strictly: every tag is well formed, every
// attribute value is quoted with no '"', '<' or '>' in it, no href or src
// has a dangerous scheme once its character references are decoded and
// its whitespace and control bytes removed, and no '<' is text.
func checkSafeHTML(t *testing.T, in, out string) {
	t.Helper()
	fail := func(why string) {
		t.Helper()
		t.Fatalf("input %q: %s in\n%s", in, why, out)
	}
	for i := 0; i < len(out); {
		if out[i] != '<' {
			i++
			continue
		}
		if strings.HasPrefix(out[i:], "<!--") {
			j := strings.Index(out[i:], "-->")
			if j < 0 {
				fail("unterminated comment")
			}
			i += j + 3
			continue
		}
		j := i + 1
		if j < len(out) && out[j] == '/' {
			j++
		}
		k := j
		for k < len(out) && ascii.IsAlnum(out[k]) {
			k++
		}
		if k == j {
			fail("'<' as text")
		}
		for {
			for k < len(out) && out[k] == ' ' {
				k++
			}
			if k >= len(out) {
				fail("unterminated tag")
			}
			if out[k] == '>' {
				k++
				break
			}
			if strings.HasPrefix(out[k:], "/>") {
				k += 2
				break
			}
			n := k
			for k < len(out) && (ascii.IsAlnum(out[k]) || out[k] == '-') {
				k++
			}
			if k == n || !strings.HasPrefix(out[k:], `="`) {
				fail("malformed attribute")
			}
			name := out[n:k]
			k += 2
			e := strings.IndexByte(out[k:], '"')
			if e < 0 {
				fail("unterminated attribute value")
			}
			value := out[k : k+e]
			if strings.ContainsAny(value, "<>") {
				fail("'<' or '>' in attribute value")
			}
			if name == "href" || name == "src" {
				if s := strings.ToLower(stripControls(html.UnescapeString(value))); strings.HasPrefix(s, "javascript:") ||
					strings.HasPrefix(s, "vbscript:") || strings.HasPrefix(s, "data:") {
					fail("dangerous " + name + " " + value)
				}
			}
			k += e + 1
		}
		i = k
	}
}

// stripControls removes every byte a browser may ignore in a URL: spaces
// and C0 controls (the WHATWG URL parser strips them at the ends and tabs
// and newlines anywhere; we strip all, to be strict).
func stripControls(s string) string {
	return strings.Map(func(r rune) rune {
		if r <= ' ' || r == 0x7f {
			return -1
		}
		return r
	}, s)
}

// TestSchemeOptions checks two option cases of issue 11: scheme names
// given with spaces ("http, https", as typed on a command line) are the
// names; a scheme allowed but blanked by goldmark's renderer (file:)
// stays text in Markdown instead of becoming href="", and is linked in
// plain text, whose renderer is ours.
func TestSchemeOptions(t *testing.T) {
	src := "see file:///etc/motd and http://a.example/\n"
	var md bytes.Buffer
	if err := newMarkdown(New(WithSchemes(" ftp", "http ", "file"))).Convert([]byte(src), &md); err != nil {
		t.Fatal(err)
	}
	if got := md.String(); !strings.Contains(got, `<a href="http://a.example/">`) || strings.Contains(got, `href=""`) || strings.Contains(got, "<a href=\"file:") {
		t.Errorf("Markdown: %s", got)
	}
	var txt bytes.Buffer
	if err := linktext.Render(&txt, strings.NewReader(src), WithSchemes("file")); err != nil {
		t.Fatal(err)
	}
	if got := txt.String(); !strings.Contains(got, `<a href="file:///etc/motd">`) {
		t.Errorf("text: %s", got)
	}
}
