package main

import (
	"fmt"
	"io"
	"time"

	"github.com/urlgrep/urlgrep/internal/walk"
	"github.com/urlgrep/urlgrep/search"
)

// showProgress decides whether a progress line is shown: always with
// --progress, never with --no-progress; by default only when standard
// error is a terminal and no input is standard input read from a
// terminal, where it would draw over what the user types.
func showProgress(cfg config, stderr io.Writer, stdin io.Reader, ins []walk.Input) bool {
	switch {
	case cfg.progress:
		return true
	case cfg.noProgress || !isTerminal(stderr):
		return false
	}
	if r, ok := stdin.(io.Writer); ok && isTerminal(r) {
		for _, in := range ins {
			if in.Path == "" {
				return false
			}
		}
	}
	return true
}

// startProgress shows, when show, a progress line on stderr for long runs
// (bytes read, messages, URLs, rate), rewritten in place twice a second
// once a run has lasted a second. The returned function stops it and
// clears the line.
func startProgress(stderr io.Writer, cnt *search.Progress, show bool) func() {
	if !show {
		return func() {}
	}
	start := time.Now()
	done := make(chan struct{})
	stopped := make(chan struct{})
	go func() {
		defer close(stopped)
		tick := time.NewTicker(500 * time.Millisecond)
		defer tick.Stop()
		shown := false
		for {
			select {
			case <-done:
				if shown {
					fmt.Fprint(stderr, "\r\x1b[K")
				}
				return
			case now := <-tick.C:
				el := now.Sub(start)
				if el < time.Second {
					continue
				}
				fmt.Fprint(stderr, progressLine(cnt.Bytes.Load(), cnt.Messages.Load(), cnt.URLs.Load(), el))
				shown = true
			}
		}
	}()
	return func() {
		close(done)
		<-stopped
	}
}

// progressLine formats one progress report.
func progressLine(bytes, messages, urls int64, el time.Duration) string {
	mb := float64(bytes) / 1e6
	s := fmt.Sprintf("\r\x1b[Kurlgrep: %.1f MB", mb)
	if messages > 0 {
		s += fmt.Sprintf(", %d messages", messages)
	}
	return s + fmt.Sprintf(", %d URLs, %.1f MB/s", urls, mb/el.Seconds())
}
