package search

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"strings"
	"time"

	"github.com/urlgrep/urlgrep/internal/magic"
)

// Options.Decompress reads gzip in this process (compress/gzip: a 32 KiB
// window). The other formats a mail archive or a log comes in are read
// through their own command, as ripgrep's --search-zip and bzgrep, xzgrep
// and zstdgrep read them: the bzip2, xz, zstd and lz4 decoders hold
// megabytes (900 KB blocks, dictionaries of 8 MiB and up) that would not
// fit urlgrep's 16 MiB bound (compress/bzip2 took urlgrep to 17 MB on a
// mailbox, and read at half bzip2's speed), and their commands are on
// any system that has such files. Each is known by its magic number, not
// by a file's name, so standard input is read so too.
type packer struct {
	name  string                 // the format, as errors name it
	cmd   []string               // the command that writes what the input holds to its standard output
	match func(head []byte) bool // whether a file starting with head is in the format
}

var packers = []packer{
	{"bzip2", []string{"bzip2", "-d", "-c"}, magic.Bzip2},
	// xz (the .xz file format 1.0, §2.1.1.1: the header magic bytes).
	{"xz", []string{"xz", "-d", "-c"}, hasMagic("\xfd7zXZ\x00")},
	// Zstandard (RFC 8878 §3.1.1: the frame's magic number, little-endian).
	{"zstd", []string{"zstd", "-q", "-d", "-c"}, hasMagic("\x28\xb5\x2f\xfd")},
	// LZ4's frame format (its magic number, little-endian).
	{"lz4", []string{"lz4", "-q", "-d", "-c"}, hasMagic("\x04\x22\x4d\x18")},
	// compress(1)'s LZW (.Z: old Usenet and FTP archives), which gzip reads.
	{"compress", []string{"gzip", "-d", "-c"}, hasMagic("\x1f\x9d")},
}

// hasMagic matches the files that start with m.
func hasMagic(m string) func(head []byte) bool {
	return func(head []byte) bool { return bytes.HasPrefix(head, []byte(m)) }
}

// packedBy returns the packer of the format head starts as, or nil.
func packedBy(head []byte) *packer {
	for i := range packers {
		if packers[i].match(head) {
			return &packers[i]
		}
	}
	return nil
}

// unpacker reads what a packer's command writes of the input r gives it.
// Its error, at the end, is the command's when it failed (a corrupt or
// cut file), with what it said on its standard error.
type unpacker struct {
	p      *packer
	cmd    *exec.Cmd
	out    io.ReadCloser
	stderr limitedBuffer
	waited bool
	err    error
}

// unpack starts p's command reading r. A command not found is an error
// naming it, the file not read.
func unpack(p *packer, r io.Reader) (*unpacker, error) {
	u := &unpacker{p: p, cmd: exec.Command(p.cmd[0], p.cmd[1:]...)}
	u.cmd.Stdin = r
	u.cmd.Stderr = &u.stderr
	// Once the command has exited, Wait waits no longer for the copy of
	// the input into it, which may be blocked reading a terminal or a
	// pipe when the search stopped early (-q, -l, -m).
	u.cmd.WaitDelay = time.Second
	out, err := u.cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	u.out = out
	if err := u.cmd.Start(); err != nil {
		return nil, fmt.Errorf("%s data: %w (needed to read it: %s)", p.name, err, strings.Join(p.cmd, " "))
	}
	return u, nil
}

// Read reads what the command writes; at its end, the command's error.
func (u *unpacker) Read(b []byte) (int, error) {
	if u.waited {
		// At the end, as often as a reader asks (Wait closed the pipe).
		if u.err != nil {
			return 0, u.err
		}
		return 0, io.EOF
	}
	n, err := u.out.Read(b)
	if err == io.EOF {
		if werr := u.wait(); werr != nil {
			return n, werr
		}
	}
	return n, err
}

// wait waits for the command once, and returns its error.
func (u *unpacker) wait() error {
	if !u.waited {
		u.waited = true
		if err := u.cmd.Wait(); err != nil && !errors.Is(err, exec.ErrWaitDelay) {
			// Its first line: bzip2 goes on for a dozen more.
			msg, _, _ := strings.Cut(strings.TrimSpace(u.stderr.String()), "\n")
			if msg != "" {
				msg = ": " + msg
			}
			u.err = fmt.Errorf("%s: %w%s", strings.Join(u.p.cmd, " "), err, msg)
		}
	}
	return u.err
}

// close ends the command if it is still running (the search stopped
// before the end of what it writes) and waits for it.
func (u *unpacker) close() {
	if !u.waited {
		u.out.Close()
		_ = u.cmd.Process.Kill()
		u.wait()
	}
}

// limitedBuffer keeps the first 512 bytes written to it: what a command
// says of a failure, bounded.
type limitedBuffer struct{ b []byte }

func (l *limitedBuffer) Write(p []byte) (int, error) {
	if room := 512 - len(l.b); room > 0 {
		l.b = append(l.b, p[:min(len(p), room)]...)
	}
	return len(p), nil
}

func (l *limitedBuffer) String() string { return string(l.b) }
