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
// noise of this machine is in the slower ones). For each generated shape
// a fourth run takes turns with them: the floor, plain goldmark on the
// same document with each URL that urlgrep's linkify links written as an
// autolink (the same links, made by goldmark's own parser; the command
// checks that the two make as many links). "vs floor" is urlgrep's
// linkify's time over the floor's. It prints a line per
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
	"runtime"
	"sort"
	"strings"
	"time"

	"github.com/urlgrep/urlgrep/linkify"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
)

type doc struct {
	name   string
	src    []byte
	linked []byte // src with urlgrep's links written as autolinks; nil for files
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

	fmt.Printf("%-28s %9s %9s %9s %9s %8s %8s %8s\n", "document", "plain", "gm-link", "urlgrep", "floor", "vs plain", "vs gm", "vs floor")
	for _, d := range shapes(*email) {
		if a, b := links(md[2], d.src), links(md[0], d.linked); a != b {
			fmt.Fprintf(os.Stderr, "mdshapes: %s: urlgrep's linkify makes %d links, the autolinked form %d\n", d.name, a, b)
			os.Exit(1)
		}
		t := times(md, d.src, d.linked, *runs)
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
			files = append(files, doc{path, src, nil})
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
	var total [4]time.Duration
	var size int
	type slow struct {
		name  string
		ratio float64
		size  int
	}
	var slower []slow
	for _, d := range files {
		t := times(md, d.src, nil, *runs)
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

// links counts the links m makes of src.
func links(m goldmark.Markdown, src []byte) int {
	var b bytes.Buffer
	if err := m.Convert(src, &b); err != nil {
		fmt.Fprintln(os.Stderr, "mdshapes:", err)
		os.Exit(1)
	}
	return bytes.Count(b.Bytes(), []byte("<a href="))
}

// times returns each converter's fastest time on src, and the floor's:
// plain goldmark's (md[0]) on linked, 0 when linked is nil.
func times(md []goldmark.Markdown, src, linked []byte, runs int) [4]time.Duration {
	var best [4]time.Duration
	for r := 0; r < runs; r++ {
		for i, m := range append(md[:3:3], md[0]) {
			in := src
			if i == 3 {
				if linked == nil {
					break
				}
				in = linked
			}
			runtime.GC() // each run starts from the same heap, not the last converter's garbage
			start := time.Now()
			if err := m.Convert(in, io.Discard); err != nil {
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

func report(name string, size int, t [4]time.Duration) {
	mbs := func(d time.Duration) float64 { return float64(size) / d.Seconds() / 1e6 }
	floor, vsFloor := "        -", "       -"
	if t[3] > 0 {
		floor, vsFloor = fmt.Sprintf("%7.1f/s", mbs(t[3])), fmt.Sprintf("%7.2fx", float64(t[2])/float64(t[3]))
	}
	fmt.Printf("%-28s %7.1f/s %7.1f/s %7.1f/s %s %7.2fx %7.2fx %s\n", name, mbs(t[0]), mbs(t[1]), mbs(t[2]), floor,
		float64(t[2])/float64(t[0]), float64(t[2])/float64(t[1]), vsFloor)
}

// writeURL writes a URL of a generated shape: as written, or as an
// autolink to its target.
type writeURL func(written, target string) string

// shapes are generated documents of about 1 MB, each one shape of
// Markdown that a linkifier may meet. Each comes in two forms: as written
// (src), and with each URL that urlgrep's linkify links written as a
// CommonMark autolink instead (linked: "<https://example.com/1>", a
// wrapper's URL on one line), which plain goldmark converts to the same
// links: the floor for an extension that makes goldmark's link nodes.
// With email, e-mail addresses are links too.
func shapes(email bool) []doc {
	gen := func(name string, unit func(i int, u writeURL) string) doc {
		asWritten := func(written, _ string) string { return written }
		autolink := func(_, target string) string { return "<" + target + ">" }
		var b, l bytes.Buffer
		for i := 0; b.Len() < 1<<20; i++ {
			b.WriteString(unit(i, asWritten))
			l.WriteString(unit(i, autolink))
		}
		return doc{name, b.Bytes(), l.Bytes()}
	}
	mail := func(u writeURL, addr string) string {
		if email {
			return u(addr, addr)
		}
		return addr
	}
	same := func(u writeURL, url string) string { return u(url, url) }
	return []doc{
		gen("prose, no URL", func(i int, _ writeURL) string {
			return fmt.Sprintf("Paragraph %d says little, at length: it goes on, and on. Then it ends.\nA second line, e.g. at 10:30, i.e. before noon; see note 3.\n\n", i)
		}),
		gen("bare URLs, one a line", func(i int, u writeURL) string {
			return fmt.Sprintf("See %s for more.\n", same(u, fmt.Sprintf("https://www.example.org/docs/%d/index.html", i)))
		}),
		gen("URL list", func(i int, u writeURL) string {
			return fmt.Sprintf("- %s\n", same(u, fmt.Sprintf("https://example.com/item/%d", i)))
		}),
		gen("www hosts", func(i int, u writeURL) string {
			h, p := fmt.Sprintf("www.example%d.com", i), fmt.Sprintf("www.example.org/x/%d", i)
			return fmt.Sprintf("Go to %s and %s today.\n", u(h, "http://"+h), u(p, "http://"+p))
		}),
		gen("e-mail addresses", func(i int, u writeURL) string {
			return fmt.Sprintf("Write to %s or to %s.\n", mail(u, fmt.Sprintf("user%d@example.com", i)), mail(u, "list@lists.example.org"))
		}),
		gen("Markdown links only", func(i int, _ writeURL) string {
			return fmt.Sprintf("A [link](https://example.com/%d) and ![img](https://example.com/%d.png) here.\n", i, i)
		}),
		gen("autolinks", func(i int, _ writeURL) string {
			return fmt.Sprintf("An autolink <https://example.com/%d> in text.\n", i)
		}),
		gen("wrappers", func(i int, u writeURL) string {
			one := fmt.Sprintf("ftp://ftp.example.org/pub/%d.txt", i)
			return fmt.Sprintf("RFC style %s and across\nlines %s.\n\n", u("<URL:"+one+">", one),
				u(fmt.Sprintf("<URL:http://www.example.org/a/very/long/\n   path/%d.html>", i), fmt.Sprintf("http://www.example.org/a/very/long/path/%d.html", i)))
		}),
		gen("code", func(i int, _ writeURL) string {
			return fmt.Sprintf("```\ncurl https://example.com/api/%d\n```\n\nInline `http://localhost:%d/x` code.\n\n", i, i)
		}),
		gen("table", func(i int, u writeURL) string {
			if i%50 == 0 {
				return "\n| name | url |\n|---|---|\n"
			}
			return fmt.Sprintf("| item %d | %s |\n", i, same(u, fmt.Sprintf("https://example.com/%d", i)))
		}),
		gen("one long paragraph", func(i int, u writeURL) string {
			return fmt.Sprintf("word%d %s *em* text ", i, same(u, fmt.Sprintf("http://example.com/%d", i)))
		}),
		gen("colons and dots", func(i int, _ writeURL) string {
			return fmt.Sprintf("Note: key:value pairs, a.b.c names, times 12:%02d:%02d, ratio 3:1.\n", i%60, i%60)
		}),
		gen("non-ASCII, URLs spaced", func(i int, u writeURL) string {
			return fmt.Sprintf("Voir %s et %s pour la suite.\n", same(u, fmt.Sprintf("https://例え.テスト/パス/%d", i)), same(u, fmt.Sprintf("https://bücher.example/straße/%d", i)))
		}),
		gen("non-ASCII prose", func(i int, u writeURL) string {
			return fmt.Sprintf("Ceci est un paragraphe en français, numéro %d : voilà. 日本語の文章です。%s を見て。\n\n", i, same(u, fmt.Sprintf("https://例え.テスト/パス/%d", i)))
		}),
	}
}
