package main

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"

	"github.com/urlgrep/urlgrep/search"
)

// input is one thing to scan: a file, or standard input.
type input struct {
	path  string // "" for standard input
	label string // as printed
}

// scanFiles scans the operands and prints what it finds: errors are
// reported and the next file scanned. With -j N, up to N files are scanned
// at once and their output is printed in operand order.
func scanFiles(names []string, cfg config, stdin io.Reader, stdout io.Writer, out *bufio.Writer, stderr io.Writer) int {
	if len(names) == 0 {
		names = []string{"-"}
	}
	ins, trouble := expand(names, cfg, stderr)
	showFile := (len(names) > 1 || cfg.withFile || cfg.recursive) && !cfg.noFile
	p := newPrinter(cfg, out, stderr, showFile, colorOn(cfg.color, stdout))
	p.lineBuf = cfg.lineBuf || isTerminal(stdout)
	var prog search.Progress
	stop := startProgress(stderr, &prog)
	defer stop()

	opts := cfg.searchOptions(&prog)
	scan := func(in input, opts search.Options, emit func(*search.Event) bool) error {
		var r io.Reader = stdin
		if in.path != "" {
			f, err := os.Open(in.path)
			if err != nil {
				return err
			}
			defer f.Close()
			r = f
		}
		_, err := search.Search(search.Input{Name: in.label, R: r}, opts, emit)
		return err
	}
	// -u and -q depend on what the files before printed, so they scan one
	// file at a time (each in pieces on -j goroutines); so does a single
	// input, and standard input, read as it comes. Several files are
	// otherwise scanned side by side, each on one goroutine.
	if cfg.jobs == 1 || len(ins) == 1 || cfg.unique || cfg.quiet || hasStdin(ins) {
		for _, in := range ins {
			p.begin(in)
			err := scan(in, opts, p.event)
			if !p.end(in, err) {
				break
			}
		}
	} else {
		one := opts
		one.Jobs = 1
		parallel(ins, cfg.jobs, func(in input, emit func(*search.Event) bool) error {
			return scan(in, one, emit)
		}, p)
	}
	switch {
	case p.err != nil:
		fmt.Fprintf(stderr, "urlgrep: %v\n", p.err)
		return exitTrouble
	case p.quit:
		return exitFound
	case trouble || p.trouble:
		return exitTrouble
	case p.found:
		return exitFound
	}
	return exitNone
}

// hasStdin reports whether standard input is among ins.
func hasStdin(ins []input) bool {
	for _, in := range ins {
		if in.path == "" {
			return true
		}
	}
	return false
}

// parallel scans ins with up to jobs goroutines, each formatting its own
// file's output with a printer of its own into a spool, and prints the
// spools in operand order. A spool holds 1 MiB in memory and the rest in
// an unlinked temporary file, so memory stays bounded (about 1 MiB a job)
// however much a file yields, while every file is scanned in parallel. A
// slot is freed when its file has been printed.
func parallel(ins []input, jobs int, scan func(input, func(*search.Event) bool) error, p *printer) {
	type result struct {
		out   *spool
		notes bytes.Buffer
		fp    *printer
		err   error
	}
	results := make([]chan *result, len(ins))
	spools := make([]*spool, len(ins))
	for i := range results {
		results[i] = make(chan *result, 1)
		spools[i] = &spool{limit: 1 << 20}
	}
	slots := make(chan struct{}, jobs)
	quit := make(chan struct{})
	go func() {
		for i, in := range ins {
			select {
			case slots <- struct{}{}:
			case <-quit:
				return
			}
			go func() {
				r := &result{out: spools[i]}
				w := bufio.NewWriterSize(r.out, 32<<10)
				r.fp = newPrinter(p.cfg, w, &r.notes, p.showFile, p.color)
				r.fp.begin(in)
				r.err = scan(in, r.fp.event)
				r.fp.end(in, r.err)
				if err := w.Flush(); err != nil && r.fp.err == nil {
					r.fp.err = err
				}
				results[i] <- r
			}()
		}
	}()
	defer close(quit)
	for i := range ins {
		// File i is next: what it spooled so far is printed, and from now
		// on it writes straight through, until it is done.
		p.out.Flush()
		if _, err := spools[i].through(p.out); err != nil && p.err == nil {
			p.err = err
		}
		r := <-results[i]
		p.stderr.Write(r.notes.Bytes())
		if _, err := r.out.WriteTo(p.out); err != nil && p.err == nil {
			p.err = err
		}
		p.found = p.found || r.fp.found
		p.trouble = p.trouble || r.fp.trouble
		if r.fp.err != nil && p.err == nil {
			p.err = r.fp.err
		}
		if p.err != nil {
			return
		}
		<-slots
	}
}

