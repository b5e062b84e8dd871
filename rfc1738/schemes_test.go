package rfc1738

import (
	"strings"
	"testing"
)

// TestKnownShape: the filter in front of the registry never turns a known
// name away, in any case, and turns most prose words away.
func TestKnownShape(t *testing.T) {
	for name, s := range schemes {
		if !mayBeKnown([]byte(name)) {
			t.Errorf("mayBeKnown(%q) = false", name)
		}
		mixed := []byte(name)
		mixed[0] = strings.ToUpper(name[:1])[0]
		for _, n := range []string{strings.ToUpper(name), name, string(mixed)} {
			if b, reg := LookupBare([]byte(n)); b != s.bare || reg != s.registered {
				t.Errorf("LookupBare(%q) = %v, %v; want %v, %v", n, b, reg, s.bare, s.registered)
			}
		}
	}
	turned := 0
	words := []string{"note", "subject", "re", "todo", "warning", "example", "from", "date", "reply", "answer"}
	for _, w := range words {
		if !mayBeKnown([]byte(w)) {
			turned++
		}
	}
	if turned < len(words)/2 {
		t.Errorf("the filter turns away %d of %d prose words", turned, len(words))
	}
}

// TestSchemeInfoUnhashed: the common schemes' switch answers as the
// registry does, for every name in it and for names near them.
func TestSchemeInfoUnhashed(t *testing.T) {
	for i, name := range commonNames {
		if got := commonIndex(name); got != i {
			t.Errorf("commonIndex(%q) = %d, want %d", name, got, i)
		}
	}
	names := []string{"", "htt", "httpx", "HTTP", "ftps", "mail", "newsx", "gophers", "sftp"}
	for name := range schemes {
		names = append(names, name)
	}
	for _, name := range names {
		want, wantOK := schemes[name]
		if got := schemeInfo(name); (got != nil) != wantOK || got != nil && *got != want {
			t.Errorf("schemeInfo(%q) = %+v; want %+v, %v", name, got, want, wantOK)
		}
	}
}

// TestLookupBareAllocs: LookupBare allocates nothing, in any case.
func TestLookupBareAllocs(t *testing.T) {
	for _, name := range []string{"http", "HTTPS", "Mailto", "x-unknown-scheme", "note"} {
		if n := testing.AllocsPerRun(100, func() { LookupBare([]byte(name)) }); n != 0 {
			t.Errorf("LookupBare(%q): %v allocations", name, n)
		}
	}
}
