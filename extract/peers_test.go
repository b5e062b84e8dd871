package extract

import (
	"bufio"
	"encoding/json"
	"os"
	"reflect"
	"regexp"
	"testing"
)

// peerCase is one line of testdata/peers/agreed.jsonl: a case of a peer's
// public test suite (xurls, linkify-it, cmark-gfm's autolink extension,
// twitter-text's conformance suite, robinst/linkify's tests, K-9 Mail's,
// Autolinker.js's, linkifyjs's, bleach's; see testdata/peers/NOTICE) on which urlgrep and the peer agree, as
// bench/cmd/peersuite -agreed writes it. The peer's own answer is what
// Want holds, in urlgrep's form (Match.Text).
type peerCase struct {
	Source string   `json:"source"`
	In     string   `json:"in"`
	Opts   string   `json:"opts"`
	First  bool     `json:"first_only"`
	Wrap   bool     `json:"newlines"`
	Filter string   `json:"filter"`
	Want   []string `json:"want"`
}

// TestPeerSuites holds urlgrep to the peers' suites where they agree with
// its rules (issue 15): a change of rule that loses one of these cases
// must be a deliberate difference, listed in README.md. The cases where
// urlgrep differs are reported by bench/cmd/peersuite.
func TestPeerSuites(t *testing.T) {
	f, err := os.Open("testdata/peers/agreed.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	finders := map[string]*Finder{
		"default": NewFinder(),
		"email":   NewFinder(WithEmail(true)),
		"strict":  NewFinder(WithWWW(false)),
	}
	sc := bufio.NewScanner(f)
	n := 0
	for sc.Scan() {
		var c peerCase
		if err := json.Unmarshal(sc.Bytes(), &c); err != nil {
			t.Fatalf("line %d: %v", n+1, err)
		}
		n++
		fd := finders[c.Opts]
		if fd == nil {
			t.Fatalf("%s: unknown options %q", c.Source, c.Opts)
		}
		var keep func(m *Match, in string) bool
		switch c.Filter {
		case "":
		case "angle":
			// CommonMark autolinks: URLs and addresses in "<...>".
			keep = func(m *Match, in string) bool {
				return m.Kind == Angle || m.Kind == Email &&
					m.Offset > 0 && in[m.Offset-1] == '<' && m.End < int64(len(in)) && in[m.End] == '>'
			}
		case "email":
			// A peer that finds e-mail addresses only.
			keep = func(m *Match, _ string) bool { return m.Kind == Email }
		case "url":
			// A peer's test that asks for its URLs only (linkifyjs's
			// find(s, "url")).
			keep = func(m *Match, _ string) bool { return m.Kind != Email }
		case "whole", "whole-url", "whole-email":
			// A peer's test of whether the whole input is one link
			// (linkifyjs's test(s[, type])): only such a match counts.
			kind := c.Filter
			keep = func(m *Match, in string) bool {
				return m.Text == in && (kind == "whole" || (m.Kind == Email) == (kind == "whole-email"))
			}
		default:
			re := regexp.MustCompile(c.Filter)
			keep = func(m *Match, _ string) bool { return re.MatchString(m.Text) }
		}
		ins := []string{c.In}
		if c.Wrap {
			ins = append(ins, "\n"+c.In+"\n")
		}
		for _, in := range ins {
			got := []string{}
			for found := range fd.All([]byte(in), 0) {
				if keep != nil && !keep(found.Match, in) {
					continue
				}
				got = append(got, found.Match.Text)
				if c.First {
					break
				}
			}
			if !reflect.DeepEqual(got, c.Want) {
				t.Errorf("%s: %q = %q, want %q", c.Source, in, got, c.Want)
			}
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if n < 300 {
		t.Fatalf("only %d cases read", n)
	}
}
