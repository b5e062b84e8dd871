package walk

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestOperands checks the walk: "-" is standard input, a directory needs
// Recursive, files come in lexical order with dot files and a maildir's
// tmp/ left out, and the globs keep and drop what grep's do.
func TestOperands(t *testing.T) {
	dir := t.TempDir()
	for _, f := range []string{"b.txt", "a.eml", ".hidden", "sub/c.txt", "skip/d.txt", "md/cur/1", "md/new/2", "md/tmp/3"} {
		p := filepath.Join(dir, f)
		os.MkdirAll(filepath.Dir(p), 0o755)
		os.WriteFile(p, nil, 0o644)
	}
	labels := func(ins []Input) string {
		var b []string
		for _, in := range ins {
			b = append(b, strings.TrimPrefix(in.Label, dir+"/"))
		}
		return strings.Join(b, " ")
	}
	var problems []error
	problem := func(err error) { problems = append(problems, err) }
	if got := labels(Operands([]string{"-", dir}, Options{}, problem)); got != StdinName || len(problems) != 1 {
		t.Errorf("without Recursive: %q, problems %v", got, problems)
	}
	got := labels(Operands([]string{dir}, Options{Recursive: true}, problem))
	if want := "a.eml b.txt md/cur/1 md/new/2 skip/d.txt sub/c.txt"; got != want {
		t.Errorf("walk: %q, want %q", got, want)
	}
	got = labels(Operands([]string{dir}, Options{Recursive: true, Include: []string{"*.txt"}, ExcludeDir: []string{"skip"}}, problem))
	if want := "b.txt sub/c.txt"; got != want {
		t.Errorf("globs: %q, want %q", got, want)
	}
	if o := (Options{Exclude: []string{"[x"}}); o.BadGlob() != "[x" {
		t.Error("a bad glob is not told")
	}
}

// TestErrorText checks grep's wording of a file error.
func TestErrorText(t *testing.T) {
	_, err := os.Open("/nonexistent/x.txt")
	if got := ErrorText("x.txt", err); got != "/nonexistent/x.txt: No such file or directory" {
		t.Errorf("ErrorText = %q", got)
	}
	if got := ErrorText("x.txt", errors.New("broken")); got != "x.txt: broken" {
		t.Errorf("ErrorText = %q", got)
	}
}
