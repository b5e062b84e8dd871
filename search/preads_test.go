package search

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"
)

// failingFile is a memFile whose reads at or past failAt fail with err
// (io.EOF: a file cut short there since it was opened).
type failingFile struct {
	memFile
	failAt int64
	err    error
}

func (f *failingFile) ReadAt(b []byte, off int64) (int, error) {
	if off >= f.failAt {
		return 0, f.err
	}
	n, err := f.memFile.ReadAt(b[:min(int64(len(b)), f.failAt-off)], off)
	if err == nil && n < len(b) {
		err = f.err
	}
	return n, err
}

// TestPreadErrors checks a file whose reads fail, or that ends early, past
// some offset while the workers read it (runAt): the search reports the
// URLs before it, in order, and then the read error, or the end of what
// could be read; never a URL from past it, never a hang.
func TestPreadErrors(t *testing.T) {
	defer func(m int64, bt, bm int) { preadMin, batchTarget, batchMax = m, bt, bm }(preadMin, batchTarget, batchMax)
	preadMin, batchTarget, batchMax = 0, 256, 4<<10
	var text strings.Builder
	for i := range 4000 {
		text.WriteString("see http://example.org/" + strings.Repeat("x", i%50) + " here\n")
		if i%7 == 0 {
			text.WriteString("\n")
		}
	}
	data := []byte(text.String())
	all := 4000
	broken := errors.New("input/output error")
	for _, failAt := range []int64{0, 1000, int64(len(data)) / 2, int64(len(data)) - 10} {
		for _, cause := range []error{broken, io.EOF} {
			f := &failingFile{memFile: memFile{bytes.NewReader(data)}, failAt: failAt, err: cause}
			pos := int64(-1)
			n := 0
			before := preadSearches.Load()
			_, err := Search(Input{Name: "f", R: f}, Options{Raw: true, NoLineNumbers: true, TextOnly: true, Jobs: 2}, func(ev *Event) bool {
				if ev.Kind == URL {
					if ev.Pos.Offset <= pos || ev.End > failAt {
						t.Errorf("fail at %d (%v): URL at %d-%d after one at %d", failAt, cause, ev.Pos.Offset, ev.End, pos)
					}
					pos = ev.Pos.Offset
					n++
				}
				return true
			})
			if failAt < 64<<10 {
				// Within what the input's buffer reads first: a read error
				// there is the buffer's, before the pipeline.
				if cause == broken && err == nil {
					t.Errorf("fail at %d: no error", failAt)
				}
				continue
			}
			if preadSearches.Load() == before {
				t.Errorf("fail at %d (%v): the workers did not read the file", failAt, cause)
			}
			if cause == broken && !errors.Is(err, broken) {
				t.Errorf("fail at %d: error %v, want %v", failAt, err, broken)
			}
			if cause == io.EOF && err != nil {
				t.Errorf("fail at %d (cut short): error %v", failAt, err)
			}
			// Most of the URLs before failAt are found: all but those of
			// the batches in flight when the error came, at most
			// (2*2+1) batches of batchMax bytes.
			if lo := int(failAt-5*4<<10)/int(int64(len(data))/int64(all)) - 100; n < lo {
				t.Errorf("fail at %d (%v): %d URLs, want at least %d", failAt, cause, n, lo)
			}
		}
	}
}

// TestPreadProgress checks that a file the workers read (runAt) is counted
// read to its end, in Stats and in Options.Progress, as one read through is.
func TestPreadProgress(t *testing.T) {
	defer func(m int64, bt, bm int) { preadMin, batchTarget, batchMax = m, bt, bm }(preadMin, batchTarget, batchMax)
	preadMin, batchTarget, batchMax = 0, 256, 4<<10
	data := bytes.Repeat([]byte("a line of text, http://example.org/a then\n\nmore text\n"), 20000)
	for _, jobs := range []int{1, 2} {
		var p Progress
		f := &memFile{bytes.NewReader(data)}
		before := preadSearches.Load()
		st, err := Search(Input{Name: "f", R: f}, Options{Raw: true, CountOnly: true, Jobs: jobs, Progress: &p}, func(*Event) bool { return true })
		if err != nil {
			t.Fatal(err)
		}
		if got := preadSearches.Load() > before; got != (jobs > 1) {
			t.Errorf("Jobs %d: the workers read the file: %v", jobs, got)
		}
		if st.Bytes != int64(len(data)) || p.Bytes.Load() != int64(len(data)) || st.URLs != 20000 {
			t.Errorf("Jobs %d: %d bytes read, %d in Progress, %d URLs; want %d bytes, 20000 URLs", jobs, st.Bytes, p.Bytes.Load(), st.URLs, len(data))
		}
	}
}

// coverFailFile is a memFile whose reads that hold byte failAt fail with
// err: a bad sector, which the workers' reads of their batches meet and
// the few KiB the caller's goroutine reads before each batch's end do not.
type coverFailFile struct {
	memFile
	failAt int64
	err    error
	failed int
}

func (f *coverFailFile) ReadAt(b []byte, off int64) (int, error) {
	if off <= f.failAt && f.failAt < off+int64(len(b)) {
		f.failed++
		return 0, f.err
	}
	return f.memFile.ReadAt(b, off)
}

// TestPreadWorkerError checks that a read error a worker meets on its
// batch (runAt), and only there, ends the search with that error, after
// the URLs of the batches before it.
func TestPreadWorkerError(t *testing.T) {
	defer func(m int64) { preadMin = m }(preadMin)
	preadMin = 0
	line := "a line of prose and http://example.org/page then more words\n"
	data := bytes.Repeat([]byte(line+line+"\n"), 20000) // 2.4 MB, a blank line every three
	broken := errors.New("input/output error")
	failAt := int64(len(data)/2 + 1000)
	f := &coverFailFile{memFile: memFile{bytes.NewReader(data)}, failAt: failAt, err: broken}
	n := 0
	_, err := Search(Input{Name: "f", R: f}, Options{Raw: true, NoLineNumbers: true, TextOnly: true, Jobs: 2}, func(ev *Event) bool {
		if ev.Kind == URL {
			if ev.End > failAt {
				t.Errorf("a URL at %d-%d, past the bad byte at %d", ev.Pos.Offset, ev.End, failAt)
			}
			n++
		}
		return true
	})
	if !errors.Is(err, broken) || f.failed == 0 {
		t.Errorf("error %v after %d failed reads, want %v", err, f.failed, broken)
	}
	// The batches before the bad one, less those in flight with it (at
	// most five of about 64 KiB, as the pipeline holds).
	if per := len(line+line+"\n") / 2; n < int(failAt-5*64<<10)/per {
		t.Errorf("%d URLs before the bad byte at %d", n, failAt)
	}
}
