package mailbox

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sebdah/goldie/v2"

	"github.com/urlgrep/urlgrep/extract"
)

// TestGolden reads each testdata/input/mailbox/*.txt and compares its
// parts, problems and the URLs in them with
// testdata/golden/mailbox/<name>.golden. Regenerate with
// GOLDIE_UPDATE=1 go test ./mailbox -run Golden, and read the diff.
func TestGolden(t *testing.T) {
	inputs, err := filepath.Glob("../testdata/input/mailbox/*.txt")
	if err != nil || len(inputs) == 0 {
		t.Fatalf("no inputs: %v", err)
	}
	g := goldie.New(t, goldie.WithFixtureDir("../testdata/golden/mailbox"))
	for _, in := range inputs {
		name := strings.TrimSuffix(filepath.Base(in), ".txt")
		t.Run(name, func(t *testing.T) { g.Assert(t, name, renderParts(t, in)) })
	}
}

// renderParts reads a file's parts and renders each: a line saying which
// part it is, its text (CRLF shown as "\\r"), and the canonical URLs found
// in it; problems where they are reported.
func renderParts(t *testing.T, file string) []byte {
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var b strings.Builder
	r := NewReader(f, OnProblem(func(p Problem) { fmt.Fprintf(&b, "!! problem: %v\n", p) }))
	for {
		p, err := r.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(&b, "== message %d <%s> part %s %s", p.Message, p.MessageID, p.Path, p.Type)
		if p.Group != "" {
			fmt.Fprintf(&b, " group %s", p.Group)
		}
		b.WriteString("\n")
		body, err := io.ReadAll(p.Body) // problems in the body come here
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(&b, "%s\n", strings.TrimRight(strings.ReplaceAll(string(body), "\r\n", "\\r\n"), "\n"))
		s := extract.NewScanner(strings.NewReader(string(body)))
		for s.Scan() {
			if m := s.Match(); m != nil {
				fmt.Fprintf(&b, "-> %s\n", m.URL)
			}
		}
	}
	return []byte(b.String())
}
