package mailbox

import (
	"encoding/binary"
	"errors"
	"io"
	"unicode/utf16"
)

// A compound file ([MS-CFB]) is a file system in a file: sectors of 512
// or 4096 bytes, chained by a file allocation table (FAT), whose sectors
// a "DIFAT" lists; a directory of entries, storages and streams, in a
// red-black tree of siblings; and a mini stream of 64-byte sectors, with
// a mini FAT of its own, for the streams shorter than 4096 bytes. cfb
// reads one at its offsets, holding the lists of the FAT's, the
// directory's, the mini FAT's and the mini stream's sectors and one
// sector of the FAT, never the file: an Outlook .msg of 40 MB is read in
// the memory a mail part takes. It was written here, not taken from a
// library, for what the library cost on every run of urlgrep (mscfb,
// with msoleps' tables and math/big: about 300 KB of resident memory,
// the bound being 16 MiB).

// Special sector numbers ([MS-CFB] §2.1): ENDOFCHAIN ends a chain; the
// others (FREESECT, FATSECT, DIFSECT) are no stream's.
const (
	cfbEndOfChain = 0xFFFFFFFE
	cfbMaxSector  = 0xFFFFFFFA // MAXREGSECT + 1: no sector's number
	cfbNoStream   = 0xFFFFFFFF
)

// cfbMaxList bounds each list of sectors cfb holds (4 bytes each): a
// file past it is refused, not read.
const cfbMaxList = 1 << 16

var errCFB = errors.New("not a compound file, or a broken one")

// cfb is an open compound file.
type cfb struct {
	ra        io.ReaderAt
	sector    int64    // its sectors' size
	fatSects  []uint32 // the FAT's sectors, from the DIFAT
	miniFAT   []uint32 // the mini FAT's sectors
	miniSects []uint32 // the mini stream's sectors
	dirSects  []uint32 // the directory's sectors
	cutoff    int64    // streams shorter than this are in the mini stream
	fatAt     int      // the FAT sector held in fatBuf, -1 none
	fatBuf    []byte
	// budget is how many more bytes the streams may give: no more than
	// the file holds in all (resetBudget), so that chains that loop or
	// share sectors cannot make a small file read without end.
	budget, size int64
}

// resetBudget lets the streams give the file's size again (a pass over
// them).
func (c *cfb) resetBudget() { c.budget = c.size }

// readerSize returns the size of what ra reads: the end, found by reads
// of a byte (a file's size, whatever ra is).
func readerSize(ra io.ReaderAt) int64 {
	var b [1]byte
	lo, hi := int64(0), int64(1) // ra holds lo bytes at least; hi is past its end once found
	for {
		if _, err := ra.ReadAt(b[:], hi-1); err != nil {
			break
		}
		lo, hi = hi, 2*hi
		if hi > 1<<50 {
			return lo
		}
	}
	for hi-lo > 1 {
		mid := lo + (hi-lo)/2
		if _, err := ra.ReadAt(b[:], mid-1); err == nil {
			lo = mid
		} else {
			hi = mid
		}
	}
	return lo
}

// cfbEntry is a storage or a stream of a compound file.
type cfbEntry struct {
	name   string
	path   []string // the storages it is in, outermost first
	stream bool
	start  uint32
	size   int64
	left   uint32 // siblings and child, in the directory
	right  uint32
	child  uint32
}

