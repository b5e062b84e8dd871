// Command urlgrep-beam runs urlgrep's search on Apache Beam, over the
// files a glob matches (local paths, gs://, s3://), and writes urlgrep
// --json's records, and with --counts the URLs per host and scheme. See
// beam/README.md.
package main

import (
	"context"
	"flag"
	"log"
	"os"
	"strings"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem/gcs" // gs://
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem/s3"  // s3://
	"github.com/apache/beam/sdks/v2/go/pkg/beam/x/beamx"

	"github.com/urlgrep/urlgrep/beam/urlgrepbeam"
)

var (
	input     = flag.String("input", "", "the files to search: a glob (local, gs://, s3://)")
	output    = flag.String("output", "", "the output prefix: PREFIX.jsonl, and PREFIX-counts.tsv with --counts")
	raw       = flag.Bool("raw", false, "read input as plain text, even when it looks like mail")
	unwrap    = flag.Bool("unwrap", false, "report the target of mail security gateways' redirect links")
	email     = flag.Bool("email", false, "also find bare e-mail addresses, as mailto: URLs")
	scheme    = flag.String("scheme", "", "report only URLs of these schemes (comma-separated)")
	canonical = flag.Bool("canonical", false, "accepted for urlgrep's sake: the records hold both forms (text and url)")
	counts    = flag.Bool("counts", false, "also write the URLs per host and per scheme")
	rangeSize = flag.Int64("range-size", 64<<20, "bytes of a file one worker searches, about")
)

func main() {
	if f := flag.Lookup("runner"); f != nil && f.Value.String() == "" {
		flag.Set("runner", "prism") // Beam's local runner, in-process
	}
	flag.Parse()
	beam.Init()
	if *input == "" || *output == "" {
		log.Fatal("urlgrep-beam: --input and --output are needed")
	}
	_ = *canonical
	o := urlgrepbeam.Options{Raw: *raw, Unwrap: *unwrap, Email: *email, RangeSize: *rangeSize}
	if *scheme != "" {
		o.Schemes = strings.Split(*scheme, ",")
	}
	p, s := beam.NewPipelineWithRoot()
	urlgrepbeam.Run(s, *input, *output, o, *counts)
	tmp := privateTempDir()
	err := beamx.Run(context.Background(), p)
	if tmp != "" {
		os.RemoveAll(tmp)
	}
	if err != nil {
		log.Fatalf("urlgrep-beam: %v", err)
	}
}

// privateTempDir makes a temporary directory for the run and points
// TMPDIR at it, and returns it ("" where it cannot be made): Beam's SDK
// leaves an empty beamloopbackworker-* file in os.TempDir() on each run
// in loopback mode, Prism's (runnerlib.Execute, apache/beam#27569), which
// goes with the directory.
func privateTempDir() string {
	dir, err := os.MkdirTemp("", "urlgrep-beam-")
	if err != nil {
		return ""
	}
	if err := os.Setenv("TMPDIR", dir); err != nil {
		os.Remove(dir)
		return ""
	}
	return dir
}
