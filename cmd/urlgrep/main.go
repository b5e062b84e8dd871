// Command urlgrep finds URLs in text, mail and news, or parses the URLs
// given as arguments. See README.md for the full contract.
package main

import (
	"os"
	"runtime/debug"
)

// memoryLimit is the soft limit urlgrep sets on the Go runtime, unless the
// GOMEMLIMIT environment variable sets one: scanning keeps well under a
// megabyte live, and the limit makes the collector return garbage before
// the heap grows, so that peak memory does not grow with the input.
const memoryLimit = 12 << 20

func main() {
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(memoryLimit)
	}
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
