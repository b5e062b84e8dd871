package main

import (
	"fmt"
	"os"
	"regexp"
	"strconv"
	"strings"

	"github.com/urlgrep/urlgrep/extract"
)

// thunderbirdCases reads the scanTXTtests of Thunderbird's and Firefox's
// plain-text linkifier, mozTXTToHTMLConv (Gecko's
// netwerk/test/unit/test_mozTXTToHTMLConv.js): objects
// { input: "...", url: "..." } (and text, the link's text, not compared
// here). The test converts input with kURLs and asserts that the HTML
// holds href="url": one of the links made is url. mozTXTToHTMLConv links
// "www." hosts as http: and bare addresses as mailto:, and escapes "&" in
// the href as "&amp;" (undone here). So urlgrep runs WithEmail(true), and
// a case agrees when one of its matches, as mozTXTToHTMLConv writes its
// link (Match.Prefixed, or the canonical URL), is url.
func thunderbirdCases(file string) ([]Case, error) {
	b, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	src := string(b)
	start := strings.Index(src, "scanTXTtests = [")
	if start < 0 {
		return nil, fmt.Errorf("%s: no scanTXTtests", file)
	}
	end := strings.Index(src[start:], "\n  ];")
	if end < 0 {
		return nil, fmt.Errorf("%s: scanTXTtests not closed", file)
	}
	arr := src[start : start+end]
	var cs []Case
	for _, m := range tbInput.FindAllStringIndex(arr, -1) {
		in, n, err := strConcat(arr, skipSpace(arr, m[1]))
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %v", file, lineAt(src, start+m[0]), err)
		}
		u := tbURL.FindStringIndex(arr[n:])
		if u == nil {
			return nil, fmt.Errorf("%s:%d: no url after the input", file, lineAt(src, start+m[0]))
		}
		url, _, err := strConcat(arr, skipSpace(arr, n+u[1]))
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %v", file, lineAt(src, start+n+u[0]), err)
		}
		cs = append(cs, Case{
			Suite: "thunderbird", Table: "scanTXTtests", Line: lineAt(src, start+m[0]),
			In: in, Want: []string{strings.ReplaceAll(url, "&amp;", "&")}, Includes: true,
			Opts: optEmail.name, finder: optEmail.f, forms: thunderbirdForms,
		})
	}
	if len(cs) == 0 {
		return nil, fmt.Errorf("%s: no cases read", file)
	}
	return cs, nil
}

var (
	tbInput = regexp.MustCompile(`\binput:`)
	tbURL   = regexp.MustCompile(`\burl:`)
)

// thunderbirdForms are the ways mozTXTToHTMLConv may write m's link: with
// the scheme a www host or an address implies, and the canonical URL.
func thunderbirdForms(m *extract.Match) []string { return []string{m.Prefixed(), m.URL} }

// strConcat reads a string literal at src[i] (jsString: JavaScript's, and
// Kotlin's, which these tests write with the same escapes), or literals
// joined by "+" (over lines), and returns its value and where it ends.
func strConcat(src string, i int) (string, int, error) {
	var b strings.Builder
	for {
		s, n, err := jsString(src, i)
		if err != nil {
			return "", i, err
		}
		b.WriteString(s)
		j := skipSpace(src, n)
		if j < len(src) && src[j] == '+' {
			i = skipSpace(src, j+1)
			continue
		}
		return b.String(), n, nil
	}
}

// jsString reads the JavaScript ('...' or "...") or Kotlin ("...") string
// literal at src[i], with the
// escapes these tests use (\n \t \r \f \v \b \\ \' \" \uXXXX).
func jsString(src string, i int) (string, int, error) {
	if i >= len(src) || src[i] != '"' && src[i] != '\'' {
		return "", i, fmt.Errorf("line %d: no string", lineAt(src, i))
	}
	q := src[i]
	var b strings.Builder
	for j := i + 1; j < len(src); j++ {
		c := src[j]
		switch {
		case c == q:
			return b.String(), j + 1, nil
		case c == '\n':
			return "", j, fmt.Errorf("line %d: string not closed", lineAt(src, i))
		case c == '\\' && j+1 < len(src):
			j++
			switch e := src[j]; e {
			case 'n':
				b.WriteByte('\n')
			case 't':
				b.WriteByte('\t')
			case 'r':
				b.WriteByte('\r')
			case 'f':
				b.WriteByte('\f')
			case 'v':
				b.WriteByte('\v')
			case 'b':
				b.WriteByte('\b')
			case 'u':
				if j+4 >= len(src) {
					return "", j, fmt.Errorf("line %d: short \\u escape", lineAt(src, i))
				}
				r, err := strconv.ParseUint(src[j+1:j+5], 16, 16)
				if err != nil {
					return "", j, fmt.Errorf("line %d: %v", lineAt(src, i), err)
				}
				b.WriteRune(rune(r))
				j += 4
			default:
				b.WriteByte(e)
			}
		default:
			b.WriteByte(c)
		}
	}
	return "", len(src), fmt.Errorf("line %d: string not closed", lineAt(src, i))
}
