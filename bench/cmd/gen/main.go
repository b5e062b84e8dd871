// Command gen writes a benchmark input to standard output:
//
//	go run ./cmd/gen -kind mail -size 100M -seed 1 > mail.mbox
package main

import (
	"flag"
	"fmt"
	"os"
	"strconv"
	"strings"

	"github.com/urlgrep/urlgrep/bench/gen"
)

func main() {
	kind := flag.String("kind", "rfc", "rfc, mail, news, markdown or markdown-autolinked")
	size := flag.String("size", "10M", "bytes to write (suffix K, M, G)")
	seed := flag.Uint64("seed", 1, "random seed")
	flag.Parse()
	n, err := parseSize(*size)
	if err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(2)
	}
	st, err := gen.Write(os.Stdout, gen.Kind(*kind), n, *seed)
	if err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
	fmt.Fprintf(os.Stderr, "gen: %s: %d bytes, %d URLs\n", *kind, st.Bytes, st.URLs)
}

func parseSize(s string) (int64, error) {
	mult := int64(1)
	switch {
	case strings.HasSuffix(s, "K"):
		mult, s = 1<<10, strings.TrimSuffix(s, "K")
	case strings.HasSuffix(s, "M"):
		mult, s = 1<<20, strings.TrimSuffix(s, "M")
	case strings.HasSuffix(s, "G"):
		mult, s = 1<<30, strings.TrimSuffix(s, "G")
	}
	n, err := strconv.ParseInt(s, 10, 64)
	return n * mult, err
}
