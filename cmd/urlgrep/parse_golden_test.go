package main

import (
	"bufio"
	"bytes"
	"strings"
	"testing"
)

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
