package search

import (
	"bytes"
	"fmt"
	"io"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/urlgrep/urlgrep/internal/mailgen"
	"github.com/urlgrep/urlgrep/mailbox"
)

// TestKitReuse checks that a Search given the buffers an earlier one left
// (kit) reports exactly what a Search with fresh ones reports: every
// input after every other, with options that share a kit and options that
// do not, mail after text and text after mail.
func TestKitReuse(t *testing.T) {
	in := inputs(t)
	names := make([]string, 0, len(in))
	for n := range in {
		names = append(names, n)
	}
	slices.Sort(names)
	optsList := []Options{
		{Jobs: 1},
		{Jobs: 1, TextOnly: true},
		{Jobs: 1, TextOnly: true, NoLineNumbers: true},
		{Jobs: 1, CountOnly: true},
		{Jobs: 1, Email: true, NoWWW: true},
		{Jobs: 1, Context: true, Unwrap: true},
		{Jobs: 1, MaxLength: 300},
		{Jobs: 1, Lines: true, Before: 1},
		{Jobs: 1, Raw: true},
	}
	// The answers of fresh kits: the pool emptied before each search.
	want := map[[2]int]string{}
	for oi, o := range optsList {
		for ni, n := range names {
			kits = sync.Pool{}
			want[[2]int{oi, ni}] = render(t, n, in[n], o)
		}
	}
	// Then each search after another of every kind, on kits in use.
	kits = sync.Pool{}
	for round := range 2 {
		for oi := range optsList {
			for ni, n := range names {
				// The previous search: another input, other options.
				po, pn := (oi+round+1)%len(optsList), names[(ni+round+3)%len(names)]
				render(t, pn, in[pn], optsList[po])
				if got := render(t, n, in[n], optsList[oi]); got != want[[2]int{oi, ni}] {
					t.Errorf("%s with %+v after %s with %+v: reused buffers reported\n%s\nfresh ones\n%s",
						n, optsList[oi], pn, optsList[po], got, want[[2]int{oi, ni}])
				}
			}
		}
	}
}

// TestSmallInputsAllocate checks that searching many small inputs, as a
// maildir's files, allocates little per input once the first has made its
// buffers: about 100 KB a message before Search kept them (kit), 300 KB
// in the command (whose printer's buffers are pooled too).
func TestSmallInputsAllocate(t *testing.T) {
	var mbox bytes.Buffer
	if _, err := mailgen.Generate(&mbox, 1, 3); err != nil {
		t.Fatal(err)
	}
	msg := mbox.Bytes()
	for _, o := range []Options{{Jobs: 1, CountOnly: true}, {Jobs: 1, TextOnly: true}, {Jobs: 1, TextOnly: true, Raw: true}} {
		search := func() {
			if _, err := Search(Input{Name: "m", R: bytes.NewReader(msg)}, o, func(*Event) bool { return true }); err != nil {
				t.Fatal(err)
			}
		}
		search()
		const n = 200
		var before, after runtime.MemStats
		runtime.GC() // the pool's kit stays: it is in use below at once
		runtime.ReadMemStats(&before)
		for range n {
			search()
		}
		runtime.ReadMemStats(&after)
		// A collection during the loop may empty the pool (a kit made
		// again, about 100 KB): the bound allows a few. With -race, the
		// pool drops a quarter of the kits put back: a kit made every
		// fourth search on average, still well under one a search.
		per := (after.TotalAlloc - before.TotalAlloc) / n
		bound := uint64(24 << 10)
		if raceEnabled {
			bound = 64 << 10
		}
		t.Logf("%+v: %d bytes a search of a %d-byte message", o, per, len(msg))
		if per > bound {
			t.Errorf("%+v: %d bytes allocated a search of a %d-byte message, want at most %d", o, per, len(msg), bound)
		}
	}
}

// renderTexts writes what Texts gives: each text with its part, and the
// notes.
func renderTexts(t *testing.T, name string, data []byte, o Options) string {
	t.Helper()
	var b strings.Builder
	err := Texts(Input{Name: name, R: bytes.NewReader(data)}, o, func(n string) {
		fmt.Fprintf(&b, "note %s\n", n)
	}, func(p *mailbox.Part, text io.Reader) error {
		if p != nil {
			fmt.Fprintf(&b, "part msg=%d %s %s\n", p.Message, p.Path, p.Type)
		}
		all, err := io.ReadAll(text)
		fmt.Fprintf(&b, "%q\n", all)
		return err
	})
	fmt.Fprintf(&b, "err=%v\n", err)
	return b.String()
}

// TestKitReuseTexts is TestKitReuse for Texts, whose mail Reader a kit
// keeps too, and for Texts and Search taking turns.
func TestKitReuseTexts(t *testing.T) {
	in := inputs(t)
	// Mail with problems to tell (notes), one at each end of the order.
	in["0-broken.eml"] = []byte("From: a@example.com\nContent-Type: multipart/mixed\n\nsee http://a.example/\n")
	in["z-broken.eml"] = []byte("From: b@example.com\nContent-Type: text/plain\nContent-Transfer-Encoding: base64\n\naHR0cDovL2IuZXhhbXBsZS8K\n-- \nlist footer http://c.example/\n")
	names := make([]string, 0, len(in))
	for n := range in {
		names = append(names, n)
	}
	slices.Sort(names)
	want := map[string]string{}
	for _, n := range names {
		kits = sync.Pool{}
		want[n] = renderTexts(t, n, in[n], Options{})
	}
	kits = sync.Pool{}
	for round := range 2 {
		for i, n := range names {
			p := names[(i+round+1)%len(names)]
			if round == 0 {
				renderTexts(t, p, in[p], Options{})
			} else {
				render(t, p, in[p], Options{Jobs: 1})
			}
			if got := renderTexts(t, n, in[n], Options{}); got != want[n] {
				t.Errorf("Texts of %s after %s: reused buffers gave\n%.2000s\nfresh ones\n%.2000s", n, p, got, want[n])
			}
		}
	}
}
