package mailgen

import (
	"archive/zip"
	"bytes"
	"io"
)

// ZipEntry is a file of the archive Zip lays out: its name and data.
type ZipEntry struct{ Name, Data string }

// Zip lays out entries as archive/zip writes them, in order: deflated,
// their sizes in a data descriptor after the data (as a ZIP attachment
// or an Office document that a program streams has them).
func Zip(entries ...ZipEntry) []byte {
	var b bytes.Buffer
	w := zip.NewWriter(&b)
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