// openCFB opens the compound file in ra: its header, DIFAT, directory's
// and mini stream's chains.
func openCFB(ra io.ReaderAt) (*cfb, error) {
	h := make([]byte, 512)
	if _, err := ra.ReadAt(h, 0); err != nil {
		return nil, errCFB
	}
	if !IsOutlookMessage(h) {
		return nil, errCFB
	}
	c := &cfb{ra: ra, fatAt: -1, size: readerSize(ra)}
	c.resetBudget()
	switch binary.LittleEndian.Uint16(h[0x1E:]) {
	case 9:
		c.sector = 512
	case 12:
		c.sector = 4096
	default:
		return nil, errCFB
	}
	c.fatBuf = make([]byte, c.sector)
	c.cutoff = int64(binary.LittleEndian.Uint32(h[0x38:]))
	numFAT := binary.LittleEndian.Uint32(h[0x2C:])
	if numFAT > cfbMaxList {
		return nil, errCFB
	}
	for i := range 109 {
		if uint32(len(c.fatSects)) == numFAT {
			break
		}
		c.fatSects = append(c.fatSects, binary.LittleEndian.Uint32(h[0x4C+4*i:]))
	}
	// The DIFAT's own sectors: sector/4-1 FAT sectors each, then the next.
	next, per := binary.LittleEndian.Uint32(h[0x44:]), int(c.sector/4-1)
	buf := make([]byte, c.sector)
	for n := 0; uint32(len(c.fatSects)) < numFAT; n++ {
		if next >= cfbMaxSector || n > cfbMaxList || !c.readSector(buf, next, 0) {
			return nil, errCFB
		}
		for j := 0; j < per && uint32(len(c.fatSects)) < numFAT; j++ {
			c.fatSects = append(c.fatSects, binary.LittleEndian.Uint32(buf[4*j:]))
		}
		next = binary.LittleEndian.Uint32(buf[4*per:])
	}
	var err error
	if c.dirSects, err = c.chain(binary.LittleEndian.Uint32(h[0x30:])); err != nil {
		return nil, err
	}
	if c.miniFAT, err = c.chain(binary.LittleEndian.Uint32(h[0x3C:])); err != nil {
		return nil, err
	}
	root, err := c.entry(0)
	if err != nil {
		return nil, err
	}
	if c.miniSects, err = c.chain(root.start); err != nil {
		return nil, err
	}
	return c, nil
}

// readSector reads len(buf) bytes of sector n from offset off in it.
func (c *cfb) readSector(buf []byte, n uint32, off int64) bool {
	_, err := c.ra.ReadAt(buf, (int64(n)+1)*c.sector+off)
	return err == nil
}

// fat returns the FAT's entry for sector n: the next sector of its chain.
func (c *cfb) fat(n uint32) (uint32, bool) {
	per := uint32(c.sector / 4)
	i := int(n / per)
	if i >= len(c.fatSects) {
		return 0, false
	}
	if c.fatAt != i {
		if !c.readSector(c.fatBuf, c.fatSects[i], 0) {
			return 0, false
		}
		c.fatAt = i
	}
	return binary.LittleEndian.Uint32(c.fatBuf[4*(n%per):]), true
}

// chain returns the sectors of the chain that starts at n, in order.
func (c *cfb) chain(n uint32) ([]uint32, error) {
	var s []uint32
	for n != cfbEndOfChain {
		if n >= cfbMaxSector || len(s) >= cfbMaxList {
			return nil, errCFB // a broken chain, a cycle, or too long
		}
		s = append(s, n)
		var ok bool
		if n, ok = c.fat(n); !ok {
			return nil, errCFB
		}
	}
	return s, nil
}

// entry reads directory entry i ([MS-CFB] §2.6.1).
func (c *cfb) entry(i uint32) (*cfbEntry, error) {
	per := uint32(c.sector / 128)
	if int(i/per) >= len(c.dirSects) {
		return nil, errCFB
	}
	b := make([]byte, 128)
	if !c.readSector(b, c.dirSects[i/per], int64(i%per)*128) {
		return nil, errCFB
	}
	n := int(binary.LittleEndian.Uint16(b[0x40:]))/2 - 1 // UTF-16 units, less the NUL
	if n < 0 || n > 31 {
		n = 0
	}
	u := make([]uint16, n)
	for k := range u {
		u[k] = binary.LittleEndian.Uint16(b[2*k:])
	}
	e := &cfbEntry{name: string(utf16.Decode(u)), stream: b[0x42] == 2,
		left: binary.LittleEndian.Uint32(b[0x44:]), right: binary.LittleEndian.Uint32(b[0x48:]),
		child: binary.LittleEndian.Uint32(b[0x4C:]), start: binary.LittleEndian.Uint32(b[0x74:])}
	e.size = int64(binary.LittleEndian.Uint64(b[0x78:]))
	if c.sector == 512 {
		e.size &= 0xFFFFFFFF // version 3 leaves the high half as it pleases (§2.6.3)
	}
	return e, nil
}

