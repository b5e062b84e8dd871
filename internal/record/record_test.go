package record

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/urlgrep/urlgrep/internal/mailgen"
	"github.com/urlgrep/urlgrep/search"
)

// TestAppendJSON checks Record.AppendJSON against encoding/json, on the
// record of every URL the samples, the scanner's inputs and a generated
// mailbox give, with the options that fill the record's other members
// (context lines, wrappers, mail parts, alternates), redacted and not.
func TestAppendJSON(t *testing.T) {
	files, _ := filepath.Glob("../../testdata/sample/*")
	more, _ := filepath.Glob("../../testdata/input/extract/*.txt")
	files = append(files, more...)
	inputs := map[string][]byte{}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		inputs[filepath.Base(f)] = b
	}
	var mbox bytes.Buffer
	if _, err := mailgen.Generate(&mbox, 200, 3); err != nil {
		t.Fatal(err)
	}
	inputs["gen.mbox"] = mbox.Bytes()
	inputs["redirects.txt"] = []byte("see https://nam01.safelinks.protection.outlook.com/?url=https%3A%2F%2Fexample.com%2Fx%3Fa%3D1&data=02 and\n" +
		"https://www.google.com/url?q=https://user:pw@example.org/a%23b&sa=D and https://l.facebook.com/l.php?u=http%3A%2F%2Fexample.net%2F\n")
	var want bytes.Buffer
	enc := json.NewEncoder(&want)
	enc.SetEscapeHTML(false)
	seen := map[string]bool{}
	n := 0
	for name, data := range inputs {
		for _, o := range []search.Options{{Context: true, Email: true}, {Unwrap: true}, {Raw: true, Email: true}} {
			_, err := search.Search(search.Input{Name: name, R: bytes.NewReader(data)}, o, func(ev *search.Event) bool {
				if ev.Kind != search.URL {
					return true
				}
				for _, redact := range []bool{false, true} {
					r := New("dir/"+name+"\n\xff", ev, redact)
					want.Reset()
					if err := enc.Encode(r); err != nil {
						t.Fatal(err)
					}
					got := r.AppendJSON(nil)
					if string(got) != strings.TrimSuffix(want.String(), "\n") {
						t.Fatalf("%s: %s: AppendJSON\n%s\nencoding/json\n%s", name, ev.Match.Text, got, want.Bytes())
					}
					var keys map[string]any
					if err := json.Unmarshal(got, &keys); err != nil {
						t.Fatalf("%s: %s", got, err)
					}
					for k := range keys {
						seen[k] = true
					}
				}
				n++
				return true
			})
			if err != nil {
				t.Fatal(err)
			}
		}
	}
	// Enough shapes that most members were written.
	for _, k := range []string{"context", "wrapped_by", "wrappers", "message", "message_id", "part", "part_offset", "exact", "alternates", "error", "warnings", "user", "port", "fragment", "mailto_headers", "http_search"} {
		if !seen[k] {
			t.Errorf("no record had %q", k)
		}
	}
	if n < 1000 {
		t.Errorf("only %d URLs", n)
	}
}
