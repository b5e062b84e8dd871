package main

import (
	"fmt"
	"os"

	"go.yaml.in/yaml/v3"
)

// twitterSections are the sections of twitter-text's conformance/extract.yml
// that hold URLs: "urls" lists the URLs wanted as strings, the others as
// {url, indices} (the indices, in code points, are not compared: the URL's
// text is, and the order).
var twitterSections = []string{"urls", "urls_with_indices", "urls_with_directional_markers", "tco_urls_with_params"}

// twitterDoc is the shape of extract.yml: tests, by section, each a list of
// cases whose expected URLs are strings or mappings with a "url".
type twitterDoc struct {
	Tests map[string][]struct {
		Description string    `yaml:"description"`
		Text        string    `yaml:"text"`
		Expected    yaml.Node `yaml:"expected"`
	} `yaml:"tests"`
}

// twitterCases reads twitter-text's conformance/extract.yml as its
// conformance runners do (twitter-text's Java, JS and Ruby test suites):
// every URL of the text, in order, as written (twitter-text's
// extractURLs returns the text's substring: "www.x.com" and "t.co/x"
// without a scheme). twitter-text finds hosts with no scheme on known
// top-level domains and no e-mail addresses: urlgrep runs with its
// defaults (www hosts, no e-mail), and hosts with no scheme and no "www."
// are out of scope, as for the other suites.
func twitterCases(file string) ([]Case, error) {
	b, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	var root yaml.Node
	if err := yaml.Unmarshal(b, &root); err != nil {
		return nil, fmt.Errorf("%s: %v", file, err)
	}
	var doc twitterDoc
	if err := root.Decode(&doc); err != nil {
		return nil, fmt.Errorf("%s: %v", file, err)
	}
	lines := twitterLines(&root)
	var cs []Case
	for _, sec := range twitterSections {
		for i, t := range doc.Tests[sec] {
			want, err := twitterWant(&t.Expected)
			if err != nil {
				return nil, fmt.Errorf("%s: %s %q: %v", file, sec, t.Description, err)
			}
			line := 0
			if l := lines[sec]; i < len(l) {
				line = l[i]
			}
			cs = append(cs, Case{
				Suite: "twitter-text", Table: sec, Line: line,
				In: t.Text, Want: want,
				Opts: optDefault.name, finder: optDefault.f, forms: asWritten,
			})
		}
	}
	if len(cs) == 0 {
		return nil, fmt.Errorf("%s: no URL cases in sections %v", file, twitterSections)
	}
	return cs, nil
}

// twitterWant returns the URLs of an expected list: strings, or mappings
// whose "url" is the URL.
func twitterWant(n *yaml.Node) ([]string, error) {
	var want []string
	if n.Kind == 0 {
		return nil, nil
	}
	if n.Kind != yaml.SequenceNode {
		return nil, fmt.Errorf("line %d: expected is not a list", n.Line)
	}
	for _, e := range n.Content {
		switch e.Kind {
		case yaml.ScalarNode:
			want = append(want, e.Value)
		case yaml.MappingNode:
			var v struct {
				URL string `yaml:"url"`
			}
			if err := e.Decode(&v); err != nil {
				return nil, err
			}
			want = append(want, v.URL)
		default:
			return nil, fmt.Errorf("line %d: an expected URL is neither a string nor a mapping", e.Line)
		}
	}
	return want, nil
}

// twitterLines returns, per section, the line in the file of each case.
func twitterLines(root *yaml.Node) map[string][]int {
	lines := map[string][]int{}
	if len(root.Content) == 0 {
		return lines
	}
	top := root.Content[0]
	for i := 0; i+1 < len(top.Content); i += 2 {
		if top.Content[i].Value != "tests" {
			continue
		}
		tests := top.Content[i+1]
		for j := 0; j+1 < len(tests.Content); j += 2 {
			sec := tests.Content[j].Value
			for _, c := range tests.Content[j+1].Content {
				lines[sec] = append(lines[sec], c.Line)
			}
		}
	}
	return lines
}
