// Package gen writes realistic inputs of any size for urlgrep's
// benchmarks, deterministically from a seed: RFC-like documents (sparse
// URLs, many in "<URL:...>" wrappers broken across lines), mailboxes
// (headers, quoted-printable and base64 parts, quoted replies; dense
// URLs), news articles with quoted replies, and Markdown.
package gen

import (
	"bufio"
	"encoding/base64"
	"fmt"
	"io"
	"math/rand/v2"
	"mime/quotedprintable"
	"strings"
)

// Kind names an input shape.
type Kind string

// The shapes Write knows.
const (
	RFC      Kind = "rfc"      // URL-sparse: about one URL per 2 KB
	Mail     Kind = "mail"     // URL-dense mbox: about one URL per 150 bytes of body
	News     Kind = "news"     // news articles with quoted replies
	Markdown Kind = "markdown" // Markdown with bare URLs, wrappers, code
	// MarkdownAutolinked is Markdown with the same text, seed for seed,
	// but every URL that a linkifier links written as an autolink
	// ("<http://...>"): what goldmark costs when the links are in the
	// source, the floor for a linkifier that finds them.
	MarkdownAutolinked Kind = "markdown-autolinked"
)

var words = strings.Fields(`the of and to a in that is for it as was with be by on not he this are or his from at which
but have an they you were their one all we can her has there been if more when will would who so no uniform resource
locator scheme host port path protocol server client access file directory name message news article gopher telnet
document internet network information request response specification section character encoding syntax`)

var hosts = []string{"ds.internic.net", "info.cern.ch", "www.example.com", "ftp.example.org", "gopher.example.edu",
	"news.example.net", "archive.example.org", "files.example.com", "www.example.co.uk", "mirror.example.de"}

// Stats says what Write wrote.
type Stats struct {
	Bytes int64
	URLs  int64 // URLs a reader sees
}

type writer struct {
	w    *bufio.Writer
	r    *rand.Rand
	n    int64
	urls int64
	auto bool // URLs in running text written as autolinks
}

func (w *writer) str(s string) { w.w.WriteString(s); w.n += int64(len(s)) }

func (w *writer) word() string { return words[w.r.IntN(len(words))] }

func (w *writer) url() string {
	w.urls++
	h := hosts[w.r.IntN(len(hosts))]
	p := w.word() + "/" + w.word() + fmt.Sprintf("-%d.html", w.r.IntN(1000))
	switch w.r.IntN(6) {
	case 0:
		return "ftp://" + h + "/pub/" + w.word() + "/rfc" + fmt.Sprint(w.r.IntN(2000)) + ".txt"
	case 1:
		return "gopher://" + h + "/1/" + w.word()
	case 2:
		return "https://" + h + "/" + p + "?q=" + w.word() + "&lang=en"
	default:
		return "http://" + h + "/" + p
	}
}

// textURL returns u as running text writes it: an autolink, with auto.
func (w *writer) textURL(u string) string {
	if w.auto {
		return "<" + u + ">"
	}
	return u
}

// sentence returns n words, maybe with a URL among them.
func (w *writer) sentence(n int, urlEvery int) string {
	var b strings.Builder
	for i := 0; i < n; i++ {
		if i > 0 {
			b.WriteByte(' ')
		}
		if urlEvery > 0 && w.r.IntN(urlEvery) == 0 {
			b.WriteString(w.textURL(w.url()))
			continue
		}
		b.WriteString(w.word())
	}
	return b.String() + "."
}

// Write writes size bytes or a little more of kind, from seed.
func Write(out io.Writer, kind Kind, size int64, seed uint64) (Stats, error) {
	w := &writer{w: bufio.NewWriterSize(out, 64<<10), r: rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))}
	for msg := 1; w.n < size; msg++ {
		switch kind {
		case RFC:
			w.rfcPage(msg)
		case Mail:
			w.message(msg)
		case News:
			w.article(msg)
		case Markdown, MarkdownAutolinked:
			w.auto = kind == MarkdownAutolinked
			w.markdown(msg)
		default:
			return Stats{}, fmt.Errorf("gen: unknown kind %q", kind)
		}
	}
	return Stats{Bytes: w.n, URLs: w.urls}, w.w.Flush()
}

