package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sebdah/goldie/v2"
	"github.com/urlgrep/urlgrep/internal/walk"
)

// urlgrep runs run with the given stdin and returns stdout, stderr and the
// exit code.
func urlgrep(t *testing.T, stdin string, args ...string) (string, string, int) {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(args, strings.NewReader(stdin), &out, &errb)
	return out.String(), errb.String(), code
}

func writeFile(t *testing.T, dir, name, content string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestScan(t *testing.T) {
	dir := t.TempDir()
	a := writeFile(t, dir, "a.txt", "See <URL:ftp://info.cern.ch/pub/www/doc;\n      type=d> and http://www.example.com/~bob/.\nGood news: none here.\n")
	b := writeFile(t, dir, "b.txt", "nothing\nat 10:30, ratio 3:1\n")
	c := writeFile(t, dir, "c.txt", "ftp://u:secret@ftp.example.com/pub/\nhttp://www.example.com/~bob/\nHTTP://WWW.EXAMPLE.COM/a#top\nmail alice@example.org\nwww.example.org/x\n")
	missing := filepath.Join(dir, "missing.txt")
	tests := []struct {
		name     string
		stdin    string
		args     []string
		want     string
		wantCode int
		wantErr  string // substring of stderr
	}{
		// issue 3: as written, rejoined, one per line, in input order
		{"default", "", []string{a}, "ftp://info.cern.ch/pub/www/doc;type=d\nhttp://www.example.com/~bob/\n", 0, ""},
		{"stdin", "x http://a.example/ y", nil, "http://a.example/\n", 0, ""},
		{"dash is stdin", "x http://a.example/ y", []string{"-"}, "http://a.example/\n", 0, ""},
		{"nothing found", "", []string{b}, "", 1, ""},
		{"canonical", "", []string{"--canonical", c}, "ftp://u:secret@ftp.example.com/pub/\nhttp://www.example.com/%7Ebob/\nhttp://www.example.com/a#top\nhttp://www.example.org/x\n", 0, ""},
		// grep's habits: file:line:column:offset prefixes
		{"with filename by default for several files", "", []string{a, b}, a + ":ftp://info.cern.ch/pub/www/doc;type=d\n" + a + ":http://www.example.com/~bob/\n", 0, ""},
		{"-h", "", []string{"-h", a, b}, "ftp://info.cern.ch/pub/www/doc;type=d\nhttp://www.example.com/~bob/\n", 0, ""},
		{"-nH --column -b", "", []string{"-nH", "--column", "-b", a}, a + ":1:10:9:ftp://info.cern.ch/pub/www/doc;type=d\n" + a + ":2:19:59:http://www.example.com/~bob/\n", 0, ""},
		{"-c", "", []string{"-c", a, b}, a + ":2\n" + b + ":0\n", 0, ""},
		{"-l", "", []string{"-l", a, b, c}, a + "\n" + c + "\n", 0, ""},
		{"-q found", "", []string{"-q", b, a}, "", 0, ""},
		{"-q none", "", []string{"-q", b}, "", 1, ""},
		{"-u", "http://a.example/ http://a.example/ http://b.example/", []string{"-u"}, "http://a.example/\nhttp://b.example/\n", 0, ""},
		{"-0", "http://a.example/ http://b.example/", []string{"-0"}, "http://a.example/\x00http://b.example/\x00", 0, ""},
		{"--scheme", "", []string{"--scheme=ftp", c}, "ftp://u:secret@ftp.example.com/pub/\n", 0, ""},
		{"--scheme none", "", []string{"--scheme=gopher", c}, "", 1, ""},
		// --strict: only URLs valid by the letter ("~" and "#" must be encoded, §2.2)
		{"--strict", "", []string{"--strict", c}, "ftp://u:secret@ftp.example.com/pub/\nwww.example.org/x\n", 0, ""},
		{"--email", "", []string{"--email", "--scheme=mailto", c}, "alice@example.org\n", 0, ""},
		{"--no-www", "", []string{"--no-www", "--scheme=http", c}, "http://www.example.com/~bob/\nHTTP://WWW.EXAMPLE.COM/a#top\n", 0, ""},
		// §6: --redact hides passwords in every output
		{"--redact", "", []string{"--redact", "--scheme=ftp", c}, "ftp://u:xxxxx@ftp.example.com/pub/\n", 0, ""},
		{"--redact --canonical", "", []string{"--redact", "--canonical", "--scheme=ftp", c}, "ftp://u:xxxxx@ftp.example.com/pub/\n", 0, ""},
		// errors: reported, the next file scanned, exit 2 at the end
		{"missing file", "", []string{missing, a}, missing + ":ftp://info.cern.ch/pub/www/doc;type=d\n" + missing + "", 2, "missing.txt: No such file or directory"},
		{"bad flag", "", []string{"--frobnicate"}, "", 2, "unknown flag"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, stderr, code := urlgrep(t, tt.stdin, tt.args...)
			if tt.name == "missing file" {
				// The missing file prints nothing; the next one is scanned.
				tt.want = a + ":ftp://info.cern.ch/pub/www/doc;type=d\n" + a + ":http://www.example.com/~bob/\n"
			}
			if got != tt.want || code != tt.wantCode {
				t.Errorf("urlgrep %q = %q, exit %d; want %q, exit %d", tt.args, got, code, tt.want, tt.wantCode)
			}
			if tt.wantErr == "" && stderr != "" || !strings.Contains(stderr, tt.wantErr) {
				t.Errorf("urlgrep %q stderr = %q, want %q", tt.args, stderr, tt.wantErr)
			}
		})
	}
}

