package mailbox

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"encoding/base64"
	"io"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/urlgrep/urlgrep/internal/mailgen"
	"github.com/urlgrep/urlgrep/internal/zipstream"
)

// attachmentMail is a mail of a text part and an attachment with the
// header fields header and the body body, in base64.
func attachmentMail(header, body string) string {
	return "From: a@example.org\nContent-Type: multipart/mixed; boundary=b\n\n--b\nContent-Type: text/plain\n\nhi\n--b\n" + header +
		"\nContent-Transfer-Encoding: base64\n\n" + mailgen.Base64Lines(body) + "\n--b--\n"
}

// attachmentParts reads mail and returns its parts but the first (the
// text's) as "path type: body", and the problems reported.
func attachmentParts(t *testing.T, mail string) ([]string, []Problem) {
	t.Helper()
	parts, probs := readAll(t, strings.NewReader(mail))
	var got []string
	for _, p := range parts[1:] {
		got = append(got, p.Path+" "+p.Type+": "+strings.TrimSpace(p.Body))
	}
	return got, probs
}

// TestRTFPart: a part of rich text, by its type or its file's name, is
// read for its text (a child part of its own); rich text made from HTML as
// that HTML; a part so named that is not rich text is read as it was.
func TestRTFPart(t *testing.T) {
	const doc = `{\rtf1\ansi{\fonttbl{\f0 Times;}}{\*\xmlnstbl {\xmlns1 http://schemas.microsoft.com/office/word/2003/wordml}}Caf\'e9 {\field{\*\fldinst HYPERLINK "http://rtf.example/a"}{\fldrslt a}}\par}`
	const fromHTML = `{\rtf1\ansi\fromhtml1 {\*\htmltag84 <a href="http://html.example/b">}\htmlrtf {\field{\*\fldinst{HYPERLINK "http://html.example/b"}}{\fldrslt\htmlrtf0 b\htmlrtf }\htmlrtf0 {\*\htmltag92 </a>}}`
	for _, c := range []struct {
		name, mail string
		want       []string
	}{
		{"by type", attachmentMail("Content-Type: application/rtf", doc), []string{"2.1 text/plain: Café HYPERLINK \"http://rtf.example/a\"a"}},
		{"by name", attachmentMail("Content-Type: application/octet-stream\nContent-Disposition: attachment; filename=\"Letter.RTF\"", doc), []string{"2.1 text/plain: Café HYPERLINK \"http://rtf.example/a\"a"}},
		{"made from HTML", attachmentMail("Content-Type: text/rtf", fromHTML), []string{"2.1 text/html: <http://html.example/b>\n\nb"}},
		{"not rich text", attachmentMail("Content-Type: application/rtf; name=\"x.rtf\"", "plain http://plain.example/"), []string{"2 application/rtf: plain http://plain.example/"}},
	} {
		if got, probs := attachmentParts(t, c.mail); !reflect.DeepEqual(got, c.want) || len(probs) > 0 {
			t.Errorf("%s: %q, problems %v; want %q", c.name, got, probs, c.want)
		}
	}
}

// TestPDFPart: a PDF attachment, by its type or its file's name, is read
// for its links (a child part of its own, one link a line), wherever in
// its first bytes the file starts; a part so named that is no PDF gives
// none.
func TestPDFPart(t *testing.T) {
	const doc = "%PDF-1.4\n1 0 obj\n<< /Type /Annot /Subtype /Link /A << /S /URI /URI (https://phish.example/login?id=1) >> >>\nendobj\n\x00\x01\x02"
	for _, c := range []struct {
		name, mail string
		want       []string
	}{
		{"by type", attachmentMail("Content-Type: application/pdf", doc), []string{"2.1 text/plain: https://phish.example/login?id=1"}},
		{"by name", attachmentMail("Content-Type: application/octet-stream; name=\"Invoice.PDF\"", doc), []string{"2.1 text/plain: https://phish.example/login?id=1"}},
		{"by disposition", attachmentMail("Content-Type: application/octet-stream\nContent-Disposition: attachment; filename=\"scan.pdf\"", doc), []string{"2.1 text/plain: https://phish.example/login?id=1"}},
		{"base64 before it", attachmentMail("Content-Type: application/pdf", ""), []string{"2.1 text/plain: https://phish.example/login?id=1"}},
		{"no PDF: no links", attachmentMail("Content-Type: application/pdf; name=\"x.pdf\"", "\x00\x01 http://binary.example/"), []string{"2.1 text/plain: "}},
	} {
		if c.name == "base64 before it" {
			// Phishing's: base64 of its own before the file's, for
			// filters that look for "%PDF-" at its start.
			enc := strings.Repeat("ContentDispositioninline", 3) + base64.StdEncoding.EncodeToString([]byte(doc))
			var lines strings.Builder
			for len(enc) > 76 {
				lines.WriteString(enc[:76] + "\n")
				enc = enc[76:]
			}
			lines.WriteString(enc)
			c.mail = strings.Replace(c.mail, "\n\n\n--b--", "\n\n"+lines.String()+"\n--b--", 1)
		}
		if got, probs := attachmentParts(t, c.mail); !reflect.DeepEqual(got, c.want) || len(probs) > 0 {
			t.Errorf("%s: %q, problems %v; want %q", c.name, got, probs, c.want)
		}
	}
}

