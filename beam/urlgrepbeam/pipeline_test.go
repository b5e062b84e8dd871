package urlgrepbeam

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/fileio"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/runners/prism"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/testing/ptest"

	"github.com/urlgrep/urlgrep/internal/mailgen"
)

// run runs the pipeline on Prism, Beam's local runner, over glob and returns its
// records, sorted, and its counts.
func run(t *testing.T, glob string, o Options, counts bool) (records, countLines []string) {
	t.Helper()
	out := filepath.Join(t.TempDir(), "out")
	// Beam's SDK leaves an empty beamloopbackworker-* file in
	// os.TempDir() on each run in loopback mode (runnerlib.Execute,
	// apache/beam#27569): here it lands in the test's directory, which
	// the test removes.
	t.Setenv("TMPDIR", t.TempDir())
	p, s := beam.NewPipelineWithRoot()
	Run(s, glob, out, o, counts)
	if _, err := prism.Execute(context.Background(), p); err != nil {
		t.Fatal(err)
	}
	records = readLines(t, out+".jsonl")
	if counts {
		countLines = readLines(t, out+"-counts.tsv")
	}
	return records, countLines
}

func readLines(t *testing.T, path string) []string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
	if len(lines) == 1 && lines[0] == "" {
		lines = nil
	}
	sort.Strings(lines)
	return lines
}

// corpus writes a folder of mail, news and text: the module's samples,
// the scanner's inputs and a generated mailbox big enough to be split.
func corpus(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	files, _ := filepath.Glob("../../testdata/sample/*[tx]")
	more, _ := filepath.Glob("../../testdata/input/extract/*.txt")
	for _, f := range append(files, more...) {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		os.WriteFile(filepath.Join(dir, filepath.Base(f)), b, 0o644)
	}
	var mbox bytes.Buffer
	if _, err := mailgen.Generate(&mbox, 400, 11); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(dir, "gen.mbox"), mbox.Bytes(), 0o644)
	var text strings.Builder
	for i := range 4000 {
		text.WriteString("Paragraph " + strings.Repeat("x", i%50) + " see http://t.example/" + strings.Repeat("p", i%7) + "\nand <URL:ftp://f.example/a/\n  b> here.\n\n")
	}
	os.WriteFile(filepath.Join(dir, "big.txt"), []byte(text.String()), 0o644)
	return dir
}

// TestSameAsURLGrep runs the pipeline over a folder and urlgrep --json
// over the same files: the same records, key for key. Files are split
// into ranges of 16 KiB, so that several are.
func TestSameAsURLGrep(t *testing.T) {
	dir := corpus(t)
	got, _ := run(t, filepath.Join(dir, "*"), Options{RangeSize: 16 << 10}, false)

	bin := filepath.Join(t.TempDir(), "urlgrep")
	build := exec.Command("go", "build", "-o", bin, "./cmd/urlgrep")
	build.Dir = "../.."
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("building urlgrep: %v\n%s", err, out)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*"))
	cmd := exec.Command(bin, append([]string{"--json", "-H"}, files...)...)
	out, err := cmd.Output()
	if err != nil && len(out) == 0 {
		t.Fatalf("urlgrep: %v", err)
	}
	want := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
	sort.Strings(want)
	if len(want) < 500 {
		t.Fatalf("urlgrep found only %d URLs: the corpus tests little", len(want))
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("the pipeline's %d records differ from urlgrep --json's %d:\n%s", len(got), len(want), firstDiff(got, want))
	}
}

// TestRangesSameAsOne checks that a big mailbox and a big text, split into
// many ranges, give the records one range gives.
func TestRangesSameAsOne(t *testing.T) {
	dir := corpus(t)
	for _, name := range []string{"gen.mbox", "big.txt"} {
		glob := filepath.Join(dir, name)
		whole, _ := run(t, glob, Options{RangeSize: 1 << 40}, false)
		split, _ := run(t, glob, Options{RangeSize: 8 << 10}, false)
		if len(whole) < 100 || strings.Join(whole, "\n") != strings.Join(split, "\n") {
			t.Errorf("%s: %d records in one range, %d in ranges:\n%s", name, len(whole), len(split), firstDiff(split, whole))
		}
	}
}

// TestCounts checks the counts per host and per scheme.
func TestCounts(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "a.txt"), []byte("http://a.example/ http://a.example/x ftp://b.example/\n"), 0o644)
	_, counts := run(t, filepath.Join(dir, "*"), Options{}, true)
	want := []string{"host\ta.example\t2", "host\tb.example\t1", "scheme\tftp\t1", "scheme\thttp\t2"}
	if strings.Join(counts, "|") != strings.Join(want, "|") {
		t.Errorf("counts %q, want %q", counts, want)
	}
}

func firstDiff(got, want []string) string {
	for i := 0; i < max(len(got), len(want)); i++ {
		var g, w string
		if i < len(got) {
			g = got[i]
		}
		if i < len(want) {
			w = want[i]
		}
		if g != w {
			return "got  " + g + "\nwant " + w
		}
	}
	return ""
}

// TestSplit checks the ranges of a big file: many, contiguous, starting
// at cut points, their lines and message counts those of the file.
func TestSplit(t *testing.T) {
	dir := corpus(t)
	for _, name := range []string{"gen.mbox", "big.txt"} {
		path := filepath.Join(dir, name)
		data, _ := os.ReadFile(path)
		var rs []Range
		err := (&splitFn{Options: Options{RangeSize: 8 << 10}}).ProcessElement(context.Background(),
			fileio.FileMetadata{Path: path, Size: int64(len(data))}, func(r Range) { rs = append(rs, r) })
		if err != nil {
			t.Fatal(err)
		}
		if len(rs) < 10 {
			t.Fatalf("%s: %d ranges", name, len(rs))
		}
		var next int64
		for i, r := range rs {
			if r.Start != next || r.Line != 1+bytes.Count(data[:r.Start], []byte{'\n'}) {
				t.Errorf("%s: range %d %+v: want start %d", name, i, r, next)
			}
			if r.Mail && r.Start > 0 && !strings.HasPrefix(string(data[r.Start:]), "From ") {
				t.Errorf("%s: range %d does not start at a From line", name, i)
			}
			if !r.Mail && r.Start > 0 && !bytes.HasSuffix(data[:r.Start], []byte("\n\n")) {
				t.Errorf("%s: range %d does not start after a blank line", name, i)
			}
			next = r.End
			if r.End < 0 {
				next = int64(len(data))
			}
		}
		if next != int64(len(data)) {
			t.Errorf("%s: the ranges end at %d of %d", name, next, len(data))
		}
	}
}

// TestMain lets Prism run this test binary as its worker.
func TestMain(m *testing.M) { ptest.Main(m) }
