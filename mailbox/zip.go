package mailbox

import (
	"archive/tar"
	"bytes"
	"compress/bzip2"
	"compress/gzip"
	"encoding/base64"
	"fmt"
	"io"
	"mime"
	"path"
	"strings"

	"github.com/urlgrep/urlgrep/internal/magic"
	"github.com/urlgrep/urlgrep/internal/ooxml"
	"github.com/urlgrep/urlgrep/internal/pdf"
	"github.com/urlgrep/urlgrep/internal/rtf"
	"github.com/urlgrep/urlgrep/internal/zipstream"
)

// Phishing sends its page zipped, for filters that read no archive: an
// HTML file, a PDF, a shortcut inside a .zip attachment. zipMessage
// renders a ZIP archive as a MIME message with a part for each entry a
// mail's attachment of that name would be read for (attachmentName),
// which a Reader then reads as it reads attachments (docPart).

// zipBoundary separates the parts zipMessage writes (base64 all).
const zipBoundary = "urlgrep-zip-part"

// attachmentName reports whether a file named name is read when attached
// to a mail: text by its extension (textExts), or one of docKinds (an
// archive of its own among them).
func attachmentName(name string) bool {
	return extType(name) != "" || docName(path.Base(name))
}

// zipMessage returns the archive r as a MIME message: a multipart/mixed
// body with a part for each entry attachmentName reads, in base64, named
// as its entry is (less its folders), at most maxZipEntry bytes of it.
// It reads r as it is read, holding at most a step's output (zipStep) at
// a time.
func zipMessage(r io.Reader) io.Reader { return archiveMessage(zipstream.NewReader(r), false) }

// ZipMessage returns the ZIP archive r, a file (a search's input), as a
// MIME message whose parts are its files, each read as a search reads a
// file: by its first bytes (a mail, a winmail.dat, a PDF, an OpenDocument
// file, rich text, an archive inside it, UTF-16 text with its byte order
// mark, other text as text; a binary file passed over), and an Office
// document by its name, for its links. It reads r as it comes, each
// file's first 32 MiB at most.
func ZipMessage(r io.Reader) io.Reader { return archiveMessage(zipstream.NewReader(r), true) }

// TarMessage returns the tar archive r (POSIX.1-2001 pax, ustar, GNU
// tar) as ZipMessage returns a ZIP archive: its regular files as parts.
func TarMessage(r io.Reader) io.Reader { return archiveMessage(&tarEntries{r: tar.NewReader(r)}, true) }

// IsTar reports whether head, a file's first bytes, starts as a tar
// archive does: a header block whose magic, at offset 257, is ustar's
// (POSIX ustar and pax "ustar\x00", GNU tar's "ustar ").
func IsTar(head []byte) bool {
	return len(head) >= 263 && string(head[257:262]) == "ustar" && (head[262] == 0 || head[262] == ' ')
}

// entries are an archive's files, one after another: Next returns the
// next one's name and a reader of its data (nil for one that cannot be
// read), and false at the archive's end; Err then says why the archive
// ended before its end (cut short, broken), or is nil.
type entries interface {
	Next() (name string, data io.Reader, ok bool)
	Err() error
}

// archiveMessage returns the message that stands for the archive of
// entries: a multipart/mixed body of the files attachmentName reads, or,
// with sniff, of the files a search reads, told by their first bytes.
func archiveMessage(e entries, sniff bool) io.Reader {
	z := &archiveReader{z: e, sniff: sniff}
	fmt.Fprintf(&z.out, "MIME-Version: 1.0\r\nContent-Type: multipart/mixed; boundary=%q\r\n\r\n", zipBoundary)
	return z
}

// unpack returns a reader of what a file compressed with gzip (RFC 1952)
// or bzip2 holds, the file being head and then rest; nil for a file of
// another kind, or one whose header is broken.
func unpack(head []byte, rest io.Reader) io.Reader {
	whole := func() io.Reader { return io.MultiReader(bytes.NewReader(bytes.Clone(head)), rest) }
	switch {
	case magic.Gzip(head):
		zr, err := gzip.NewReader(whole())
		if err != nil {
			return nil
		}
		return zr
	case magic.Bzip2(head):
		return bzip2.NewReader(whole())
	}
	return nil
}

