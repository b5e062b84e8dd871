//go:build unix

package walk

import (
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
	"time"
)

// OpenInput opens in for reading. A file the walk saw regular is read by
// a descriptor of its own (file), not an os.File: os.NewFile asks the
// descriptor's flags (fcntl) and registers a cleanup, and a reader that
// is an os.File is asked whether it is a pipe (search's fstat); over a
// maildir of 6,046 files those were two system calls and four
// allocations a file. Any other input is opened by Open.
func OpenInput(in Input) (io.ReadCloser, error) {
	if !in.Regular {
		return Open(in.Path)
	}
	fd, err := openFD(in.Path)
	if err != nil {
		return nil, err
	}
	return &file{fd: fd, path: in.Path}, nil
}

// file is a regular file read from start to end by blocking reads.
type file struct {
	fd   int
	path string
}

// Read reads from the file; io.EOF at its end.
func (f *file) Read(p []byte) (int, error) {
	if len(p) == 0 {
		return 0, nil
	}
	for {
		n, err := syscall.Read(f.fd, p)
		switch {
		case err == syscall.EINTR:
			continue
		case err != nil:
			return 0, &os.PathError{Op: "read", Path: f.path, Err: err}
		case n == 0:
			return 0, io.EOF
		}
		return n, nil
	}
}

// ReadAt reads len(p) bytes at offset off (pread(2)), or fewer and
// io.EOF at the file's end: a compound file (an Outlook .msg, which
// search reads as mail) is read at its offsets. It does not move the
// offset Read reads at.
func (f *file) ReadAt(p []byte, off int64) (int, error) {
	n := 0
	for n < len(p) {
		m, err := syscall.Pread(f.fd, p[n:], off+int64(n))
		switch {
		case err == syscall.EINTR:
			continue
		case err != nil:
			return n, &os.PathError{Op: "read", Path: f.path, Err: err}
		case m == 0:
			return n, io.EOF
		}
		n += m
	}
	return n, nil
}

// Stat returns the file's description (fstat(2)): the search asks it of
// a file too large for its first read, whose pieces its workers then read
// at their offsets (ReadAt).
func (f *file) Stat() (fs.FileInfo, error) {
	var st syscall.Stat_t
	for {
		err := syscall.Fstat(f.fd, &st)
		if err == syscall.EINTR {
			continue
		}
		if err != nil {
			return nil, &os.PathError{Op: "stat", Path: f.path, Err: err}
		}
		return &fileInfo{name: filepath.Base(f.path), st: st}, nil
	}
}

// fileInfo is what Stat says of a file: its size and whether it is a
// regular file, which is what the search asks; not its time.
type fileInfo struct {
	name string
	st   syscall.Stat_t
}

func (fi *fileInfo) Name() string { return fi.name }
func (fi *fileInfo) Size() int64  { return fi.st.Size }
func (fi *fileInfo) Mode() fs.FileMode {
	m := fs.FileMode(fi.st.Mode & 0o777)
	switch fi.st.Mode & syscall.S_IFMT {
	case syscall.S_IFREG:
	case syscall.S_IFDIR:
		m |= fs.ModeDir
	default:
		m |= fs.ModeIrregular
	}
	return m
}
func (fi *fileInfo) ModTime() time.Time { return time.Time{} } // not asked: the systems spell it apart
func (fi *fileInfo) IsDir() bool        { return fi.Mode().IsDir() }
func (fi *fileInfo) Sys() any           { return &fi.st }

// Close closes the file's descriptor.
func (f *file) Close() error {
	if f.fd < 0 {
		return os.ErrClosed
	}
	err := syscall.Close(f.fd)
	f.fd = -1
	if err != nil {
		return &os.PathError{Op: "close", Path: f.path, Err: err}
	}
	return nil
}
