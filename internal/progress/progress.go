// Package progress draws a command's progress line on standard error:
// bytes read, messages, URLs and the rate, from a search.Progress that
// searches update as they go.
package progress

import (
	"fmt"
	"io"
	"time"

	"github.com/urlgrep/urlgrep/search"
)

// Start shows, when show, a progress line on stderr for long runs
// (bytes read, messages, URLs, rate), rewritten in place twice a second
// once a run has lasted a second. The returned function stops it and
// clears the line.
func Start(stderr io.Writer, cnt *search.Progress, show bool) func() {
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
				fmt.Fprint(stderr, Line(cnt.Bytes.Load(), cnt.Messages.Load(), cnt.URLs.Load(), el))
				shown = true
			}
		}
	}()
	return func() {
		close(done)
		<-stopped
	}
}

// Line formats one progress report.
func Line(bytes, messages, urls int64, el time.Duration) string {
	mb := float64(bytes) / 1e6
	s := fmt.Sprintf("\r\x1b[Kurlgrep: %.1f MB", mb)
	if messages > 0 {
		s += fmt.Sprintf(", %d messages", messages)
	}
	return s + fmt.Sprintf(", %d URLs, %.1f MB/s", urls, mb/el.Seconds())
}
