package rfc1738

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"sync"
	"testing"
	"unsafe"
)

// idnHosts are names for the IDN cache's tests: U-labels that hold and
// that fail (symbols, mixed Bidi, too long a label, a bad mapping),
// A-labels, upper case and full-width forms that map to others.
func idnHosts() []string {
	hosts := []string{
		"例え.テスト", "例え.テスト.", "ÉCOLE.fr", "école.fr", "bücher.example", "BÜCHER.example",
		"xn--bcher-kva.example", "xn--r8jz45g.xn--zckzah", "xn--zz.example", "xn--a.example",
		"♥.example", "ｅｘａｍｐｌｅ.com", "пример.испытание", "مثال.إختبار", "a‐b.example",
		"δοκιμή.example", "ab\u05d0.example", "1ab\u05d0.example",
		"ä" + string(make([]byte, 70)) + ".example",
	}
	r := rand.New(rand.NewPCG(1, 2))
	runes := []rune("aäbcdeé-.ü例えテスト♥ΔδЖж0123456789ｘ\u05d0\u0627")
	for range 2000 {
		n := 1 + r.IntN(20)
		b := make([]rune, n)
		for i := range b {
			b[i] = runes[r.IntN(len(runes))]
		}
		hosts = append(hosts, string(b))
	}
	return hosts
}

// TestIDNCacheSameAsProfile checks that the remembered conversions are the
// conversions: every host parsed with the cache gives what it gives
// without, on a first lookup and on later ones, with the table's slots
// shared by far more names than it has (so records replace each other).
func TestIDNCacheSameAsProfile(t *testing.T) {
	hosts := idnHosts()
	parse := func(h string) string {
		u, err := ParseLenient("http://" + h + "/p")
		if err != nil || u == nil {
			return fmt.Sprintf("error %v", err)
		}
		return fmt.Sprintf("%q %q %q", u.Host, u.HostUnicode, u.String())
	}
	want := make([]string, len(hosts))
	useIDNCache = false
	for i, h := range hosts {
		want[i] = parse(h)
	}
	useIDNCache = true
	t.Cleanup(func() { useIDNCache = true })
	idnCache = [idnSlots]atomicRecord{}
	for round := range 3 {
		for i, h := range hosts {
			if got := parse(h); got != want[i] {
				t.Fatalf("round %d, host %q: %s with the cache, %s without", round, h, got, want[i])
			}
		}
	}
	hits := 0
	for i := range idnCache {
		if idnCache[i].Load() != nil {
			hits++
		}
	}
	if hits < idnSlots/2 {
		t.Errorf("only %d of %d slots in use after %d names: the cache is not used", hits, idnSlots, len(hosts))
	}
}

// TestIDNCacheKeepsItsKey checks that a record does not keep a view of
// its caller's bytes: a lazy Finder parses from a buffer it then reuses.
func TestIDNCacheKeepsItsKey(t *testing.T) {
	idnCache = [idnSlots]atomicRecord{}
	buf := []byte("http://bücher.example/")
	var p Parser
	u, err := p.ParseLenient(unsafeString(buf))
	if err != nil || u.Host != "xn--bcher-kva.example" {
		t.Fatalf("got %v, %v", u, err)
	}
	copy(buf, "http://bÜcher.example/") // same length: the view, were it kept, now reads this
	for i := range idnCache {
		if r := idnCache[i].Load(); r != nil && r.name != "bücher.example" {
			t.Errorf("a record for %q after the parsed buffer changed: it kept a view of the bytes", r.name)
		}
	}
}

// TestIDNCacheConcurrent parses IDN hosts on several goroutines at once
// (run with -race): the records are shared without a lock.
func TestIDNCacheConcurrent(t *testing.T) {
	hosts := idnHosts()[:300]
	want := make([]string, len(hosts))
	for i, h := range hosts {
		if u, err := ParseLenient("http://" + h + "/"); err == nil {
			want[i] = u.Host
		}
	}
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var p Parser
			for k := range 5 * len(hosts) {
				i := (k*7 + g) % len(hosts)
				got := ""
				if u, err := p.ParseLenient("http://" + hosts[i] + "/"); err == nil {
					got = u.Host
				}
				if got != want[i] {
					t.Errorf("host %q: %q, want %q", hosts[i], got, want[i])
					return
				}
			}
		}()
	}
	wg.Wait()
}

// TestIDNCacheAllocs checks what the cache is for: a host seen before is
// converted without an allocation.
func TestIDNCacheAllocs(t *testing.T) {
	var p Parser
	raw := "https://例え.テスト/パス"
	if _, err := p.ParseLenient(raw); err != nil {
		t.Fatal(err)
	}
	if n := testing.AllocsPerRun(100, func() { _, _ = p.ParseLenient(raw) }); n != 0 {
		t.Errorf("%.1f allocations a parse of an IDN host seen before, want 0", n)
	}
}

