package pdf

import (
	"bytes"
	"compress/zlib"
	"fmt"
	"io"
	"strings"
	"testing"
	"testing/iotest"
)

// objStm is an object stream (§7.5.7) holding body, compressed with
// Flate, as a PDF 1.5 file keeps its annotations.
func objStm(body string) string {
	var z bytes.Buffer
	w := zlib.NewWriter(&z)
	w.Write([]byte(body))
	w.Close()
	return fmt.Sprintf("5 0 obj\n<< /Type /ObjStm /N 1 /First 4 /Filter /FlateDecode /Length %d >>\nstream\r\n%s\nendstream\nendobj\n", z.Len(), z.String())
}

// contentStream is a page's content, compressed: its text is not read.
func contentStream(body string) string {
	var z bytes.Buffer
	w := zlib.NewWriter(&z)
	w.Write([]byte(body))
	w.Close()
	return fmt.Sprintf("6 0 obj\n<< /Filter /FlateDecode /Length %d >>\nstream\n%s\nendstream\nendobj\n", z.Len(), z.String())
}

// checkLinks checks that Links gives want for in, read whole and a byte
// at a time.
func checkLinks(t *testing.T, in, want string) {
	t.Helper()
	for _, one := range []bool{false, true} {
		var r io.Reader = strings.NewReader(in)
		if one {
			r = iotest.OneByteReader(r)
		}
		got, err := io.ReadAll(Links(r))
		if err != nil || string(got) != want {
			t.Errorf("one byte a read %v: %q, %v; want %q", one, got, err, want)
		}
	}
}

// TestLinks: the targets of a PDF file's URI actions, as literal strings
// (their escapes decoded) or hexadecimal ones (UTF-16 too), in the file
// and in its object streams; not a name that starts with "URI", nor a
// string past the bound, nor one the file's end cuts.
func TestLinks(t *testing.T) {
	in := "%PDF-1.7\n%\xe2\xe3\xcf\xd3\n" +
		"1 0 obj\n<< /Type /Annot /Subtype /Link /A << /S /URI /URI (http://a.example/x\\(1\\)?q=\\056\\0562) >> >>\nendobj\n" +
		"2 0 obj\n<</A<</S/URI/URI(https://b.example/long\\\n/path (balanced))>>>>\nendobj\n" +
		"3 0 obj\n<< /URI <68 74 74 70 3A2F2F632E6578616D706C652F> /URIs (http://not.example/) /URI /Name >>\nendobj\n" +
		"4 0 obj\n<< /URI <FEFF0068007400740070003A002F002F0064002E006500780061006D0070006C0065002F00E9> >>\nendobj\n" +
		objStm("7 0 << /A << /S /URI /URI (https://in-objstm.example/a) >> >>") +
		contentStream("BT (see http://page-text.example/) Tj ET") +
		"8 0 obj\n<< /URI (http://" + strings.Repeat("x", maxURI) + ".example/) >>\nendobj\n" +
		"9 0 obj\n<< /URI (http://after.example/) >>\nendobj\n" +
		"10 0 obj\n<< /URI (http://cut.example/"
	want := "http://a.example/x(1)?q=..2\nhttps://b.example/long/path (balanced)\nhttp://c.example/\nhttp://d.example/é\nhttps://in-objstm.example/a\nhttp://after.example/\n"
	checkLinks(t, in, want)
	if !Sniff([]byte(in)) || Sniff([]byte("%!PS-Adobe")) {
		t.Error("Sniff")
	}
}

// TestLinksIndirect: a target written as an indirect object ("/URI 69 0
// R", as macOS's Quartz PDFContext writes every link, pdf.js's
// bug1771477.pdf) is read whether its object comes after the reference
// or before it, as a literal or a hexadecimal string; an object that is
// no string, "endobj", a reference to an object never written and
// another key's reference give nothing.
func TestLinksIndirect(t *testing.T) {
	in := "%PDF-1.3\n" +
		"68 0 obj\n<< /Type /Action /S /URI /URI 69 0 R >>\nendobj\n" +
		"69 0 obj\n(https://after.example/?tab=Th)\nendobj\n" +
		"3 0 obj <68747470733a2f2f6265666f72652e6578616d706c652f> endobj\n" +
		"4 0 obj (https://unreferred.example/) endobj\n" +
		"70 0 obj << /S /URI /URI 3 0 R >> endobj\n" +
		"71 0 obj << /S /URI /URI 1234567 0 R /Next 72 0 R >> endobj\n" +
		"72 0 obj << /S /URI /URI 73 0 R >> endobj 73 0 obj << /Length 5 >> endobj\n" +
		"1234567 0 obj\r\n(https://big-number.example/)endobj\n" +
		"74 0 obj << /URI 99 0 R >> endobj\n"
	want := "https://after.example/?tab=Th\nhttps://before.example/\nhttps://big-number.example/\n"
	checkLinks(t, in, want)
}

// TestLinksBomb: an object stream that inflates far is read no further
// than maxInflated, and the file's bytes after it are read on.
func TestLinksBomb(t *testing.T) {
	in := "%PDF-1.5\n" + objStm(strings.Repeat("\x00", 2*maxInflated)+"/URI (http://past.example/)") + "<< /URI (http://next.example/) >>"
	got, err := io.ReadAll(Links(strings.NewReader(in)))
	if err != nil || string(got) != "http://next.example/\n" {
		t.Errorf("%q, %v", got, err)
	}
}

// FuzzLinks: any bytes end, each line a URI of at most maxURI bytes.
func FuzzLinks(f *testing.F) {
	f.Add([]byte("%PDF-1.4\n<< /URI (http://a.example/\\(x\\)) >>\n<< /URI <687474703a2f2f> >>" + objStm("/URI (http://b.example/)")))
	f.Add([]byte("%PDF-1.3\n1 0 obj (http://held.example/) endobj 2 0 obj << /URI 1 0 R /A << /URI 3 0 R >> >> endobj 3 0 obj <687474703a2f2f> endobj"))
	f.Fuzz(func(t *testing.T, in []byte) {
		got, err := io.ReadAll(Links(bytes.NewReader(in)))
		if err != nil {
			t.Fatal(err)
		}
		for line := range bytes.Lines(got) {
			if len(line) > 3*maxURI+1 {
				t.Fatalf("a line of %d bytes", len(line))
			}
		}
	})
}