func TestScanJSON(t *testing.T) {
	in := "x <URL:http://a.example/long-\n  path/~bob> and ftp://u:pw@h.example/f;type=x\n"
	out, _, code := urlgrep(t, in, "--json", "--redact")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 2 {
		t.Fatalf("got %d lines: %s", len(lines), out)
	}
	var first, second map[string]any
	if err := json.Unmarshal([]byte(lines[0]), &first); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal([]byte(lines[1]), &second); err != nil {
		t.Fatal(err)
	}
	want := map[string]any{
		"file": walk.StdinName, "line": 1.0, "column": 8.0, "offset": 7.0, "end": 41.0, "kind": "wrapped",
		"text": "http://a.example/long-path/~bob", "rejoined": true, "alternates": []any{"http://a.example/longpath/~bob"},
		"url": "http://a.example/long-path/%7Ebob", "raw": "http://a.example/long-\n  path/~bob", "valid": true,
		"host": "a.example", "port": 80.0, "path": "long-path/%7Ebob", "scheme": "http",
	}
	for k, v := range want {
		if got, _ := json.Marshal(first[k]); string(got) != mustJSON(v) {
			t.Errorf("first[%q] = %s, want %s", k, got, mustJSON(v))
		}
	}
	// An invalid URL is still reported, with its error; the password is hidden.
	for k, v := range map[string]any{"valid": false, "password": "xxxxx", "text": "ftp://u:xxxxx@h.example/f;type=x", "raw": "ftp://u:xxxxx@h.example/f;type=x", "url": "ftp://u:xxxxx@h.example/f;type=x"} {
		if got, _ := json.Marshal(second[k]); string(got) != mustJSON(v) {
			t.Errorf("second[%q] = %s, want %s", k, got, mustJSON(v))
		}
	}
	if !strings.Contains(second["error"].(string), "typecode") {
		t.Errorf("second error = %v", second["error"])
	}
	if strings.Contains(out, "pw@") {
		t.Errorf("--redact leaked the password: %s", out)
	}
}

// TestParseRedact checks that --parse --redact hides the password in
// every key, the error message included, even when the URL does not parse.
func TestParseRedact(t *testing.T) {
	for _, in := range []string{"ftp://u:secret@h.example/f;type=x", "ftp://u:secret@h_x/", "http://u:secret@h.example/"} {
		out, _, _ := urlgrep(t, "", "--parse", "--redact", in)
		if strings.Contains(out, "secret") || !strings.Contains(out, "xxxxx") {
			t.Errorf("urlgrep --parse --redact %q = %s", in, out)
		}
	}
}

func mustJSON(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return string(b)
}

// TestSampleGolden pins urlgrep's output, plain and JSON, on the sample
// inputs of testdata/sample (mail, news, Markdown notes).
func TestSampleGolden(t *testing.T) {
	all, err := filepath.Glob("../../testdata/sample/*")
	var samples []string
	for _, f := range all {
		if !strings.HasSuffix(f, ".go") { // the generator of charsets.mbox
			samples = append(samples, f)
		}
	}
	if err != nil || len(samples) == 0 {
		t.Fatalf("no samples: %v", err)
	}
	g := goldie.New(t, goldie.WithFixtureDir("../../testdata/golden/urlgrep"))
	for _, in := range samples {
		name := filepath.Base(in)
		t.Run(name, func(t *testing.T) {
			plain, stderr, code := urlgrep(t, "", "-n", "--column", in)
			if code != 0 || stderr != "" {
				t.Fatalf("urlgrep %s: exit %d, %s", in, code, stderr)
			}
			js, _, _ := urlgrep(t, "", "--json", in)
			g.Assert(t, name, []byte(plain+"\n"+strings.ReplaceAll(js, "../../testdata/sample/", "")))
		})
	}
}
