package resident

import (
	"bytes"
	"os"
	"strconv"
	"syscall"
)

// ReleaseText drops from the process the resident pages of its mappings
// of machine code: the executable's text and its shared libraries' (libc
// and the dynamic loader, in a build with cgo), as /proc/self/maps lists
// them (readable, executable, private, backed by a file). It returns the
// bytes of the mappings it released, resident or not.
//
// Such pages are the file's, unchanged: code is never written (its pages
// are mapped read-only and executable), so a page has no copy of its own
// in the process that dropping it would lose. madvise(MADV_DONTNEED) on a
// private file mapping unmaps them; the next access to one maps it again
// from the page cache (a minor fault), or reads it from the file. Mappings
// of data, read-only or not, are left alone: a read-only one may hold
// pages the loader wrote (relocations, made read-only after), which only
// the process has.
func ReleaseText() int64 {
	maps, err := os.ReadFile("/proc/self/maps")
	if err != nil {
		return 0
	}
	var released int64
	for line := range bytes.Lines(maps) {
		// address perms offset dev inode pathname
		f := bytes.Fields(line)
		if len(f) < 6 || string(f[1]) != "r-xp" || f[5][0] != '/' {
			continue
		}
		lo, hi, _ := bytes.Cut(f[0], []byte("-"))
		a, err1 := strconv.ParseUint(string(lo), 16, 64)
		b, err2 := strconv.ParseUint(string(hi), 16, 64)
		if err1 != nil || err2 != nil || b <= a {
			continue
		}
		// The range is the kernel's own account of a mapping: no Go
		// slice need be made of memory the runtime does not manage.
		if _, _, errno := syscall.Syscall(syscall.SYS_MADVISE, uintptr(a), uintptr(b-a), syscall.MADV_DONTNEED); errno == 0 {
			released += int64(b - a)
		}
	}
	return released
}
