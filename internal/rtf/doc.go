// Package rtf reads rich text (RTF) for the text a reader sees, where
// its links are: Text, a stream's text; Decompressor, the rich text of
// a compressed RTF stream ([MS-OXRTFCP]), as Outlook keeps a message's
// body; Sniff and FromHTML, what a stream's first bytes say. It holds a
// bounded state whatever it reads (a dictionary of 4 KiB, a stack of
// at most 256 groups) and reads its input once, as it comes.
package rtf

import "bytes"

// Sniff reports whether head, a file's first bytes, starts as rich text
// does ("{\rtf", RTF 1.9.1's header).
func Sniff(head []byte) bool { return bytes.HasPrefix(head, []byte(`{\rtf`)) }
