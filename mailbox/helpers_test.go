package mailbox

import (
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/urlgrep/urlgrep/internal/mailgen"

	"golang.org/x/text/encoding"
)

// Builders for the test inputs. Each returns mail text with LF line ends;
// crlf turns them into CRLF.

// fromLine is the "From " line an mbox writer puts before each message.
const fromLine = "From sender@example.org Mon Jan  2 15:04:05 2006\n"

// message joins header fields and a body as RFC 5322 §2.1 lays out a
// message (and RFC 2045 a body part): the fields, an empty line, the body.
func message(body string, fields ...string) string {
	return strings.Join(fields, "\n") + "\n\n" + body
}

// mboxOf joins messages as an mboxrd writer does: a "From " line before
// each; a ">" added before each line matching /^>*From / so that no line
// of a message starts with "From "; a line end added when the message
// lacks one, and an empty line after it.
func mboxOf(msgs ...string) string {
	var b strings.Builder
	for _, m := range msgs {
		b.WriteString(fromLine)
		b.WriteString(mboxrdQuote(m))
		if !strings.HasSuffix(m, "\n") {
			b.WriteString("\n")
		}
		b.WriteString("\n")
	}
	return b.String()
}

// mboxrdQuote adds a ">" before each line of s that matches /^>*From /.
func mboxrdQuote(s string) string {
	lines := strings.SplitAfter(s, "\n")
	for i, l := range lines {
		if strings.HasPrefix(strings.TrimLeft(l, ">"), "From ") {
			lines[i] = ">" + l
		}
	}
	return strings.Join(lines, "")
}

// emlx lays out an Apple Mail .emlx file: the message's length in bytes,
// padded to ten columns as Mail writes it, then the message, then plist.
func emlx(msg, plist string) string { return fmt.Sprintf("%-10d\n", len(msg)) + msg + plist }

// mailPlist is a property list as Mail writes one after an .emlx file's
// message.
const mailPlist = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<dict>
	<key>flags</key>
	<integer>8590195713</integer>
</dict>
</plist>
`

// crlf turns every LF into CRLF.
func crlf(s string) string { return strings.ReplaceAll(s, "\n", "\r\n") }

// multi lays out the parts of a multipart body as RFC 2046 §5.1.1 does:
// a preamble, "--boundary" before each part, "--boundary--" after the last.
func multi(boundary string, parts ...string) string {
	var b strings.Builder
	b.WriteString("This is a multi-part message in MIME format.\n")
	for _, p := range parts {
		b.WriteString("\n--" + boundary + "\n")
		b.WriteString(p)
	}
	b.WriteString("\n--" + boundary + "--\n")
	return b.String()
}

// b64 encodes s in base64, in lines of 76 characters (RFC 2045 §6.8).
func b64(s string) string { return mailgen.Base64Lines(s) }

// encode converts UTF-8 s to the charset e.
func encode(t testing.TB, e encoding.Encoding, s string) string {
	t.Helper()
	out, err := e.NewEncoder().String(s)
	if err != nil {
		t.Fatalf("encoding %q: %v", s, err)
	}
	return out
}

// got is a part as a test sees it: the Part's fields and its whole body.
type got struct {
	Message   int
	MessageID string
	Path      string
	Type      string
	Group     string
	Body      string
}

func (g got) String() string {
	return fmt.Sprintf("{%d %q %s %s group=%q %q}", g.Message, g.MessageID, g.Path, g.Type, g.Group, g.Body)
}

// problem is a Problem as a test expects it: where, and a piece of its
// error's text.
type problem struct {
	Message int
	Part    string
	Has     string
}

// readAll reads every part of in, and every problem reported. A Body that
// returns an error other than io.EOF fails the test: errors in the input
// are problems, never read errors.
// urlHeaders are the headers the rows of TestReader pin, those that carry
// URLs by their definition (RFC 2369's List-*, RFC 5064's Archived-At,
// RFC 8288's Link, MIME's Content-Base and -Location) and the Subject;
// the reader makes a part of every header but those that never carry one,
// which TestEveryHeader checks.
var urlHeaders = map[string]bool{"Subject": true, "List-Help": true, "List-Unsubscribe": true, "List-Subscribe": true,
	"List-Post": true, "List-Owner": true, "List-Archive": true, "Archived-At": true, "Link": true,
	"Content-Base": true, "Content-Location": true}

func readAll(t testing.TB, in io.Reader) ([]got, []Problem) {
	t.Helper()
	var probs []Problem
	r := NewReader(in, OnProblem(func(p Problem) { probs = append(probs, p) }))
	return gotParts(t, r), probs
}

// gotParts reads r's parts as readAll does.
func gotParts(t testing.TB, r *Reader) []got {
	t.Helper()
	var parts []got
	for {
		p, err := r.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("Next: %v", err)
		}
		body, err := io.ReadAll(p.Body)
		if err != nil {
			t.Errorf("part %d/%s: Body.Read: %v", p.Message, p.Path, err)
		}
		if i := strings.Index(p.Path, "header:"); i >= 0 && !urlHeaders[p.Path[i+len("header:"):]] &&
			!strings.HasSuffix(p.Path, "-Url") && !strings.HasSuffix(p.Path, "-Uri") {
			continue // every header is a part; TestEveryHeader pins those
		}
		if strings.HasSuffix(p.Path, "preamble") || strings.HasSuffix(p.Path, "epilogue") {
			continue // TestAroundParts pins those
		}
		parts = append(parts, got{p.Message, p.MessageID, p.Path, p.Type, p.Group, string(body)})
		if len(parts) > 10000 {
			t.Fatalf("more than 10000 parts")
		}
	}
	return parts
}
