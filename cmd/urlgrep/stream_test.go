package main

import (
	"bufio"
	"io"
	"os"
	"strings"
	"testing"
	"time"
)

// TestStreamingOutput runs urlgrep between two pipes, as in
// "tail -f log | urlgrep | cat": it writes a URL, waits until urlgrep has
// printed it, and only then writes the next. Output held until the end of
// input would never come, and the test fails at its deadline. The second
// URL ends its line, as in a log ("GET http://b.example/dir/"): one that
// ends in "/" might go on in the next line, and is still printed when the
// input stalls, not when that line comes. The same lines are read as a
// message's body too, as from "tail -f mbox".
func TestStreamingOutput(t *testing.T) {
	for _, c := range []struct {
		args []string
		head string
	}{
		{[]string{"--raw"}, ""}, {nil, ""}, {[]string{"-j", "4"}, ""}, {[]string{"-n", "--context"}, ""}, {[]string{"--json"}, ""},
		{nil, mboxHead}, {[]string{"-n", "--context"}, mboxHead}, {[]string{"--json"}, mboxHead},
		{[]string{"--linkify=text"}, ""}, {[]string{"--linkify=text"}, mboxBare},
	} {
		args := c.args
		inW, lines, code := runPiped(t, args)
		io.WriteString(inW, c.head+"see http://a.example/ here\n\n")
		select {
		case l := <-lines:
			if !strings.Contains(l, "http://a.example/") {
				t.Errorf("%q: first line %q", args, l)
			}
		case <-time.After(20 * time.Second):
			t.Fatalf("%q: nothing printed while the input was open", args)
		}
		io.WriteString(inW, "GET http://b.example/dir/\n")
	wait:
		for {
			select {
			case l := <-lines:
				if strings.Contains(l, "http://b.example/dir/") {
					break wait
				}
			case <-time.After(20 * time.Second):
				t.Fatalf("%q: a URL ending its line not printed while the input was open", args)
			}
		}
		io.WriteString(inW, "then http://c.example/\n")
		inW.Close()
		var rest []string
		for l := range lines {
			rest = append(rest, l)
		}
		if c := <-code; c != exitFound || !strings.Contains(strings.Join(rest, "\n"), "http://c.example/") {
			t.Errorf("%q: exit %d, rest %q", args, c, rest)
		}
	}
}

// runPiped runs urlgrep with args between two pipes, as in "tail -f log
// | urlgrep | cat": it returns the input's writing end, the output's
// lines as they come, closed at its end, and the exit code, once run
// returns. The pipes close when the test ends.
func runPiped(t *testing.T, args []string) (io.WriteCloser, <-chan string, <-chan int) {
	t.Helper()
	inR, inW, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { inW.Close(); inR.Close(); outR.Close() })
	code := make(chan int, 1)
	go func() {
		code <- run(args, inR, outW, io.Discard)
		outW.Close()
	}()
	lines := make(chan string, 10)
	go func() {
		sc := bufio.NewScanner(outR)
		for sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
	}()
	return inW, lines, code
}

// mboxHead starts a message of an mbox; mboxBare one with no header
// field, whose rendering (--linkify) starts with its body.
const (
	mboxHead = "From a@example.org Mon Jan  1 00:00:00 2024\nSubject: s\n\n"
	mboxBare = "From a@example.org Mon Jan  1 00:00:00 2024\n\n"
)

// TestTooLongNoted checks that a candidate longer than --max-length is
// told on standard error, with its file and line where lines are counted
// (-n, --json), else with its byte offset, and that the URLs after it are
// still found.
func TestTooLongNoted(t *testing.T) {
	f := writeFile(t, t.TempDir(), "long.txt", "http://a.example/\n\nhttp://long.example/"+strings.Repeat("y", 70000)+"\nhttp://b.example/\n")
	out, errs, code := urlgrep(t, "", "-n", f)
	if out != "1:http://a.example/\n4:http://b.example/\n" || code != exitFound {
		t.Errorf("-n: stdout %q, exit %d", out, code)
	}
	if want := "urlgrep: " + f + ":3: URL longer than 65536 bytes skipped\n"; errs != want {
		t.Errorf("-n: stderr %q, want %q", errs, want)
	}
	for _, args := range [][]string{{f}, {"-c", f}, {"-j", "2", f}} {
		out, errs, code = urlgrep(t, "", args...)
		if want := "http://a.example/\nhttp://b.example/\n"; args[0] == "-c" {
			want = "2\n"
			if out != want {
				t.Errorf("%q: stdout %q, want %q", args, out, want)
			}
		} else if out != want || code != exitFound {
			t.Errorf("%q: stdout %q, exit %d", args, out, code)
		}
		if want := "urlgrep: " + f + ": byte 19: URL longer than 65536 bytes skipped\n"; errs != want {
			t.Errorf("%q: stderr %q, want %q", args, errs, want)
		}
	}
	_, errs, _ = urlgrep(t, "", "--max-length=100000", f)
	if errs != "" {
		t.Errorf("--max-length=100000: stderr %q", errs)
	}
}

// TestParseStreaming runs urlgrep --parse between two pipes: each URL's
// parts are written before standard input is read on, not when 64 KiB of
// output have gathered or the input ends.
func TestParseStreaming(t *testing.T) {
	inW, lines, code := runPiped(t, []string{"--parse"})
	for _, u := range []string{"http://a.example/", "ftp://b.example/c"} {
		io.WriteString(inW, u+"\n")
		select {
		case l := <-lines:
			if !strings.Contains(l, `"url":"`+u+`"`) {
				t.Errorf("for %s: %q", u, l)
			}
		case <-time.After(20 * time.Second):
			t.Fatalf("%s: nothing printed while the input was open", u)
		}
	}
	inW.Close()
	if l, ok := <-lines; ok || <-code != exitFound {
		t.Errorf("after the input: %q", l)
	}
}
