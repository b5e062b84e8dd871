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
	"sync/atomic"

	"golang.org/x/text/encoding/unicode"
	"golang.org/x/text/transform"

	"github.com/urlgrep/urlgrep/extract"
	"github.com/urlgrep/urlgrep/mailbox"
	"github.com/urlgrep/urlgrep/rfc1738"
	"github.com/urlgrep/urlgrep/unwrap"
)

// input is one thing to scan: a file, or standard input.
type input struct {
	path  string // "" for standard input
	label string // as printed
}

// event is what scanning one input tells the printer, in input order: a
// URL found, or a note for standard error.
type event struct {
	m         *extract.Match
	wrappedBy *wrapped      // with --unwrap: the redirect m was found inside
	part      *mailbox.Part // the mail part m is in, nil outside mail
	ctx       *context      // with --context: the lines m was found in
	note      string
}

// wrapped is a redirect link that --unwrap replaced by its target.
type wrapped struct {
	text  string   // the redirect URL as written
	names []string // the wrappers, outermost first ("safelinks", "proofpoint-v2", ...)
}

// unwrapMatch returns the match for the target of m when m is a mail
// security gateway's redirect, else m itself.
func unwrapMatch(m *extract.Match) (*extract.Match, *wrapped) {
	target, by, ok := unwrap.Unwrap(m.URL)
	if !ok {
		return m, nil
	}
	u, err := rfc1738.ParseLenient(target)
	if u == nil {
		return m, nil
	}
	t := *m
	t.Text, t.URL, t.Parsed, t.Err, t.Alternates = extract.Written(target), u.String(), u, err, nil
	return &t, &wrapped{text: m.Text, names: by}
}

// context is the text of the lines a URL was found in, and where the URL
// is in it.
type context struct {
	text       []byte
	start, end int
	cut        bool // text was cut at the front: the line is longer than shown
}

