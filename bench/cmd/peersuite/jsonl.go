package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"slices"
	"strings"

	"github.com/urlgrep/urlgrep/extract"
)

// jsonlCase is one case as the extraction scripts in scripts/ write it:
// the peer's own tests run (under node or python) with the function under
// test recorded, for suites whose inputs and expectations are computed by
// code (template strings, loops, parametrized tests), which no reading of
// the test file could give.
type jsonlCase struct {
	Suite string `json:"suite"`
	Table string `json:"table"`
	Title string `json:"title"`
	Line  int    `json:"line"`
	In    string `json:"in"`
	Want  []struct {
		Text    string `json:"text"`
		Matched string `json:"matched"`
		Href    string `json:"href"`
		Kind    string `json:"kind"`
	} `json:"want"`
	Options   map[string]any `json:"options"`
	Note      string         `json:"note"`
	HTMLInput bool           `json:"html_input"`
}

// jsonlCases reads the JSON-lines case files named in list (separated by
// commas). A case is left out, and counted in skipped by reason, when its
// input is HTML (urlgrep's finder reads text; its HTML reading is the mail
// decoder's) or when the peer ran it with an option that changes what is
// found in a way urlgrep has no counterpart for (custom schemes
// registered, a validation callback, parse_email off with addresses in
// the text). Options that change only how a link is rendered (target,
// class, truncation of the text shown, rel) are kept, the link compared
// as written in the input.
//
// The cases run with e-mail on where the peer finds bare addresses
// (jsonlEmail). A linkifyjs "test()" case asserts whether the whole input is one
// link: only a match of the whole input is compared.
func jsonlCases(list string) (cs []Case, skipped map[string]int, err error) {
	skipped = map[string]int{}
	for file := range strings.SplitSeq(list, ",") {
		f, err := os.Open(file)
		if err != nil {
			return nil, nil, err
		}
		sc := bufio.NewScanner(f)
		sc.Buffer(make([]byte, 1<<20), 1<<24)
		n := 0
		for sc.Scan() {
			n++
			var j jsonlCase
			if err := json.Unmarshal(sc.Bytes(), &j); err != nil {
				f.Close()
				return nil, nil, fmt.Errorf("%s:%d: %v", file, n, err)
			}
			if why := jsonlSkip(&j); why != "" {
				skipped[why]++
				continue
			}
			o := optEmail
			if !jsonlEmail(&j) {
				o = optDefault
			}
			if j.Options["with_schema_only"] == true {
				o = optStrict // URLExtract's: URLs with a scheme only
			}
			c := Case{Suite: j.Suite, Table: j.Table, Line: j.Line, In: j.In, Want: []string{},
				Opts: o.name, finder: o.f, forms: asWritten}
			for _, w := range j.Want {
				if w.Kind != "" && w.Kind != "url" && w.Kind != "email" {
					continue // Autolinker's phone numbers, mentions, hashtags
				}
				t := w.Matched
				if t == "" {
					t = w.Text
				}
				c.Want = append(c.Want, t)
			}
			// The kind a find(type=...) or test(..., type) asks for.
			kind := -1
			if _, t, ok := strings.Cut(j.Note, "(type="); ok {
				switch t, _, _ = strings.Cut(t, ")"); t {
				case "url":
					kind = 0
				case "email":
					kind = 1
				}
			}
			whole := strings.HasPrefix(j.Note, "test(")
			if whole || kind >= 0 {
				// The filter's name in -agreed's file, as extract's
				// TestPeerSuites reads it: "whole", "url" or "email",
				// "whole-url" or "whole-email".
				var names []string
				if whole {
					names = append(names, "whole")
				}
				if kind >= 0 {
					names = append(names, [...]string{"url", "email"}[kind])
				}
				c.filterName = strings.Join(names, "-")
				c.Filter = "only " + c.filterName
				c.keep = func(m *extract.Match, in string) bool {
					if whole && m.Text != in {
						return false
					}
					return kind < 0 || (m.Kind == extract.Email) == (kind == 1)
				}
			}
			cs = append(cs, c)
		}
		f.Close()
		if err := sc.Err(); err != nil {
			return nil, nil, fmt.Errorf("%s: %v", file, err)
		}
	}
	if len(cs) == 0 {
		return nil, nil, fmt.Errorf("%s: no cases read", list)
	}
	return cs, skipped, nil
}

// jsonlSkip says why j is left out, or "".
func jsonlSkip(j *jsonlCase) string {
	if j.HTMLInput {
		return "HTML input"
	}
	// In the keys' order: a case with two such options is counted under
	// the same reason on every run.
	for _, k := range slices.Sorted(maps.Keys(j.Options)) {
		v := j.Options[k]
		switch k {
		case "registerCustomProtocol":
			return "custom schemes registered"
		case "validate":
			// linkifyjs's test of validate: a URL must start with a scheme
			// or "www." (urlgrep's own rule); any other callback is skipped.
			if s := fmt.Sprint(v); !strings.Contains(s, "www") {
				return "validation callback"
			}
		case "urls":
			// Autolinker's urls: false, or a kind of URL turned off.
			if m, ok := v.(map[string]any); v == false || ok && (m["schemeMatches"] == false || m["ipV4Matches"] == false) {
				return "URLs off"
			}
		case "url_re", "email_re", "recognized_tags":
			return "the peer's patterns or tags replaced"
		case "ignore_list", "permit_list", "check_dns", "skip_tags", "flags":
			// URLExtract's lists and DNS check, Rinku's skipped tags
			// and flags: the scripts keep them out of cases.jsonl.
			return "the peer's lists, DNS or flags"
		case "callbacks":
			if s := fmt.Sprint(v); s != "[]" {
				return "callbacks"
			}
		}
	}
	return ""
}

// jsonlEmail says whether the peer finds bare e-mail addresses in j:
// bleach's linkify only with parse_email set, URLExtract only with
// extract_email, Autolinker unless its email option is off, the others
// always.
func jsonlEmail(j *jsonlCase) bool {
	switch j.Suite {
	case "bleach":
		return j.Options["parse_email"] == true
	case "urlextract":
		return j.Options["extract_email"] == true
	}
	return j.Options["email"] != false
}
