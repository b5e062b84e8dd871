package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/creack/pty"

	"github.com/urlgrep/urlgrep/internal/pick"
	"github.com/urlgrep/urlgrep/internal/walk"
)

const pickMail = `From a@example.org Mon Nov  2 09:14:03 1994
From: a@example.org
Subject: =?UTF-8?Q?Links_f=C3=BCr_heute?=
Content-Type: text/plain

First http://a.example/one then http://b.example/two,
again http://a.example/one and www.c.example/three.
`

// TestCollect checks what the picker lists, with urlgrep's default options: each URL once, in input
// order, with its line and its message's Subject.
func TestCollect(t *testing.T) {
	var cfg config
	newFlags(&cfg)
	items, trouble := pick.Collect(slices.Values([]walk.Input{{Label: walk.StdinName}}), cfg.searchOptions(nil), strings.NewReader(pickMail),
		func(string, error) {}, func(string) {})
	if trouble || len(items) != 3 {
		t.Fatalf("items %v, trouble %v", items, trouble)
	}
	want := []pick.Item{
		{URL: "http://a.example/one", Context: "First http://a.example/one then http://b.example/two,", Where: "Links für heute"},
		{URL: "http://b.example/two", Context: "First http://a.example/one then http://b.example/two,", Where: "Links für heute"},
		{URL: "http://www.c.example/three", Context: "again http://a.example/one and www.c.example/three.", Where: "Links für heute"},
	}
	for i, it := range items {
		if it != want[i] {
			t.Errorf("item %d = %+v, want %+v", i, it, want[i])
		}
	}
}

// TestPickThroughPTY runs urlgrep --pick as mutt's <pipe-message> does:
// the mail on standard input, the terminal (a pty) as the controlling
// terminal and standard output. Keys typed on the terminal choose the
// second URL and open it with --open-cmd, a script that writes down its
// arguments.
func TestPickThroughPTY(t *testing.T) {
	dir := t.TempDir()
	got := filepath.Join(dir, "opened")
	script := filepath.Join(dir, "open.sh")
	if err := os.WriteFile(script, []byte("#!/bin/sh\necho \"$@\" >> "+got+"\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	ptmx, tty, err := pty.Open()
	if err != nil {
		t.Skipf("no pty here: %v", err)
	}
	defer ptmx.Close()
	pty.Setsize(ptmx, &pty.Winsize{Rows: 30, Cols: 100})
	cmd := exec.Command(os.Args[0], "--pick", "--open-cmd", script)
	// Under -race, bubbletea's shutdown has a known race of its own
	// (charmbracelet/bubbletea#1599, unfixed in every v2 release):
	// cancelreader's Close against its reader goroutine's Fd. The child
	// reports races without failing on them, and the test fails on any
	// report that is not that one.
	cmd.Env = append(os.Environ(), "URLGREP_TEST_AS_COMMAND=1", "TERM=xterm-256color", "GORACE=exitcode=0")
	cmd.Stdin = strings.NewReader(pickMail)
	cmd.Stdout, cmd.Stderr = tty, tty
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true, Setctty: true, Ctty: 1}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	tty.Close()
	var mu sync.Mutex
	var screen bytes.Buffer
	go func() {
		buf := make([]byte, 4096)
		for {
			n, err := ptmx.Read(buf)
			mu.Lock()
			screen.Write(buf[:n])
			mu.Unlock()
			if err != nil {
				return
			}
		}
	}()
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	until := func(what string, cond func() bool) {
		t.Helper()
		deadline := time.Now().Add(20 * time.Second)
		for !cond() {
			if time.Now().After(deadline) {
				cmd.Process.Kill()
				mu.Lock()
				defer mu.Unlock()
				t.Fatalf("waiting for %s; the screen:\n%q", what, screen.String())
			}
			time.Sleep(20 * time.Millisecond)
		}
	}
	until("the list", func() bool {
		mu.Lock()
		defer mu.Unlock()
		return strings.Contains(screen.String(), "http://b.example/two")
	})
	ptmx.WriteString("j")
	time.Sleep(100 * time.Millisecond)
	ptmx.WriteString("\r")
	until("the open command", func() bool {
		b, _ := os.ReadFile(got)
		return len(b) > 0
	})
	if b, _ := os.ReadFile(got); string(b) != "http://b.example/two\n" {
		t.Errorf("the open command got %q, want the second URL", b)
	}
	until("the picker back", func() bool {
		mu.Lock()
		defer mu.Unlock()
		return strings.Contains(screen.String(), "opened http://b.example/two")
	})
	ptmx.WriteString("q")
	select {
	case err := <-done:
		if err != nil {
			mu.Lock()
			t.Errorf("urlgrep --pick: %v; the screen:\n%s", err, screen.String())
			mu.Unlock()
		}
	case <-time.After(20 * time.Second):
		cmd.Process.Kill()
		t.Fatal("q did not quit")
	}
	mu.Lock()
	defer mu.Unlock()
	for i, report := range strings.Split(screen.String(), "WARNING: DATA RACE")[1:] {
		if !strings.Contains(report, "cancelreader.(*epollCancelReader)") {
			t.Errorf("race report %d is not bubbletea#1599:\n%s", i+1, report)
		}
	}
}
