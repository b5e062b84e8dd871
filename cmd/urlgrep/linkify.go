package main

import (
	"fmt"
	"io"
	"os"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"

	"github.com/urlgrep/urlgrep/linkify"
)

// linkifyFiles renders each input as HTML with its URLs linked, by package
// linkify: --linkify (markdown) renders Markdown with GFM's tables,
// strikethrough and task lists, which holds each document in memory as
// goldmark needs; --linkify=text streams plain text, every byte but the
// links preserved (escaped). --scheme sets the schemes linked, --email and
// --no-www what is found. Exit 0, or 2 when an input could not be read.
func linkifyFiles(names []string, cfg config, stdin io.Reader, out io.Writer, stderr io.Writer) int {
	if len(names) == 0 {
		names = []string{"-"}
	}
	opts := []linkify.Option{linkify.WithEmail(cfg.email), linkify.WithWWW(!cfg.noWWW), linkify.WithMaxLength(cfg.maxLen)}
	if len(cfg.schemes) > 0 {
		opts = append(opts, linkify.WithSchemes(cfg.schemes...))
	}
	md := goldmark.New(goldmark.WithExtensions(extension.Table, extension.Strikethrough, extension.TaskList, linkify.New(opts...)))
	code := exitFound
	for _, name := range names {
		r, label := stdin, stdinName
		if name != "-" {
			f, err := os.Open(name)
			if err != nil {
				fmt.Fprintf(stderr, "urlgrep: %v\n", err)
				code = exitTrouble
				continue
			}
			r, label = f, name
		}
		var err error
		if cfg.linkify == "text" {
			err = linkify.RenderText(out, r, opts...)
		} else {
			var src []byte
			if src, err = io.ReadAll(r); err == nil {
				err = md.Convert(src, out)
			}
		}
		if c, ok := r.(io.Closer); ok && name != "-" {
			c.Close() // now, not at the end: -r may hand over many files
		}
		if err != nil {
			fmt.Fprintf(stderr, "urlgrep: %s: %v\n", label, err)
			code = exitTrouble
		}
	}
	return code
}