func unsafeString(b []byte) string { return unsafe.String(unsafe.SliceData(b), len(b)) }

// TestSymbolHost checks the host names that UTS #46 maps and IDNA2008
// refuses (ErrSymbolHost): symbols in a label below the top one, read as
// browsers read them, in their A-label form (the names Django's iri_to_uri
// tests and the .ws registry use), and the names that stay no host: a
// symbol in the top label, and a mail address's domain, which keeps to
// IDNA2008 (RFC 6531 §3.2).
func TestSymbolHost(t *testing.T) {
	for _, tt := range []struct{ in, host, uni string }{
		{"https://i\u2764.ws/emojidomain/", "xn--i-7iq.ws", "i\u2764.ws"},
		{"http://\u272adf.ws/123", "xn--df-oiy.ws", "\u272adf.ws"},
		{"http://\U0001f344.ga/", "xn--ei8h.ga", "\U0001f344.ga"},
		{"http://I\u2764.WS/", "xn--i-7iq.ws", "i\u2764.ws"}, // mapped to lower case
	} {
		u, err := ParseLenient(tt.in)
		if err != nil {
			t.Errorf("ParseLenient(%q): %v", tt.in, err)
			continue
		}
		if u.Host != tt.host || u.HostUnicode != tt.uni || findWarning(u, ErrSymbolHost) == nil {
			t.Errorf("ParseLenient(%q): host %q (%q), warnings %v; want %q (%q) and %v", tt.in, u.Host, u.HostUnicode, u.Warnings, tt.host, tt.uni, ErrSymbolHost)
		}
		if !errors.Is(ErrSymbolHost, ErrIDN) {
			t.Errorf("ErrSymbolHost is not an ErrIDN")
		}
		if _, err := Parse(tt.in); !errors.Is(err, ErrSymbolHost) {
			t.Errorf("Parse(%q) = %v, want %v", tt.in, err, ErrSymbolHost)
		}
	}
	for _, in := range []string{"http://x.\U0001f344/", "http://a\u2764.b\u2764/", "mailto:a@i\u2764.ws", "xmpp:a@i\u2764.ws", "http://\u2192.ws/"} {
		if u, err := ParseLenient(in); err == nil {
			t.Errorf("ParseLenient(%q) = host %q, want an error", in, u.Host)
		}
	}
}

// TestUnderscoreIDN checks a name with "_" inside a label below the top
// one and non-ASCII labels too, read as an ASCII one is (ErrUnderscore)
// and as an IDN (ErrIDN), its warnings in the order of their offsets;
// and the names that stay no host: "_" at a label's end or in the top
// label, other ASCII, and a mail address's domain.
func TestUnderscoreIDN(t *testing.T) {
	for _, tt := range []struct {
		in, host, uni string
		warns         []error
	}{
		{"https://Sch\u00f6ne_Gr\u00fc\u00dfe.com/test", "xn--schne_gre-n1a1wvc.com", "sch\u00f6ne_gr\u00fc\u00dfe.com", []error{ErrIDN, ErrUnderscore}},
		{"http://a_b.\u4f8b\u3048.jp/", "a_b.xn--r8jz45g.jp", "a_b.\u4f8b\u3048.jp", []error{ErrUnderscore, ErrIDN}},
	} {
		u, err := ParseLenient(tt.in)
		if err != nil {
			t.Errorf("ParseLenient(%q): %v", tt.in, err)
			continue
		}
		var got []error
		for _, w := range u.Warnings {
			got = append(got, w.Err)
		}
		if u.Host != tt.host || u.HostUnicode != tt.uni || len(got) != len(tt.warns) || got[0] != tt.warns[0] || got[1] != tt.warns[1] {
			t.Errorf("ParseLenient(%q): host %q (%q), warnings %v; want %q (%q), %v", tt.in, u.Host, u.HostUnicode, got, tt.host, tt.uni, tt.warns)
		}
		if _, err := Parse(tt.in); !errors.Is(err, tt.warns[0]) {
			t.Errorf("Parse(%q) = %v, want %v", tt.in, err, tt.warns[0])
		}
	}
	for _, in := range []string{"http://_a.\u4f8b\u3048.jp/", "http://a_.\u4f8b\u3048.jp/", "http://\u4f8b\u3048.a_b/", "http://a*b_c.\u4f8b\u3048.jp/", "mailto:x@a_b.\u4f8b\u3048.jp"} {
		if u, err := ParseLenient(in); err == nil {
			t.Errorf("ParseLenient(%q) = host %q, want an error", in, u.Host)
		}
	}
}
