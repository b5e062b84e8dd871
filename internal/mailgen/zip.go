package mailgen

import (
	"archive/zip"
	"bytes"
	"hash/crc32"
	"io"
)

// ZipEntry is a file of the archive Zip lays out: its name and data.
type ZipEntry struct{ Name, Data string }

// Zip lays out entries as archive/zip writes them, in order: deflated,
// their sizes in a data descriptor after the data (as a ZIP attachment
// or an Office document that a program streams has them).
func Zip(entries ...ZipEntry) []byte { return zipOf(nil, entries) }

// ODF lays out an OpenDocument file (OpenDocument 1.2 Part 3, §3.3): its
// first entry "mimetype", stored with its sizes in its header and no
// extra field, holding mediaType, then entries as Zip writes them.
func ODF(mediaType string, entries ...ZipEntry) []byte {
	return zipOf(&ZipEntry{"mimetype", mediaType}, entries)
}

// zipOf lays out stored, when not nil, stored with its sizes in its
// header, then entries, deflated.
func zipOf(stored *ZipEntry, entries []ZipEntry) []byte {
	var b bytes.Buffer
	w := zip.NewWriter(&b)
	if stored != nil {
		f, err := w.CreateRaw(&zip.FileHeader{Name: stored.Name, Method: zip.Store, CRC32: crc32.ChecksumIEEE([]byte(stored.Data)),
			CompressedSize64: uint64(len(stored.Data)), UncompressedSize64: uint64(len(stored.Data))})
		if err != nil {
			panic(err)
		}
		io.WriteString(f, stored.Data)
	}
	for _, e := range entries {
		f, err := w.Create(e.Name)
		if err != nil {
			panic(err) // a name archive/zip refuses: the caller's mistake
		}
		io.WriteString(f, e.Data)
	}
	if err := w.Close(); err != nil {
		panic(err)
	}
	return b.Bytes()
}
