package zipstream

import (
	"archive/zip"
	"bytes"
	"compress/flate"
	"encoding/binary"
	"hash/crc32"
	"io"
	"slices"
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

// localEntry lays out one entry's local header and data as streaming
// writers do: with zip64, its sizes 0xFFFFFFFF in the header and in
// ZIP64's extra field (APPNOTE.TXT §4.5.3); with descriptor, its sizes
// (zero in the header) in a data descriptor after its data, of 8 bytes
// each with zip64 (§4.3.9).
func localEntry(name string, method uint16, data []byte, size int, zip64, descriptor bool) []byte {
	le := binary.LittleEndian
	var b []byte
	flags := uint16(0)
	if descriptor {
		flags = 8
	}
	csize, usize := uint32(len(data)), uint32(size)
	var extra []byte
	if zip64 {
		extra = le.AppendUint16(extra, 1)
		extra = le.AppendUint16(extra, 16)
		extra = le.AppendUint64(extra, uint64(size))
		extra = le.AppendUint64(extra, uint64(len(data)))
		csize, usize = 0xffffffff, 0xffffffff
	}
	if descriptor {
		extra = append(extra[:0:0], extra...)
		if zip64 {
			le.PutUint64(extra[4:], 0)
			le.PutUint64(extra[12:], 0)
		} else {
			csize, usize = 0, 0
		}
	}
	b = le.AppendUint32(b, 0x04034b50)
	b = le.AppendUint16(b, 45)
	b = le.AppendUint16(b, flags)
	b = le.AppendUint16(b, method)
	b = le.AppendUint32(b, 0) // time and date
	b = le.AppendUint32(b, 0) // CRC-32, not checked
	b = le.AppendUint32(b, csize)
	b = le.AppendUint32(b, usize)
	b = le.AppendUint16(b, uint16(len(name)))
	b = le.AppendUint16(b, uint16(len(extra)))
	b = append(b, name...)
	b = append(b, extra...)
	b = append(b, data...)
	if descriptor {
		b = le.AppendUint32(b, 0x08074b50)
		b = le.AppendUint32(b, 0)
		if zip64 {
			b = le.AppendUint64(b, uint64(len(data)))
			b = le.AppendUint64(b, uint64(size))
		} else {
			b = le.AppendUint32(b, uint32(len(data)))
			b = le.AppendUint32(b, uint32(size))
		}
	}
	return b
}

// deflate returns s compressed with Deflate.
func deflate(t *testing.T, s string) []byte {
	var b bytes.Buffer
	w, err := flate.NewWriter(&b, flate.BestCompression)
	if err != nil {
		t.Fatal(err)
	}
	io.WriteString(w, s)
	w.Close()
	return b.Bytes()
}

// TestZip64AndErr: entries with ZIP64 sizes, in the header's extra field
// (zip reading standard input, .NET's streams) or in a data descriptor,
// are read, and the entries after them; an archive that ends early says
// why (Err), one that ends at its central directory does not.
func TestZip64AndErr(t *testing.T) {
	central := []byte("PK\x01\x02 the central directory")
	one, two := "stored http://a.example/", "deflated http://b.example/"
	stored64 := localEntry("a.txt", 0, []byte(one), len(one), true, false)
	deflated64 := localEntry("b.txt", 8, deflate(t, two), len(two), true, true)
	deflated := localEntry("c.txt", 8, deflate(t, "after"), 5, false, true)
	another := localEntry("d.txt", 0, []byte(one), len(one), true, false)
	join := func(parts ...[]byte) []byte { return bytes.Join(parts, nil) }
	for _, tt := range []struct {
		name string
		in   []byte
		want []string
		err  error
	}{
		{"zip64", join(stored64, deflated64, deflated, central), []string{"a.txt: " + one, "b.txt: " + two, "c.txt: after"}, nil},
		{"no central directory", join(stored64, deflated), []string{"a.txt: " + one, "c.txt: after"}, nil},
		{"cut in data", join(stored64, another)[:len(stored64)+len(another)-10], []string{"a.txt: " + one, "d.txt: " + one[:len(one)-10]}, ErrCut},
		{"cut in descriptor", join(stored64, deflated64)[:len(stored64)+len(deflated64)-10], []string{"a.txt: " + one, "b.txt: " + two}, ErrCut},
		{"end record alone", join(stored64, []byte("PK\x05\x06\x00\x00")), []string{"a.txt: " + one}, nil},
		{"cut in header", join(stored64, deflated64[:20]), []string{"a.txt: " + one}, ErrCut},
		{"stored, sizes after", join(stored64, localEntry("s.txt", 0, []byte("x"), 1, false, true), deflated), []string{"a.txt: " + one}, ErrNoEnd},
		{"junk between", join(stored64, []byte("junk that is no record"), deflated), []string{"a.txt: " + one}, ErrBroken},
	} {
		z := NewReader(bytes.NewReader(tt.in))
		var got []string
		for {
			name, data, ok := z.Next()
			if !ok {
				break
			}
			b, _ := io.ReadAll(data)
			got = append(got, name+": "+string(b))
		}
		if !slices.Equal(got, tt.want) || z.Err() != tt.err {
			t.Errorf("%s: %q, Err %v; want %q, Err %v", tt.name, got, z.Err(), tt.want, tt.err)
		}
	}
}
