// Package linktext renders plain text as HTML with its URLs linked, as
// package extract finds them and package linkpolicy allows them: every
// other byte HTML-escaped, so the text content of the output is the input
// exactly. It streams. Package linkify does the same for Markdown, in
// goldmark; the options are the same.
package linktext

import (
	"bufio"
	"io"

	"github.com/urlgrep/urlgrep/extract"
	"github.com/urlgrep/urlgrep/internal/flushread"
	"github.com/urlgrep/urlgrep/linkpolicy"
)

// Render writes r to w as HTML, with each URL that [extract.Scanner]
// finds and the options allow as a link: `<a href="...">` with the rel and
// target attributes, around the URL's text as written. Every other byte
// is text, HTML-escaped, so the text content of the output is the input
// exactly; wrap it in <pre> to keep its lines. It streams, in the memory
// the Scanner bounds: what it has rendered is written to w before each
// read of r, which may wait (a pipe), and an [extract.StallReader]'s
// stalls are told to the Scanner. It returns the first error reading r
// or writing w.
// [linkpolicy.WithText] does not apply: a link shows the text as written.
// linkify's options are these: linkify.WithSchemes(...) may be given.
func Render(w io.Writer, r io.Reader, opts ...linkpolicy.Option) error {
	l := linkpolicy.New(opts...)
	hw := htmlWriter{w: bufio.NewWriter(w)}
	s := extract.NewScanner(flushread.Reader{R: r, W: hw.w}, l.ExtractOptions()...)
	for s.Scan() && hw.err == nil {
		raw := s.Raw()
		m := s.Match()
		if m == nil {
			hw.escape(raw)
			continue
		}
		dest, ok := l.Destination(m)
		if !ok {
			hw.escape(raw)
			continue
		}
		hw.str(`<a href="`)
		hw.escape([]byte(dest))
		hw.str(`"`)
		hw.attr("rel", l.Config.Rel)
		hw.attr("target", l.Config.Target)
		hw.str(">")
		hw.escape(raw)
		hw.str("</a>")
	}
	if hw.err != nil {
		return hw.err
	}
	if err := s.Err(); err != nil {
		_ = hw.w.Flush()
		return err
	}
	return hw.w.Flush()
}

// htmlWriter writes HTML, keeping the first error.
type htmlWriter struct {
	w   *bufio.Writer
	err error
}

func (h *htmlWriter) str(s string) {
	if h.err == nil {
		_, h.err = h.w.WriteString(s)
	}
}

// attr writes ` name="value"`, the value escaped, unless value is empty.
func (h *htmlWriter) attr(name, value string) {
	if value == "" {
		return
	}
	h.str(" " + name + `="`)
	h.escape([]byte(value))
	h.str(`"`)
}

// escape writes b with the five bytes that HTML gives a meaning escaped,
// as html.EscapeString does; every other byte is written as it is.
func (h *htmlWriter) escape(b []byte) {
	last := 0
	for i, c := range b {
		var esc string
		switch c {
		case '&':
			esc = "&amp;"
		case '<':
			esc = "&lt;"
		case '>':
			esc = "&gt;"
		case '"':
			esc = "&#34;"
		case '\'':
			esc = "&#39;"
		default:
			continue
		}
		if h.err == nil {
			_, h.err = h.w.Write(b[last:i])
		}
		h.str(esc)
		last = i + 1
	}
	if h.err == nil {
		_, h.err = h.w.Write(b[last:])
	}
}