// spool keeps what is written to it, the first limit bytes in memory and
// the rest in a temporary file, unlinked as soon as it is made, until
// through makes it pass writes on.
type spool struct {
	mu     sync.Mutex
	limit  int
	mem    bytes.Buffer
	f      *os.File
	direct io.Writer // set by through: write here
}

// through writes what the spool holds to w, and sends later writes
// straight to w.
func (s *spool) through(w io.Writer) (int64, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	n, err := s.drain(w)
	s.direct = w
	return n, err
}

func (s *spool) Write(b []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.direct != nil {
		return s.direct.Write(b)
	}
	if s.f == nil && s.mem.Len()+len(b) > s.limit {
		if f, err := os.CreateTemp("", "urlgrep-*"); err == nil {
			os.Remove(f.Name())
			s.f = f
		}
	}
	if s.f == nil {
		return s.mem.Write(b) // no temporary file to be had: memory it is
	}
	return s.f.Write(b)
}

// WriteTo writes what the spool still holds to w.
func (s *spool) WriteTo(w io.Writer) (int64, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.drain(w)
}

// drain writes what the spool holds to w and releases it.
func (s *spool) drain(w io.Writer) (int64, error) {
	n, err := s.mem.WriteTo(w)
	if s.f == nil || err != nil {
		return n, err
	}
	f := s.f
	s.f = nil
	defer f.Close()
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		return n, err
	}
	m, err := io.Copy(w, f)
	return n + m, err
}

// expand turns the operands into inputs: "-" is standard input; with -r a
// directory is walked in lexical order (a maildir's tmp/ and dot files
// left out), without it a directory is an error.
func expand(names []string, cfg config, stderr io.Writer) ([]input, bool) {
	var ins []input
	trouble := false
	for _, name := range names {
		if name == "-" {
			ins = append(ins, input{label: stdinName})
			continue
		}
		fi, err := os.Stat(name)
		if err != nil || !fi.IsDir() {
			ins = append(ins, input{path: name, label: name}) // open reports the error
			continue
		}
		if !cfg.recursive {
			fmt.Fprintf(stderr, "urlgrep: %s: is a directory (use -r to read it)\n", name)
			trouble = true
			continue
		}
		var found []string
		err = filepath.WalkDir(name, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				fmt.Fprintf(stderr, "urlgrep: %v\n", err)
				trouble = true
				return nil
			}
			base := d.Name()
			if path != name && strings.HasPrefix(base, ".") {
				if d.IsDir() {
					return filepath.SkipDir
				}
				return nil
			}
			if d.IsDir() {
				if base == "tmp" && isMaildir(filepath.Dir(path)) {
					return filepath.SkipDir // messages being delivered
				}
				return nil
			}
			if d.Type().IsRegular() {
				found = append(found, path)
			}
			return nil
		})
		sort.Strings(found)
		for _, f := range found {
			ins = append(ins, input{path: f, label: f})
		}
	}
	return ins, trouble
}

// isMaildir reports whether dir holds a maildir's cur, new and tmp.
func isMaildir(dir string) bool {
	for _, sub := range []string{"cur", "new", "tmp"} {
		if fi, err := os.Stat(filepath.Join(dir, sub)); err != nil || !fi.IsDir() {
			return false
		}
	}
	return true
}
