package main

import (
	"os"
	"regexp"
	"strings"
)

// linkifyComment is linkify-it's test.mjs's comment rule: a line that
// starts with '%' is empty. (A '%' later in a line is part of the input:
// "http://example.invalid % don't restrict ..." is searched whole.)
var linkifyComment = regexp.MustCompile(`^%.*`)

// linkifyCases reads linkify-it's fixtures as its test/test.mjs does.
//
// links.txt: lines split on \r?\n, comment lines emptied; for each
// non-blank line, when the next line is not blank the line is the input
// and the next line the URL wanted (and the next line is skipped),
// otherwise the line is both. The test asserts the first match's url
// with the normalizer killed, i.e. the URL as written ("www.x.com",
// "foo@bar.com", "//example.com" stay so): compared with Match.Text, first
// match only. linkify-it runs there with {fuzzyIP: true} and its default
// fuzzyLink and fuzzyEmail, so urlgrep runs WithEmail(true).
//
// not_links.txt: every non-blank line must give no link (linkify-it's
// defaults, fuzzy e-mail on), so urlgrep runs WithEmail(true) and must
// find nothing.
func linkifyCases(links, notLinks string) ([]Case, error) {
	var cs []Case
	if links != "" {
		lines, err := readLines(links)
		if err != nil {
			return nil, err
		}
		skip := false
		for i, line := range lines {
			if skip {
				skip = false
				continue
			}
			line = linkifyComment.ReplaceAllString(line, "")
			next := ""
			if i+1 < len(lines) {
				next = linkifyComment.ReplaceAllString(lines[i+1], "")
			}
			if strings.TrimSpace(line) == "" {
				continue
			}
			want := line
			if strings.TrimSpace(next) != "" {
				want = next
				skip = true
			}
			cs = append(cs, Case{
				Suite: "linkify-it", Table: "links.txt", Line: i + 1,
				In: line, Want: []string{want}, FirstOnly: true,
				Opts: optEmail.name, finder: optEmail.f, forms: asWritten,
			})
		}
	}
	if notLinks != "" {
		lines, err := readLines(notLinks)
		if err != nil {
			return nil, err
		}
		for i, line := range lines {
			line = linkifyComment.ReplaceAllString(line, "")
			if strings.TrimSpace(line) == "" {
				continue
			}
			cs = append(cs, Case{
				Suite: "linkify-it", Table: "not_links.txt", Line: i + 1,
				In: line, Want: nil,
				Opts: optEmail.name, finder: optEmail.f, forms: asWritten,
			})
		}
	}
	return cs, nil
}

var newline = regexp.MustCompile(`\r?\n`)

func readLines(file string) ([]string, error) {
	b, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	return newline.Split(string(b), -1), nil
}
