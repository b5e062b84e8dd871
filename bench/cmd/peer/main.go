// Command peer runs a peer of urlgrep over standard input, for whole-
// process timings in table.sh:
//
//	peer goldmark          plain goldmark: Markdown to HTML
//	peer goldmark-linkify  goldmark with its extension.Linkify
//	peer goldmark-urlgrep  goldmark with urlgrep's linkify extension
package main

import (
	"bufio"
	"fmt"
	"io"
	"os"

	"github.com/urlgrep/urlgrep/linkify"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: peer goldmark|goldmark-linkify|goldmark-urlgrep < input")
		os.Exit(2)
	}
	var md goldmark.Markdown
	switch os.Args[1] {
	case "goldmark":
		md = goldmark.New()
	case "goldmark-linkify":
		md = goldmark.New(goldmark.WithExtensions(extension.Linkify))
	case "goldmark-urlgrep":
		md = goldmark.New(goldmark.WithExtensions(linkify.New()))
	default:
		fmt.Fprintln(os.Stderr, "peer: unknown peer", os.Args[1])
		os.Exit(2)
	}
	// goldmark needs the whole document in memory.
	src, err := io.ReadAll(os.Stdin)
	if err != nil {
		fmt.Fprintln(os.Stderr, "peer:", err)
		os.Exit(1)
	}
	out := bufio.NewWriterSize(os.Stdout, 64<<10)
	if err := md.Convert(src, out); err != nil {
		fmt.Fprintln(os.Stderr, "peer:", err)
		os.Exit(1)
	}
	out.Flush()
}
