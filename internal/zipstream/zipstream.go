// Package zipstream reads a ZIP archive's entries as the archive comes,
// one after another, by their local headers (APPNOTE.TXT §4.3.7), where
// archive/zip needs the whole file to find its central directory: a mail
// attachment, an Office document, read once from a stream. An entry
// stored with its sizes in its header (in ZIP64's extra field too), or
// compressed with Deflate (which ends itself), can be read or passed
// over; the archive ends at its central directory, or at an entry whose
// end cannot be found (stored or of another method, with its sizes after
// its data), which Err tells of.
package zipstream

import (
	"bufio"
	"bytes"
	"compress/flate"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
)

// ErrNoEnd is Err's answer when an entry's end cannot be found: stored,
// or of a method other than Deflate, with its sizes in a data descriptor
// after its data. The entries after it are not read.
var ErrNoEnd = errors.New("zip: an entry with its sizes after its data (stored, streamed): the rest of the archive not read")

// ErrBroken is Err's answer when what follows an entry is neither
// another entry nor one of the records that end an archive.
var ErrBroken = errors.New("zip: no entry where one should start: the rest of the archive not read")

// ErrCut is Err's answer when the input ends inside an entry or its
// header, before the central directory.
var ErrCut = errors.New("zip: the archive is cut short")

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
	zip64      bool // its sizes in ZIP64's extra field: 8 bytes each in its descriptor

	extra []byte // a local header's extra field, reused
	err   error  // why the entries ended early (Err)
}

// Err returns nil when the entries ended at the archive's central
// directory, or at the input's end between entries; otherwise why they
// ended early ([ErrNoEnd], [ErrCut], or the input's error).
func (z *Reader) Err() error { return z.err }

// stop ends the entries, with err as Err's answer; io.EOF and
// io.ErrUnexpectedEOF, the input's end inside what was read, are ErrCut,
// and another error not this package's (broken Deflate data, the input's
// own) is said to be the archive's.
func (z *Reader) stop(err error) {
	switch err {
	case io.EOF, io.ErrUnexpectedEOF:
		err = ErrCut
	case ErrCut, ErrNoEnd, ErrBroken:
	default:
		err = fmt.Errorf("zip: %w: the rest of the archive not read", err)
	}
	if z.err == nil {
		z.err = err
	}
	z.done = true
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
	if z.done {
		return "", nil, false
	}
	if err := z.finish(); err != nil {
		z.stop(err)
		return "", nil, false
	}
	var h [30]byte
	n, err := io.ReadFull(z.src, h[:])
	if sig := binary.LittleEndian.Uint32(h[:]); err != nil || sig != 0x04034b50 {
		switch {
		case n >= 4 && endRecord(sig), n == 0 && err == io.EOF:
			// The central directory, or the input's end.
		case n >= 4 && sig != 0x04034b50:
			z.stop(ErrBroken)
		default:
			z.stop(err) // cut inside a header, or the input's error
		}
		z.done = true
		return "", nil, false
	}
	flags := binary.LittleEndian.Uint16(h[6:])
	method := binary.LittleEndian.Uint16(h[8:])
	size := int64(binary.LittleEndian.Uint32(h[18:]))
	nameLen, extraLen := int(binary.LittleEndian.Uint16(h[26:])), int(binary.LittleEndian.Uint16(h[28:]))
	nb := make([]byte, nameLen)
	if _, err := io.ReadFull(z.src, nb); err != nil {
		z.stop(err)
		return "", nil, false
	}
	if cap(z.extra) < extraLen {
		z.extra = make([]byte, extraLen)
	}
	z.extra = z.extra[:extraLen]
	if _, err := io.ReadFull(z.src, z.extra); err != nil {
		z.stop(err)
		return "", nil, false
	}
	size, z.zip64 = zip64Size(z.extra, binary.LittleEndian.Uint32(h[22:]), size)
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
		z.stop(ErrNoEnd) // its end cannot be found
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

// endRecord reports whether sig, the signature where an entry would
// start, is one of the records after the entries (APPNOTE.TXT §4.3.6):
// the central directory's file header, its digital signature, ZIP64's
// end records, or the end of central directory record (an empty
// archive's only record); or archive extra data, which precedes the
// central directory of an archive whose directory is encrypted.
func endRecord(sig uint32) bool {
	switch sig {
	case 0x02014b50, 0x05054b50, 0x06064b50, 0x07064b50, 0x06054b50, 0x08064b50:
		return true
	}
	return false
}

// zip64Size returns an entry's compressed size, and whether its sizes
// are ZIP64's, from its local header's extra field, extra: the ZIP64
// Extended Information block (tag 0x0001, APPNOTE.TXT §4.5.3) holds the
// uncompressed size and then the compressed size, each of 8 bytes, where
// the header's field of 4 bytes is 0xFFFFFFFF (a local header's holds
// both). usize and size are the header's own fields.
func zip64Size(extra []byte, usize uint32, size int64) (int64, bool) {
	for len(extra) >= 4 {
		tag, n := binary.LittleEndian.Uint16(extra), int(binary.LittleEndian.Uint16(extra[2:]))
		if n > len(extra)-4 {
			break
		}
		data := extra[4 : 4+n]
		extra = extra[4+n:]
		if tag != 0x0001 {
			continue
		}
		if usize == 0xffffffff && len(data) >= 8 {
			data = data[8:]
		}
		if size == 0xffffffff && len(data) >= 8 {
			if v := binary.LittleEndian.Uint64(data); v < 1<<62 {
				size = int64(v)
			}
		}
		return size, true
	}
	return size, false
}

// finish passes over what is left of the entry being read, and its data
// descriptor; an error when the input ends first.
func (z *Reader) finish() error {
	if z.fr != nil {
		if _, err := io.Copy(io.Discard, z.fr); err != nil {
			return err
		}
		z.fr = nil
	}
	if z.lim != nil {
		if _, err := io.Copy(io.Discard, z.lim); err != nil {
			return err
		}
		if z.lim.N > 0 {
			return ErrCut
		}
		z.lim = nil
	}
	if z.descriptor {
		// Its signature (optional), CRC-32 and two sizes of 4 bytes, or
		// of 8 in ZIP64 (APPNOTE.TXT §4.3.9).
		if b, err := z.src.Peek(4); err == nil && binary.LittleEndian.Uint32(b) == 0x08074b50 {
			z.src.Discard(4)
		}
		n := 12
		if z.zip64 {
			n = 20
		}
		if _, err := z.src.Discard(n); err != nil {
			return err
		}
		z.descriptor = false
	}
	z.data = nil
	return nil
}
