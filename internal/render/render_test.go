package render

import (
	"bytes"
	"io"
	"strings"
	"testing"

	"github.com/urlgrep/urlgrep/search"
)

// render renders in with r, and returns the output, the notes and the
// error.
func render(t *testing.T, r *Renderer, in io.Reader) (string, []string, error) {
	t.Helper()
	var out bytes.Buffer
	var notes []string
	err := r.Input(&out, search.Input{Name: "in", R: in}, search.Options{}, func(ev *search.Event) { notes = append(notes, ev.Note) })
	return out.String(), notes, err
}

// TestTextParts checks that plain text rendering starts each part of a
// message on a line of its own (a header field's text ends no line) and
// writes plain text as it is, to its last byte.
func TestTextParts(t *testing.T) {
	mail := "From a@example.org Mon Jan  1 00:00:00 2024\n" +
		"Subject: see http://s.example/\n" +
		"List-Unsubscribe: <http://u.example/>\n\n" +
		"see http://a.example/x/\n"
	want := `see <a href="http://s.example/">http://s.example/</a>` + "\n" +
		`&lt;<a href="http://u.example/">http://u.example/</a>&gt;` + "\n" +
		`see <a href="http://a.example/x/">http://a.example/x/</a>` + "\n"
	if out, notes, err := render(t, New(true, false), strings.NewReader(mail)); out != want || err != nil || len(notes) > 0 {
		t.Errorf("mail: %q, %q, %v; want %q", out, notes, err, want)
	}
	want = `no newline <a href="http://a.example/">http://a.example/</a>`
	if out, _, err := render(t, New(true, false), strings.NewReader("no newline http://a.example/")); out != want || err != nil {
		t.Errorf("text: %q, %v; want %q", out, err, want)
	}
}

// TestMarkdown checks Markdown rendering, redaction, and the bound on
// the text held: a longer one is an error, not all of memory.
func TestMarkdown(t *testing.T) {
	out, _, err := render(t, New(false, true), strings.NewReader("| a |\n|---|\n| ftp://u:secret@x.example/f |\n"))
	if err != nil || !strings.Contains(out, "<table>") || !strings.Contains(out, `href="ftp://u:xxxxx@x.example/f"`) || strings.Contains(out, "secret") {
		t.Errorf("table: %q, %v", out, err)
	}
	long := io.LimitReader(letters{}, MaxMarkdown+1)
	if _, _, err := render(t, New(false, false), long); err == nil || !strings.Contains(err.Error(), "use --linkify=text") {
		t.Errorf("a text past MaxMarkdown: %v", err)
	}
}

// letters reads as "aaa…" for ever.
type letters struct{}

func (letters) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = 'a'
	}
	return len(p), nil
}
