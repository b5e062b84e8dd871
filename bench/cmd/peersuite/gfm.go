package main

import (
	"fmt"
	"html"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/urlgrep/urlgrep/extract"
)

const gfmFence = "````````````````````````````````"

// gfmHref finds the href of each <a> tag in an example's expected HTML
// (cmark writes them as <a href="..."> with no attribute before href).
var gfmHref = regexp.MustCompile(`<a href="([^"]*)"`)

// gfmCases reads the examples of the "## " sections named in sections of a
// cmark-gfm spec file (test/extensions.txt, test/spec.txt). An example is
// fenced by a line of 32 backticks followed by " example" and a line of
// 32 backticks; a line "." parts the Markdown from the expected HTML, and
// "→" stands for a tab, as cmark-gfm's spec_tests.py reads them. Examples
// whose HTML is "<IGNORE>" are skipped.
//
// cmark-gfm's test suite runs extensions.txt with every extension on, and
// each example of spec.txt with the extensions its fence line names
// ("example autolink"). An example run without the autolink extension
// links only CommonMark autolinks, "<scheme:...>" and "<address>": for it
// only urlgrep's matches of kind Angle (and addresses in angle brackets,
// which it reports as Email) are kept.
//
// The URLs wanted are the href values of the <a> tags in the expected
// HTML, in order (an <img>'s src is no link). urlgrep runs on the Markdown
// source as plain text, WithEmail(true) (GFM links bare addresses), with
// www hosts and angle brackets on ("<http://x>" is a CommonMark autolink);
// Markdown syntax around a URL (image, link destination, code span) is
// not interpreted, so such examples disagree with cause "markdown context".
//
// An example whose Markdown has as many blank-line-separated blocks as its
// HTML has lines, each a paragraph, is split into one case per block, so
// that one disagreement does not hide the other paragraphs.
//
// Normalisation (gfmForms): a match is compared as cmark writes an href:
// Match.Prefixed (Text with "http://" before a www host, "mailto:" before
// an address), escaped as cmark's houdini_escape_href does (bytes outside
// its safe set as %XX: non-ASCII, space, '"', '<', '>', '[', ']', '\\',
// '^', '`', '{', '|', '}'), against the href with its HTML entities
// (&amp; &#x27; &quot;) decoded.
func gfmCases(file string, sections []string) ([]Case, error) {
	lines, err := readLines(file)
	if err != nil {
		return nil, err
	}
	base := filepath.Base(file)
	want := map[string]bool{}
	for _, s := range sections {
		want[s] = true
	}
	var cs []Case
	section := ""
	for i := 0; i < len(lines); i++ {
		l := lines[i]
		if t, ok := strings.CutPrefix(l, "## "); ok {
			section = strings.TrimSpace(t)
			continue
		}
		if !strings.HasPrefix(l, gfmFence+" example") || !want[section] {
			continue
		}
		tags := strings.Fields(strings.TrimPrefix(l, gfmFence+" example"))
		autolink := strings.Contains(base, "extensions") || slices.Contains(tags, "autolink")
		start := i + 1
		var md, out []string
		inHTML := false
		for i++; i < len(lines) && lines[i] != gfmFence; i++ {
			switch {
			case !inHTML && lines[i] == ".":
				inHTML = true
			case inHTML:
				out = append(out, lines[i])
			default:
				md = append(md, strings.ReplaceAll(lines[i], "→", "\t"))
			}
		}
		if i == len(lines) {
			return nil, fmt.Errorf("%s:%d: example not closed", file, start-1)
		}
		if len(out) == 1 && out[0] == "<IGNORE>" {
			continue
		}
		table := base + " " + section
		blocks, starts := mdBlocks(md)
		if len(blocks) > 1 && len(blocks) == len(out) && allParagraphs(out) {
			for k, b := range blocks {
				cs = append(cs, gfmCase(table, start+starts[k], b, out[k], autolink))
			}
			continue
		}
		cs = append(cs, gfmCase(table, start, strings.Join(md, "\n")+"\n", strings.Join(out, "\n"), autolink))
	}
	if len(cs) == 0 {
		return nil, fmt.Errorf("%s: no examples in sections %q", file, sections)
	}
	return cs, nil
}

func gfmCase(table string, line int, md, out string, autolink bool) Case {
	var want []string
	for _, m := range gfmHref.FindAllStringSubmatch(out, -1) {
		want = append(want, html.UnescapeString(m[1]))
	}
	c := Case{
		Suite: "gfm", Table: table, Line: line, In: md, Want: want,
		Opts: optEmail.name, finder: optEmail.f, forms: gfmForms,
	}
	if !autolink {
		c.Table += " [no autolink ext]"
		c.Filter = "angle-bracket URLs (no autolink extension)"
		c.filterName = "angle"
		// urlgrep reports "<foo@bar.com>" as an Email, not an Angle.
		c.keep = func(m *extract.Match, in string) bool {
			return m.Kind == extract.Angle || m.Kind == extract.Email &&
				m.Offset > 0 && in[m.Offset-1] == '<' && m.End < int64(len(in)) && in[m.End] == '>'
		}
	}
	return c
}

func gfmForms(m *extract.Match) []string {
	return []string{escapeHref(m.Prefixed())}
}

// mdBlocks splits Markdown lines into blank-line-separated blocks, with
// the index of each block's first line.
func mdBlocks(md []string) (blocks []string, starts []int) {
	var cur []string
	for i, l := range md {
		if strings.TrimSpace(l) == "" {
			if cur != nil {
				blocks = append(blocks, strings.Join(cur, "\n")+"\n")
				cur = nil
			}
			continue
		}
		if cur == nil {
			starts = append(starts, i)
		}
		cur = append(cur, l)
	}
	if cur != nil {
		blocks = append(blocks, strings.Join(cur, "\n")+"\n")
	}
	return blocks, starts
}

func allParagraphs(out []string) bool {
	for _, l := range out {
		if !strings.HasPrefix(l, "<p>") || !strings.HasSuffix(l, "</p>") {
			return false
		}
	}
	return true
}

// escapeHref is cmark's houdini_escape_href without the HTML escaping of
// '&' and '\” (the wanted href is entity-decoded instead): every byte
// but the alphanumerics and -_.+!*'(),%#@?=;:/,+&$~ becomes %XX.
func escapeHref(s string) string {
	const safe = "-_.+!*'(),%#@?=;:/&$~"
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c < 0x80 && strings.IndexByte(safe, c) >= 0 {
			b.WriteByte(c)
			continue
		}
		fmt.Fprintf(&b, "%%%02X", c)
	}
	return b.String()
}
