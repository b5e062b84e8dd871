package zipstream

import (
	"archive/zip"
	"bytes"
	"hash/crc32"
	"io"
	"testing"
)

// archive lays out entries: deflated with data descriptors (as
// archive/zip streams them), stored with sizes in the header, and an
// encrypted one (its flag set), passed over by its size.
func archive(t testing.TB) []byte {
	var b bytes.Buffer
	w := zip.NewWriter(&b)
	f, _ := w.Create("a.txt")
	io.WriteString(f, "deflated http://a.example/")
	for _, e := range []struct {
		name, data string
		flags      uint16
	}{{"b.txt", "stored http://b.example/", 0}, {"secret.txt", "\x01\x02encrypted bytes", 1}, {"c/d.txt", "after it", 0}} {
		f, err := w.CreateRaw(&zip.FileHeader{Name: e.name, Method: zip.Store, Flags: e.flags, CRC32: crc32.ChecksumIEEE([]byte(e.data)),
			CompressedSize64: uint64(len(e.data)), UncompressedSize64: uint64(len(e.data))})
		if err != nil {
			t.Fatal(err)
		}
		io.WriteString(f, e.data)
	}
	w.Close()
	return b.Bytes()
}

// TestReader: every entry in turn, its data read or not, an encrypted
// one with none, and the central directory the end.
func TestReader(t *testing.T) {
	in := archive(t)
	if !Sniff(in) {
		t.Fatal("Sniff: false")
	}
	for _, read := range []bool{true, false} {
		z := NewReader(bytes.NewReader(in))
		var got []string
		for {
			name, data, ok := z.Next()
			if !ok {
				break
			}
			s := name + ":"
			if data == nil {
				s += " (none)"
			} else if read {
				b, err := io.ReadAll(data)
				if err != nil {
					t.Fatal(err)
				}
				s += " " + string(b)
			}
			got = append(got, s)
		}
		want := []string{"a.txt: deflated http://a.example/", "b.txt: stored http://b.example/", "secret.txt: (none)", "c/d.txt: after it"}
		if !read {
			want = []string{"a.txt:", "b.txt:", "secret.txt: (none)", "c/d.txt:"}
		}
		if len(got) != len(want) {
			t.Fatalf("read %v: %q, want %q", read, got, want)
		}
		for i := range want {
			if got[i] != want[i] {
				t.Errorf("read %v: %q, want %q", read, got, want)
				break
			}
		}
	}
}

// FuzzReader: any bytes end, with no entry's data read past its end.
func FuzzReader(f *testing.F) {
	f.Add(archive(f))
	f.Fuzz(func(t *testing.T, in []byte) {
		z := NewReader(bytes.NewReader(in))
		for n := 0; ; n++ {
			_, data, ok := z.Next()
			if !ok {
				return
			}
			if n > len(in) {
				t.Fatalf("%d entries from %d bytes", n, len(in))
			}
			if data != nil {
				io.Copy(io.Discard, io.LimitReader(data, 64<<20))
			}
		}
	})
}
