package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/urlgrep/urlgrep/extract"
)

// uriFindCase is one URI::Find case as -urifind-json writes it and a
// .json -urifind reads it.
type uriFindCase struct {
	In   string   `json:"in"`
	Want []string `json:"want"` // what URI::Find (plain, scheme required) finds
	// WantSchemeless is what URI::Find::Schemeless finds, where Find.t
	// says (it also finds "foo.com" and "www.foo.com" as http://...).
	WantSchemeless []string `json:"want_schemeless,omitempty"`
	Source         string   `json:"source"` // file:line
}

// uriFindCases reads URI::Find's cases from path: a JSON file of
// uriFindCase, a .t file, or a directory holding Find.t,
// rfc3986_appendix_c.t and html.t. With dump set it writes the cases
// there as JSON.
//
// urlgrep is compared with plain URI::Find (Find.t's "P" finders), which
// needs a scheme and finds no bare e-mail address ('foo@bar.baz.com' =>
// []), so it runs WithWWW(false) and without e-mail.
//
// Normalisation (uriFindForms): URI::Find hands its callback a URI object,
// and the test compares its string: the URL as written with IDN hosts in
// Punycode ('http://müller.de' => 'http://xn--mller-kva.de') and the
// case of scheme and host kept ('HTtp://MIXED-Case.Com'). A match agrees
// with a wanted URI when that equals Match.Prefixed (as written) or
// Match.URL (urlgrep's canonical ASCII form).
func uriFindCases(path, dump string) ([]Case, error) {
	var ucs []uriFindCase
	fi, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	switch {
	case fi.IsDir():
		for _, name := range []string{"Find.t", "rfc3986_appendix_c.t", "html.t"} {
			c, err := uriFindT(filepath.Join(path, name))
			if err != nil {
				return nil, err
			}
			ucs = append(ucs, c...)
		}
	case strings.HasSuffix(path, ".json"):
		b, err := os.ReadFile(path)
		if err != nil {
			return nil, err
		}
		if err := json.Unmarshal(b, &ucs); err != nil {
			return nil, fmt.Errorf("%s: %v", path, err)
		}
	default:
		ucs, err = uriFindT(path)
		if err != nil {
			return nil, err
		}
	}
	if dump != "" {
		var b bytes.Buffer
		enc := json.NewEncoder(&b)
		enc.SetEscapeHTML(false)
		enc.SetIndent("", "  ")
		if err := enc.Encode(ucs); err != nil {
			return nil, err
		}
		if err := os.WriteFile(dump, b.Bytes(), 0o644); err != nil {
			return nil, err
		}
	}
	cs := make([]Case, len(ucs))
	for i, u := range ucs {
		table, line := u.Source, 0
		if j := strings.LastIndexByte(u.Source, ':'); j >= 0 {
			table = u.Source[:j]
			fmt.Sscan(u.Source[j+1:], &line)
		}
		cs[i] = Case{
			Suite: "urifind", Table: table, Line: line, In: u.In, Want: u.Want,
			Opts: optStrict.name, finder: optStrict.f, forms: uriFindForms,
		}
	}
	return cs, nil
}

func uriFindForms(m *extract.Match) []string {
	return []string{m.Prefixed(), m.URL}
}

// uriFindT extracts the cases of one of URI::Find's test files: the
// %Tests hash of Find.t, or the $Example heredoc and @Uris list of
// rfc3986_appendix_c.t and html.t.
func uriFindT(file string) ([]uriFindCase, error) {
	b, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	src := string(b)
	base := filepath.Base(file)
	if i := strings.Index(src, "%Tests = ("); i >= 0 {
		return findTests(base, src, i+len("%Tests = "))
	}
	return heredocTest(base, src)
}

