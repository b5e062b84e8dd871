package mailgen

import (
	"encoding/binary"
	"fmt"
	"sort"
	"strings"
	"unicode/utf16"
)

// CFBEntry is a stream (Data) or a storage (Children) of a compound file
// that CompoundFile lays out.
type CFBEntry struct {
	Name     string
	Data     []byte
	Children []*CFBEntry
	Storage  bool
}

// CompoundFile lays out a compound file ([MS-CFB], version 3, 512-byte
// sectors) holding entries under its root, for tests of what reads one
// (an Outlook .msg file): the streams first, each in sectors of its own,
// those shorter than 4096 bytes in the mini stream, then the directory,
// then the FAT. It lays out no DIFAT: the file must be at most about 7 MB
// (an error otherwise). Siblings are chained through their right
// sibling, in the order §2.6.4 compares names.
func CompoundFile(entries []*CFBEntry) ([]byte, error) {
	const (
		sector     = 512
		endOfChain = 0xFFFFFFFE
		freeSect   = 0xFFFFFFFF
		fatSect    = 0xFFFFFFFD
		noStream   = 0xFFFFFFFF
	)
	// The directory: entry 0 the root, then every entry, depth first.
	type dirEntry struct {
		e                   *CFBEntry
		child, right, start uint32
		size                uint64
	}
	dir := []*dirEntry{{e: &CFBEntry{Name: "Root Entry", Children: entries, Storage: true}, start: endOfChain}}
	var add func(parent *dirEntry)
	add = func(parent *dirEntry) {
		kids := append([]*CFBEntry(nil), parent.e.Children...)
		sort.Slice(kids, func(i, j int) bool {
			a, b := utf16.Encode([]rune(kids[i].Name)), utf16.Encode([]rune(kids[j].Name))
			if len(a) != len(b) {
				return len(a) < len(b)
			}
			return strings.ToUpper(kids[i].Name) < strings.ToUpper(kids[j].Name)
		})
		var prev *dirEntry
		for _, k := range kids {
			d := &dirEntry{e: k, child: noStream, right: noStream, start: endOfChain}
			id := uint32(len(dir))
			dir = append(dir, d)
			if prev == nil {
				parent.child = id
			} else {
				prev.right = id
			}
			prev = d
			if k.Storage {
				add(d)
			}
		}
	}
	dir[0].child, dir[0].right = noStream, noStream
	add(dir[0])

	var body []byte // the sectors after the header
	var fat []uint32
	place := func(data []byte) uint32 {
		first := uint32(len(fat))
		n := (len(data) + sector - 1) / sector
		for i := range n {
			next := uint32(len(fat) + 1)
			if i == n-1 {
				next = endOfChain
			}
			fat = append(fat, next)
		}
		padded := make([]byte, n*sector)
		copy(padded, data)
		body = append(body, padded...)
		return first
	}
	// Streams shorter than the cutoff go in the mini stream, in sectors
	// of 64 bytes chained by the mini FAT (§2.5); the mini stream is the
	// root entry's stream, the mini FAT a chain of regular sectors.
	var mini []byte
	var miniFAT []uint32
	for _, d := range dir[1:] {
		switch {
		case d.e.Storage:
		case len(d.e.Data) >= 4096:
			d.start, d.size = place(d.e.Data), uint64(len(d.e.Data))
		case len(d.e.Data) > 0:
			d.start, d.size = uint32(len(miniFAT)), uint64(len(d.e.Data))
			n := (len(d.e.Data) + 63) / 64
			for i := range n {
				next := uint32(len(miniFAT) + 1)
				if i == n-1 {
					next = endOfChain
				}
				miniFAT = append(miniFAT, next)
			}
			padded := make([]byte, n*64)
			copy(padded, d.e.Data)
			mini = append(mini, padded...)
		}
	}
	miniFATStart, nMiniFAT := uint32(endOfChain), 0
	if len(mini) > 0 {
		dir[0].start, dir[0].size = place(mini), uint64(len(mini))
		b := make([]byte, 4*len(miniFAT))
		for i, v := range miniFAT {
			binary.LittleEndian.PutUint32(b[4*i:], v)
		}
		nMiniFAT = (len(b) + sector - 1) / sector
		miniFATStart = place(b)
	}
	dirBytes := make([]byte, 0, len(dir)*128)
	for _, d := range dir {
		var b [128]byte
		name := utf16.Encode([]rune(d.e.Name))
		for i, u := range name {
			binary.LittleEndian.PutUint16(b[2*i:], u)
		}
		binary.LittleEndian.PutUint16(b[0x40:], uint16(2*len(name)+2))
		switch {
		case d == dir[0]:
			b[0x42] = 5
		case d.e.Storage:
			b[0x42] = 1
		default:
			b[0x42] = 2
		}
		b[0x43] = 1 // black
		binary.LittleEndian.PutUint32(b[0x44:], noStream)
		binary.LittleEndian.PutUint32(b[0x48:], d.right)
		binary.LittleEndian.PutUint32(b[0x4C:], d.child)
		binary.LittleEndian.PutUint32(b[0x74:], d.start)
		binary.LittleEndian.PutUint64(b[0x78:], d.size)
		dirBytes = append(dirBytes, b[:]...)
	}
	dirStart := place(dirBytes)
	// The FAT covers every sector, its own among them.
	nFAT := 1
	for (len(fat)+nFAT)*4 > nFAT*sector {
		nFAT++
	}
	if nFAT > 109 {
		return nil, fmt.Errorf("%d FAT sectors: CompoundFile lays out no DIFAT, for more than the header's 109 (about 7 MB)", nFAT)
	}
	fatStart := uint32(len(fat))
	for range nFAT {
		fat = append(fat, fatSect)
	}
	for len(fat)*4 < nFAT*sector {
		fat = append(fat, freeSect)
	}
	fatBytes := make([]byte, 4*len(fat))
	for i, v := range fat {
		binary.LittleEndian.PutUint32(fatBytes[4*i:], v)
	}
	body = append(body, fatBytes...)

	head := make([]byte, sector)
	copy(head, "\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1")
	binary.LittleEndian.PutUint16(head[0x18:], 0x3E)
	binary.LittleEndian.PutUint16(head[0x1A:], 3)
	binary.LittleEndian.PutUint16(head[0x1C:], 0xFFFE)
	binary.LittleEndian.PutUint16(head[0x1E:], 9)
	binary.LittleEndian.PutUint16(head[0x20:], 6)
	binary.LittleEndian.PutUint32(head[0x2C:], uint32(nFAT))
	binary.LittleEndian.PutUint32(head[0x30:], dirStart)
	binary.LittleEndian.PutUint32(head[0x38:], 4096)
	binary.LittleEndian.PutUint32(head[0x3C:], miniFATStart)
	binary.LittleEndian.PutUint32(head[0x40:], uint32(nMiniFAT))
	binary.LittleEndian.PutUint32(head[0x44:], endOfChain)
	for i := range 109 {
		v := uint32(freeSect)
		if i < nFAT {
			v = fatStart + uint32(i)
		}
		binary.LittleEndian.PutUint32(head[0x4C+4*i:], v)
	}
	return append(head, body...), nil
}
