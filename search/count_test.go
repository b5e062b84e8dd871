package search

import (
	"bytes"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/urlgrep/urlgrep/extract"
	"github.com/urlgrep/urlgrep/internal/mailgen"
	"github.com/urlgrep/urlgrep/mailbox"
)

// rejoinedUnit is text with two URLs in wrappers across lines, one of
// them broken after a hyphen (two readings): each made a string, counted
// or printed, before the readings were rejoined into a reused buffer.
const rejoinedUnit = "as <URL:http://c.example/rfc/\n   index.html> says, and <URL:ftp://d.example/pub/meeting-\n notes.txt>.\n"

// TestCountOnlyAllocs: counting (urlgrep -c, -l, -q) allocates nothing
// per URL, bare or in a wrapper (which made a string each), across lines
// or not, in text and in mail: the allocations of a search over 200 URLs
// and over 400 differ by less than one per 20 URLs (what stays is per
// input, per message, per batch).
func TestCountOnlyAllocs(t *testing.T) {
	unit := "see http://www.example.com/drafts/index.html?lang=en&fmt=txt, " +
		"https://files.example.com/slides/context.pdf; www.example.org/table.\n" +
		"and <URL:http://a.example/wrapped/x> or <https://b.example/angle?q=1>.\n" + rejoinedUnit
	msg := func(n int) string {
		return "From alice@example.org Mon Nov  2 09:14:03 1994\nFrom: Alice <alice@example.org>\n" +
			"Subject: notes\nMessage-ID: <1@example.org>\n\n" + strings.Repeat(unit, n) + "\n"
	}
	for _, tc := range []struct {
		name string
		text func(n int) string
		o    Options
	}{
		{"text", func(n int) string { return strings.Repeat(unit, n) }, Options{Raw: true, CountOnly: true, Jobs: 1}},
		{"text -j 2", func(n int) string { return strings.Repeat(unit, n) }, Options{Raw: true, CountOnly: true, Jobs: 2}},
		{"mail", func(n int) string { return strings.Repeat(msg(n/2), 2) }, Options{CountOnly: true, Jobs: 1}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			allocs := func(n int) float64 {
				in := []byte(tc.text(n))
				var urls int
				a := testing.AllocsPerRun(10, func() {
					urls = 0
					_, err := Search(Input{Name: "x", R: bytes.NewReader(in)}, tc.o, func(ev *Event) bool {
						if ev.Kind == URL {
							if ev.Match != nil {
								t.Fatal("CountOnly: a Match was built")
							}
							urls++
						}
						return true
					})
					if err != nil {
						t.Fatal(err)
					}
				})
				if urls != 7*n {
					t.Fatalf("%d URLs, want %d", urls, 7*n)
				}
				return a
			}
			// 10,000 URLs apart: a collection during a run empties the
			// pools, and the thirty allocations that refill them, spread
			// over 600 URLs, once read as 0.05 a URL under -race.
			small, large := allocs(2000), allocs(4000)
			if perURL := (large - small) / 14000; perURL > 0.05 {
				t.Errorf("%v allocations for 14000 URLs, %v for 28000: %.3f a URL", small, large, perURL)
			}
		})
	}
}

