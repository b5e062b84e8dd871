package mailgen

import (
	"archive/tar"
	"bytes"
)

// Tar lays out entries as a tar archive of regular files (POSIX ustar,
// as archive/tar writes them), in order.
func Tar(entries ...ZipEntry) []byte {
	var b bytes.Buffer
	w := tar.NewWriter(&b)
	for _, e := range entries {
		if err := w.WriteHeader(&tar.Header{Name: e.Name, Typeflag: tar.TypeReg, Mode: 0o644, Size: int64(len(e.Data))}); err != nil {
			panic(err) // a name archive/tar refuses: the caller's mistake
		}
		if _, err := w.Write([]byte(e.Data)); err != nil {
			panic(err)
		}
	}
	if err := w.Close(); err != nil {
		panic(err)
	}
	return b.Bytes()
}
