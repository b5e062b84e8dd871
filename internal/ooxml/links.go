// Package ooxml reads the links of an office document: an Office Open
// XML document (a Word .docx, an Excel .xlsx, a PowerPoint .pptx;
// ECMA-376), the targets of its external relationships (Part 2, §9.3: a
// relationship part's <Relationship TargetMode="External"
// Target="https://..."/>), which is where every hyperlink of its text,
// cells and slides points; and an OpenDocument file (LibreOffice's .odt,
// .ods, .odp; OASIS OpenDocument 1.2, ISO/IEC 26300), the absolute
// targets of the links in its content and styles (odf.go). Phishing
// sends its link in such a document, which a mail filter reads no text
// of. Links reads a document as it comes, once: its ZIP entries one
// after another (zipstream), with a bounded state, inflating only the
// parts that hold links (and the entries whose sizes follow their data).
package ooxml

import (
	"bufio"
	"bytes"
	"html"
	"io"
	"strings"

	"github.com/urlgrep/urlgrep/internal/zipstream"
)

// Sniff reports whether head, a file's first bytes, starts as a ZIP
// archive's first entry does (zipstream.Sniff).
func Sniff(head []byte) bool { return zipstream.Sniff(head) }

// IsName reports whether name is an office document's file name (its
// extension): Office Open XML's .docx, .xlsx, .pptx and their
// macro-enabled and template kinds, OpenDocument's .odt, .ods, .odp,
// .odg and their template kinds.
func IsName(name string) bool {
	name = strings.ToLower(strings.TrimSpace(name))
	i := strings.LastIndexByte(name, '.')
	if i < 0 {
		return false
	}
	switch name[i:] {
	case ".docx", ".docm", ".dotx", ".dotm", ".xlsx", ".xlsm", ".xltx", ".xltm", ".pptx", ".pptm", ".potx", ".potm", ".ppsx", ".ppsm",
		".odt", ".ods", ".odp", ".odg", ".ott", ".ots", ".otp", ".otg":
		return true
	}
	return false
}

// maxRels bounds the bytes of one relationship part read; what is past
// it is not (a part made to inflate without end).
const maxRels = 4 << 20

// maxTarget bounds a target kept; a longer one is dropped.
const maxTarget = 8 << 10

// Links returns the external link targets of the document r, one a line,
// as it reads r: an Office Open XML document's or an OpenDocument
// file's.
func Links(r io.Reader) io.Reader {
	return &links{z: zipstream.NewReader(r)}
}

type links struct {
	z    *zipstream.Reader
	out  []byte
	done bool
}

func (l *links) Read(p []byte) (int, error) {
	for len(l.out) == 0 && !l.done {
		l.entry()
	}
	n := copy(p, l.out)
	l.out = l.out[:copy(l.out, l.out[n:])]
	if n == 0 && l.done {
		if err := l.z.Err(); err != nil {
			return 0, err // the document's rest not read: said so
		}
		return 0, io.EOF
	}
	return n, nil
}

// entry reads the next entry of the archive (zipstream): its targets,
// when it is a relationship part, or an OpenDocument file's content or
// styles.
func (l *links) entry() {
	name, data, ok := l.z.Next()
	if !ok {
		l.done = true
		return
	}
	switch {
	case data == nil:
	case strings.HasSuffix(strings.ToLower(name), ".rels"):
		l.targets(io.LimitReader(data, maxRels))
	case name == "content.xml" || name == "styles.xml":
		l.hrefs(io.LimitReader(data, maxContent))
	}
}

// targets reads a relationship part (ECMA-376 Part 2, §9.3.2.2) and adds
// the target of each of its external relationships to the output.
func (l *links) targets(r io.Reader) {
	br := bufio.NewReaderSize(r, 4096)
	var el []byte
	for {
		// Each element, "<" to ">": a Relationship's attributes hold
		// no "<" or ">" (XML 1.0 §3.1 forbids "<"; Office escapes ">").
		for {
			_, err := br.ReadSlice('<')
			if err == nil {
				break
			}
			if err != bufio.ErrBufferFull {
				return
			}
		}
		el = el[:0]
		for {
			chunk, err := br.ReadSlice('>')
			if len(el)+len(chunk) <= maxTarget+1024 {
				el = append(el, chunk...)
			}
			if err != bufio.ErrBufferFull {
				if err != nil {
					return
				}
				break
			}
		}
		if !bytes.HasPrefix(el, []byte("Relationship")) || len(el) > maxTarget+1024 {
			continue
		}
		mode, _ := attr(el, "TargetMode")
		target, ok := attr(el, "Target")
		if !ok || !strings.EqualFold(mode, "External") {
			continue
		}
		l.add(target)
	}
}

// add adds target, an attribute's value as written, to the output: its
// references resolved, on one line.
func (l *links) add(target string) {
	target = strings.TrimSpace(strings.NewReplacer("\r", " ", "\n", " ").Replace(html.UnescapeString(target)))
	if target != "" {
		l.out = append(append(l.out, target...), '\n')
	}
}

// attr returns the value of the attribute name of the element el, as
// written (quoted with " or ').
func attr(el []byte, name string) (string, bool) {
	for i := 0; ; {
		j := bytes.Index(el[i:], []byte(name))
		if j < 0 {
			return "", false
		}
		i += j
		before := i == 0 || isSpace(el[i-1])
		k := i + len(name)
		for k < len(el) && isSpace(el[k]) {
			k++
		}
		if !before || k >= len(el) || el[k] != '=' {
			i++
			continue
		}
		k++
		for k < len(el) && isSpace(el[k]) {
			k++
		}
		if k >= len(el) || el[k] != '"' && el[k] != '\'' {
			return "", false
		}
		end := bytes.IndexByte(el[k+1:], el[k])
		if end < 0 {
			return "", false
		}
		return string(el[k+1 : k+1+end]), true
	}
}
