package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/sebdah/goldie/v2"
)

// TestParseGolden runs "urlgrep --parse" and "urlgrep --parse --strict" on
// the URLs of each testdata/input/parse/*.txt (one URL a line; "#" starts a
// comment line) and pins the output in testdata/golden/parse/<name>.golden:
// for each URL a "# <url>" line, then the lenient and the strict JSON object.
// Regenerate with GOLDIE_UPDATE=1 go test ./cmd/urlgrep -run Golden.
func TestParseGolden(t *testing.T) {
	inputs, err := filepath.Glob("../../testdata/input/parse/*.txt")
	if err != nil {
		t.Fatal(err)
	}
	if len(inputs) == 0 {
		t.Fatal("no input in ../../testdata/input/parse")
	}
	g := goldie.New(t, goldie.WithFixtureDir("../../testdata/golden/parse"))
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

// parseRun runs urlgrep --parse [--strict] on urls and returns its output,
// one JSON line per URL, after checking that each line is a JSON object for
// its URL and that the exit code is 0 when every URL is valid, else 1.
func parseRun(t *testing.T, urls []string, strict bool) []string {
	t.Helper()
	args := []string{"--parse"}
	if strict {
		args = append(args, "--strict")
	}
	// "--" ends the flags: a URL may start with "-" (a valid scheme
	// character, §5).
	args = append(append(args, "--"), urls...)
	var stdout, stderr bytes.Buffer
	code := run(args, strings.NewReader(""), &stdout, &stderr)
	if stderr.Len() != 0 {
		t.Errorf("run(%q) wrote to stderr: %s", args, stderr.String())
	}
	lines := strings.Split(strings.TrimSuffix(stdout.String(), "\n"), "\n")
	if len(lines) != len(urls) {
		t.Fatalf("run(%q) printed %d lines for %d URLs", args, len(lines), len(urls))
	}
	want := exitFound
	for i, line := range lines {
		var obj struct {
			Raw   *string `json:"raw"`
			Valid *bool   `json:"valid"`
		}
		if err := json.Unmarshal([]byte(line), &obj); err != nil {
			t.Fatalf("line %d of run(%q): %v: %s", i+1, args, err, line)
		}
		if obj.Raw == nil || *obj.Raw != urls[i] || obj.Valid == nil {
			t.Fatalf("line %d of run(%q) = %s, want raw %q and valid", i+1, args, line, urls[i])
		}
		if !*obj.Valid {
			want = exitNone
		}
	}
	if code != want {
		t.Errorf("run(%q) = %d, want %d", args, code, want)
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

func TestParseExitCodes(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want int
	}{
		// §3.2.2, §3.3: every URL valid.
		{"all valid", []string{"--parse", "ftp://myname@host.dom/%2Fetc/motd", "http://www.example.com/"}, exitFound},
		{"all valid strict", []string{"--parse", "--strict", "news:*", "mailto:joe@example.com"}, exitFound},
		// §3.3: "No user name or password is allowed."
		{"one invalid", []string{"--parse", "http://www.example.com/", "http://user@www.example.com/"}, exitNone},
		// §2.2: "~" is unsafe, so only strict mode rejects it.
		{"lenient only", []string{"--parse", "http://www.example.com/~joe"}, exitFound},
		{"strict rejects", []string{"--parse", "--strict", "http://www.example.com/~joe"}, exitNone},
		// With no URL, --parse reads them from standard input (empty here).
		{"no URL", []string{"--parse"}, exitNone},
		{"no URL strict", []string{"--parse", "--strict"}, exitNone},
		{"unknown flag", []string{"--parse", "--no-such-flag", "http://www.example.com/"}, exitTrouble},
		{"unknown shorthand", []string{"-Y", "--parse", "http://www.example.com/"}, exitTrouble},
		{"with a scan flag", []string{"--parse", "-c", "http://www.example.com/"}, exitTrouble},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			if got := run(tt.args, strings.NewReader(""), &stdout, &stderr); got != tt.want {
				t.Errorf("run(%q) = %d, want %d; stderr: %s", tt.args, got, tt.want, stderr.String())
			}
			if tt.want != exitTrouble {
				sc := bufio.NewScanner(&stdout)
				n := 0
				for sc.Scan() {
					n++
				}
				if want := len(tt.args) - 1 - countFlag(tt.args, "--strict"); n != want {
					t.Errorf("run(%q) printed %d lines, want %d", tt.args, n, want)
				}
			}
		})
	}
}

// TestParseStdin checks that --parse with no URL parses each line of
// standard input, blank lines skipped, CRLF line ends taken off.
func TestParseStdin(t *testing.T) {
	var stdout, stderr bytes.Buffer
	in := "http://www.example.com/\r\n\n  \nhttp://user@www.example.com/\n"
	code := run([]string{"--parse"}, strings.NewReader(in), &stdout, &stderr)
	lines := strings.Split(strings.TrimSuffix(stdout.String(), "\n"), "\n")
	if code != exitNone || len(lines) != 2 || stderr.Len() > 0 {
		t.Fatalf("exit %d, stdout %q, stderr %q; want 1 and two objects", code, stdout.String(), stderr.String())
	}
	if !strings.Contains(lines[0], `"raw":"http://www.example.com/","scheme":"http","valid":true`) || !strings.Contains(lines[1], `"valid":false`) {
		t.Errorf("objects %q", lines)
	}
}

func countFlag(args []string, flag string) int {
	n := 0
	for _, a := range args {
		if a == flag {
			n++
		}
	}
	return n
}
