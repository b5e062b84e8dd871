//go:build unix

package walk

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"syscall"
	"testing"
)

// TestOpenInput: the walk marks the regular files it lists (walked or
// named) and no other input; OpenInput reads a regular one by its own
// descriptor, to io.EOF and again io.EOF, and reports errors as os.Open
// and os.File do.
func TestOpenInput(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "a.txt")
	want := "see http://a.example/\n"
	if err := os.WriteFile(p, []byte(want), 0o644); err != nil {
		t.Fatal(err)
	}
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip("no FIFO here:", err) // the regular cases below do not need one
	}
	ins := slices.Collect(Inputs([]string{dir, p, fifo, "-"}, Options{Recursive: true}))
	regular := map[string]bool{}
	for _, in := range ins {
		regular[in.Label] = in.Regular
	}
	if want := map[string]bool{p: true, fifo: false, StdinName: false}; len(regular) != 3 || regular[p] != want[p] || regular[fifo] || regular[StdinName] {
		t.Errorf("Regular: %v, want %v (the walked copy of %s too)", regular, want, p)
	}
	for _, in := range ins {
		if in.Label != p || !in.Regular {
			continue
		}
		f, err := OpenInput(in)
		if err != nil {
			t.Fatal(err)
		}
		if _, ok := f.(*os.File); ok {
			t.Errorf("%s: an os.File, want the walk's own file", p)
		}
		// Stat, which the search asks of a file larger than its first
		// read, says what os.Stat says of its size and kind.
		st, ok := f.(interface{ Stat() (fs.FileInfo, error) })
		if !ok {
			t.Fatalf("%s: no Stat method", p)
		}
		if fi, err := st.Stat(); err != nil || fi.Size() != int64(len(want)) || !fi.Mode().IsRegular() || fi.IsDir() || fi.Name() != "a.txt" {
			t.Errorf("Stat: %v, %v; want a.txt, regular, %d bytes", fi, err, len(want))
		}
		got, err := io.ReadAll(f)
		if err != nil || string(got) != want {
			t.Errorf("read %q, %v; want %q", got, err, want)
		}
		if n, err := f.Read(make([]byte, 8)); n != 0 || err != io.EOF {
			t.Errorf("read past the end: %d, %v; want 0, io.EOF", n, err)
		}
		if err := f.Close(); err != nil {
			t.Errorf("Close: %v", err)
		}
		if err := f.Close(); !errors.Is(err, os.ErrClosed) {
			t.Errorf("second Close: %v, want os.ErrClosed", err)
		}
		if _, err := st.Stat(); err == nil {
			t.Error("Stat after Close: no error")
		}
	}
	if _, err := OpenInput(Input{Path: filepath.Join(dir, "none"), Label: "none", Regular: true}); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("missing file: %v, want fs.ErrNotExist", err)
	} else if pe := (*fs.PathError)(nil); !errors.As(err, &pe) || pe.Op != "open" {
		t.Errorf("missing file: %#v, want a PathError of open", err)
	}
}
