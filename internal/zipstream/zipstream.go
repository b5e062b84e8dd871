// Package zipstream reads a ZIP archive's entries as the archive comes,
// one after another, by their local headers (APPNOTE.TXT §4.3.7), where
// archive/zip needs the whole file to find its central directory: a mail
// attachment, an Office document, read once from a stream. An entry
// stored with its sizes in its header, or compressed with Deflate
// (which ends itself), can be read or passed over; the archive ends at
// its central directory, or at an entry whose end cannot be found (stored
// or of another method, with its sizes after its data).
package zipstream

import (
	"bufio"
	"bytes"
	"compress/flate"
	"encoding/binary"
	"io"
)

// Sniff reports whether head, a file's first bytes, starts as a ZIP
// archive's first entry does (a local file header's signature).
func Sniff(head []byte) bool { return bytes.HasPrefix(head, []byte("PK\x03\x04")) }

// Reader reads an archive's entries in turn.
type Reader struct {
	src  *bufio.Reader
	done bool

	// The entry being read: its data as written (lim), what reads it
	// (data: lim, or a Deflate reader over it or over src), and whether
	// a data descriptor follows it.
	lim        *io.LimitedReader
	fr         io.ReadCloser
	data       io.Reader
	descriptor bool
}

// NewReader returns a reader of the archive r.
func NewReader(r io.Reader) *Reader {
	br, ok := r.(*bufio.Reader)
	if !ok {
		br = bufio.NewReaderSize(r, 16<<10)
	}
	return &Reader{src: br}
}

// Next passes over what is left of the entry before, and returns the
// next entry's name and a reader of its data (uncompressed; nil for an
// encrypted entry, which is passed over unread). ok is false at the
// archive's end: its central directory, an entry whose end cannot be
// found, or the input's end.
func (z *Reader) Next() (name string, data io.Reader, ok bool) {
	if z.done || !z.finish() {
		z.done = true
		return "", nil, false
	}
	var h [30]byte
	if _, err := io.ReadFull(z.src, h[:]); err != nil || binary.LittleEndian.Uint32(h[:]) != 0x04034b50 {
		z.done = true
		return "", nil, false
	}
	flags := binary.LittleEndian.Uint16(h[6:])
	method := binary.LittleEndian.Uint16(h[8:])
	size := int64(binary.LittleEndian.Uint32(h[18:]))
	nameLen, extraLen := int(binary.LittleEndian.Uint16(h[26:])), int(binary.LittleEndian.Uint16(h[28:]))
	nb := make([]byte, nameLen)
	if _, err := io.ReadFull(z.src, nb); err != nil {
		z.done = true
		return "", nil, false
	}
	if _, err := z.src.Discard(extraLen); err != nil {
		z.done = true
		return "", nil, false
	}
	z.descriptor = flags&8 != 0
	encrypted := flags&1 != 0
	switch {
	case method == 8 && z.descriptor && !encrypted:
		// Deflate ends itself, and reads no byte past its end from a
		// ByteReader: what follows is found with no size to go by.
		z.lim = nil
		z.fr = flate.NewReader(z.src)
		z.data = z.fr
	case z.descriptor:
		z.done = true // its end cannot be found
		return "", nil, false
	case method == 8 && !encrypted:
		z.lim = &io.LimitedReader{R: z.src, N: size}
		z.fr = flate.NewReader(z.lim)
		z.data = z.fr
	case method == 0 && !encrypted:
		z.lim = &io.LimitedReader{R: z.src, N: size}
		z.fr, z.data = nil, z.lim
	default:
		// Encrypted, or another method: passed over by its size.
		z.lim = &io.LimitedReader{R: z.src, N: size}
		z.fr, z.data = nil, nil
	}
	return string(nb), z.data, true
}

// finish passes over what is left of the entry being read, and its data
// descriptor; false when the input ends first.
func (z *Reader) finish() bool {
	if z.fr != nil {
		if _, err := io.Copy(io.Discard, z.fr); err != nil {
			return false
		}
		z.fr = nil
	}
	if z.lim != nil {
		if _, err := io.Copy(io.Discard, z.lim); err != nil || z.lim.N > 0 {
			return false
		}
		z.lim = nil
	}
	if z.descriptor {
		// Its signature (optional), CRC-32 and two sizes of 4 bytes
		// (8 in ZIP64; an archive written so ends here).
		if b, err := z.src.Peek(4); err == nil && binary.LittleEndian.Uint32(b) == 0x08074b50 {
			z.src.Discard(4)
		}
		if _, err := z.src.Discard(12); err != nil {
			return false
		}
		z.descriptor = false
	}
	z.data = nil
	return true
}
