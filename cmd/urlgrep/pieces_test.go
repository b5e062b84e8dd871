package main

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"

	"github.com/urlgrep/urlgrep/internal/mailgen"
)

// TestPiecesSameAsSerial checks that -j N on one input (its texts scanned
// in pieces on N goroutines) prints exactly what -j 1 prints, byte for
// byte, standard error included, with every output form, on the samples,
// the scanner's golden inputs and a generated mailbox, with the pipeline's
// default batch sizes and with tiny ones that cut at every blank line and
// fall back to a serial scan on any long paragraph.
func TestPiecesSameAsSerial(t *testing.T) {
	files, _ := filepath.Glob("../../testdata/sample/*[tx]")
	more, _ := filepath.Glob("../../testdata/input/extract/*.txt")
	files = append(files, more...)
	var mbox bytes.Buffer
	if _, err := mailgen.Generate(&mbox, 300, 7); err != nil {
		t.Fatal(err)
	}
	gen := writeFile(t, t.TempDir(), "gen.mbox", mbox.String())
	files = append(files, gen)
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
	sizes := []struct{ target, max int }{{batchTarget, batchMax}, {64, 256}, {1, 1 << 10}}
	defer func(t, m int) { batchTarget, batchMax = t, m }(batchTarget, batchMax)
	for _, sz := range sizes {
		batchTarget, batchMax = sz.target, sz.max
		for _, f := range files {
			for _, flags := range flagSets {
				var wantOut, wantErr, gotOut, gotErr bytes.Buffer
				args := append(append([]string{"-j", "1"}, flags...), f)
				wantCode := run(args, nil, &wantOut, &wantErr)
				args[1] = "3"
				gotCode := run(args, nil, &gotOut, &gotErr)
				name := filepath.Base(f) + " " + strings.Join(flags, " ")
				if wantOut.Len() == 0 && !strings.Contains(name, "-c") {
					t.Errorf("%s: -j 1 found nothing: the input does not test much", name)
				}
				if gotCode != wantCode || gotOut.String() != wantOut.String() || gotErr.String() != wantErr.String() {
					t.Fatalf("%s (batches %d/%d): -j 3 differs from -j 1:\nexit %d, want %d\nstderr %q\nwant   %q\n%s",
						name, sz.target, sz.max, gotCode, wantCode, gotErr.String(), wantErr.String(), firstDiff(gotOut.String(), wantOut.String()))
				}
			}
		}
	}
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
