// Package resident keeps the program's resident memory to what it uses:
// it lets go of the pages of machine code that starting the program
// touched and the work that follows may never touch again.
//
// urlgrep holds its resident memory under 16 MiB (issue 14's bound).
// Starting it runs every package's initialiser (goldmark's regular
// expressions, the terminal libraries', the table builders) and, in a
// build with cgo, the dynamic loader and libc's own start; their code
// stays resident, counted in the process's RSS, for the whole run: about
// 1.2-2 MB of the peak. Once started, [ReleaseText] drops those pages from
// the process; the code a run does use comes back, page by page, from the
// page cache, where the dropped pages stay.
package resident
