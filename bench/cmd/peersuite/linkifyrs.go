package main

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/urlgrep/urlgrep/extract"
)

// linkifyRSCall is a statement of robinst/linkify's tests that calls one
// of its two assertions with the finder each file's helpers set up:
// assert_linked(input, expected) and assert_not_linked(input).
var linkifyRSCall = regexp.MustCompile(`(?m)^\s*(assert_linked|assert_not_linked)\(\s*`)

// linkifyRSCases reads robinst/linkify's (Rust) tests/url.rs and
// tests/email.rs from dir, its checkout, as its test helpers run them.
//
// url.rs: LinkFinder::new(), which finds URLs with a scheme and e-mail
// addresses, so urlgrep runs WithEmail(true). email.rs: a finder of
// e-mail addresses only, so urlgrep's matches of kind Email are kept
// (filter "email"). assert_linked's expected text is the input with "|"
// around each link: the links are what the bars enclose, as written
// (Match.Text). Calls with a finder of their own (assert_linked_with,
// the schemeless helpers) are left out: they set options urlgrep does
// not have.
func linkifyRSCases(dir string) ([]Case, error) {
	var cs []Case
	for _, f := range []struct {
		name  string
		email bool
	}{{"url.rs", false}, {"email.rs", true}} {
		b, err := os.ReadFile(filepath.Join(dir, "tests", f.name))
		if err != nil {
			return nil, err
		}
		src := string(b)
		for _, loc := range linkifyRSCall.FindAllStringSubmatchIndex(src, -1) {
			name, i := src[loc[2]:loc[3]], loc[1]
			if i >= len(src) || src[i] != '"' && src[i] != 'r' {
				continue // the helper's own definition
			}
			line := strings.Count(src[:loc[2]], "\n") + 1
			in, j, err := rustString(src, i)
			if err != nil {
				return nil, fmt.Errorf("%s:%d: %v", f.name, line, err)
			}
			want := []string{}
			if name == "assert_linked" {
				for j < len(src) && strings.ContainsRune(", \t\r\n", rune(src[j])) {
					j++
				}
				exp, _, err := rustString(src, j)
				if err != nil {
					return nil, fmt.Errorf("%s:%d: %v", f.name, line, err)
				}
				if want, err = barredLinks(in, exp); err != nil {
					return nil, fmt.Errorf("%s:%d: %v", f.name, line, err)
				}
			}
			c := Case{Suite: "linkify-rs", Table: f.name, Line: line, In: in, Want: want,
				Opts: optEmail.name, finder: optEmail.f, forms: asWritten}
			if f.email {
				c.Filter, c.filterName = "e-mail addresses", "email"
				c.keep = func(m *extract.Match, _ string) bool { return m.Kind == extract.Email }
			}
			cs = append(cs, c)
		}
	}
	return cs, nil
}

// rustString reads the Rust string literal at src[i:] ("...", with its
// escapes, or r"..." and r#"..."#) and returns its value and where it
// ends.
func rustString(src string, i int) (string, int, error) {
	if strings.HasPrefix(src[i:], "r") {
		j := i + 1
		for j < len(src) && src[j] == '#' {
			j++
		}
		hashes := src[i+1 : j]
		if j >= len(src) || src[j] != '"' {
			return "", 0, fmt.Errorf("bad raw string at %q", src[i:min(len(src), i+20)])
		}
		end := strings.Index(src[j+1:], `"`+hashes)
		if end < 0 {
			return "", 0, fmt.Errorf("unterminated raw string")
		}
		return src[j+1 : j+1+end], j + 1 + end + 1 + len(hashes), nil
	}
	if src[i] != '"' {
		return "", 0, fmt.Errorf("no string at %q", src[i:min(len(src), i+20)])
	}
	var b strings.Builder
	for j := i + 1; j < len(src); {
		c := src[j]
		switch {
		case c == '"':
			return b.String(), j + 1, nil
		case c != '\\':
			b.WriteByte(c)
			j++
		case j+1 >= len(src):
			return "", 0, fmt.Errorf("unterminated string")
		default:
			switch e := src[j+1]; e {
			case 'n':
				b.WriteByte('\n')
			case 't':
				b.WriteByte('\t')
			case 'r':
				b.WriteByte('\r')
			case '0':
				b.WriteByte(0)
			case '\\', '"', '\'':
				b.WriteByte(e)
			case 'x':
				if j+4 > len(src) {
					return "", 0, fmt.Errorf("bad \\x escape")
				}
				v, err := strconv.ParseUint(src[j+2:j+4], 16, 8)
				if err != nil {
					return "", 0, err
				}
				b.WriteByte(byte(v))
				j += 2
			case 'u':
				end := strings.IndexByte(src[j:], '}')
				if !strings.HasPrefix(src[j+2:], "{") || end < 0 {
					return "", 0, fmt.Errorf("bad \\u escape")
				}
				v, err := strconv.ParseUint(src[j+3:j+end], 16, 32)
				if err != nil || !utf8.ValidRune(rune(v)) {
					return "", 0, fmt.Errorf("bad \\u escape %q", src[j:j+end+1])
				}
				b.WriteRune(rune(v))
				j += end - 1
			case '\n':
				// A line continuation: the line break and the white
				// space after it are not in the string.
				j += 2
				for j < len(src) && strings.ContainsRune(" \t\r\n", rune(src[j])) {
					j++
				}
				continue
			default:
				return "", 0, fmt.Errorf("unknown escape \\%c", e)
			}
			j += 2
		}
	}
	return "", 0, fmt.Errorf("unterminated string")
}

// barredLinks returns the links of in that exp marks: exp is in with a
// "|" before and after each link. Where a "|" of in stands by one of
// exp's, the link ends before it ("foo|bar" -> "|foo||bar"), as the
// suite's test of characters that stop a URL has it.
func barredLinks(in, exp string) ([]string, error) {
	// bars[k] is the index of in where exp's k-th added bar stands; a
	// search over (i, j) that takes a bar as added before a matching "|".
	type state struct{ i, j int }
	seen := map[state]bool{}
	var bars []int
	var walk func(i, j int) bool
	walk = func(i, j int) bool {
		if j == len(exp) {
			return i == len(in)
		}
		if seen[state{i, j}] {
			return false
		}
		seen[state{i, j}] = true
		if exp[j] == '|' && len(exp)-j > len(in)-i {
			bars = append(bars, i)
			if walk(i, j+1) {
				return true
			}
			bars = bars[:len(bars)-1]
		}
		return i < len(in) && in[i] == exp[j] && walk(i+1, j+1)
	}
	if !walk(0, 0) || len(bars)%2 != 0 {
		return nil, fmt.Errorf("%q is not %q with links marked", exp, in)
	}
	links := []string{}
	for k := 0; k < len(bars); k += 2 {
		links = append(links, in[bars[k]:bars[k+1]])
	}
	return links, nil
}
