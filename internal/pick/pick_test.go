package pick

import (
	"bytes"
	"encoding/base64"
	"strings"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/exp/teatest/v2"
)

// TestPickerKeys drives the picker with bubbletea's test harness: j moves
// down, Enter opens, / filters, y copies, Esc clears the filter, q quits.
func TestPickerKeys(t *testing.T) {
	items := []Item{
		{URL: "http://a.example/one", Context: "First http://a.example/one", Where: "Links"},
		{URL: "http://b.example/two", Context: "then http://b.example/two", Where: "Links"},
		{URL: "http://www.c.example/three", Context: "and www.c.example/three", Where: "Links"},
	}
	var mu sync.Mutex
	var asked []string
	p := New(items, func(url string) tea.Cmd {
		mu.Lock()
		asked = append(asked, url)
		mu.Unlock()
		return func() tea.Msg { return Opened{URL: url} }
	})
	tm := teatest.NewTestModel(t, p, teatest.WithInitialTermSize(100, 30))
	// The screen is drawn by differences, so a status line is not found
	// whole in the output: wait for the open calls, and for the OSC 52
	// sequence that copies.
	wait := func(s string) {
		t.Helper()
		teatest.WaitFor(t, tm.Output(), func(b []byte) bool { return bytes.Contains(b, []byte(s)) },
			teatest.WithDuration(10*time.Second))
	}
	waitOpen := func(n int) {
		t.Helper()
		for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(10 * time.Millisecond) {
			mu.Lock()
			k := len(asked)
			mu.Unlock()
			if k >= n {
				return
			}
			if time.Now().After(deadline) {
				t.Fatalf("the open command ran %d times, want %d", k, n)
			}
		}
	}
	key := func(k tea.Key) { tm.Send(tea.KeyPressMsg(k)) }
	wait("3 URLs")
	key(tea.Key{Code: 'j', Text: "j"})
	key(tea.Key{Code: tea.KeyEnter})
	waitOpen(1)
	key(tea.Key{Code: '/', Text: "/"})
	tm.Type("c.ex")
	// The list filters on a command of its own: its matches come back as
	// a message, which under load came after the Enter that opens (and
	// the unfiltered list's choice was opened). The status line's "2
	// filtered" says they are in.
	wait("filtered")
	key(tea.Key{Code: tea.KeyEnter}) // accept the filter
	key(tea.Key{Code: tea.KeyEnter}) // open
	waitOpen(2)
	key(tea.Key{Code: 'y', Text: "y"})
	wait("\x1b]52;c;" + base64.StdEncoding.EncodeToString([]byte("http://www.c.example/three")))
	key(tea.Key{Code: tea.KeyEscape}) // clear the filter
	key(tea.Key{Code: 'q', Text: "q"})
	tm.WaitFinished(t, teatest.WithFinalTimeout(10*time.Second))
	final := tm.FinalModel(t).(*Model)
	if want := []string{"http://b.example/two", "http://www.c.example/three"}; strings.Join(final.OpenedURLs(), " ") != strings.Join(want, " ") {
		t.Errorf("opened %q, want %q", final.OpenedURLs(), want)
	}
	mu.Lock()
	defer mu.Unlock()
	if want := "http://b.example/two http://www.c.example/three"; strings.Join(asked, " ") != want {
		t.Errorf("the open command ran for %q, want %s", asked, want)
	}
}

// TestCommand checks the open command: --open-cmd, else $BROWSER's first
// entry, else xdg-open.
func TestCommand(t *testing.T) {
	t.Setenv("BROWSER", "lynx -accept_all_cookies:w3m")
	if got := strings.Join(Command(""), " "); got != "lynx -accept_all_cookies" {
		t.Errorf("Command with $BROWSER = %q", got)
	}
	if got := strings.Join(Command("firefox --new-tab"), " "); got != "firefox --new-tab" {
		t.Errorf("Command(--open-cmd) = %q", got)
	}
	t.Setenv("BROWSER", "")
	if got := Command(""); len(got) != 1 || (got[0] != "xdg-open" && got[0] != "open") {
		t.Errorf("Command default = %q", got)
	}
}
