package main

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/urlgrep/urlgrep/internal/mailgen"
)

// BenchmarkPGO runs the command as users run it, for the CPU profile the
// Go toolchain optimises the command's build with (default.pgo beside
// main.go, which go build and go install use by themselves: profile-guided
// optimisation). bench/pgo.sh writes default.pgo with it:
//
//	URLGREP_PGO_RUNS='--raw -j 1 rfc.txt;-j 1 mail.mbox' \
//	  go test -run '^$' -bench '^BenchmarkPGO$' -cpuprofile default.pgo .
//
// Each run of URLGREP_PGO_RUNS (separated by ";") is the command's
// arguments, files included. Without it, the runs are a generated
// mailbox, read as mail and with --raw, and the samples as text.
func BenchmarkPGO(b *testing.B) {
	var runs [][]string
	if env := os.Getenv("URLGREP_PGO_RUNS"); env != "" {
		for _, r := range strings.Split(env, ";") {
			runs = append(runs, strings.Fields(r))
		}
	} else {
		mbox := filepath.Join(b.TempDir(), "gen.mbox")
		var buf bytes.Buffer
		if _, err := mailgen.Generate(&buf, 2000, 1); err != nil {
			b.Fatal(err)
		}
		if err := os.WriteFile(mbox, buf.Bytes(), 0o644); err != nil {
			b.Fatal(err)
		}
		samples, _ := filepath.Glob("../../testdata/sample/*.txt")
		runs = [][]string{{"-j", "1", mbox}, {"--raw", "-j", "1", mbox}, append([]string{"--raw", "-j", "1"}, samples...)}
	}
	for b.Loop() {
		for _, args := range runs {
			if code := run(args, strings.NewReader(""), io.Discard, io.Discard); code > 1 {
				b.Fatalf("urlgrep %s: exit status %d", strings.Join(args, " "), code)
			}
		}
	}
}