// TestOfficePart: an Office document attachment, by its type or its
// file's name, is read for its hyperlinks (its external relationships'
// targets, a child part of its own); so is an OpenDocument file.
func TestOfficePart(t *testing.T) {
	doc := mailgen.Zip(mailgen.ZipEntry{Name: "word/_rels/document.xml.rels",
		Data: `<Relationships><Relationship Id="rId3" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/hyperlink" Target="https://phish.example/doc" TargetMode="External"/></Relationships>`})
	for _, h := range []string{
		"Content-Type: application/vnd.openxmlformats-officedocument.wordprocessingml.document",
		"Content-Type: application/octet-stream; name=\"Invoice.docx\"",
		"Content-Type: application/octet-stream\nContent-Disposition: attachment; filename=\"q3.XLSX\"",
	} {
		if got, probs := attachmentParts(t, attachmentMail(h, string(doc))); !reflect.DeepEqual(got, []string{"2.1 text/plain: https://phish.example/doc"}) || len(probs) > 0 {
			t.Errorf("%s: parts %q, problems %v", h, got, probs)
		}
	}
	// An OpenDocument file (LibreOffice's): its text's hyperlinks.
	odt := mailgen.ODF("application/vnd.oasis.opendocument.text",
		mailgen.ZipEntry{Name: "content.xml", Data: `<office:text><text:a xlink:type="simple" xlink:href="https://phish.example/odt">open</text:a></office:text>`})
	for _, h := range []string{
		"Content-Type: application/vnd.oasis.opendocument.text",
		"Content-Type: application/octet-stream; name=\"Invoice.odt\"",
		"Content-Type: application/octet-stream\nContent-Disposition: attachment; filename=\"q3.ods\"",
	} {
		if got, probs := attachmentParts(t, attachmentMail(h, string(odt))); !reflect.DeepEqual(got, []string{"2.1 text/plain: https://phish.example/odt"}) || len(probs) > 0 {
			t.Errorf("%s: parts %q, problems %v", h, got, probs)
		}
	}
}

// TestZipPart: a ZIP attachment is read for the entries a mail's
// attachment of their name would be read for: an HTML page (as HTML), a
// PDF (its links), a zipped archive in it; not an image, nor an
// encrypted entry, nor another one.
func TestZipPart(t *testing.T) {
	pdfDoc := "%PDF-1.4\n<< /A << /S /URI /URI (https://pdf-in-zip.example/) >> >>\n"
	inner := mailgen.Zip(mailgen.ZipEntry{Name: "deeper/page.htm", Data: `<a href="https://nested.example/">x</a>`})
	archive := mailgen.Zip(
		mailgen.ZipEntry{Name: "invoice/Invoice.html", Data: `<html><body><a href="https://phish.example/login">Open</a></body></html>`},
		mailgen.ZipEntry{Name: "logo.png", Data: "\x89PNG\r\n\x1a\n http://image.example/"},
		mailgen.ZipEntry{Name: "scan.pdf", Data: pdfDoc},
		mailgen.ZipEntry{Name: "notes.bin", Data: "http://bin.example/"},
		mailgen.ZipEntry{Name: "inner.zip", Data: string(inner)},
	)
	got, probs := attachmentParts(t, attachmentMail("Content-Type: application/zip; name=\"docs.zip\"", string(archive)))
	want := []string{
		"2.1 application/octet-stream: <https://phish.example/login>\n\nOpen",
		"2.2.1 text/plain: https://pdf-in-zip.example/",
		"2.3.1 application/octet-stream: <https://nested.example/>\n\nx",
	}
	if !reflect.DeepEqual(got, want) || len(probs) > 0 {
		t.Errorf("parts %q, problems %v; want %q", got, probs, want)
	}
}

