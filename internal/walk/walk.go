// Package walk turns a grep-like command's operands into the files to
// read, one at a time as the walk finds them: "-" is standard input; a
// directory is an error unless recursive, and then its regular files come
// in lexical order, dot files and a maildir's tmp/ (messages being
// delivered) left out, and dot directories but those of mail folders
// (Maildir++'s ".Sent", KMail's ".inbox.directory").
package walk

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"iter"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"unicode/utf8"
)

// ErrLoop is the Err of a symbolic link that leads back to a directory
// being walked (Follow), worded as grep -R's warning: not an error of the
// run's, as grep's exit status does not count it.
var ErrLoop = errors.New("warning: recursive directory loop")

// StdinName labels standard input, as grep does.
const StdinName = "(standard input)"

// An Input is one thing to read, or a problem the walk met in its place.
type Input struct {
	Path    string // "" for standard input
	Label   string // as printed
	Regular bool   // the walk saw a regular file there (OpenInput)
	// Found says the walk found the file in a directory it read (-r),
	// where an operand names a file itself.
	Found bool
	// Err, when not nil, is the problem: a directory named without
	// Recursive, one the walk could not read. There is nothing to open;
	// the caller tells of it (ErrorText with no label) and goes on.
	Err error
}

// Reader returns what in reads: the file it names, opened (OpenInput), or
// stdin for standard input; done closes the file, once the input is read
// (a tree of many files is not held open to its end).
func (in Input) Reader(stdin io.Reader) (r io.Reader, done func(), err error) {
	if in.Path == "" {
		return stdin, func() {}, nil
	}
	f, err := OpenInput(in)
	if err != nil {
		return nil, nil, err
	}
	return f, func() { f.Close() }, nil
}

