// Package walk turns a grep-like command's operands into the files to
// read: "-" is standard input; a directory is an error unless recursive,
// and then its regular files are listed in lexical order, dot files and
// a maildir's tmp/ (messages being delivered) left out.
package walk

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// StdinName labels standard input, as grep does.
const StdinName = "(standard input)"

// An Input is one thing to read.
type Input struct {
	Path  string // "" for standard input
	Label string // as printed
}

// Operands returns the inputs that names stand for, in order. A name that
// cannot be read is kept, so that opening it reports the error in turn;
// a directory without recursive, and an error walking one, are told to
// problem, and the walk goes on.
func Operands(names []string, recursive bool, problem func(error)) []Input {
	var ins []Input
	for _, name := range names {
		if name == "-" {
			ins = append(ins, Input{Label: StdinName})
			continue
		}
		fi, err := os.Stat(name)
		if err != nil || !fi.IsDir() {
			ins = append(ins, Input{Path: name, Label: name}) // open reports the error
			continue
		}
		if !recursive {
			problem(fmt.Errorf("%s: is a directory (use -r to read it)", name))
			continue
		}
		var found []string
		filepath.WalkDir(name, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				problem(err)
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
					return filepath.SkipDir
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
			ins = append(ins, Input{Path: f, Label: f})
		}
	}
	return ins
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
