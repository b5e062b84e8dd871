// Package magic tells compressed streams by their first bytes, for the
// search (which reads such a file decompressed) and for an archive's files
// (mailbox): one rule for each format.
package magic

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
