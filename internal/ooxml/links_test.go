package ooxml

import (
	"archive/zip"
	"bytes"
	"hash/crc32"
	"io"
	"strings"
	"testing"
	"testing/iotest"
)

// docx lays out a Word document's parts as archive/zip writes them:
// deflated with data descriptors (sizes after the data), or stored with
// sizes in the header (a stored part with a descriptor has no end to
// find: its archive is read no further).
func docx(t testing.TB, store bool, parts map[string]string, order []string) []byte {
	var b bytes.Buffer
	w := zip.NewWriter(&b)
	for _, name := range order {
		var f io.Writer
		var err error
		if store {
			// Sizes in the header, as Office writes them.
			data := parts[name]
			f, err = w.CreateRaw(&zip.FileHeader{Name: name, Method: zip.Store, CRC32: crc32.ChecksumIEEE([]byte(data)),
				CompressedSize64: uint64(len(data)), UncompressedSize64: uint64(len(data))})
		} else {
			f, err = w.Create(name)
		}
		if err != nil {
			t.Fatal(err)
		}
		io.WriteString(f, parts[name])
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// TestLinks: the targets of a document's external relationships, in
// every relationship part (the document's, a header's), their
// references resolved; not its internal ones (styles, images), nor its
// XML's namespaces, nor the text of its parts.
func TestLinks(t *testing.T) {
	parts := map[string]string{
		"[Content_Types].xml": `<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>`,
		"_rels/.rels":         `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`,
		"word/document.xml":   `<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:t>see http://text-only.example/</w:t></w:document>`,
		"word/_rels/document.xml.rels": "<?xml version=\"1.0\"?>\r\n<Relationships xmlns=\"http://schemas.openxmlformats.org/package/2006/relationships\">" +
			`<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/>` +
			`<Relationship Id="rId3" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/hyperlink" Target="https://phish.example/login?a=1&amp;b=2" TargetMode="External"/>` +
			"<Relationship TargetMode='External'\r\n Target='mailto:help@example.org' Id=\"rId4\" Type=\"http://schemas.openxmlformats.org/officeDocument/2006/relationships/hyperlink\"/>" +
			`</Relationships>`,
		"word/media/image1.png":       "\x89PNG\r\n\x1a\n<Relationship Target=\"http://image.example/\" TargetMode=\"External\"/>",
		"word/_rels/header1.xml.rels": `<Relationships><Relationship Id="rId1" Target="http://header.example/" TargetMode="External" Type="x"/></Relationships>`,
	}
	order := []string{"[Content_Types].xml", "_rels/.rels", "word/document.xml", "word/_rels/document.xml.rels", "word/media/image1.png", "word/_rels/header1.xml.rels"}
	want := "https://phish.example/login?a=1&b=2\nmailto:help@example.org\nhttp://header.example/\n"
	for _, store := range []bool{false, true} {
		doc := docx(t, store, parts, order)
		if !Sniff(doc) {
			t.Fatal("Sniff: false")
		}
		for _, one := range []bool{false, true} {
			var r io.Reader = bytes.NewReader(doc)
			if one {
				r = iotest.OneByteReader(r)
			}
			got, err := io.ReadAll(Links(r))
			if err != nil || string(got) != want {
				t.Errorf("stored %v, one byte a read %v: %q, %v; want %q", store, one, got, err, want)
			}
		}
		// Cut anywhere: what came whole before the cut, and an end.
		for n := range len(doc) {
			got, err := io.ReadAll(Links(bytes.NewReader(doc[:n])))
			if err != nil || !strings.HasPrefix(want, string(got)) {
				t.Fatalf("stored %v, cut at %d: %q, %v", store, n, got, err)
			}
		}
	}
	for _, c := range []struct {
		name string
		want bool
	}{{"Invoice.DOCX", true}, {"a.xlsm", true}, {"deck.pptx", true}, {"a.doc", false}, {"docx", false}, {"a.zip", false}} {
		if IsName(c.name) != c.want {
			t.Errorf("IsName(%q) = %v", c.name, !c.want)
		}
	}
}

// FuzzLinks: any bytes end, each line a target of bounded length.
func FuzzLinks(f *testing.F) {
	f.Add(docx(f, false, map[string]string{"a.rels": `<Relationship Target="http://a.example/" TargetMode="External"/>`}, []string{"a.rels"}))
	f.Add(docx(f, true, map[string]string{"a.rels": `<Relationship Target="http://a.example/" TargetMode="External"/>`, "b": "x"}, []string{"b", "a.rels"}))
	f.Fuzz(func(t *testing.T, in []byte) {
		got, err := io.ReadAll(Links(bytes.NewReader(in)))
		if err != nil {
			t.Fatal(err)
		}
		for line := range bytes.Lines(got) {
			if len(line) > 4*maxTarget {
				t.Fatalf("a line of %d bytes", len(line))
			}
		}
	})
}
