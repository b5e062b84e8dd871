package main

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
)

// k9Cases reads the URI tests of K-9 Mail (Thunderbird for Android,
// thunderbird/thunderbird-android, legacy/core/src/test/java/com/fsck/k9/
// message/html), the linkifier of a mail client, from dir:
//
//   - UriMatcherTest.kt: assertUrisFound(text, uri...) wants exactly those
//     URIs found in text, in order; assertNoMatch(text) wants none.
//   - HttpUriParserTest.kt: assertValidUri(uri) wants uri read whole;
//     assertInvalidUri(uri) wants nothing; a test that sets
//     `val text` or `val input` to a literal and asserts
//     assertUriMatch(uri, ...) wants uri found in it (tests whose text is
//     built from other values are left out).
//   - GenericUriParserTest.kt: assertUriValid(uri) wants uri read whole
//     (mailto:, xmpp:, matrix:).
//
// The parsers' tests read a URI at a given place; as a finder's case, the
// text is searched and the one URL in it compared, as written (Match.Text),
// with urlgrep's defaults (K-9 links scheme URIs only; none of these texts
// holds a www host or a bare address).
func k9Cases(dir string) ([]Case, error) {
	var cs []Case
	for _, f := range []struct {
		name  string
		cases func(src string) []k9Case
	}{
		{"UriMatcherTest.kt", k9Matcher},
		{"HttpUriParserTest.kt", k9HTTP},
		{"GenericUriParserTest.kt", k9Generic},
	} {
		b, err := os.ReadFile(filepath.Join(dir, f.name))
		if err != nil {
			return nil, err
		}
		kc := f.cases(string(b))
		if len(kc) == 0 {
			return nil, fmt.Errorf("%s: no cases read", f.name)
		}
		for _, c := range kc {
			cs = append(cs, Case{
				Suite: "k9", Table: f.name, Line: c.line, In: c.in, Want: c.want,
				Opts: optDefault.name, finder: optDefault.f, forms: asWritten,
			})
		}
	}
	return cs, nil
}

// k9Case is one case as read from a test file, before it is a Case.
type k9Case struct {
	line int
	in   string
	want []string
}

var (
	k9Call    = regexp.MustCompile(`\b(assertUrisFound|assertNoMatch|assertValidUri|assertInvalidUri|assertUriValid|assertUriMatch)\(`)
	k9Val     = regexp.MustCompile(`\bval (text|input) = `)
	k9TestFun = regexp.MustCompile(`@Test\b`)
)

// k9Matcher reads UriMatcherTest.kt's assertUrisFound and assertNoMatch
// calls.
func k9Matcher(src string) []k9Case {
	var cs []k9Case
	for _, m := range k9Call.FindAllStringSubmatchIndex(src, -1) {
		name := src[m[2]:m[3]]
		args, ok := ktArgs(src, m[1])
		if !ok || len(args) == 0 {
			continue
		}
		line := lineAt(src, m[0])
		switch name {
		case "assertUrisFound":
			cs = append(cs, k9Case{line, args[0], args[1:]})
		case "assertNoMatch":
			cs = append(cs, k9Case{line, args[0], nil})
		}
	}
	return cs
}

// k9HTTP reads HttpUriParserTest.kt, test function by test function.
func k9HTTP(src string) []k9Case {
	var cs []k9Case
	starts := k9TestFun.FindAllStringIndex(src, -1)
	for i, s := range starts {
		end := len(src)
		if i+1 < len(starts) {
			end = starts[i+1][0]
		}
		body := src[s[0]:end]
		var text string
		haveText := false
		if v := k9Val.FindStringIndex(body); v != nil {
			// A literal, or literals joined by "+", and the line's end: a
			// value built from other values is left out.
			if t, n, err := strConcat(body, v[1]); err == nil && n < len(body) && (body[n] == '\n' || body[n] == '\r') {
				text, haveText = t, true
			}
		}
		for _, m := range k9Call.FindAllStringSubmatchIndex(body, -1) {
			name := body[m[2]:m[3]]
			args, ok := ktArgs(body, m[1])
			if !ok || len(args) == 0 {
				continue
			}
			line := lineAt(src, s[0]+m[0])
			switch name {
			case "assertValidUri":
				cs = append(cs, k9Case{line, args[0], []string{args[0]}})
			case "assertInvalidUri":
				cs = append(cs, k9Case{line, args[0], nil})
			case "assertUriMatch":
				if haveText {
					cs = append(cs, k9Case{line, text, []string{args[0]}})
				}
			}
		}
	}
	return cs
}

// k9Generic reads GenericUriParserTest.kt's assertUriValid calls.
func k9Generic(src string) []k9Case {
	var cs []k9Case
	for _, m := range k9Call.FindAllStringSubmatchIndex(src, -1) {
		if src[m[2]:m[3]] != "assertUriValid" {
			continue
		}
		if args, ok := ktArgs(src, m[1]); ok && len(args) == 1 {
			cs = append(cs, k9Case{lineAt(src, m[0]), args[0], []string{args[0]}})
		}
	}
	return cs
}

// ktArgs reads the arguments of a call whose "(" ends at src[i-1], each a
// Kotlin string literal or literals joined by "+", up to the ")"; false
// when an argument is anything else (an identifier, a number), which
// ends the literals read: assertUriMatch(uri, uriMatch, 1) gives [uri].
func ktArgs(src string, i int) ([]string, bool) {
	var args []string
	for {
		i = skipSpace(src, i)
		if i >= len(src) {
			return nil, false
		}
		if src[i] == ')' {
			return args, true
		}
		if src[i] != '"' {
			return args, len(args) > 0
		}
		arg, n, err := strConcat(src, i)
		if err != nil {
			return nil, false
		}
		i = skipSpace(src, n)
		args = append(args, arg)
		if i < len(src) && src[i] == ',' {
			i++
		}
	}
}

// skipSpace returns where the white space at src[i] ends.
func skipSpace(src string, i int) int {
	for i < len(src) && strings.IndexByte(" \t\r\n", src[i]) >= 0 {
		i++
	}
	return i
}

// lineAt returns the line of src that byte i is on, from 1.
func lineAt(src string, i int) int { return strings.Count(src[:i], "\n") + 1 }
