package main

import (
	"net/url"
	"strings"
	"testing"
)

// TestRedactEverywhere checks that with --redact no password leaves
// urlgrep, whatever the output: URLs as written and canonical, JSON
// (text, raw, url, password, alternates, context, wrapped_by, error),
// --context and -C lines (the other URLs of the line too), --parse and
// --linkify.
func TestRedactEverywhere(t *testing.T) {
	secrets := []string{"s3cret", "pa%40ss", "pa@ss", "hunter2", "wrappedpw"}
	safe := "https://nam12.safelinks.protection.outlook.com/?url=" + url.QueryEscape("https://bob:wrappedpw@target.example/") + "&data=x"
	in := "see ftp://joe:s3cret@ftp.example.org/pub and <URL:http://u:pa%40ss@h.example/x-\n y> ok\n" +
		"also ftp://ann:hunter2@files.example/a~b then " + safe + "\n"
	for _, args := range [][]string{
		{}, {"--canonical"}, {"--json"}, {"--json", "--hyphen=both"}, {"--context"}, {"--json", "--context"},
		{"-C", "1"}, {"-C1", "--color=always"}, {"--unwrap"}, {"--unwrap", "--json"}, {"--strict", "--json"},
		{"--linkify=text"}, {"--linkify"},
	} {
		out, errs, _ := urlgrep(t, in, append([]string{"--redact"}, args...)...)
		if !strings.Contains(out, "xxxxx") {
			t.Errorf("%q: nothing redacted: %q", args, out)
		}
		for _, s := range secrets {
			if strings.Contains(out, s) || strings.Contains(errs, s) {
				t.Errorf("%q: %q shows: %s%s", args, s, out, errs)
			}
		}
	}
	out, errs, _ := urlgrep(t, "", "--redact", "--parse", "ftp://joe:s3cret@ftp.example.org/%", "http://u:hunter2@h.example/~x", "x://a:pa@ss@b")
	for _, s := range secrets {
		if strings.Contains(out, s) || strings.Contains(errs, s) {
			t.Errorf("--parse: %q shows: %s%s", s, out, errs)
		}
	}
}
