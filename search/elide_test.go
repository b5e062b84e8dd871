package search

import (
	"maps"
	"mime/quotedprintable"
	"slices"
	"strings"
	"testing"

	"github.com/urlgrep/urlgrep/internal/mailgen"
)

// elideDocs are HTML documents with long runs of base64 where a search
// must find what it finds without mailbox.ElideLong: in a data: URI, in a
// link target a URL takes into the run, glued to a URL after it, in an
// attribute read as no link, with a reference and spaces (copied, not
// viewed), unquoted, in a refresh's content, two in one tag, in a style
// sheet and a script, and runs broken by a byte that is not base64.
func elideDocs() map[string]string {
	return map[string]string{
		"data URI": `<p>See <a href="https://a.example/offer">the offer</a>.</p><img src="data:image/png;base64,` +
			mailgen.Base64Run(1, 900<<10) + `" alt=""><p>Bye http://b.example/bye</p>`,
		"URL into the run": `<a href="http://a.example/x?q=` + mailgen.Base64Run(2, 300<<10) + `">y</a> and http://c.example/`,
		"URL glued after":  `<a href="http://b.example/` + mailgen.Base64Run(3, 200<<10) + `http://c.example/z">t</a>`,
		"no link":          `<img alt="` + mailgen.Base64Run(4, 500<<10) + `" src="http://d.example/">`,
		"reference and spaces": `<a href="http://e.example/&amp;` + mailgen.Base64Run(5, 150<<10) + ` www.f.example/ ` + mailgen.Base64Run(6, 140<<10) +
			`">q</a> after http://g.example/`,
		"unquoted":   `<a href=` + mailgen.Base64Run(7, 400<<10) + `http://h.example/ >u</a> <a href="http://i.example/">i</a>`,
		"refresh":    `<meta http-equiv="refresh" content="0; url=http://j.example/` + mailgen.Base64Run(8, 200<<10) + `"><p>http://k.example/</p>`,
		"two in one": `<img src="data:image/gif;base64,` + mailgen.Base64Run(9, 300<<10) + `" background="data:image/png;base64,` + mailgen.Base64Run(10, 250<<10) + `"> http://l.example/`,
		"style and script": `<style>.a{background:url(data:image/png;base64,` + mailgen.Base64Run(11, 600<<10) + `)}</style><a href="http://m.example/">m</a>` +
			`<script>var d="` + mailgen.Base64Run(12, 700<<10) + `";</script><p>http://n.example/</p>`,
		"broken runs": `<img src="data:image/png;base64,` + mailgen.Base64Run(13, 100<<10) + `.` + mailgen.Base64Run(14, 100<<10) + `:` + mailgen.Base64Run(15, 150<<10) + `"> http://o.example/`,
	}
}

// elideMessages makes each document a message in 8bit, quoted-printable
// and base64, one mailbox.
func elideMessages(t *testing.T) []byte {
	t.Helper()
	var mbox strings.Builder
	docs := elideDocs()
	for _, name := range slices.Sorted(maps.Keys(docs)) {
		doc := docs[name]
		for _, cte := range []string{"8bit", "quoted-printable", "base64"} {
			body := doc
			switch cte {
			case "quoted-printable":
				var b strings.Builder
				w := quotedprintable.NewWriter(&b)
				if _, err := w.Write([]byte(doc)); err != nil {
					t.Fatal(err)
				}
				w.Close()
				body = b.String()
			case "base64":
				body = mailgen.Base64Lines(doc)
			}
			mbox.WriteString("From a@example.org Thu Nov 26 10:00:00 2026\nSubject: " + name + "\nContent-Type: text/html; charset=utf-8\n" +
				"Content-Transfer-Encoding: " + cte + "\n\n" + body + "\n\n")
		}
	}
	return []byte(mbox.String())
}

// TestElideLongSame checks that a search finds the same URLs, at the same
// places, and skips the same candidates, with the Reader passing over the
// middle of long base64 runs and script and style contents
// (mailbox.ElideLong) as without: at the default candidate bound, at a
// bound of 300 bytes (so that shorter runs lose their middle too), and
// with two workers.
func TestElideLongSame(t *testing.T) {
	data := elideMessages(t)
	for _, o := range []Options{{Jobs: 1}, {Jobs: 1, MaxLength: 300}, {Jobs: 2}, {Jobs: 1, TextOnly: true, Context: true}} {
		useElideLong = false
		want := render(t, "elide.mbox", data, o)
		useElideLong = true
		got := render(t, "elide.mbox", data, o)
		if got != want {
			t.Errorf("%+v: with ElideLong the search reported\n%s\nwithout it\n%s", o, firstDiff(got, want), firstDiff(want, got))
		}
		if !strings.Contains(want, "longer than") {
			t.Errorf("%+v: no candidate skipped for its length: the documents do not test the gap", o)
		}
	}
	useElideLong = true
}
