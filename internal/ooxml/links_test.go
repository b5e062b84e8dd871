package ooxml

import (
	"archive/zip"
	"bytes"
	"fmt"
	"hash/crc32"
	"io"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/urlgrep/urlgrep/internal/mailgen"
	"github.com/urlgrep/urlgrep/internal/zipstream"
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

// checkLinks checks that Links gives want for doc, read whole and a byte
// at a time, and for doc cut anywhere what came whole before the cut, and
// an end: zipstream.ErrCut where the cut falls inside an entry or its
// header, which says the rest was not read.
func checkLinks(t *testing.T, name string, doc []byte, want string) {
	t.Helper()
	for _, one := range []bool{false, true} {
		var r io.Reader = bytes.NewReader(doc)
		if one {
			r = iotest.OneByteReader(r)
		}
		got, err := io.ReadAll(Links(r))
		if err != nil || string(got) != want {
			t.Errorf("%s, one byte a read %v: %q, %v; want %q", name, one, got, err, want)
		}
	}
	cuts := 0
	for n := range len(doc) {
		got, err := io.ReadAll(Links(bytes.NewReader(doc[:n])))
		if err != nil && err != zipstream.ErrCut || !strings.HasPrefix(want, string(got)) {
			t.Fatalf("%s, cut at %d: %q, %v", name, n, got, err)
		}
		if err != nil {
			cuts++
		}
	}
	if cuts < len(doc)/2 {
		t.Errorf("%s: cut short at %d places of %d", name, cuts, len(doc))
	}
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
		checkLinks(t, fmt.Sprintf("stored %v", store), doc, want)
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
	f.Add(mailgen.ODF("application/vnd.oasis.opendocument.text", mailgen.ZipEntry{Name: "content.xml", Data: `<text:a xlink:href="http://a.example/">a</text:a>`}))
	f.Fuzz(func(t *testing.T, in []byte) {
		got, err := io.ReadAll(Links(bytes.NewReader(in)))
		if err != nil && !strings.HasPrefix(err.Error(), "zip: ") {
			t.Fatal(err) // an error not the archive's
		}
		for line := range bytes.Lines(got) {
			if len(line) > 4*maxTarget {
				t.Fatalf("a line of %d bytes", len(line))
			}
		}
	})
}

// TestODFLinks: an OpenDocument file's links, in its content and its
// styles (a header's, a footer's): the absolute targets of its text's
// hyperlinks, single-quoted or double-quoted, their references resolved,
// a drawing's and an image's linked from outside; not its images in the
// package, links to other files or to a bookmark, a Windows path, an
// attribute whose name only ends in "xlink:href", its namespaces, nor
// the text of its paragraphs, nor a target past the bound.
func TestODFLinks(t *testing.T) {
	content := `<?xml version="1.0" encoding="UTF-8"?>` + "\n" +
		`<office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:xlink="http://www.w3.org/1999/xlink">` +
		`<text:p>see http://text-only.example/ and <text:a xlink:type="simple" xlink:href="https://a.example/doc?x=1&amp;y=2">here</text:a></text:p>` +
		`<text:p><text:a xlink:href='mailto:help@example.org' office:target-frame-name="_top">mail</text:a>` +
		`<text:a xlink:href="#Bookmark1">there</text:a><text:a xlink:href="../Other.odt">other</text:a>` +
		`<text:a xlink:href="C:\Users\x\file.odt">path</text:a><text:a my-xlink:href="http://not-a-link.example/">n</text:a></text:p>` +
		`<draw:frame><draw:image xlink:href="Pictures/100000000000.png" xlink:type="simple"/></draw:frame>` +
		`<draw:a xlink:type="simple" xlink:href="` + "\n  http://draw.example/x\n" + `"><draw:frame/></draw:a>` +
		`<draw:image xlink:href="https://remote.example/logo.png?v=7"/>` +
		`<text:a xlink:href="http://` + strings.Repeat("x", maxTarget) + `.example/">long</text:a>` +
		`<text:a xlink:href="ftp://after.example/f">after</text:a>` +
		`</office:document-content>`
	styles := `<office:document-styles><style:header><text:a xlink:href="https://header.example/">h</text:a></style:header></office:document-styles>`
	doc := mailgen.ODF("application/vnd.oasis.opendocument.text",
		mailgen.ZipEntry{Name: "META-INF/manifest.xml", Data: `<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0"/>`},
		mailgen.ZipEntry{Name: "content.xml", Data: content},
		mailgen.ZipEntry{Name: "Pictures/100000000000.png", Data: "\x89PNG\r\n\x1a\n" + `xlink:href="http://in-image.example/"`},
		mailgen.ZipEntry{Name: "styles.xml", Data: styles},
		mailgen.ZipEntry{Name: "meta.xml", Data: `<meta:template xlink:href="http://meta.example/"/>`})
	want := "https://a.example/doc?x=1&y=2\nmailto:help@example.org\nhttp://draw.example/x\nhttps://remote.example/logo.png?v=7\nftp://after.example/f\nhttps://header.example/\n"
	if !IsODF(doc) || !Sniff(doc) {
		t.Fatalf("IsODF %v, Sniff %v", IsODF(doc), Sniff(doc))
	}
	checkLinks(t, "odt", doc, want)
	// Told by its first entry, not by an Office document's nor another
	// archive's.
	if !IsODF(docx(t, true, map[string]string{"mimetype": "application/vnd.oasis.opendocument.text"}, []string{"mimetype"})) ||
		IsODF(mailgen.Zip(mailgen.ZipEntry{Name: "mimetype", Data: "application/vnd.oasis.opendocument.text"})) ||
		IsODF(mailgen.ODF("application/epub+zip")) || IsODF(docx(t, true, map[string]string{"a": "b"}, []string{"a"})) {
		t.Error("IsODF: a file told wrongly")
	}
	for _, c := range []struct {
		name string
		want bool
	}{{"Report.ODT", true}, {"sheet.ods", true}, {"talk.odp", true}, {"a.ott", true}, {"a.odf", false}, {"odt", false}} {
		if IsName(c.name) != c.want {
			t.Errorf("IsName(%q) = %v", c.name, !c.want)
		}
	}
}
