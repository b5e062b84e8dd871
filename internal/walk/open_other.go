//go:build !unix

package walk

import (
	"io"
	"os"
)

// Open opens an input for reading: os.Open (see open_unix.go).
func Open(path string) (*os.File, error) { return os.Open(path) }

// OpenInput opens in for reading: Open (see file_unix.go).
func OpenInput(in Input) (io.ReadCloser, error) { return Open(in.Path) }
