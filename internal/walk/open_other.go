//go:build !unix

package walk

import "os"

// Open opens an input for reading: os.Open (see open_unix.go).
func Open(path string) (*os.File, error) { return os.Open(path) }