// findTests parses Find.t's %Tests = ( key => value, ... ): a key is a
// string expression, a value a string (found by every finder) or a list
// of specs [types => url], types holding "P" (URI::Find) and/or "S"
// (URI::Find::Schemeless); $all is both. A key given twice keeps its last
// value, as a Perl hash does. Find.t also runs all the keys joined by
// "\n" as one case, in hash order; that one is not reproduced.
func findTests(base, src string, at int) ([]uriFindCase, error) {
	p := &perl{src: src, pos: at, file: base}
	if err := p.expect("("); err != nil {
		return nil, err
	}
	var out []uriFindCase
	index := map[string]int{}
	for {
		if p.peek().text == ")" {
			break
		}
		line := p.line()
		key, err := p.strExpr()
		if err != nil {
			return nil, err
		}
		if err := p.expect("=>"); err != nil {
			return nil, err
		}
		c := uriFindCase{In: key, Source: fmt.Sprintf("%s:%d", base, line)}
		if p.peek().text == "[" && p.peek().kind == tokPunct {
			p.next()
			for p.peek().text != "]" {
				if err := p.expect("["); err != nil {
					return nil, err
				}
				t := p.next()
				types := t.text
				if t.kind == tokWord && t.text == "$all" {
					types = "PS"
				} else if t.kind != tokWord && t.kind != tokString {
					return nil, p.errorf("spec types: got %q", t.text)
				}
				if err := p.expect("=>"); err != nil {
					return nil, err
				}
				url, err := p.strExpr()
				if err != nil {
					return nil, err
				}
				if strings.Contains(types, "P") {
					c.Want = append(c.Want, url)
				}
				if strings.Contains(types, "S") {
					c.WantSchemeless = append(c.WantSchemeless, url)
				}
				if err := p.expect("]"); err != nil {
					return nil, err
				}
				p.skip(",")
			}
			p.next()
		} else {
			url, err := p.strExpr()
			if err != nil {
				return nil, err
			}
			c.Want = []string{url}
			c.WantSchemeless = []string{url}
		}
		if c.Want == nil {
			c.Want = []string{}
		}
		if j, ok := index[key]; ok {
			out[j] = c
		} else {
			index[key] = len(out)
			out = append(out, c)
		}
		p.skip(",")
	}
	return out, nil
}

// heredocTest reads `my $Example = <<"END"; ... END` and
// `my @Uris = ( "...", ... );`: URI::Find must find the @Uris in
// $Example, in order.
func heredocTest(base, src string) ([]uriFindCase, error) {
	i := strings.Index(src, `<<"END";`)
	if i < 0 {
		return nil, fmt.Errorf("%s: no %%Tests and no <<\"END\" heredoc", base)
	}
	line := strings.Count(src[:i], "\n") + 2
	body := src[strings.IndexByte(src[i:], '\n')+i+1:]
	j := strings.Index(body, "\nEND\n")
	if j < 0 {
		return nil, fmt.Errorf("%s: heredoc not closed", base)
	}
	text := body[:j+1]
	if strings.ContainsAny(text, "$@\\") {
		return nil, fmt.Errorf("%s: heredoc interpolates", base)
	}
	k := strings.Index(src, "my @Uris = ")
	if k < 0 {
		return nil, fmt.Errorf("%s: no @Uris", base)
	}
	p := &perl{src: src, pos: k + len("my @Uris = "), file: base}
	if err := p.expect("("); err != nil {
		return nil, err
	}
	want := []string{}
	for p.peek().text != ")" {
		s, err := p.strExpr()
		if err != nil {
			return nil, err
		}
		want = append(want, s)
		p.skip(",")
	}
	return []uriFindCase{{In: text, Want: want, Source: fmt.Sprintf("%s:%d", base, line)}}, nil
}

// perl is a tokenizer for the little Perl the test data is written in:
// '...' and "..." strings, q|...|, "." concatenation, =>, commas,
// brackets, barewords and $variables, # comments.
type perl struct {
	src  string
	pos  int
	file string
	tok  *ptoken // peeked
}

type tokKind int

const (
	tokEOF tokKind = iota
	tokString
	tokWord
	tokPunct
)

type ptoken struct {
	kind tokKind
	text string
	pos  int
}

func (p *perl) errorf(format string, a ...any) error {
	return fmt.Errorf("%s:%d: %s", p.file, strings.Count(p.src[:p.pos], "\n")+1, fmt.Sprintf(format, a...))
}

// line is the line of the next token.
func (p *perl) line() int {
	t := p.peek()
	return strings.Count(p.src[:t.pos], "\n") + 1
}

func (p *perl) peek() ptoken {
	if p.tok == nil {
		t, err := p.scan()
		if err != nil {
			t = ptoken{kind: tokEOF, text: err.Error(), pos: p.pos}
		}
		p.tok = &t
	}
	return *p.tok
}