// TestCountOnlySameCounts: counting finds as many URLs as a search that
// builds every Match, on generated mail (multipart/alternative groups,
// whose repeats are not counted, included) and on its text read raw.
func TestCountOnlySameCounts(t *testing.T) {
	var mbox bytes.Buffer
	if _, err := mailgen.Generate(&mbox, 300, 7); err != nil {
		t.Fatal(err)
	}
	count := func(o Options) int {
		n := 0
		_, err := Search(Input{Name: "x", R: bytes.NewReader(mbox.Bytes())}, o, func(ev *Event) bool {
			if ev.Kind == URL {
				n++
			}
			return true
		})
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	for _, o := range []Options{{Jobs: 1}, {Raw: true, Jobs: 1}, {Raw: true, Jobs: 2}, {Email: true, Jobs: 1}, {Strict: true, Jobs: 1}} {
		want := count(o)
		o.CountOnly = true
		if got := count(o); got != want || want == 0 {
			t.Errorf("%+v: %d URLs counted, %d found", o, got, want)
		}
	}
}

// TestTextOnlySame: with TextOnly the callback sees the URLs of a search
// that builds every Match, with the same text, kind and position, on
// generated mail and on its text read raw, on one goroutine and in pieces,
// with and without filters.
func TestTextOnlySame(t *testing.T) {
	var mbox bytes.Buffer
	if _, err := mailgen.Generate(&mbox, 300, 11); err != nil {
		t.Fatal(err)
	}
	type seen struct {
		text string
		kind extract.Kind
		pos  mailbox.Position
		end  int64
	}
	collect := func(o Options) []seen {
		var out []seen
		_, err := Search(Input{Name: "x", R: bytes.NewReader(mbox.Bytes())}, o, func(ev *Event) bool {
			if ev.Kind == URL {
				out = append(out, seen{strings.Clone(ev.Match.Text), ev.Match.Kind, ev.Pos, ev.End})
			}
			return true
		})
		if err != nil {
			t.Fatal(err)
		}
		return out
	}
	for _, o := range []Options{{Jobs: 1}, {Raw: true, Jobs: 1}, {Raw: true, Jobs: 2}, {Jobs: 2},
		{Email: true, Jobs: 1}, {Raw: true, Strict: true, Jobs: 2}, {Schemes: []string{"ftp", "mailto"}, Jobs: 1}} {
		want := collect(o)
		o.TextOnly = true
		got := collect(o)
		if len(want) == 0 || !reflect.DeepEqual(got, want) {
			t.Errorf("%+v: %d URLs with TextOnly, %d without, or they differ", o, len(got), len(want))
			for i := range min(len(got), len(want)) {
				if got[i] != want[i] {
					t.Errorf("first difference, URL %d: %+v, want %+v", i, got[i], want[i])
					break
				}
			}
		}
	}
}

// TestTextOnlyAllocs: printing URLs as written allocates nothing per URL
// on one goroutine, and next to nothing in pieces (the batch's arena),
// bare or in a wrapper, across lines or not.
func TestTextOnlyAllocs(t *testing.T) {
	unit := "see http://www.example.com/drafts/index.html?lang=en&fmt=txt, " +
		"https://files.example.com/slides/context.pdf; www.example.org/table.\n" +
		"and <URL:http://a.example/wrapped/x> or <https://b.example/angle?q=1>.\n" + rejoinedUnit
	for _, o := range []Options{{Raw: true, TextOnly: true, Jobs: 1}, {Raw: true, TextOnly: true, Jobs: 2}} {
		allocs := func(n int) float64 {
			in := []byte(strings.Repeat(unit, n))
			return testing.AllocsPerRun(10, func() {
				_, err := Search(Input{Name: "x", R: bytes.NewReader(in)}, o, func(ev *Event) bool {
					if ev.Kind == URL && ev.Match.Text == "" {
						t.Fatal("no text")
					}
					return true
				})
				if err != nil {
					t.Fatal(err)
				}
			})
		}
		// 400 KB and 800 KB: several batches of pieces with Jobs 2.
		small, large := allocs(3000), allocs(6000)
		if perURL := (large - small) / 21000; perURL > 0.05 {
			t.Errorf("Jobs %d: %v allocations for 21000 URLs, %v for 42000: %.2f a URL", o.Jobs, small, large, perURL)
		}
	}
}

// TestAlternativeGroupAllocs: the bookkeeping that reports a URL once in
// the forms of a multipart/alternative (a message's text and HTML) reuses
// its maps and the bytes of their keys from group to group: counting the
// URLs of 400 such messages costs about what 100 cost. It made two maps a
// part and a copy of each URL, a sixth of what mail mode allocated on
// SpamAssassin's mail.
func TestAlternativeGroupAllocs(t *testing.T) {
	msg := func(i int) string {
		return fmt.Sprintf("From alice@example.org Mon Nov  2 09:14:03 1994\nFrom: Alice <alice@example.org>\n"+
			"Content-Type: multipart/alternative; boundary=b\n\n--b\nContent-Type: text/plain\n\n"+
			"see http://a.example/%d and http://b.example/x and https://c.example/y?q=%d\n"+
			"--b\nContent-Type: text/html\n\n"+
			"<p>see <a href=\"http://a.example/%d\">a</a>, <a href=\"http://b.example/x\">b</a>, https://c.example/y?q=%d and <a href=\"http://d.example/\">d</a></p>\n"+
			"--b--\n\n", i, i, i, i)
	}
	for _, o := range []Options{{CountOnly: true, Jobs: 1}, {TextOnly: true, Jobs: 1}} {
		allocs := func(n int) float64 {
			var b strings.Builder
			for i := range n {
				b.WriteString(msg(i))
			}
			in := []byte(b.String())
			var urls int
			a := testing.AllocsPerRun(10, func() {
				urls = 0
				if _, err := Search(Input{Name: "x", R: bytes.NewReader(in)}, o, func(ev *Event) bool {
					if ev.Kind == URL {
						urls++
					}
					return true
				}); err != nil {
					t.Fatal(err)
				}
			})
			if urls != 4*n {
				t.Fatalf("%+v: %d URLs in %d messages, want %d (each once)", o, urls, n, 4*n)
			}
			return a
		}
		few, many := allocs(100), allocs(400)
		// Half an allocation a message: one a part (a method value
		// bound at each reset) went unseen under a bound of one.
		if perMsg := (many - few) / 300; perMsg > 0.5 {
			t.Errorf("%+v: %v allocations for 100 messages, %v for 400: %.2f a message", o, few, many, perMsg)
		}
	}
}

// TestAlternativeGroupsApart: a URL is reported once in a group's forms
// and again in the next group's, whatever the size of the last group
// (its maps kept, or dropped past 1,024 URLs) and whether a part outside
// any group came between.
func TestAlternativeGroupsApart(t *testing.T) {
	group := func(n int) string {
		var text, html strings.Builder
		for i := range n {
			fmt.Fprintf(&text, "http://g.example/%d\n", i)
			fmt.Fprintf(&html, "<a href=\"http://g.example/%d\">x</a>\n", i)
		}
		return "From alice@example.org Mon Nov  2 09:14:03 1994\nFrom: a@example.org\n" +
			"Content-Type: multipart/alternative; boundary=b\n\n--b\nContent-Type: text/plain\n\n" + text.String() +
			"--b\nContent-Type: text/html\n\n" + html.String() + "--b--\n\n"
	}
	plain := "From alice@example.org Mon Nov  2 09:14:03 1994\nFrom: a@example.org\n\nhttp://g.example/0 http://g.example/0\n\n"
	for _, sizes := range [][]int{{3, 3, 3}, {1500, 3, 1500}, {3, 1500, 3, 1500}} {
		var in strings.Builder
		want := 0
		for i, n := range sizes {
			in.WriteString(group(n))
			want += n
			if i%2 == 1 {
				in.WriteString(plain)
				want += 2 // outside a group, a repeat is reported
			}
		}
		for _, o := range []Options{{CountOnly: true, Jobs: 1}, {TextOnly: true, Jobs: 1}, {Jobs: 1}} {
			urls := 0
			if _, err := Search(Input{Name: "x", R: strings.NewReader(in.String())}, o, func(ev *Event) bool {
				if ev.Kind == URL {
					urls++
				}
				return true
			}); err != nil {
				t.Fatal(err)
			}
			if urls != want {
				t.Errorf("groups of %v, %+v: %d URLs, want %d", sizes, o, urls, want)
			}
		}
	}
}
