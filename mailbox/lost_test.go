package mailbox

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/urlgrep/urlgrep/extract"
	"github.com/urlgrep/urlgrep/internal/mailgen"
)

// TestNoMessageLost reads a generated mbox of 10,000 messages, with every
// encoding, charset and structure of #4, and checks that the URLs found,
// counted as the CLI counts them (a URL shown in several parts of one
// multipart/alternative once), are exactly the generator's: none lost,
// none invented, each in its message.
func TestNoMessageLost(t *testing.T) {
	const n = 10_000
	var mbox bytes.Buffer
	wants, err := mailgen.Generate(&mbox, n, 4)
	if err != nil {
		t.Fatal(err)
	}
	if path := os.Getenv("MAILGEN_OUT"); path != "" {
		os.WriteFile(path, mbox.Bytes(), 0o644) // to look at
	}

	var probs []Problem
	r := NewReader(bytes.NewReader(mbox.Bytes()), OnProblem(func(p Problem) { probs = append(probs, p) }))
	var found []mailgen.Want
	msgs := 0
	var seen map[string]bool // the URLs of the current alternative group
	groupKey := ""
	for {
		p, err := r.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		msgs = max(msgs, p.Message)
		var group map[string]bool
		if p.Group != "" {
			if k := strconv.Itoa(p.Message) + "/" + p.Group; k != groupKey {
				groupKey, seen = k, map[string]bool{}
			}
			group = seen
		}
		sc := extract.NewScanner(p.Body)
		for sc.Scan() {
			m := sc.Match()
			if m == nil {
				continue
			}
			if group != nil {
				if group[m.URL] {
					continue
				}
				group[m.URL] = true
			}
			found = append(found, mailgen.Want{Message: p.Message, URL: m.URL})
		}
		if err := sc.Err(); err != nil {
			t.Fatalf("message %d part %s: %v", p.Message, p.Path, err)
		}
	}
	if msgs != n {
		t.Errorf("read %d messages, want %d", msgs, n)
	}
	for _, p := range probs {
		t.Errorf("problem: %v", p)
	}
	if missing, extra := multisetDiff(wants, found); len(missing)+len(extra) > 0 {
		t.Errorf("found %d URLs, want %d; %d missing, %d invented:\n%s", len(found), len(wants), len(missing), len(extra),
			describeDiff(mbox.Bytes(), missing, extra))
	}
}

// multisetDiff returns the entries of want not in got and of got not in
// want, counted with multiplicity, sorted by message.
func multisetDiff(want, got []mailgen.Want) (missing, extra []mailgen.Want) {
	count := map[mailgen.Want]int{}
	for _, w := range want {
		count[w]++
	}
	for _, g := range got {
		count[g]--
	}
	for w, c := range count {
		for ; c > 0; c-- {
			missing = append(missing, w)
		}
		for ; c < 0; c++ {
			extra = append(extra, w)
		}
	}
	less := func(s []mailgen.Want) func(i, j int) bool {
		return func(i, j int) bool {
			if s[i].Message != s[j].Message {
				return s[i].Message < s[j].Message
			}
			return s[i].URL < s[j].URL
		}
	}
	sort.Slice(missing, less(missing))
	sort.Slice(extra, less(extra))
	return missing, extra
}

// describeDiff lists the first differences, and the text of the first
// message with one.
func describeDiff(mbox []byte, missing, extra []mailgen.Want) string {
	var b strings.Builder
	first := 0
	for i, w := range missing {
		if i == 20 {
			fmt.Fprintf(&b, "  ... %d more missing\n", len(missing)-i)
			break
		}
		fmt.Fprintf(&b, "  missing: message %d: %s\n", w.Message, w.URL)
		if first == 0 || w.Message < first {
			first = w.Message
		}
	}
	for i, w := range extra {
		if i == 20 {
			fmt.Fprintf(&b, "  ... %d more invented\n", len(extra)-i)
			break
		}
		fmt.Fprintf(&b, "  invented: message %d: %s\n", w.Message, w.URL)
		if first == 0 || w.Message < first {
			first = w.Message
		}
	}
	fmt.Fprintf(&b, "message %d:\n%s", first, nthMessage(mbox, first))
	return b.String()
}

// nthMessage returns message n (1-based) of a generated mbox, whose "From "
// lines all start "From sender".
func nthMessage(mbox []byte, n int) string {
	msgs := bytes.Split(mbox, []byte("\nFrom sender"))
	if n < 1 || n > len(msgs) {
		return ""
	}
	return string(msgs[n-1])
}