// walk calls fn with each entry under the root, storages before their
// contents and siblings in the directory's order (its tree walked in
// order, as [MS-CFB] §2.6.4 sorts names); each entry once, whatever the
// tree's links (a cycle is not followed twice).
func (c *cfb) walk(fn func(e *cfbEntry) error) error {
	total := uint32(len(c.dirSects)) * uint32(c.sector/128)
	seen := make([]bool, total)
	root, err := c.entry(0)
	if err != nil {
		return err
	}
	type frame struct {
		id   uint32
		path []string
		back bool // its left subtree is done
	}
	stack := []frame{{id: root.child}}
	for len(stack) > 0 {
		f := &stack[len(stack)-1]
		if f.id >= total || f.id == 0 || (seen[f.id] && !f.back) {
			stack = stack[:len(stack)-1]
			continue
		}
		e, err := c.entry(f.id)
		if err != nil {
			return err
		}
		if !f.back {
			seen[f.id] = true
			f.back = true
			if e.left != cfbNoStream {
				stack = append(stack, frame{id: e.left, path: f.path})
				continue
			}
		}
		path := f.path
		stack = stack[:len(stack)-1]
		e.path = path
		if err := fn(e); err != nil {
			return err
		}
		if e.right != cfbNoStream {
			stack = append(stack, frame{id: e.right, path: path})
		}
		if !e.stream && e.child != cfbNoStream {
			sub := append(path[:len(path):len(path)], e.name)
			stack = append(stack, frame{id: e.child, path: sub})
		}
	}
	return nil
}

// open returns a reader of the stream e.
func (c *cfb) open(e *cfbEntry) io.Reader {
	return &cfbStream{c: c, mini: e.size < c.cutoff, sect: e.start, left: e.size}
}

// cfbStream reads a stream by its chain of sectors, regular or mini.
type cfbStream struct {
	c     *cfb
	mini  bool
	sect  uint32
	off   int64 // in the sector
	left  int64
	steps int
}

func (s *cfbStream) Read(p []byte) (int, error) {
	if s.left <= 0 {
		return 0, io.EOF
	}
	size := s.c.sector
	if s.mini {
		size = 64
	}
	if s.off == size {
		next, ok := s.next()
		if !ok {
			return 0, errCFB
		}
		s.sect, s.off = next, 0
	}
	if s.sect >= cfbMaxSector {
		return 0, errCFB
	}
	p = p[:min(int64(len(p)), size-s.off, s.left)]
	if s.c.budget -= int64(len(p)); s.c.budget < 0 {
		return 0, errCFB // more than the file holds: chains that loop
	}
	var err error
	if s.mini {
		at := int64(s.sect)*64 + s.off // in the mini stream
		i := at / s.c.sector
		if i >= int64(len(s.c.miniSects)) {
			return 0, errCFB
		}
		_, err = s.c.ra.ReadAt(p, (int64(s.c.miniSects[i])+1)*s.c.sector+at%s.c.sector)
	} else {
		_, err = s.c.ra.ReadAt(p, (int64(s.sect)+1)*s.c.sector+s.off)
	}
	if err != nil {
		return 0, errCFB
	}
	s.off += int64(len(p))
	s.left -= int64(len(p))
	return len(p), nil
}

// next returns the sector after the current one in the stream's chain.
func (s *cfbStream) next() (uint32, bool) {
	if s.steps++; s.steps > 1<<26 {
		return 0, false // longer than any chain: a cycle
	}
	if !s.mini {
		return s.c.fat(s.sect)
	}
	per := uint32(s.c.sector / 4)
	i := int(s.sect / per)
	if i >= len(s.c.miniFAT) {
		return 0, false
	}
	var b [4]byte
	if !s.c.readSector(b[:], s.c.miniFAT[i], int64(s.sect%per)*4) {
		return 0, false
	}
	return binary.LittleEndian.Uint32(b[:]), true
}
