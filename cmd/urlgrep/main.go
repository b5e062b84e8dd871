// Command urlgrep finds URLs in text, mail and news, or parses the URLs
// given as arguments. See README.md for the full contract.
package main

import (
	"os"
	"runtime/debug"

	"github.com/urlgrep/urlgrep/internal/resident"
)

// memoryLimit is the soft limit urlgrep sets on the Go runtime, unless the
// GOMEMLIMIT environment variable sets one: scanning keeps well under a
// megabyte live, and the limit makes the collector return garbage before
// the heap grows, so that peak memory does not grow with the input.
//
// The runtime counts 5-7 MB against it that are not the heap (1.4 MB of
// them a profiling table it maps and never fills), and the binary's own
// pages and libc come on top: at 12 MiB, decoding SpamAssassin's public
// corpus peaked at 14.5-16.2 MiB of RSS (14,820 to 16,544 KB), over the
// 16 MiB urlgrep keeps to in two runs of twenty. At 11.5 MiB the runtime
// returns freed pages sooner: 14.4-15.3 MiB over sixteen runs, with no
// time lost a pairing could tell (1.01 on the Linux-MIPS archive and on
// /usr/share/doc's text, nine runs); at 11 MiB the returns cost 2-5%.
const memoryLimit = 11<<20 + 512<<10

func main() {
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(memoryLimit)
	}
	// The code that starting ran (every package's initialiser; libc's and
	// the loader's, with cgo) leaves the resident set: 1.2-2 MB less at
	// the peak, on every input measured (bench/HISTORY.md, the
	// thirty-seventh session).
	resident.ReleaseText()
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
