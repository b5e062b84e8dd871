package main

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"

	"github.com/urlgrep/urlgrep/internal/mailgen"
)

// TestJobsSameOutput checks that -j 3 prints exactly what -j 1 prints,
// byte for byte, standard error and exit status included, with every
// output form: on each input alone (scanned in pieces, package search)
// and on all of them at once (files scanned side by side, output
// spooled). search's TestJobsSameAsSerial checks the pieces with tiny
// batches.
func TestJobsSameOutput(t *testing.T) {
	files, _ := filepath.Glob("../../testdata/sample/*[tx]")
	more, _ := filepath.Glob("../../testdata/input/extract/*.txt")
	files = append(files, more...)
	var mbox bytes.Buffer
	if _, err := mailgen.Generate(&mbox, 300, 7); err != nil {
		t.Fatal(err)
	}
	files = append(files, writeFile(t, t.TempDir(), "gen.mbox", mbox.String()))
	if len(files) < 12 {
		t.Fatalf("only %d inputs: %v", len(files), files)
	}
	flagSets := [][]string{
		nil,
		{"--raw"},
		{"-nb", "--column", "--canonical"},
		{"--json"},
		{"--context", "--color=always", "--email"},
		{"--unwrap", "--hyphen=both", "-u"},
		{"--raw", "--scheme=http,https", "--strict", "-c"},
		{"-l"},
	}
	operands := append([][]string{files}, splitEach(files)...)
	for _, ops := range operands {
		for _, flags := range flagSets {
			var wantOut, wantErr, gotOut, gotErr bytes.Buffer
			args := append(append([]string{"-j", "1"}, flags...), ops...)
			wantCode := run(args, nil, &wantOut, &wantErr)
			args[1] = "3"
			gotCode := run(args, nil, &gotOut, &gotErr)
			name := filepath.Base(ops[0]) + " " + strings.Join(flags, " ")
			if len(ops) > 1 {
				name = "all files " + strings.Join(flags, " ")
			}
			if wantOut.Len() == 0 && !strings.Contains(name, "-c") {
				t.Errorf("%s: -j 1 found nothing: the input does not test much", name)
			}
			if gotCode != wantCode || gotOut.String() != wantOut.String() || gotErr.String() != wantErr.String() {
				t.Fatalf("%s: -j 3 differs from -j 1:\nexit %d, want %d\nstderr %q\nwant   %q\n%s",
					name, gotCode, wantCode, gotErr.String(), wantErr.String(), firstDiff(gotOut.String(), wantOut.String()))
			}
		}
	}
}

func splitEach(files []string) [][]string {
	var out [][]string
	for _, f := range files {
		out = append(out, []string{f})
	}
	return out
}

// firstDiff shows where two outputs part.
func firstDiff(got, want string) string {
	i := 0
	for i < len(got) && i < len(want) && got[i] == want[i] {
		i++
	}
	lo := max(0, i-200)
	return "got:  ..." + got[lo:min(len(got), i+200)] + "\nwant: ..." + want[lo:min(len(want), i+200)]
}
