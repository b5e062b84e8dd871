package rtf

import (
	"encoding/binary"
	"io"
)

// rtfDict is the dictionary's start ([MS-OXRTFCP] §2.1.2.1): rich
// text's commonest words, 207 bytes.
const rtfDict = "{\\rtf1\\ansi\\mac\\deff0\\deftab720{\\fonttbl;}{\\f0\\fnil \\froman \\fswiss \\fmodern \\fscript \\fdecor MS Sans SerifSymbolArialTimes New RomanCourier{\\colortbl\\red0\\green0\\blue0\r\n\\par \\pard\\plain\\f0\\fs20\\b\\i\\u\\tab\\tx"

// The compression types of a compressed RTF stream's header
// ([MS-OXRTFCP] §2.1.3.1): "LZFu" compressed, "MELA" not.
const (
	rtfCompressed   = 0x75465A4C
	rtfUncompressed = 0x414C454D
)

// Decompressor reads the rich text a compressed RTF stream
// ([MS-OXRTFCP]: Outlook's PidTagRtfCompressed) stands for, as it reads
// the stream: LZ77 with a dictionary of 4,096 bytes, which it holds, and
// its header's sizes not trusted (the stream's end, or its end marker,
// ends the text).
type Decompressor struct {
	r       io.ByteReader
	started bool
	raw     bool // "MELA": the text as it is
	done    bool
	dict    [4096]byte
	w       int  // the dictionary's write position
	ctrl    byte // the control byte's flags not yet used
	flags   int  // how many
	ref     int  // a reference being copied: its read position
	run     int  // and its bytes left
}

// NewDecompressor returns a decompressor of the stream r.
func NewDecompressor(r io.ByteReader) *Decompressor {
	return &Decompressor{r: r}
}

func (d *Decompressor) Read(p []byte) (int, error) {
	if !d.started {
		d.started = true
		var h [16]byte
		for i := range h {
			c, err := d.r.ReadByte()
			if err != nil {
				d.done = true
				break
			}
			h[i] = c
		}
		switch binary.LittleEndian.Uint32(h[8:]) {
		case rtfCompressed:
			d.w = copy(d.dict[:], rtfDict)
		case rtfUncompressed:
			d.raw = true
		default:
			d.done = true
		}
	}
	n := 0
	for n < len(p) && !d.done {
		if d.run > 0 {
			c := d.dict[d.ref]
			d.ref = (d.ref + 1) & 4095
			d.run--
			p[n], n = c, n+1
			d.dict[d.w], d.w = c, (d.w+1)&4095
			continue
		}
		if d.raw {
			c, err := d.r.ReadByte()
			if err != nil {
				d.done = true
				break
			}
			p[n], n = c, n+1
			continue
		}
		if d.flags == 0 {
			c, err := d.r.ReadByte()
			if err != nil {
				d.done = true
				break
			}
			d.ctrl, d.flags = c, 8
		}
		ref := d.ctrl&1 != 0
		d.ctrl >>= 1
		d.flags--
		hi, err := d.r.ReadByte()
		if err != nil {
			d.done = true
			break
		}
		if !ref {
			p[n], n = hi, n+1
			d.dict[d.w], d.w = hi, (d.w+1)&4095
			continue
		}
		lo, err := d.r.ReadByte()
		if err != nil {
			d.done = true
			break
		}
		// A reference (§2.1.3.1.4): 12 bits of offset, 4 of length less
		// two; the write position itself marks the end.
		v := int(hi)<<8 | int(lo)
		if v>>4 == d.w {
			d.done = true
			break
		}
		d.ref, d.run = v>>4, v&15+2
	}
	if n == 0 && d.done {
		return 0, io.EOF
	}
	return n, nil
}
