package search

import (
	"fmt"
	"regexp"
	"strings"
)

// PatternSyntax says how [CompilePattern] reads its patterns, as grep's
// flags do.
type PatternSyntax struct {
	Fixed      bool // fixed strings, not regular expressions (grep -F)
	IgnoreCase bool // with no regard to case (grep -i)
	Whole      bool // a pattern matches the whole URL, as grep -x a whole line
	Word       bool // a pattern matches whole words of it (grep -w); Whole makes it do nothing, as in grep
}

// CompilePattern makes one regular expression of patterns for
// [Options.Pattern], as grep takes its patterns: a URL is kept when any
// of them matches its text (Whole: all of it; Word: with no word
// character, a letter, a digit or "_", on either side of the match). The
// patterns are Go's regular expressions (RE2, which reads grep -E's
// syntax and Perl's, but for backreferences and lookaround). An empty
// pattern matches every URL; no pattern at all, none. A bad pattern is an
// error that names it.
func CompilePattern(patterns []string, syn PatternSyntax) (*regexp.Regexp, error) {
	var b strings.Builder
	if syn.IgnoreCase {
		b.WriteString("(?i)")
	}
	if len(patterns) == 0 {
		b.WriteString(`[^\x00-\x{10FFFF}]`) // matches nothing: an empty -f file
	}
	for i, p := range patterns {
		if i > 0 {
			b.WriteByte('|')
		}
		if syn.Fixed {
			p = regexp.QuoteMeta(p)
		} else if _, err := regexp.Compile(p); err != nil {
			return nil, fmt.Errorf("bad pattern %q: %v", p, err)
		}
		switch {
		case syn.Whole:
			p = `^(?:` + p + `)$`
		case syn.Word:
			// RE2 has no lookaround: the characters around the match
			// are matched with it, wherever it is.
			p = `(?:^|[^\pL\pN_])(?:` + p + `)(?:[^\pL\pN_]|$)`
		}
		b.WriteString("(?:" + p + ")")
	}
	re, err := regexp.Compile(b.String())
	if err != nil {
		return nil, fmt.Errorf("bad pattern: %v", err)
	}
	return re, nil
}