// counters feed the progress line; they are updated by the scanning
// goroutines.
type counters struct {
	bytes, messages, urls atomic.Int64
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
	var cnt counters
	stop := startProgress(stderr, &cnt)
	defer stop()

	scan := func(in input, emit func(event) bool) error {
		return scanInput(in, cfg, stdin, &cnt, emit)
	}
	// -u and -q depend on what the files before printed, so they scan one
	// file at a time (each in pieces on -j goroutines); so does a single
	// input. Several files are otherwise scanned side by side, each on
	// one goroutine.
	if cfg.jobs == 1 || len(ins) == 1 || cfg.unique || cfg.quiet {
		for _, in := range ins {
			p.begin(in)
			err := scan(in, p.event)
			if !p.end(in, err) {
				break
			}
		}
	} else {
		one := cfg
		one.jobs = 1
		parallel(ins, cfg.jobs, func(in input, emit func(event) bool) error {
			return scanInput(in, one, stdin, &cnt, emit)
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

// parallel scans ins with up to jobs goroutines, each formatting its own
// file's output with a printer of its own into a spool, and prints the
// spools in operand order. A spool holds 1 MiB in memory and the rest in
// an unlinked temporary file, so memory stays bounded (about 1 MiB a job)
// however much a file yields, while every file is scanned in parallel. A
// slot is freed when its file has been printed.
func parallel(ins []input, jobs int, scan func(input, func(event) bool) error, p *printer) {
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

// countingReader counts the bytes read, for the progress line.
type countingReader struct {
	r io.Reader
	n *atomic.Int64
}

func (c countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n.Add(int64(n))
	return n, err
}

// scanInput scans one input and emits its events; it returns the error
// opening or reading it. Input that looks like mail or news is read part
// by part, decoded (package mailbox), unless --raw; a binary file (a NUL
// byte in its first 8 KiB, as grep decides) is skipped with a note unless
// -a.
func scanInput(in input, cfg config, stdin io.Reader, cnt *counters, emit func(event) bool) error {
	r := stdin
	if in.path != "" {
		f, err := os.Open(in.path)
		if err != nil {
			return err
		}
		defer f.Close()
		r = f
	}
	br := bufio.NewReaderSize(countingReader{r, &cnt.bytes}, 64<<10)
	head, err := br.Peek(8 << 10)
	if err != nil && err != io.EOF && err != bufio.ErrBufferFull {
		return err
	}
	if bytes.HasPrefix(head, []byte{0xff, 0xfe}) || bytes.HasPrefix(head, []byte{0xfe, 0xff}) {
		// UTF-16 text with a byte order mark: read it as the UTF-8 it
		// stands for (positions then count in the UTF-8 text).
		dec := unicode.UTF16(unicode.BigEndian, unicode.ExpectBOM).NewDecoder()
		br = bufio.NewReaderSize(transform.NewReader(br, dec), 64<<10)
		if head, err = br.Peek(8 << 10); err != nil && err != io.EOF && err != bufio.ErrBufferFull {
			return err
		}
	}
	if !cfg.binary && bytes.IndexByte(head, 0) >= 0 {
		emit(event{note: in.label + ": binary file skipped (use -a to scan it)"})
		return nil
	}
	// One scanner serves every part of the input, reset for each; with
	// -j N, the pieces of the input are scanned on N goroutines.
	var out sink
	if cfg.jobs > 1 {
		p := newPipeline(cfg, cnt, emit)
		defer p.close()
		out = p
	} else {
		out = &serial{sc: newScanner(cfg), cfg: cfg, cnt: cnt, emit: emit}
	}
	if cfg.raw || !mailbox.Sniff(head) {
		_, err := out.text(br, nil, nil)
		out.finish()
		return err
	}
	var problems []string
	mr := mailbox.NewReader(br, mailbox.OnProblem(func(pr mailbox.Problem) {
		problems = append(problems, in.label+": "+pr.Error())
	}))
	var group map[string]bool
	groupKey := ""
	notes := func() bool {
		for _, n := range problems {
			if !out.note(n) {
				return false
			}
		}
		problems = problems[:0]
		return true
	}
	for {
		part, err := mr.Next()
		if !notes() {
			return nil
		}
		if err == io.EOF {
			out.finish()
			return nil
		}
		if err != nil {
			out.finish()
			return err
		}
		cnt.messages.Store(int64(part.Message))
		// A URL in more than one form of a multipart/alternative is one
		// link: report it once for the message.
		var seen map[string]bool
		if part.Group != "" {
			if k := fmt.Sprint(part.Message, "/", part.Group); k != groupKey {
				groupKey, group = k, map[string]bool{}
			}
			seen = group
		}
		if stop, err := out.text(part.Body, part, seen); err != nil || stop {
			notes()
			out.finish()
			return err
		}
	}
}

// maxContext bounds the text kept for --context: a line longer than this
// is shown cut at the front.
const maxContext = 4 << 10

// scanText scans one text with s, which is reset to it, and emits its
// URLs; part is the mail part it is, or nil. stop is true when emit asked
// to stop.
func scanText(s *extract.Scanner, cfg config, part *mailbox.Part, emit func(event) bool) (stop bool, err error) {
	var line []byte // --context: the current line so far
	cut := false
	var pending []event // --context: URLs waiting for the end of their line
	flush := func() bool {
		for _, ev := range pending {
			ev.ctx.text = append([]byte(nil), line...) // events may outlive line (-j)
			ev.ctx.cut = ev.ctx.cut || cut
			if !emit(ev) {
				return false
			}
		}
		pending = pending[:0]
		return true
	}
	for s.Scan() {
		m := s.Match()
		var by *wrapped
		if m != nil && cfg.unwrap {
			m, by = unwrapMatch(m)
		}
		if m != nil && wanted(m, cfg) {
			ev := event{m: m, part: part, wrappedBy: by}
			if !cfg.context {
				if !emit(ev) {
					return true, nil
				}
				continue
			}
			ev.ctx = &context{start: len(line), end: len(line) + len(s.Raw())}
			pending = append(pending, ev)
		}
		if !cfg.context {
			continue
		}
		raw := s.Raw()
		if m == nil {
			// A text segment: the line it ends, if any, completes the
			// context of the URLs before it.
			if i := bytes.IndexByte(raw, '\n'); i >= 0 {
				line = append(line, raw[:i]...)
				if !flush() {
					return true, nil
				}
				line, cut = line[:0], false
				raw = raw[bytes.LastIndexByte(raw, '\n')+1:]
			}
		}
		line = append(line, raw...)
		if len(line) > maxContext && len(pending) == 0 {
			line, cut = append(line[:0], line[len(line)-maxContext/2:]...), true
		} else if len(line) > 2*maxContext {
			if !flush() {
				return true, nil
			}
			line, cut = line[:0], true
		}
	}
	if !flush() {
		return true, nil
	}
	return false, s.Err()
}