// Options say how to walk.
type Options struct {
	// Recursive reads directories; without it a directory is an error,
	// or, with SkipDirs, skipped with no word (grep -d skip).
	Recursive bool
	SkipDirs  bool

	// Follow, with Recursive, follows the symbolic links in the trees
	// too (grep -R), not only those named as operands; a link back to a
	// directory being walked is told of (Err) and not followed again.
	Follow bool

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

	// Hidden reads dot files and dot directories too, as grep -r does
	// and ripgrep's --hidden. Without it they are passed over, but for
	// the dot directories that hold mail folders (mailFolder).
	Hidden bool
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
// in lexical order of their names, a subdirectory's where its name falls
// (in a directory of more than sortedEntries, in the file system's order).
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

// Here is the operand that stands for the current directory when a
// recursive search is given none, as grep -r reads it: its files are
// named from it ("sub/a.txt"), where an operand "." names them
// "./sub/a.txt". (A NUL byte: no operand a command is given has one.)
const Here = "\x00."

// operand yields the inputs of one name; false when yield stopped.
func (o *Options) operand(name string, yield func(Input) bool) bool {
	if name == Here {
		if !o.Recursive {
			return true
		}
		return o.dir(Here, nil, yield)
	}
	if name == "-" {
		label := o.StdinLabel
		if label == "" {
			label = StdinName
		}
		return yield(Input{Label: label})
	}
	fi, err := os.Stat(name)
	if name == "" {
		return yield(Input{Label: name, Err: err}) // no file: grep's ": No such file or directory"
	}
	if err != nil || !fi.IsDir() {
		if !o.wanted(filepath.Base(name)) {
			return true
		}
		return yield(Input{Path: name, Label: name, Regular: err == nil && fi.Mode().IsRegular()}) // open reports the error
	}
	if !o.Recursive {
		if o.SkipDirs {
			return true
		}
		return yield(Input{Label: name, Err: fmt.Errorf("%s: is a directory (use -r to read it)", name)})
	}
	return o.dir(name, nil, yield)
}

// sortedEntries bounds the entries of a directory read whole and sorted
// before its files are yielded; a larger directory (a maildir's cur/ of
// 100,000 messages, whose entries took 10 MB when read whole) is read
// sortedEntries entries at a time, in the order the file system gives
// them, as grep reads every directory.
const sortedEntries = 4096

// dir yields the files of the directory path and of its subdirectories,
// depth first; false when yield stopped. It holds the directory open while
// it walks its subdirectories only when the directory is large. With
// Follow, up are the directories it is in, for the links that lead back.
func (o *Options) dir(path string, up []os.FileInfo, yield func(Input) bool) bool {
	f, err := os.Open(opened(path))
	if err != nil {
		return yield(Input{Label: opened(path), Err: err})
	}
	if o.Follow {
		fi, err := f.Stat()
		if err != nil {
			f.Close()
			return yield(Input{Label: path, Err: err})
		}
		for _, a := range up {
			if os.SameFile(a, fi) {
				f.Close()
				return yield(Input{Label: path, Err: fmt.Errorf("%s: %w", path, ErrLoop)})
			}
		}
		up = append(up[:len(up):len(up)], fi)
	}
	entries, err := f.ReadDir(sortedEntries + 1)
	if len(entries) <= sortedEntries {
		f.Close()
		if err != nil && err != io.EOF {
			if !yield(Input{Label: path, Err: err}) {
				return false
			}
		}
		slices.SortFunc(entries, func(a, b fs.DirEntry) int { return strings.Compare(a.Name(), b.Name()) })
		return o.entries(path, entries, up, yield)
	}
	defer f.Close()
	for len(entries) > 0 {
		if !o.entries(path, entries, up, yield) {
			return false
		}
		if err != nil {
			break
		}
		entries, err = f.ReadDir(sortedEntries)
	}
	if err != nil && err != io.EOF {
		return yield(Input{Label: path, Err: err})
	}
	return true
}

// entries yields what the entries of the directory dir stand for: its
// regular files that the globs want, and the files of its subdirectories
// but dot directories that are no mail folders (mailFolder), a maildir's
// tmp/ (messages being delivered) and those ExcludeDir drops. Dot files
// are passed over (both unless Hidden), and so are mail clients' indexes
// of the folders beside them (mailIndex) unless Include names them, and
// symbolic links unless Follow (grep -r follows a link only when it is
// an operand, grep -R every one); up are the directories dir is in, dir
// last.
func (o *Options) entries(dir string, entries []fs.DirEntry, up []os.FileInfo, yield func(Input) bool) bool {
	for _, d := range entries {
		base := d.Name()
		if strings.HasPrefix(base, ".") && !o.Hidden && !(d.IsDir() && mailFolder(dir, base)) {
			continue
		}
		path := join(dir, base)
		isDir, regular := d.IsDir(), d.Type().IsRegular()
		if d.Type()&fs.ModeSymlink != 0 && o.Follow {
			fi, err := os.Stat(path)
			if err != nil {
				if !yield(Input{Label: path, Err: err}) {
					return false
				}
				continue
			}
			isDir, regular = fi.IsDir(), fi.Mode().IsRegular()
		}
		switch {
		case isDir:
			if base == "tmp" && isMaildir(opened(dir)) || matchAny(o.ExcludeDir, base) {
				continue
			}
			if !o.dir(path, up, yield) {
				return false
			}
		case regular && o.wanted(base) && (!mailIndex(dir, base) || matchAny(o.Include, base)):
			if !yield(Input{Path: path, Label: path, Regular: true, Found: true}) {
				return false
			}
		}
	}
	return true
}

// opened returns the name a directory is opened by: "." for Here.
func opened(dir string) string {
	if dir == Here {
		return "."
	}
	return dir
}

// join names the entry base of the directory dir as grep does: the
// directory as it was named, its final slashes dropped ("./d" gives
// "./d/a.txt", "d//" gives "d/a.txt"), and from Here, base alone.
func join(dir, base string) string {
	if dir == Here {
		return base
	}
	sep := string(filepath.Separator)
	d := strings.TrimRightFunc(dir, func(r rune) bool { return r < utf8.RuneSelf && os.IsPathSeparator(uint8(r)) })
	if d == "" || filepath.VolumeName(dir) == d {
		return filepath.Join(dir, base) // "/", or a volume's root ("C:\\")
	}
	return d + sep + base
}

// mailFolder reports whether base, a dot directory in dir, holds mail
// folders that a walk passing over dot directories would lose: a maildir
// (its cur/ and new/), as the folders of Maildir++ are (".Sent",
// ".INBOX.lists" beside the inbox's cur/, new/ and tmp/: Courier's
// layout, which Dovecot, Evolution and most IMAP servers' maildirs
// follow), or the ".X.directory" of KMail and Akonadi beside a maildir X,
// which holds X's subfolders.
func mailFolder(dir, base string) bool {
	if holdsMail(join(dir, base)) {
		return true
	}
	name, ok := strings.CutSuffix(base[1:], ".directory")
	return ok && name != "" && holdsMail(join(dir, name))
}

// holdsMail reports whether dir has a maildir's cur/ and new/ (its tmp/
// is not needed to read it).
func holdsMail(dir string) bool {
	return isDir(filepath.Join(dir, "cur")) && isDir(filepath.Join(dir, "new"))
}

// mailIndex reports whether base, a file in dir, is a mail client's
// index of a folder beside it, which holds no mail: Thunderbird's summary
// of an mbox ("Inbox.msf" beside "Inbox"), a Mork database of its
// messages' headers and first lines, whose values break lines anywhere
// with a backslash (a URL in a subject or a preview cut in two) and which
// repeats what the mbox holds; or the Info.plist of an Apple Mail
// mailbox ("INBOX.mbox/Info.plist"), its settings, whose one URL is the
// property list's document type (http://www.apple.com/DTDs/...), once a
// mailbox.
func mailIndex(dir, base string) bool {
	if base == "Info.plist" {
		return strings.HasSuffix(filepath.Base(opened(dir)), ".mbox")
	}
	name, ok := strings.CutSuffix(base, ".msf")
	if !ok || name == "" {
		return false
	}
	fi, err := os.Stat(join(dir, name))
	return err == nil && fi.Mode().IsRegular()
}

// isDir reports whether path names a directory.
func isDir(path string) bool {
	fi, err := os.Stat(path)
	return err == nil && fi.IsDir()
}

// isMaildir reports whether dir holds a maildir's cur, new and tmp.
func isMaildir(dir string) bool {
	return holdsMail(dir) && isDir(filepath.Join(dir, "tmp"))
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