// TestArchiveFiles: a ZIP or tar archive on disk (ZipMessage, TarMessage)
// is read for its files as a search reads files: a mail (a maildir's
// message, of no extension, or a SpamAssassin corpus' ".txt") as a
// mail, an HTML page as the plain text it is on disk, a PDF, a
// winmail.dat, rich text and an archive by their first bytes whatever
// their names, UTF-16 text by its byte order mark, a file compressed
// with gzip or bzip2 as what it holds, other text as text; not a binary
// file, a folder, a link, nor an empty file. A tar archive
// holds the same files as a ZIP archive, and gives the same parts.
func TestArchiveFiles(t *testing.T) {
	const attBody = 0x0002800C
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	io.WriteString(zw, "127.0.0.1 GET http://gz.example/log\n")
	zw.Close()
	const bz2 = "\x42\x5a\x68\x39\x31\x41\x59\x26\x53\x59\xf6\x5c\x3a\x9e\x00\x00\x09\xd9\x80\x00\x10\x40\x01\x90\x10\x32\x46\x4c\x50\x20\x00\x31\x43\x4d\x30\x00\x50\xf5\x34\x0d\x34\x7e\xa8\xb2\xd4\xba\x20\x4d\x1e\x77\xc7\x03\xb5\x36\x7c\x5d\xc9\x14\xe1\x42\x43\xd9\x70\xea\x78"
	utf16 := []byte{0xff, 0xfe}
	for _, c := range "see http://utf16.example/\n" {
		utf16 = append(utf16, byte(c), 0)
	}
	files := []mailgen.ZipEntry{
		{Name: "Maildir/cur/1700000000.M1P2.host:2,S", Data: "From: a@example.org\nSubject: one\nContent-Type: text/plain\nContent-Transfer-Encoding: quoted-printable\n\nsee http://maildir.example/lo=\nng\n"},
		{Name: "spam/00910.49da.txt", Data: "Received: from a.example by b.example\nFrom: b@example.org\nSubject: two\n\nhttp://spam.example/\n"},
		{Name: "site/page.html", Data: `<a href="http://page.example/?a=1&amp;b=2">x</a>`},
		{Name: "README", Data: "docs at http://readme.example/\n"},
		{Name: "scan", Data: "%PDF-1.4\n<< /S /URI /URI (https://pdf.example/) >>\n"},
		{Name: "att.dat", Data: string(mailgen.TNEF([]mailgen.TNEFAttr{{Level: 1, ID: attBody, Data: []byte("Pay at https://tnef.example/now.\x00")}}))},
		{Name: "inner.bin", Data: string(mailgen.Zip(mailgen.ZipEntry{Name: "x.txt", Data: "http://inner.example/"}))},
		{Name: "wide.txt", Data: string(utf16)},
		{Name: "data.bin", Data: "\x00\x01http://binary.example/"},
		{Name: "empty", Data: ""},
		{Name: "logs/app.log.gz", Data: gz.String()},
		{Name: "notes.bz2", Data: bz2}, // bzip2 -9 of "see http://bz2.example/\n"
	}
	want := []string{
		"1.header:Subject text/plain: one",
		"1.1 text/plain: see http://maildir.example/long",
		"2.header:Subject text/plain: two",
		"2.1 text/plain: http://spam.example/",
		`3 text/plain: <a href="http://page.example/?a=1&amp;b=2">x</a>`,
		"4 text/plain: docs at http://readme.example/",
		"5.1 text/plain: https://pdf.example/",
		"6.1 text/plain: Pay at https://tnef.example/now.\x00",
		"7.1 application/octet-stream: http://inner.example/",
		"8 text/plain: see http://utf16.example/",
		"9 text/plain: 127.0.0.1 GET http://gz.example/log",
		"10 text/plain: see http://bz2.example/",
	}
	var tb bytes.Buffer
	tw := tar.NewWriter(&tb)
	tw.WriteHeader(&tar.Header{Name: "Maildir/", Typeflag: tar.TypeDir, Mode: 0o755})
	tw.WriteHeader(&tar.Header{Name: "link", Typeflag: tar.TypeSymlink, Linkname: "README"})
	for _, f := range files {
		tw.WriteHeader(&tar.Header{Name: f.Name, Typeflag: tar.TypeReg, Mode: 0o644, Size: int64(len(f.Data))})
		io.WriteString(tw, f.Data)
	}
	tw.Close()
	if !IsTar(tb.Bytes()) || IsTar(mailgen.Zip(files...)) || IsTar([]byte("From: a@example.org\n\nhi\n")) {
		t.Fatal("IsTar told an archive wrongly")
	}
	for _, a := range []struct {
		name string
		msg  io.Reader
	}{{"tar", TarMessage(bytes.NewReader(tb.Bytes()))}, {"zip", ZipMessage(bytes.NewReader(mailgen.Zip(files...)))}} {
		parts, probs := readAll(t, a.msg)
		var got []string
		for _, p := range parts {
			got = append(got, p.Path+" "+p.Type+": "+strings.TrimSpace(p.Body))
		}
		if !reflect.DeepEqual(got, want) || len(probs) > 0 {
			t.Errorf("%s: parts\n%q\nproblems %v; want\n%q", a.name, got, probs, want)
		}
	}
}