// sniffType returns the media type to read a file of an archive on disk
// as, by its first bytes, head, as a search tells a file: a winmail.dat,
// a PDF, an OpenDocument file, an archive or rich text as such whatever
// its name; UTF-16 text by its byte order mark; a mail when they are a
// mail's header (a maildir's message, an .mbox, a SpamAssassin corpus'
// "00910.49da...txt"); plain text otherwise (an HTML page too, as on
// disk). "" for a file passed over: empty, or binary (a NUL byte among
// its first bytes, as grep tells).
func sniffType(head []byte) string {
	switch {
	case len(head) == 0:
		return ""
	case IsTNEF(head):
		return "application/ms-tnef"
	case pdf.Sniff(head):
		return "application/pdf"
	case ooxml.IsODF(head):
		return "application/vnd.oasis.opendocument.text"
	case zipstream.Sniff(head):
		return "application/zip"
	case rtf.Sniff(head):
		return "application/rtf"
	case magic.UTF16(head):
		return "text/plain; charset=utf-16" // with its byte order mark
	case bytes.IndexByte(head, 0) >= 0:
		return ""
	case Sniff(head):
		return "message/rfc822"
	}
	return "text/plain"
}

// tarEntries are a tar archive's regular files.
type tarEntries struct {
	r   *tar.Reader
	err error
}

func (t *tarEntries) Err() error { return t.err }

func (t *tarEntries) Next() (string, io.Reader, bool) {
	for {
		h, err := t.r.Next()
		if err != nil {
			if err != io.EOF && t.err == nil {
				t.err = fmt.Errorf("tar: %w: the rest of the archive not read", err) // cut or broken
			}
			return "", nil, false
		}
		if h.Typeflag == tar.TypeReg { // the old TypeRegA too: Next reads it as TypeReg
			return h.Name, t.r, true
		}
	}
}

// maxZipEntry bounds what an entry gives when inflated: what is past it
// is not read (an entry made to inflate without end: a ZIP bomb, which
// would make a mail's reading as long as its inflated size).
const maxZipEntry = 32 << 20

// zipStep is how many bytes of an entry one step copies out.
const zipStep = 16 << 10

type archiveReader struct {
	z     entries
	sniff bool // a file of another name is read by its first bytes
	out   bytes.Buffer
	data  io.Reader      // the entry being copied out
	enc   io.WriteCloser // its base64 encoder
	done  bool
	head  [8 << 10]byte // a file's first bytes, when sniffed (as many as a search sniffs)
}

func (z *archiveReader) Read(p []byte) (int, error) {
	for z.out.Len() == 0 && !z.done {
		z.step()
	}
	if z.out.Len() == 0 {
		if err := z.z.Err(); err != nil {
			return 0, err // after the parts read: the rest was not
		}
		return 0, io.EOF
	}
	return z.out.Read(p)
}

// step copies a piece of the entry being read out, or starts on the next
// entry that is read, or ends the message.
func (z *archiveReader) step() {
	if z.data != nil {
		if n, err := io.CopyN(z.enc, z.data, zipStep); err == nil && n == zipStep {
			return
		}
		z.enc.Close()
		z.out.WriteString("\r\n")
		z.data, z.enc = nil, nil
		return
	}
	for {
		name, data, ok := z.z.Next()
		if !ok {
			fmt.Fprintf(&z.out, "--%s--\r\n", zipBoundary)
			z.done = true
			return
		}
		if data == nil || strings.HasSuffix(name, "/") {
			continue
		}
		mediatype := "application/octet-stream" // read by its name (readAs, docPart)
		switch {
		case z.sniff && !docName(path.Base(name)):
			n, _ := io.ReadFull(data, z.head[:])
			head := z.head[:n]
			if unpacked := unpack(head, data); unpacked != nil {
				// A file compressed inside the archive (a log's .gz,
				// a .bz2): read as what it holds.
				data = unpacked
				n, _ = io.ReadFull(data, z.head[:])
				head = z.head[:n]
			}
			if mediatype = sniffType(head); mediatype == "" {
				continue
			}
			data = io.MultiReader(bytes.NewReader(bytes.Clone(head)), data)
		case !attachmentName(name):
			continue
		}
		params := map[string]string{"name": path.Base(name)}
		if t, p, err := mime.ParseMediaType(mediatype); err == nil && p["charset"] != "" {
			mediatype, params["charset"] = t, p["charset"]
		}
		ctype := mime.FormatMediaType(mediatype, params)
		if ctype == "" {
			ctype = mediatype
		}
		fmt.Fprintf(&z.out, "--%s\r\nContent-Type: %s\r\nContent-Transfer-Encoding: base64\r\n\r\n", zipBoundary, ctype)
		z.data, z.enc = io.LimitReader(data, maxZipEntry), base64.NewEncoder(base64.StdEncoding, &lineWriter{w: &z.out})
		return
	}
}
