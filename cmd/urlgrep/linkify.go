package main

import (
	"bufio"
	"bytes"
	"fmt"
	"io"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"

	"github.com/urlgrep/urlgrep/internal/flushread"
	"github.com/urlgrep/urlgrep/internal/printer"
	"github.com/urlgrep/urlgrep/internal/redact"
	"github.com/urlgrep/urlgrep/internal/walk"
	"github.com/urlgrep/urlgrep/linkify"
	"github.com/urlgrep/urlgrep/linktext"
	"github.com/urlgrep/urlgrep/mailbox"
	"github.com/urlgrep/urlgrep/search"
)

// lastByte passes writes on to w and keeps the last byte written.
type lastByte struct {
	w    io.Writer
	last byte
}

func (l *lastByte) Write(p []byte) (int, error) {
	n, err := l.w.Write(p)
	if n > 0 {
		l.last = p[n-1]
	}
	return n, err
}

// maxMarkdown bounds the Markdown document --linkify holds in memory, as
// goldmark needs the whole of it: a longer input is an error, not a
// machine out of memory.
const maxMarkdown = 64 << 20

// linkifyFiles renders each input as HTML with its URLs linked, by package
// linkify, reading each input through package search as the scan does (mail
// decoded part by part, binary skipped, UTF-16 decoded): --linkify
// (markdown) renders Markdown with GFM's tables, strikethrough and task
// lists, which holds each text in memory as goldmark needs; --linkify=text
// streams plain text, every byte but the links preserved (escaped).
// --scheme sets the schemes linked, --email and --no-www what is found.
// Exit 0, or 2 when an input could not be read.
func linkifyFiles(names []string, cfg config, stdin io.Reader, out io.Writer, stderr io.Writer) int {
	opts := []linkify.Option{linkify.WithEmail(cfg.email), linkify.WithWWW(!cfg.noWWW), linkify.WithMaxLength(cfg.maxLen)}
	if len(cfg.schemes) > 0 {
		opts = append(opts, linkify.WithSchemes(cfg.schemes...))
	}
	md := goldmark.New(goldmark.WithExtensions(extension.Table, extension.Strikethrough, extension.TaskList, linkify.New(opts...)))
	sopts := cfg.searchOptions(nil)
	// A binary or compressed file found in a directory is told of with
	// the others, at the end, as the search's output tells of them.
	var skipped printer.Skipped
	found := false // the input was found in a directory (walk.Input.Found)
	note := func(ev *search.Event) {
		if !skipped.Count(ev, found) && !cfg.noMessages {
			fmt.Fprintf(stderr, "urlgrep: %s\n", ev.Note)
		}
	}
	// tail is what --linkify=text wrote last: a mail part's text (a
	// header field's) need not end its line, and the next part starts on
	// a line of its own.
	tail := &lastByte{w: out}
	render := func(part *mailbox.Part, text io.Reader) error {
		if cfg.redact {
			text = redact.NewReader(text)
		}
		if cfg.linkify == "text" {
			if part != nil && tail.last != 0 && tail.last != '\n' {
				if _, err := io.WriteString(out, "\n"); err != nil {
					return err
				}
			}
			tail.last = 0
			// What was rendered is written out before the input is
			// waited for (Render flushes its own buffer into out then).
			if bw, ok := out.(*bufio.Writer); ok {
				text = flushread.Reader{R: text, W: bw}
			}
			return linktext.Render(tail, text, opts...)
		}
		var src bytes.Buffer
		if n, err := src.ReadFrom(io.LimitReader(text, maxMarkdown+1)); err != nil {
			return err
		} else if n > maxMarkdown {
			return fmt.Errorf("markdown text longer than %d MiB: use --linkify=text", maxMarkdown>>20)
		}
		return md.Convert(src.Bytes(), out)
	}
	code := exitFound
	for in := range walk.Inputs(operandNames(names, cfg), cfg.walkOptions()) {
		if in.Err != nil {
			if cfg.walkProblem(stderr, in.Err) {
				code = exitTrouble
			}
			continue
		}
		r, done, err := in.Reader(stdin)
		if err != nil {
			if !cfg.noMessages {
				fmt.Fprintf(stderr, "urlgrep: %s\n", walk.ErrorText(in.Label, err))
			}
			code = exitTrouble
			continue
		}
		found = in.Found
		err = search.TextsNotes(search.Input{Name: in.Label, R: r}, sopts, note, render)
		done()
		if err != nil {
			fmt.Fprintf(stderr, "urlgrep: %s\n", walk.ErrorText(in.Label, err))
			code = exitTrouble
		}
	}
	if !cfg.noMessages {
		if bw, ok := out.(*bufio.Writer); ok {
			bw.Flush() // the pages before the note, as the search's output
		}
		skipped.Tell(stderr)
	}
	return code
}
