package main

import (
	"bytes"
	"compress/gzip"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/urlgrep/urlgrep/internal/mailgen"
)

// TestTNEFFile: a winmail.dat saved from a mail (a TNEF stream) is read
// as the message it holds (mailbox.TNEFMessage), named, from a pipe, and
// gzipped (--search-zip); with --raw it is the binary file it is.
func TestTNEFFile(t *testing.T) {
	const (
		attBody, attMAPIProps = 0x0002800C, 0x00069003
		attRendData, attData  = 0x00069002, 0x0006800F
		attTitle              = 0x00018010
	)
	tnef := mailgen.TNEF([]mailgen.TNEFAttr{
		{Level: 1, ID: attBody, Data: []byte("Pay at https://pay.example/now today.\x00")},
		{Level: 1, ID: attMAPIProps, Props: []mailgen.TNEFProp{
			{ID: 0x1013, Type: 0x0102, Values: [][]byte{[]byte(`<a href="https://html.example/x">x</a>`)}},
		}},
		{Level: 2, ID: attRendData, Data: make([]byte, 14)},
		{Level: 2, ID: attTitle, Data: []byte("invoice.htm\x00")},
		{Level: 2, ID: attData, Data: []byte(`<a href="https://phish.example/x">open</a>`)},
	})
	dir := t.TempDir()
	path := filepath.Join(dir, "winmail.dat")
	if err := os.WriteFile(path, tnef, 0o644); err != nil {
		t.Fatal(err)
	}
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write(tnef)
	zw.Close()
	gzPath := filepath.Join(dir, "winmail.dat.gz")
	if err := os.WriteFile(gzPath, gz.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	want := "https://pay.example/now\nhttps://html.example/x\nhttps://phish.example/x\n"
	for _, c := range []struct {
		name  string
		args  []string
		stdin []byte
	}{
		{"named", []string{path}, nil},
		{"a pipe", nil, tnef},
		{"gzipped", []string{"--search-zip", gzPath}, nil},
	} {
		var out, errOut bytes.Buffer
		var in = onlyReader{bytes.NewReader(c.stdin)}
		if code := run(c.args, in, &out, &errOut); code != 0 || out.String() != want {
			t.Errorf("%s: exit status %d, output %q, stderr %q; want %q", c.name, code, out.String(), errOut.String(), want)
		}
	}
	var out, errOut bytes.Buffer
	if code := run([]string{"--raw", path}, strings.NewReader(""), &out, &errOut); code != 1 || out.Len() > 0 ||
		!strings.Contains(errOut.String(), "binary file skipped") {
		t.Errorf("--raw: exit status %d, output %q, stderr %q", code, out.String(), errOut.String())
	}
}

// TestRTFFile: a rich text document is read as its text: its fields'
// links, whole across its source's line breaks, and not Word's XML
// namespace; with --raw, as written.
func TestRTFFile(t *testing.T) {
	doc := "{\\rtf1\\ansi{\\fonttbl{\\f0 Times;}}{\\*\\xmlnstbl {\\xmlns1 http://schemas.microsoft.com/office/word/2003/wordml}}" +
		"Caf\\'e9 {\\field{\\*\\fldinst HYPERLINK \"http://rtf.example/a/\r\nb\"}{\\fldrslt here}}\\par}\r\n"
	path := filepath.Join(t.TempDir(), "letter.rtf")
	if err := os.WriteFile(path, []byte(doc), 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errOut bytes.Buffer
	if code := run([]string{"--context", path}, strings.NewReader(""), &out, &errOut); code != 0 ||
		out.String() != "http://rtf.example/a/b\n\tCafé HYPERLINK \"http://rtf.example/a/b\"here\n" {
		t.Errorf("exit status %d, output %q, stderr %q", code, out.String(), errOut.String())
	}
	out.Reset()
	if code := run([]string{"--raw", path}, strings.NewReader(""), &out, &errOut); code != 0 ||
		!strings.HasPrefix(out.String(), "http://schemas.microsoft.com/office/word/2003/wordml\n") {
		t.Errorf("--raw: exit status %d, output %q", code, out.String())
	}
}

// TestPDFFile: a PDF file is read for its links (its link annotations'
// targets), not skipped as binary; with --raw it is binary.
func TestPDFFile(t *testing.T) {
	doc := "%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Type /Annot /Subtype /Link /A << /S /URI /URI (https://phish.example/a\\(b\\)) >> >>\nendobj\n" +
		"2 0 obj\n<< /Length 3 >>\nstream\n\x00\x01\x02\nendstream\nendobj\n"
	path := filepath.Join(t.TempDir(), "invoice.pdf")
	if err := os.WriteFile(path, []byte(doc), 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errOut bytes.Buffer
	if code := run([]string{"-n", path}, strings.NewReader(""), &out, &errOut); code != 0 || out.String() != "1:https://phish.example/a(b)\n" {
		t.Errorf("exit status %d, output %q, stderr %q", code, out.String(), errOut.String())
	}
	out.Reset()
	errOut.Reset()
	if code := run([]string{"--raw", path}, strings.NewReader(""), &out, &errOut); code != 1 || !strings.Contains(errOut.String(), "binary file skipped") {
		t.Errorf("--raw: exit status %d, output %q, stderr %q", code, out.String(), errOut.String())
	}
}

// TestOfficeFile: an Office document is read for its hyperlinks, by its
// name and its first bytes; a ZIP archive by another name is binary.
func TestOfficeFile(t *testing.T) {
	book := mailgen.Zip(mailgen.ZipEntry{Name: "xl/worksheets/_rels/sheet1.xml.rels",
		Data: `<Relationships><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/hyperlink" Target="https://sheet.example/cell" TargetMode="External"/></Relationships>`})
	dir := t.TempDir()
	for _, c := range []struct{ name, want string }{{"book.xlsx", "https://sheet.example/cell\n"}, {"archive.zip", ""}} {
		path := filepath.Join(dir, c.name)
		if err := os.WriteFile(path, book, 0o644); err != nil {
			t.Fatal(err)
		}
		var out, errOut bytes.Buffer
		run([]string{path}, strings.NewReader(""), &out, &errOut)
		if out.String() != c.want {
			t.Errorf("%s: output %q, stderr %q; want %q", c.name, out.String(), errOut.String(), c.want)
		}
	}
}
