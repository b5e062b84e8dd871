// Package walk turns a grep-like command's operands into the files to
// read, one at a time as the walk finds them: "-" is standard input; a
// directory is an error unless recursive, and then its regular files come
// in lexical order, dot files and a maildir's tmp/ (messages being
// delivered) left out.
package walk

import (
	"errors"
	"fmt"
	"io/fs"
	"iter"
	"os"
	"path/filepath"
	"strings"
)

// StdinName labels standard input, as grep does.
const StdinName = "(standard input)"

// An Input is one thing to read, or a problem the walk met in its place.
type Input struct {
	Path    string // "" for standard input
	Label   string // as printed
	Regular bool   // the walk saw a regular file there (OpenInput)
	// Err, when not nil, is the problem: a directory named without
	// Recursive, one the walk could not read. There is nothing to open;
	// the caller tells of it (ErrorText with no label) and goes on.
	Err error
}

// Options say how to walk.
type Options struct {
	// Recursive reads directories; without it a directory is an error.
	Recursive bool

	// Include, when not empty, keeps only the files whose base name
	// matches one of its globs (path.Match syntax); Exclude drops those
	// whose base name matches one of its, and ExcludeDir the directories
	// (below an operand) whose base name does, as grep's --include,
	// --exclude and --exclude-dir. Include and Exclude apply to the
	// files named as operands too, not to standard input.
	Include, Exclude, ExcludeDir []string

	// StdinLabel is the name standard input ("-") goes by, as grep's
	// --label sets it; StdinName when empty.
	StdinLabel string
}

// BadGlob returns the first glob of o that is malformed, or "".
func (o *Options) BadGlob() string {
	for _, list := range [][]string{o.Include, o.Exclude, o.ExcludeDir} {
		for _, g := range list {
			if _, err := filepath.Match(g, ""); err != nil {
				return g
			}
		}
	}
	return ""
}

// matchAny reports whether name matches one of globs.
func matchAny(globs []string, name string) bool {
	for _, g := range globs {
		if ok, _ := filepath.Match(g, name); ok {
			return true
		}
	}
	return false
}

// wanted applies Include and Exclude to a file's base name.
func (o *Options) wanted(base string) bool {
	if len(o.Include) > 0 && !matchAny(o.Include, base) {
		return false
	}
	return !matchAny(o.Exclude, base)
}

// Inputs returns the inputs that names stand for, in order, each yielded
// as the walk finds it, so that the caller reads the first file while the
// walk goes on, and memory holds the directories being walked (each read
// whole and sorted, as filepath.WalkDir reads them), not a list of every
// file: made first, the list of the 129,000 files under /usr took 5 MB
// and a second before the first file was read. A directory's files come
// in lexical order of their names, a subdirectory's where its name falls.
// A name that cannot be read is yielded as a file, so that opening it
// reports the error in turn; a directory without Recursive, and an error
// walking one, are yielded with Err set, and the walk goes on.
func Inputs(names []string, o Options) iter.Seq[Input] {
	return func(yield func(Input) bool) {
		for _, name := range names {
			if !o.operand(name, yield) {
				return
			}
		}
	}
}

// operand yields the inputs of one name; false when yield stopped.
func (o *Options) operand(name string, yield func(Input) bool) bool {
	if name == "-" {
		label := o.StdinLabel
		if label == "" {
			label = StdinName
		}
		return yield(Input{Label: label})
	}
	fi, err := os.Stat(name)
	if err != nil || !fi.IsDir() {
		if !o.wanted(filepath.Base(name)) {
			return true
		}
		return yield(Input{Path: name, Label: name, Regular: err == nil && fi.Mode().IsRegular()}) // open reports the error
	}
	if !o.Recursive {
		return yield(Input{Label: name, Err: fmt.Errorf("%s: is a directory (use -r to read it)", name)})
	}
	more := true
	filepath.WalkDir(name, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			if more = yield(Input{Label: path, Err: err}); !more {
				return filepath.SkipAll
			}
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
			if path != name && matchAny(o.ExcludeDir, base) {
				return filepath.SkipDir
			}
			return nil
		}
		if d.Type().IsRegular() && o.wanted(base) {
			if more = yield(Input{Path: path, Label: path, Regular: true}); !more {
				return filepath.SkipAll
			}
		}
		return nil
	})
	return more
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

// ErrorText words an error about a file as grep does:
// "nosuch.txt: No such file or directory"; label names the file when the
// error does not.
func ErrorText(label string, err error) string {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		msg := pe.Err.Error()
		if msg != "" {
			msg = strings.ToUpper(msg[:1]) + msg[1:]
		}
		return pe.Path + ": " + msg
	}
	if label == "" {
		return err.Error()
	}
	return label + ": " + err.Error()
}
