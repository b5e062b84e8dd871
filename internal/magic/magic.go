// Package magic tells compressed streams and UTF-16 text by their first
// bytes, for the search (which reads such a file decompressed, or as the
// UTF-8 it stands for) and for an archive's files (mailbox): one rule for
// each format.
package magic

import "bytes"

// Gzip reports whether head starts as a gzip member does (RFC 1952
// §2.3.1): ID1, ID2 and the deflate method.
func Gzip(head []byte) bool {
	return len(head) >= 3 && head[0] == 0x1f && head[1] == 0x8b && head[2] == 8
}

// Bzip2 reports whether head starts as a bzip2 stream does: "BZh", a
// block size from 1 to 9, and the first block's magic (pi's digits in
// BCD); an empty stream has the end-of-stream magic instead (sqrt(pi)).
func Bzip2(head []byte) bool {
	if len(head) < 10 || string(head[:3]) != "BZh" || head[3] < '1' || head[3] > '9' {
		return false
	}
	m := string(head[4:10])
	return m == "\x31\x41\x59\x26\x53\x59" || m == "\x17\x72\x45\x38\x50\x90"
}

// UTF16 reports whether head starts with a UTF-16 byte order mark and
// the bytes after it are UTF-16: bytes FF FE before plain ASCII text are
// not (a Latin-1 "ÿþ", or junk), and reading them as UTF-16 would lose
// every URL. UTF-16 of Latin text has a NUL in most code units, all on
// the same side (the high byte); UTF-16 of other scripts has none, and is
// then seldom valid UTF-8, which ASCII text always is.
func UTF16(head []byte) bool {
	var high int // 0 for little endian (FF FE): the high byte is the second
	switch {
	case bytes.HasPrefix(head, []byte{0xff, 0xfe}):
		high = 1
	case bytes.HasPrefix(head, []byte{0xfe, 0xff}):
	default:
		return false
	}
	body := head[2:]
	body = body[:len(body)&^1]
	if len(body) == 0 {
		return true // the mark alone: an empty UTF-16 text
	}
	same, other := 0, 0
	for i := 0; i < len(body); i += 2 {
		if body[i+high] == 0 {
			same++
		}
		if body[i+1-high] == 0 {
			other++
		}
	}
	if same+other > 0 {
		return same >= 4*other && same*4 >= len(body)/2 // mostly Latin text, NULs in the high byte
	}
	return !isUTF8Prefix(body)
}

// isUTF8Prefix reports whether b is valid UTF-8 but for a rune cut at
// its end.
func isUTF8Prefix(b []byte) bool {
	for i := 0; i < len(b); {
		c := b[i]
		if c < 0x80 {
			i++
			continue
		}
		n := 0
		switch {
		case c&0xe0 == 0xc0:
			n = 2
		case c&0xf0 == 0xe0:
			n = 3
		case c&0xf8 == 0xf0:
			n = 4
		default:
			return false
		}
		for j := 1; j < n; j++ {
			if i+j >= len(b) {
				return true
			}
			if b[i+j]&0xc0 != 0x80 {
				return false
			}
		}
		i += n
	}
	return true
}

// OutlookData reports whether head starts as an Outlook data file does,
// a personal store (.pst) or an offline one (.ost): the HEADER's dwMagic
// "!BDN" and its wMagicClient, "SM" ([MS-PST] §2.2.2.6), or "SO" in an
// offline store.
func OutlookData(head []byte) bool {
	return len(head) >= 10 && string(head[:4]) == "!BDN" && (string(head[8:10]) == "SM" || string(head[8:10]) == "SO")
}
