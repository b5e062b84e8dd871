package rfc1738

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/sebdah/goldie/v2"
)

// TestPartsGolden parses the URLs of each testdata/input/parse/*.txt (one
// URL a line; "#" starts a comment line) leniently and strictly and pins
// their JSON form (NewParts, what urlgrep --parse writes) in
// testdata/golden/parse/<name>.golden: for each URL a "# <url>" line, then
// the lenient and the strict JSON object. Regenerate with
// GOLDIE_UPDATE=1 go test ./rfc1738 -run Golden.
func TestPartsGolden(t *testing.T) {
	inputs, err := filepath.Glob("../testdata/input/parse/*.txt")
	if err != nil {
		t.Fatal(err)
	}
	if len(inputs) == 0 {
		t.Fatal("no input in ../testdata/input/parse")
	}
	g := goldie.New(t, goldie.WithFixtureDir("../testdata/golden/parse"))
	for _, in := range inputs {
		name := strings.TrimSuffix(filepath.Base(in), ".txt")
		t.Run(name, func(t *testing.T) {
			urls := readURLs(t, in)
			lenient := parseRun(t, urls, false)
			strict := parseRun(t, urls, true)
			var b bytes.Buffer
			for i, u := range urls {
				b.WriteString("# " + quoteIfControl(u) + "\n")
				b.WriteString(lenient[i] + "\n")
				b.WriteString(strict[i] + "\n")
			}
			g.Assert(t, name, b.Bytes())
		})
	}
}

// readURLs returns the URLs of an input file: every line but blank ones
// and comments, kept byte for byte (spaces and control characters are part
// of what is tested).
func readURLs(t *testing.T, file string) []string {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var urls []string
	for _, line := range strings.Split(string(data), "\n") {
		if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
			continue
		}
		urls = append(urls, line)
	}
	if len(urls) == 0 {
		t.Fatalf("%s: no URL", file)
	}
	return urls
}

// parseRun returns the JSON form of each URL parsed leniently or
// strictly, one line each, after checking that each is a JSON object for
// its URL.
func parseRun(t *testing.T, urls []string, strict bool) []string {
	t.Helper()
	var lines []string
	for _, raw := range urls {
		parse := ParseLenient
		if strict {
			parse = Parse
		}
		u, perr := parse(raw)
		var b bytes.Buffer
		enc := json.NewEncoder(&b)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(NewParts(raw, u, perr, false)); err != nil {
			t.Fatal(err)
		}
		line := strings.TrimSuffix(b.String(), "\n")
		var obj struct {
			Raw   *string `json:"raw"`
			Valid *bool   `json:"valid"`
		}
		if err := json.Unmarshal([]byte(line), &obj); err != nil || obj.Raw == nil || *obj.Raw != raw || obj.Valid == nil || *obj.Valid != (perr == nil) {
			t.Fatalf("JSON of %q = %s, want raw %q and valid %v", raw, line, raw, perr == nil)
		}
		lines = append(lines, line)
	}
	return lines
}

// quoteIfControl returns s, or s Go-quoted when it holds a control
// character, which would be invisible in the golden file.
func quoteIfControl(s string) string {
	for i := 0; i < len(s); i++ {
		if s[i] < 0x20 || s[i] == 0x7f {
			return strconv.Quote(s)
		}
	}
	return s
}
