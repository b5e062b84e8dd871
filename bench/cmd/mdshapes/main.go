// Command mdshapes times goldmark plain, goldmark with its
// extension.Linkify and goldmark with urlgrep's linkify on each Markdown
// document given, and on generated documents of several shapes, so that
// "faster than extension.Linkify on every document shape" can be checked
// on real text:
//
//	go run ./cmd/mdshapes [-runs N] [-email] FILE|DIR...
//
// Each document is converted alone, as a program converts one page; the
// three converters take turns, and each keeps its fastest of N runs (the
// noise of this machine is in the slower ones). It prints a line per
// generated shape, the totals over the files given, and the files on which
// urlgrep's linkify is slower than extension.Linkify by more than 10%.
// Directories are walked for *.md and *.markdown files.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/urlgrep/urlgrep/linkify"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
)

type doc struct {
	name string
	src  []byte
}

func main() {
	runs := flag.Int("runs", 5, "runs per converter and document; the fastest counts")
	email := flag.Bool("email", false, "link e-mail addresses with urlgrep's linkify too (extension.Linkify always does)")
	flag.Parse()

	gfm := []goldmark.Extender{extension.Table, extension.Strikethrough, extension.TaskList}
	md := []goldmark.Markdown{
		goldmark.New(goldmark.WithExtensions(gfm...)),
		goldmark.New(goldmark.WithExtensions(append(gfm[:3:3], extension.Linkify)...)),
		goldmark.New(goldmark.WithExtensions(append(gfm[:3:3], linkify.New(linkify.WithEmail(*email)))...)),
	}

	fmt.Printf("%-28s %9s %9s %9s %8s %8s\n", "document", "plain", "gm-link", "urlgrep", "vs plain", "vs gm")
	for _, d := range shapes() {
		t := times(md, d.src, *runs)
		report(d.name, len(d.src), t)
	}

	var files []doc
	for _, arg := range flag.Args() {
		err := filepath.WalkDir(arg, func(path string, e fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if e.IsDir() || path != arg && !strings.HasSuffix(path, ".md") && !strings.HasSuffix(path, ".markdown") {
				return nil
			}
			src, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			files = append(files, doc{path, src})
			return nil
		})
		if err != nil {
			fmt.Fprintln(os.Stderr, "mdshapes:", err)
			os.Exit(1)
		}
	}
	if len(files) == 0 {
		return
	}
	var total [3]time.Duration
	var size int
	type slow struct {
		name  string
		ratio float64
		size  int
	}
	var slower []slow
	for _, d := range files {
		t := times(md, d.src, *runs)
		for i := range t {
			total[i] += t[i]
		}
		size += len(d.src)
		if r := float64(t[2]) / float64(t[1]); r > 1.1 && t[2] > 200*time.Microsecond {
			slower = append(slower, slow{d.name, r, len(d.src)})
		}
	}
	report(fmt.Sprintf("%d files", len(files)), size, total)
	sort.Slice(slower, func(i, j int) bool { return slower[i].ratio > slower[j].ratio })
	fmt.Printf("%d files (of those taking 0.2 ms or more) slower than extension.Linkify by more than 10%%\n", len(slower))
	for i, s := range slower {
		if i == 20 {
			break
		}
		fmt.Printf("  %.2fx  %7d B  %s\n", s.ratio, s.size, s.name)
	}
}

// times returns each converter's fastest time on src.
func times(md []goldmark.Markdown, src []byte, runs int) [3]time.Duration {
	var best [3]time.Duration
	for r := 0; r < runs; r++ {
		for i, m := range md {
			start := time.Now()
			if err := m.Convert(src, io.Discard); err != nil {
				fmt.Fprintln(os.Stderr, "mdshapes:", err)
				os.Exit(1)
			}
			if d := time.Since(start); r == 0 || d < best[i] {
				best[i] = d
			}
		}
	}
	return best
}

func report(name string, size int, t [3]time.Duration) {
	mbs := func(d time.Duration) float64 { return float64(size) / d.Seconds() / 1e6 }
	fmt.Printf("%-28s %7.1f/s %7.1f/s %7.1f/s %7.2fx %7.2fx\n", name, mbs(t[0]), mbs(t[1]), mbs(t[2]),
		float64(t[2])/float64(t[0]), float64(t[2])/float64(t[1]))
}

// shapes are generated documents of about 1 MB, each one shape of
// Markdown that a linkifier may meet.
func shapes() []doc {
	gen := func(name string, unit func(i int) string) doc {
		var b bytes.Buffer
		for i := 0; b.Len() < 1<<20; i++ {
			b.WriteString(unit(i))
		}
		return doc{name, b.Bytes()}
	}
	return []doc{
		gen("prose, no URL", func(i int) string {
			return fmt.Sprintf("Paragraph %d says little, at length: it goes on, and on. Then it ends.\nA second line, e.g. at 10:30, i.e. before noon; see note 3.\n\n", i)
		}),
		gen("bare URLs, one a line", func(i int) string {
			return fmt.Sprintf("See https://www.example.org/docs/%d/index.html for more.\n", i)
		}),
		gen("URL list", func(i int) string {
			return fmt.Sprintf("- https://example.com/item/%d\n", i)
		}),
		gen("www hosts", func(i int) string {
			return fmt.Sprintf("Go to www.example%d.com and www.example.org/x/%d today.\n", i, i)
		}),
		gen("e-mail addresses", func(i int) string {
			return fmt.Sprintf("Write to user%d@example.com or to list@lists.example.org.\n", i)
		}),
		gen("Markdown links only", func(i int) string {
			return fmt.Sprintf("A [link](https://example.com/%d) and ![img](https://example.com/%d.png) here.\n", i, i)
		}),
		gen("autolinks", func(i int) string {
			return fmt.Sprintf("An autolink <https://example.com/%d> in text.\n", i)
		}),
		gen("wrappers", func(i int) string {
			return fmt.Sprintf("RFC style <URL:ftp://ftp.example.org/pub/%d.txt> and across\nlines <URL:http://www.example.org/a/very/long/\n   path/%d.html>.\n\n", i, i)
		}),
		gen("code", func(i int) string {
			return fmt.Sprintf("```\ncurl https://example.com/api/%d\n```\n\nInline `http://localhost:%d/x` code.\n\n", i, i)
		}),
		gen("table", func(i int) string {
			if i%50 == 0 {
				return "\n| name | url |\n|---|---|\n"
			}
			return fmt.Sprintf("| item %d | https://example.com/%d |\n", i, i)
		}),
		gen("one long paragraph", func(i int) string {
			return fmt.Sprintf("word%d http://example.com/%d *em* text ", i, i)
		}),
		gen("colons and dots", func(i int) string {
			return fmt.Sprintf("Note: key:value pairs, a.b.c names, times 12:%02d:%02d, ratio 3:1.\n", i%60, i%60)
		}),
		gen("non-ASCII, URLs spaced", func(i int) string {
			return fmt.Sprintf("Voir https://例え.テスト/パス/%d et https://bücher.example/straße/%d pour la suite.\n", i, i)
		}),
		gen("non-ASCII prose", func(i int) string {
			return fmt.Sprintf("Ceci est un paragraphe en français, numéro %d : voilà. 日本語の文章です。https://例え.テスト/パス/%d を見て。\n\n", i, i)
		}),
	}
}