// rfcPage writes an RFC-like page: indented paragraphs, rarely a URL,
// sometimes a reference in a "<URL:...>" wrapper broken across lines.
func (w *writer) rfcPage(page int) {
	for p := 0; p < 6; p++ {
		line := "  "
		for _, word := range strings.Fields(w.sentence(60, 400)) {
			if len(line)+len(word) > 70 {
				w.str(line + "\n")
				line = "  "
			}
			line += " " + word
		}
		w.str(line + "\n\n")
	}
	u := w.url()
	cut := len(u) / 2
	w.str(fmt.Sprintf("   [%d] Reference, %s.\n       <URL:%s\n       %s>\n\n", page, w.word(), u[:cut], u[cut:]))
	w.str(fmt.Sprintf("\nBerners-Lee, Masinter & McCahill                                [Page %d]\n\f\n", page))
}

// message writes one mbox message: plain, quoted-printable or base64.
func (w *writer) message(n int) {
	w.str(fmt.Sprintf("From user%d@example.org  Mon Nov  2 09:14:03 1994\n", n%97))
	w.str(fmt.Sprintf("From: User %d <user%d@example.org>\nTo: list@example.net\nSubject: Re: %s %s\n", n%97, n%97, w.word(), w.word()))
	w.str(fmt.Sprintf("Date: Mon, 2 Nov 1994 09:14:03 +0100\nMessage-ID: <%d.%d@example.org>\n", n, w.r.IntN(1e6)))
	w.str("List-Archive: <" + w.url() + ">\nMIME-Version: 1.0\n")
	var body strings.Builder
	body.WriteString(w.sentence(8, 0) + "\n")
	for i := 0; i < 4; i++ {
		body.WriteString("> " + w.sentence(10, 4) + "\n")
	}
	body.WriteString("\n" + w.sentence(12, 3) + "\n")
	u := w.url()
	body.WriteString("See <URL:" + u[:len(u)/2] + "\n  " + u[len(u)/2:] + "> for more.\n")
	switch w.r.IntN(3) {
	case 0:
		w.str("Content-Type: text/plain; charset=us-ascii\n\n" + body.String() + "\n")
	case 1:
		var b strings.Builder
		q := quotedprintable.NewWriter(&b)
		q.Write([]byte(strings.ReplaceAll(body.String(), "\n", " ") + " " + w.url() + " caf\u00e9\n"))
		q.Close()
		w.str("Content-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: quoted-printable\n\n" + b.String() + "\n\n")
	default:
		enc := base64.StdEncoding.EncodeToString([]byte(body.String()))
		var b strings.Builder
		for len(enc) > 76 {
			b.WriteString(enc[:76] + "\n")
			enc = enc[76:]
		}
		w.str("Content-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: base64\n\n" + b.String() + enc + "\n\n")
	}
}

// article writes a news article with nested quoted replies.
func (w *writer) article(n int) {
	w.str(fmt.Sprintf("From news@example.net  Mon Nov  2 09:14:03 1994\nPath: news.example.edu!not-for-mail\nFrom: poster%d@example.edu\n", n%53))
	w.str(fmt.Sprintf("Newsgroups: comp.infosystems.www.misc\nSubject: Re: %s\nMessage-ID: <%d$%d@news.example.edu>\n\n", w.word(), n, w.r.IntN(1e6)))
	w.str(fmt.Sprintf("In article <%d@news.example.net>, someone wrote:\n", n))
	for i := 0; i < 3; i++ {
		u := w.url()
		w.str(">> " + w.sentence(9, 0) + "\n> " + w.sentence(9, 5) + "\n><URL:" + u[:len(u)/2] + "\n>" + u[len(u)/2:] + ">\n")
	}
	w.str("\n" + w.sentence(30, 10) + "\n\n")
}

// markdown writes a Markdown section: paragraphs with bare URLs and
// wrappers, a list, a code block.
func (w *writer) markdown(n int) {
	w.str(fmt.Sprintf("## Section %d\n\n", n))
	s1, s2 := w.sentence(40, 12), w.sentence(30, 0)
	wrapper := "<URL:" + w.url() + ">"
	if w.auto {
		wrapper = "<" + wrapper[len("<URL:"):]
	}
	w.str(s1 + "\n" + s2 + " " + wrapper + ".\n\n")
	w.str("- " + w.sentence(8, 3) + "\n- [" + w.word() + "](" + w.url() + ")\n- *" + w.textURL(w.url()) + "*\n\n")
	w.str("```\ncurl " + w.url() + "\n```\n\n")
}
