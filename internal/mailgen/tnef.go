package mailgen

import (
	"encoding/binary"
	"unicode/utf16"
)

// TNEFAttr is an attribute of a TNEF stream ([MS-OXTNEF] §2.1.3.3) that
// TNEF lays out: its level (1 the message's, 2 an attachment's), its
// identifier (the id in the low word, the type in the high one), and its
// value: Data as it is, or, when Props is not nil, the property list
// Props holds (attMAPIProps, attAttachment).
type TNEFAttr struct {
	Level byte
	ID    uint32
	Data  []byte
	Props []TNEFProp
}

// TNEFProp is a MAPI property of a TNEF property list ([MS-OXTNEF]
// §2.1.3.4): its id and type, a name's GUID and name when Named, and
// its values (one but for a multi-valued type): the bytes of a string,
// binary or object value, or a fixed-size value's, padded as written.
type TNEFProp struct {
	ID, Type uint16
	Named    bool
	Name     string
	Values   [][]byte
}

// TNEF lays out a TNEF stream holding attrs, after its signature and a
// legacy key, each attribute with its checksum.
func TNEF(attrs []TNEFAttr) []byte {
	b := binary.LittleEndian.AppendUint32(nil, 0x223E9F78)
	b = binary.LittleEndian.AppendUint16(b, 0x0101)
	for _, a := range attrs {
		data := a.Data
		if a.Props != nil {
			data = tnefProps(a.Props)
		}
		b = append(b, a.Level)
		b = binary.LittleEndian.AppendUint32(b, a.ID)
		b = binary.LittleEndian.AppendUint32(b, uint32(len(data)))
		b = append(b, data...)
		var sum uint16
		for _, c := range data {
			sum += uint16(c)
		}
		b = binary.LittleEndian.AppendUint16(b, sum)
	}
	return b
}

// tnefProps lays out a property list.
func tnefProps(props []TNEFProp) []byte {
	pad := func(b []byte) []byte {
		for len(b)%4 != 0 {
			b = append(b, 0)
		}
		return b
	}
	b := binary.LittleEndian.AppendUint32(nil, uint32(len(props)))
	for _, p := range props {
		b = binary.LittleEndian.AppendUint16(b, p.Type)
		b = binary.LittleEndian.AppendUint16(b, p.ID)
		if p.ID >= 0x8000 {
			b = append(b, make([]byte, 16)...) // the property set's GUID
			if p.Named {
				b = binary.LittleEndian.AppendUint32(b, 1)
				name := utf16.Encode([]rune(p.Name + "\x00"))
				b = binary.LittleEndian.AppendUint32(b, uint32(2*len(name)))
				for _, u := range name {
					b = binary.LittleEndian.AppendUint16(b, u)
				}
				b = pad(b)
			} else {
				b = binary.LittleEndian.AppendUint32(b, 0)
				b = binary.LittleEndian.AppendUint32(b, uint32(p.ID))
			}
		}
		base := p.Type &^ 0x1000
		variable := base == 0x001E || base == 0x001F || base == 0x0102 || base == 0x000D
		if p.Type&0x1000 != 0 || variable {
			b = binary.LittleEndian.AppendUint32(b, uint32(len(p.Values)))
		}
		for _, v := range p.Values {
			if variable {
				b = binary.LittleEndian.AppendUint32(b, uint32(len(v)))
			}
			b = pad(append(b, v...))
		}
	}
	return b
}

// UTF16 returns s in UTF-16LE with a terminating NUL, as a Unicode
// string property holds it.
func UTF16(s string) []byte {
	var b []byte
	for _, u := range utf16.Encode([]rune(s + "\x00")) {
		b = binary.LittleEndian.AppendUint16(b, u)
	}
	return b
}

// UncompressedRTF returns rtf as a compressed RTF stream of the
// uncompressed type ("MELA", [MS-OXRTFCP] §2.1.3.1), as
// PidTagRtfCompressed may hold it.
func UncompressedRTF(rtf string) []byte {
	b := binary.LittleEndian.AppendUint32(nil, uint32(len(rtf)+12))
	b = binary.LittleEndian.AppendUint32(b, uint32(len(rtf)))
	b = binary.LittleEndian.AppendUint32(b, 0x414C454D)
	b = binary.LittleEndian.AppendUint32(b, 0)
	return append(b, rtf...)
}
