// Package pick is urlgrep's --pick: a full-screen list of URLs, built on
// bubbletea and its bubbles list, in which the user moves (j, k, the
// arrows), filters (/), opens (Enter) or copies (y, by OSC 52) a URL, and
// quits (q, Esc), as urlscan does for mutt users.
package pick

import (
	"bytes"
	"fmt"
	"io"
	"iter"
	"os"
	"os/exec"
	"runtime"
	"strings"

	"charm.land/bubbles/v2/list"
	tea "charm.land/bubbletea/v2"
	"github.com/urlgrep/urlgrep/internal/termtext"
	"github.com/urlgrep/urlgrep/internal/walk"
	"github.com/urlgrep/urlgrep/search"
)

// Item is one URL of the list: what is opened and copied, and what is
// shown with it.
type Item struct {
	URL     string // as opened and copied
	Context string // the line it was found in, safe to show
	Where   string // the message's Subject, or the file
}

// Title is the URL, for the list.
func (it Item) Title() string { return it.URL }

// Description is the line and where it is, for the list.
func (it Item) Description() string {
	if it.Where == "" {
		return it.Context
	}
	return it.Where + " — " + it.Context
}

// FilterValue is what / searches: the URL and where it is.
func (it Item) FilterValue() string { return it.URL + " " + it.Where }

// OpenedURLs reports the URLs opened so far, in order.
func (p *Model) OpenedURLs() []string { return p.opened }

// Collect reads the inputs through package search, as urlgrep's scan
// does with opts, and returns their URLs once each, in input order, with
// the line each was first found in and its message's Subject. An input
// that cannot be read is told to problem, a search's notes to note;
// trouble reports that some input could not be read.
func Collect(ins iter.Seq[walk.Input], opts search.Options, stdin io.Reader, problem func(label string, err error), note func(string)) (items []Item, trouble bool) {
	opts.Context = true
	seen := map[string]bool{}
	for in := range ins {
		r, done, err := in.Reader(stdin)
		if err != nil {
			problem(in.Label, err)
			trouble = true
			continue
		}
		_, err = search.Search(search.Input{Name: in.Label, R: r}, opts, func(ev *search.Event) bool {
			switch ev.Kind {
			case search.Note:
				note(ev.Note)
			case search.URL:
				u := ev.Match.Prefixed()
				if seen[u] {
					return true
				}
				seen[u] = true
				it := Item{URL: u, Where: in.Label}
				if ev.Part != nil && ev.Part.Subject != "" {
					it.Where = ev.Part.Subject
				}
				if c := ev.Context; c != nil {
					it.Context = strings.Join(strings.Fields(termtext.Visible(bytes.ReplaceAll(c.Text, []byte{'\n'}, []byte{' '}), nil, false, "", "")), " ")
				}
				items = append(items, it)
			}
			return true
		})
		done()
		if err != nil {
			problem(in.Label, err)
			trouble = true
		}
	}
	return items, trouble
}

// Model is the picker: the list of URLs, and what Enter and y do. It is a
// bubbletea model.
type Model struct {
	list   list.Model
	open   func(url string) tea.Cmd // runs the open command
	opened []string                 // the URLs opened
	// status is the line under the list: what the last key did. It is
	// ours, not the list's status message, whose timer command reads the
	// list concurrently with Update (a data race in bubbles v2.0.0).
	status string
}

// Opened is the message that says the open command for URL ended, with
// its error.
type Opened struct {
	URL string
	Err error
}

// New returns a picker of items; Enter calls open with the URL chosen.
func New(items []Item, open func(url string) tea.Cmd) *Model {
	li := make([]list.Item, len(items))
	for i, it := range items {
		li[i] = it
	}
	d := list.NewDefaultDelegate()
	l := list.New(li, d, 80, 24)
	l.Title = fmt.Sprintf("urlgrep: %d URLs — enter opens, y copies, / filters, q quits", len(items))
	l.SetStatusBarItemName("URL", "URLs")
	return &Model{list: l, open: open}
}

// Init starts the picker.
func (p *Model) Init() tea.Cmd { return nil }

// Update handles a key or a message.
func (p *Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		p.list.SetSize(msg.Width, msg.Height-1) // a line for the status
	case Opened:
		if msg.Err != nil {
			p.status = "could not open " + msg.URL + ": " + msg.Err.Error()
			return p, nil
		}
		p.opened = append(p.opened, msg.URL)
		p.status = "opened " + msg.URL
		return p, nil
	case tea.KeyPressMsg:
		p.status = ""
		if p.list.FilterState() == list.Filtering {
			break // the keys go to the filter
		}
		it, ok := p.list.SelectedItem().(Item)
		switch msg.String() {
		case "enter":
			if ok {
				return p, p.open(it.URL)
			}
		case "y":
			if ok {
				p.status = "copied " + it.URL
				return p, tea.SetClipboard(it.URL)
			}
		case "q", "esc":
			if p.list.FilterState() == list.Unfiltered {
				return p, tea.Quit
			}
		}
	}
	var cmd tea.Cmd
	p.list, cmd = p.list.Update(msg)
	return p, cmd
}

// View draws the list, on the alternate screen.
func (p *Model) View() tea.View {
	v := tea.NewView(p.list.View() + "\n  " + p.status)
	v.AltScreen = true
	return v
}

// Command returns the command that opens a URL: --open-cmd, else
// $BROWSER (its first entry; "%s" stands for the URL), else xdg-open, or
// open on macOS. The URL is the last argument.
func Command(openCmd string) []string {
	cmd := openCmd
	if cmd == "" {
		cmd, _, _ = strings.Cut(os.Getenv("BROWSER"), ":")
	}
	if cmd == "" {
		cmd = "xdg-open"
		if runtime.GOOS == "darwin" {
			cmd = "open"
		}
	}
	return strings.Fields(cmd)
}

// Exec returns the function that runs argv with the URL, giving it
// the terminal (a text browser may want it) and taking it back after.
func Exec(argv []string) func(string) tea.Cmd {
	return func(url string) tea.Cmd {
		args := append([]string(nil), argv[1:]...)
		placed := false
		for i, a := range args {
			if strings.Contains(a, "%s") {
				args[i], placed = strings.ReplaceAll(a, "%s", url), true
			}
		}
		if !placed {
			args = append(args, url)
		}
		c := exec.Command(argv[0], args...)
		return tea.ExecProcess(c, func(err error) tea.Msg { return Opened{url, err} })
	}
}

// Run shows the picker of items on a terminal, keys read from in and the
// screen drawn on out, until the user quits.
func Run(items []Item, argv []string, in, out *os.File) error {
	_, err := tea.NewProgram(New(items, Exec(argv)), tea.WithInput(in), tea.WithOutput(out)).Run()
	return err
}
