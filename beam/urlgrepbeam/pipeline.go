// Package urlgrepbeam runs urlgrep's search on Apache Beam: the files a
// glob matches, each split into ranges cut where no URL can cross (after a
// blank line in text, at an mbox "From " line in mail), the ranges
// searched on any worker through package search, with the file's
// positions and message numbers. Its records are urlgrep --json's, key for
// key (package record), so that a run here and urlgrep --json on the same
// files can be compared.
package urlgrepbeam

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/fileio"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem/local" // the command adds gs:// and s3://
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/textio"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/transforms/stats"

	"github.com/urlgrep/urlgrep/extract"
	"github.com/urlgrep/urlgrep/internal/record"
	"github.com/urlgrep/urlgrep/mailbox"
	"github.com/urlgrep/urlgrep/search"
)

// Options are the extraction options, as urlgrep's flags of the same
// names say, and the size of the ranges a file is split into.
type Options struct {
	Raw     bool     // --raw
	Unwrap  bool     // --unwrap
	Email   bool     // --email
	Schemes []string // --scheme
	// RangeSize is the bytes of a file one range holds, about: a range
	// ends at the first cut point after it. 0 means 64 MiB.
	RangeSize int64
}

func (o Options) search() search.Options {
	return search.Options{Raw: o.Raw, Unwrap: o.Unwrap, Email: o.Email, Schemes: o.Schemes}
}

// Range is a piece of one file, searched on its own: [Start, End) of Path,
// with the line and the messages before Start. Whole is true for a file
// that is not split (UTF-16, binary, or small).
type Range struct {
	Path     string
	Start    int64
	End      int64
	Line     int
	Messages int
	Mail     bool
	Whole    bool
}

func init() {
	register.DoFn3x1[context.Context, fileio.FileMetadata, func(Range), error](&splitFn{})
	register.Emitter1[Range]()
	register.DoFn3x1[context.Context, Range, func(string), error](&searchFn{})
	register.Emitter1[string]()
	register.Function2x0(countKeys)
	register.Function2x1(formatCount)
}

// Records adds to s the search of the files glob matches, and returns the
// records found, one JSON object each, as urlgrep --json writes them.
func Records(s beam.Scope, glob string, o Options) beam.PCollection {
	s = s.Scope("urlgrep")
	files := fileio.MatchFiles(s, glob)
	ranges := beam.ParDo(s, &splitFn{Options: o}, files)
	ranges = beam.Reshuffle(s, ranges) // the ranges of one file to many workers
	return beam.ParDo(s, &searchFn{Options: o}, ranges)
}

// Counts returns, from records, the URLs per host and per scheme, as lines
// "host\tH\tN" and "scheme\tS\tN".
func Counts(s beam.Scope, records beam.PCollection) beam.PCollection {
	s = s.Scope("counts")
	keys := beam.ParDo(s, countKeys, records)
	return beam.ParDo(s, formatCount, stats.Count(s, keys))
}

// Run builds the whole pipeline of urlgrep-beam: the records to
// output+".jsonl", and with counts the counts to output+"-counts.tsv".
func Run(s beam.Scope, glob, output string, o Options, counts bool) {
	recs := Records(s, glob, o)
	textio.Write(s, output+".jsonl", recs)
	if counts {
		textio.Write(s, output+"-counts.tsv", Counts(s, recs))
	}
}

// splitFn reads a file once and emits its ranges.
type splitFn struct{ Options Options }

