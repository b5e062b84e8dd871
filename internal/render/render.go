// Package render writes an input as HTML with its URLs linked, read as
// package search reads it (mail decoded part by part, binary files
// skipped, UTF-16 decoded): urlgrep's --linkify. Markdown goes through
// goldmark with GFM's tables, strikethrough and task lists and package
// linkify, which holds each text whole as goldmark needs; plain text
// through package linktext, streaming.
package render

import (
	"bufio"
	"bytes"
	"fmt"
	"io"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"

	"github.com/urlgrep/urlgrep/internal/flushread"
	"github.com/urlgrep/urlgrep/internal/redact"
	"github.com/urlgrep/urlgrep/linkify"
	"github.com/urlgrep/urlgrep/linkpolicy"
	"github.com/urlgrep/urlgrep/linktext"
	"github.com/urlgrep/urlgrep/mailbox"
	"github.com/urlgrep/urlgrep/search"
)

// MaxMarkdown bounds the Markdown text a Renderer holds in memory, as
// goldmark needs the whole of it: a longer text is an error, not a
// machine out of memory.
const MaxMarkdown = 64 << 20

// A Renderer renders inputs, one after another, to one output.
type Renderer struct {
	md     goldmark.Markdown // nil: plain text (linktext)
	opts   []linkpolicy.Option
	redact bool
	// last is the last byte plain text rendering wrote (0 before any):
	// a mail part's text (a header field's) need not end its line, and
	// the next part starts on a line of its own.
	last byte
}

// New returns a Renderer of Markdown, or with text of plain text, with
// the links opts allow; with redact, passwords in the texts are written
// as xxxxx (RFC 1738 §6, package redact).
func New(text, redact bool, opts ...linkpolicy.Option) *Renderer {
	r := &Renderer{opts: opts, redact: redact}
	if !text {
		r.md = goldmark.New(goldmark.WithExtensions(extension.Table, extension.Strikethrough, extension.TaskList, linkify.New(opts...)))
	}
	return r
}

// Input renders in, read with opts as [search.TextsNotes] reads it, to w,
// and gives its notes to note. When w is a bufio.Writer, plain text's
// output is written out before each read of the input, which may wait (a
// pipe). It returns the error reading in or writing w.
func (r *Renderer) Input(w io.Writer, in search.Input, opts search.Options, note func(*search.Event)) error {
	return search.TextsNotes(in, opts, note, func(part *mailbox.Part, text io.Reader) error {
		return r.text(w, part, text)
	})
}

// text renders one text of an input: the input, or a part of its mail.
func (r *Renderer) text(w io.Writer, part *mailbox.Part, text io.Reader) error {
	if r.redact {
		text = redact.NewReader(text)
	}
	if r.md == nil {
		if part != nil && r.last != 0 && r.last != '\n' {
			if _, err := io.WriteString(w, "\n"); err != nil {
				return err
			}
		}
		r.last = 0
		if bw, ok := w.(*bufio.Writer); ok {
			// What was rendered goes out before the input is waited
			// for (Render flushes its own buffer into bw then).
			text = flushread.Reader{R: text, W: bw}
		}
		return linktext.Render(lastByte{w, &r.last}, text, r.opts...)
	}
	var src bytes.Buffer
	if n, err := src.ReadFrom(io.LimitReader(text, MaxMarkdown+1)); err != nil {
		return err
	} else if n > MaxMarkdown {
		return fmt.Errorf("markdown text longer than %d MiB: use --linkify=text", MaxMarkdown>>20)
	}
	return r.md.Convert(src.Bytes(), w)
}

// lastByte passes writes on to w and keeps the last byte written in last.
type lastByte struct {
	w    io.Writer
	last *byte
}

func (l lastByte) Write(p []byte) (int, error) {
	n, err := l.w.Write(p)
	if n > 0 {
		*l.last = p[n-1]
	}
	return n, err
}
