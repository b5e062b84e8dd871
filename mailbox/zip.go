package mailbox

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"io"
	"mime"
	"path"
	"strings"

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
func zipMessage(r io.Reader) io.Reader {
	z := &zipReader{z: zipstream.NewReader(r)}
	fmt.Fprintf(&z.out, "MIME-Version: 1.0\r\nContent-Type: multipart/mixed; boundary=%q\r\n\r\n", zipBoundary)
	return z
}

// maxZipEntry bounds what an entry gives when inflated: what is past it
// is not read (an entry made to inflate without end: a ZIP bomb, which
// would make a mail's reading as long as its inflated size).
const maxZipEntry = 32 << 20

// zipStep is how many bytes of an entry one step copies out.
const zipStep = 16 << 10

type zipReader struct {
	z    *zipstream.Reader
	out  bytes.Buffer
	data io.Reader      // the entry being copied out
	enc  io.WriteCloser // its base64 encoder
	done bool
}

func (z *zipReader) Read(p []byte) (int, error) {
	for z.out.Len() == 0 && !z.done {
		z.step()
	}
	if z.out.Len() == 0 {
		return 0, io.EOF
	}
	return z.out.Read(p)
}

// step copies a piece of the entry being read out, or starts on the next
// entry that is read, or ends the message.
func (z *zipReader) step() {
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
		if data == nil || strings.HasSuffix(name, "/") || !attachmentName(name) {
			continue
		}
		ctype := mime.FormatMediaType("application/octet-stream", map[string]string{"name": path.Base(name)})
		if ctype == "" {
			ctype = "application/octet-stream"
		}
		fmt.Fprintf(&z.out, "--%s\r\nContent-Type: %s\r\nContent-Transfer-Encoding: base64\r\n\r\n", zipBoundary, ctype)
		z.data, z.enc = io.LimitReader(data, maxZipEntry), base64.NewEncoder(base64.StdEncoding, &lineWriter{w: &z.out})
		return
	}
}