// ProcessElement emits the ranges of file.
func (f *splitFn) ProcessElement(ctx context.Context, file fileio.FileMetadata, emit func(Range)) error {
	r, closeFile, err := open(ctx, file.Path)
	if err != nil {
		return err
	}
	defer closeFile()
	size := f.Options.RangeSize
	if size <= 0 {
		size = 64 << 20
	}
	br := bufio.NewReaderSize(r, 64<<10)
	head, _ := br.Peek(8 << 10)
	kind := search.Sniff(head, f.Options.search())
	mail := kind == search.Mail
	cut := extract.Cut
	if mail {
		// A mailbox's own kind of separator; nil for a single message.
		cut = mailbox.CutFor(head)
	}
	if kind != search.Text && !mail || cut == nil || file.Size <= size {
		emit(Range{Path: file.Path, Start: 0, End: -1, Line: 1, Whole: true})
		return nil
	}
	// One pass: the cut points, and the lines and messages before each.
	var buf []byte
	at := Range{Path: file.Path, Line: 1, Mail: mail}
	var off int64 // of buf[0]
	line, msgs := 1, 0
	chunk := make([]byte, 1<<20)
	for {
		n, rerr := io.ReadFull(br, chunk)
		buf = append(buf, chunk[:n]...)
		end := rerr != nil
		for int64(len(buf)) >= size || end && len(buf) > 0 {
			c := -1
			if !end || int64(len(buf)) >= size {
				c = cut(buf[:min(len(buf), int(size)+int(size)/4)])
			}
			if c <= 0 {
				if !end && int64(len(buf)) < 2*size {
					break // read on: a cut point will come
				}
				c = len(buf) // no cut point: the rest is one range
				if !end {
					// A file with no cut point in two range sizes: the
					// rest of it is one range.
					emit(Range{Path: at.Path, Start: off, End: -1, Line: line, Messages: msgs, Mail: mail})
					return nil
				}
			}
			piece := buf[:c]
			emit(Range{Path: at.Path, Start: off, End: off + int64(c), Line: line, Messages: msgs, Mail: mail})
			line += bytes.Count(piece, []byte{'\n'})
			if mail {
				msgs += mailbox.Messages(piece)
			}
			off += int64(c)
			buf = append(buf[:0], buf[c:]...)
			if end && len(buf) == 0 {
				return nil
			}
		}
		if end {
			return nil
		}
	}
}

// searchFn searches one range and emits its records.
type searchFn struct{ Options Options }

// ProcessElement searches rg and emits its records.
func (f *searchFn) ProcessElement(ctx context.Context, rg Range, emit func(string)) error {
	r, closeFile, err := open(ctx, rg.Path)
	if err != nil {
		return err
	}
	defer closeFile()
	if rg.Start > 0 {
		if sk, ok := r.(io.Seeker); ok {
			if _, err := sk.Seek(rg.Start, io.SeekStart); err != nil {
				return err
			}
		} else if _, err := io.CopyN(io.Discard, r, rg.Start); err != nil {
			return err
		}
	}
	if rg.End >= 0 {
		r = io.LimitReader(r, rg.End-rg.Start)
	}
	in := search.Input{Name: rg.Path, R: r}
	if !rg.Whole && rg.Start > 0 {
		in.Start = search.Start{Offset: rg.Start, Line: rg.Line, Messages: rg.Messages, Mail: rg.Mail}
	}
	var line []byte
	_, err = search.Search(in, f.Options.search(), func(ev *search.Event) bool {
		if ev.Kind != search.URL {
			return true
		}
		r := record.New(rg.Path, ev, false)
		line = r.AppendJSON(line[:0])
		emit(string(line))
		return true
	})
	return err
}

// open opens path on its filesystem: local, and those a program imports
// (urlgrep-beam imports gs:// and s3://).
func open(ctx context.Context, path string) (io.Reader, func(), error) {
	fs, err := filesystem.New(ctx, path)
	if err != nil {
		return nil, nil, err
	}
	rc, err := fs.OpenRead(ctx, path)
	if err != nil {
		fs.Close()
		return nil, nil, err
	}
	return rc, func() { rc.Close(); fs.Close() }, nil
}

// countKeys emits "host\tH" and "scheme\tS" for a record.
func countKeys(rec string, emit func(string)) {
	var r struct {
		Host   *string `json:"host"`
		Scheme string  `json:"scheme"`
	}
	if json.Unmarshal([]byte(rec), &r) != nil {
		return
	}
	if r.Scheme != "" {
		emit("scheme\t" + r.Scheme)
	}
	if r.Host != nil && *r.Host != "" {
		emit("host\t" + *r.Host)
	}
}

func formatCount(key string, n int) string { return fmt.Sprintf("%s\t%d", key, n) }