func (p *perl) next() ptoken {
	t := p.peek()
	p.tok = nil
	return t
}

func (p *perl) expect(s string) error {
	if t := p.next(); t.kind != tokPunct || t.text != s {
		return p.errorf("want %q, got %q", s, t.text)
	}
	return nil
}

func (p *perl) skip(s string) {
	if t := p.peek(); t.kind == tokPunct && t.text == s {
		p.next()
	}
}

// strExpr reads string ("." string)*.
func (p *perl) strExpr() (string, error) {
	var b strings.Builder
	for {
		t := p.next()
		if t.kind != tokString {
			return "", p.errorf("want a string, got %q", t.text)
		}
		b.WriteString(t.text)
		if n := p.peek(); n.kind != tokPunct || n.text != "." {
			return b.String(), nil
		}
		p.next()
	}
}

func (p *perl) scan() (ptoken, error) {
	s := p.src
	for p.pos < len(s) {
		c := s[p.pos]
		if c == '#' {
			for p.pos < len(s) && s[p.pos] != '\n' {
				p.pos++
			}
			continue
		}
		if c == ' ' || c == '\t' || c == '\n' || c == '\r' {
			p.pos++
			continue
		}
		break
	}
	start := p.pos
	if p.pos >= len(s) {
		return ptoken{kind: tokEOF, pos: start}, nil
	}
	c := s[p.pos]
	switch {
	case strings.HasPrefix(s[p.pos:], "=>"):
		p.pos += 2
		return ptoken{tokPunct, "=>", start}, nil
	case strings.IndexByte("[](),.;", c) >= 0:
		p.pos++
		return ptoken{tokPunct, string(c), start}, nil
	case c == '\'':
		str, err := p.quoted('\'', '\'', false)
		return ptoken{tokString, str, start}, err
	case c == '"':
		str, err := p.quoted('"', '"', true)
		return ptoken{tokString, str, start}, err
	case c == 'q' && p.pos+1 < len(s) && !isWord(rune(s[p.pos+1])) && s[p.pos+1] != ' ':
		p.pos++
		open := s[p.pos]
		close := open
		if i := strings.IndexByte("([{<", open); i >= 0 {
			close = ")]}>"[i]
		}
		str, err := p.quoted(open, close, false)
		return ptoken{tokString, str, start}, err
	case c == '$' || isWord(rune(c)):
		p.pos++
		for p.pos < len(s) {
			r, n := utf8.DecodeRuneInString(s[p.pos:])
			if !isWord(r) {
				break
			}
			p.pos += n
		}
		return ptoken{tokWord, s[start:p.pos], start}, nil
	}
	return ptoken{}, p.errorf("unexpected %q", c)
}

func isWord(r rune) bool { return r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r) }

// quoted reads a string from s[p.pos] (the opening delimiter) to close.
// Single-quoted (and q) strings know only \\ and \<close>; double-quoted
// ones also \t \n and \<punctuation>, and refuse to interpolate.
func (p *perl) quoted(open, close byte, double bool) (string, error) {
	s := p.src
	p.pos++ // the opening delimiter
	var b strings.Builder
	depth := 0
	for p.pos < len(s) {
		c := s[p.pos]
		switch {
		case c == '\\' && p.pos+1 < len(s):
			n := s[p.pos+1]
			switch {
			case n == '\\' || n == close || n == open:
				b.WriteByte(n)
			case double && n == 't':
				b.WriteByte('\t')
			case double && n == 'n':
				b.WriteByte('\n')
			case double && !isWord(rune(n)):
				b.WriteByte(n)
			case double:
				return "", p.errorf("unknown escape \\%c", n)
			default:
				b.WriteByte(c)
				b.WriteByte(n)
			}
			p.pos += 2
			continue
		case c == open && open != close:
			depth++
		case c == close && depth > 0:
			depth--
		case c == close:
			p.pos++
			return b.String(), nil
		case double && (c == '$' || c == '@') && p.pos+1 < len(s) && (isWord(rune(s[p.pos+1])) || s[p.pos+1] == '{'):
			return "", p.errorf("string interpolates %q", s[p.pos:p.pos+2])
		}
		b.WriteByte(c)
		p.pos++
	}
	return "", p.errorf("string not closed")
}