// FuzzArchive: any bytes read as a tar or ZIP archive's message end, in
// bounded time.
func FuzzArchive(f *testing.F) {
	f.Add(mailgen.Tar(mailgen.ZipEntry{Name: "a", Data: "From: a@b.example\n\nx\n"}))
	f.Add(mailgen.Zip(mailgen.ZipEntry{Name: "m", Data: "Subject: s\nFrom: a@b.example\n\nhttp://a.example/\n"}, mailgen.ZipEntry{Name: "p.htm", Data: "<a href=x>"}))
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, r := range []io.Reader{TarMessage(bytes.NewReader(data)), ZipMessage(bytes.NewReader(data))} {
			within(t, 20*time.Second, len(data), func() { readToEnd(io.LimitReader(r, 64<<20)) })
		}
	})
}

// TestArchiveCut: an archive cut short gives the files before the cut,
// and says that the rest was not read: as a search's input, an error
// from Next after them; as a mail's attachment, a problem of its part.
func TestArchiveCut(t *testing.T) {
	files := []mailgen.ZipEntry{
		{Name: "a.txt", Data: "see http://a.example/\n"},
		{Name: "b.txt", Data: strings.Repeat("http://b.example/ ", 200)},
	}
	tarred, zipped := mailgen.Tar(files...), mailgen.Zip(files...)
	for _, a := range []struct {
		name, err string
		msg       io.Reader
	}{
		{"tar", "tar: unexpected EOF: the rest of the archive not read", TarMessage(bytes.NewReader(tarred[:2048]))},
		{"zip", zipstream.ErrCut.Error(), ZipMessage(bytes.NewReader(zipped[:len(zipped)/2]))},
	} {
		r := NewReader(a.msg)
		var paths []string
		var err error
		for {
			var p *Part
			if p, err = r.Next(); err != nil {
				break
			}
			if !strings.Contains(p.Path, "header") {
				paths = append(paths, p.Path)
			}
			io.Copy(io.Discard, p.Body)
		}
		if err == nil || err.Error() != a.err || len(paths) == 0 || paths[0] != "1" {
			t.Errorf("%s: parts %q, then %v; want part 1, then %q", a.name, paths, err, a.err)
		}
	}

	mail := "From: a@example.org\nSubject: s\nMIME-Version: 1.0\nContent-Type: multipart/mixed; boundary=X\n\n--X\n" +
		"Content-Type: text/plain\n\nhello\n--X\nContent-Type: application/zip; name=cut.zip\nContent-Transfer-Encoding: base64\n\n" +
		base64.StdEncoding.EncodeToString(zipped[:len(zipped)/2]) + "\n--X--\n"
	parts, probs := readAll(t, strings.NewReader(mail))
	var paths []string
	for _, p := range parts {
		if !strings.Contains(p.Path, "header") {
			paths = append(paths, p.Path)
		}
	}
	want := []Problem{{Message: 1, Part: "2", Err: zipstream.ErrCut}}
	if len(paths) < 2 || paths[0] != "1" || paths[1] != "2.1" || !reflect.DeepEqual(probs, want) {
		t.Errorf("mail: parts %q, problems %v; want 1, 2.1 (a.txt), and %v", paths, probs, want)
	}
}
