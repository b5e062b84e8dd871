package extract

import (
	"bytes"
	"fmt"
	"reflect"
	"strings"
	"testing"
	"unsafe"
)

// sameLazy scans in with an eager and a lazy Scanner (opts plus
// WithLazyMatch) and fails unless they give the same segments, the same
// Found, and, built on demand, Matches equal in every field. Every
// other segment's Match is built, so that building or not building one
// cannot change the next.
func sameLazy(t *testing.T, in string, opts ...Option) {
	t.Helper()
	eager := NewScanner(strings.NewReader(in), opts...)
	lazy := NewScanner(strings.NewReader(in), append(append([]Option{}, opts...), WithLazyMatch(true))...)
	for i := 0; ; i++ {
		e, l := eager.Scan(), lazy.Scan()
		if e != l {
			t.Fatalf("segment %d: eager Scan %v, lazy %v", i, e, l)
		}
		if !e {
			break
		}
		if !bytes.Equal(eager.Raw(), lazy.Raw()) {
			t.Fatalf("segment %d: eager %q, lazy %q", i, eager.Raw(), lazy.Raw())
		}
		em := eager.Match()
		if lazy.Found() != (em != nil) {
			t.Fatalf("segment %d %q: lazy Found %v, eager match %v", i, eager.Raw(), lazy.Found(), em)
		}
		if em == nil || i%2 == 1 {
			continue
		}
		lm := lazy.Match()
		if !reflect.DeepEqual(em, lm) {
			t.Fatalf("segment %d: lazy match\n%+v\nwant\n%+v", i, lm, em)
		}
		if lazy.Match() != lm {
			t.Fatalf("segment %d: Match built twice", i)
		}
	}
	if eager.Err() != nil || lazy.Err() != nil || eager.Dropped() != lazy.Dropped() {
		t.Fatalf("eager Err %v Dropped %d, lazy Err %v Dropped %d", eager.Err(), eager.Dropped(), lazy.Err(), lazy.Dropped())
	}
}

// TestLazySameAnswers: the lazy path never changes an answer, on every
// table, golden and generated input, with the default and the smallest
// buffers.
func TestLazySameAnswers(t *testing.T) {
	ins := allInputs(t)
	ins = append(ins, input{"generated/many", string(inputMany), nil}, input{"generated/none", string(inputNone), nil},
		input{"generated/many-email", string(inputMany), []Option{WithEmail(true)}})
	for _, in := range ins {
		t.Run(in.name, func(t *testing.T) {
			sameLazy(t, in.in, in.opts...)
			sameLazy(t, in.in, append(append([]Option{}, in.opts...), smallBuffers...)...)
		})
	}
}

// FuzzLazy: for any input, the lazy Scanner finds what the eager one
// does, and builds the same Matches.
func FuzzLazy(f *testing.F) {
	for _, in := range allInputs(f) {
		if len(in.in) < 64<<10 {
			f.Add(in.in)
		}
	}
	f.Fuzz(func(t *testing.T, in string) {
		sameLazy(t, in)
		sameLazy(t, in, WithEmail(true), WithReadSize(512), WithMaxCandidate(256))
	})
}

// TestLazyAllocs: counting with a lazy Scanner allocates nothing per URL
// found bare, as a www host, as an address or in a wrapper across lines,
// broken after a hyphen or not, or with an "&amp;" to resolve
// (testing.AllocsPerRun over a text with 175 and with 350 URLs: the same
// count).
func TestLazyAllocs(t *testing.T) {
	unit := "see http://www.example.com/drafts/index.html?lang=en&fmt=txt, " +
		"https://files.example.com/slides/context.pdf; www.example.org/table and mail alice@example.org.\n" +
		"> as <URL:http://c.example/rfc/\n>   index.html> says, and <URL:ftp://d.example/pub/meeting-\n> notes.txt>.\n" +
		"<p>http://e.example/?a=1&amp;b=2</p>\n" +
		"   see the registration authority's own guide at http://standards.example.org/regauth/oui/\n" +
		"   tutorials/EUI64.html and www.ietf.example/mail-\n   archive/web/x, and\n" +
		"http://www.example.com/docs/archive/2024/november/thread-about-the-regis\ntration.html here\n"
	count := func(n int) float64 {
		allocs, found := lazyScanAllocs(t, []byte(strings.Repeat(unit, n)), false, WithEmail(true))
		if found != 10*n {
			t.Fatalf("%d URLs found in %d units, want %d", found, n, 10*n)
		}
		return allocs
	}
	if a, b := count(25), count(50); b > a {
		t.Errorf("counting 250 URLs: %v allocations, 500 URLs: %v; want no allocation per URL", a, b)
	}
}

// TestLazyRejectAllocs: a lazy Scanner allocates nothing for a candidate
// the parser rejects, nor for a URL whose port is not its scheme's (the
// reused Parser's error and notes), counting or borrowing the URLs found.
func TestLazyRejectAllocs(t *testing.T) {
	unit := "no mailto:joe here, nor http://a..b/ nor http://[zz]/ nor http://a_b/ nor ftp://h:x/ nor http://-a.example/; " +
		"but http://a.example:8080/status and https://b.example:8443/ are\n"
	count := func(n int, borrow bool) float64 {
		allocs, found := lazyScanAllocs(t, []byte(strings.Repeat(unit, n)), borrow)
		if found != 2*n {
			t.Fatalf("%d URLs found in %d units, want %d", found, n, 2*n)
		}
		return allocs
	}
	for _, borrow := range []bool{false, true} {
		if a, b := count(100, borrow), count(200, borrow); b > a {
			t.Errorf("borrow %v: 100 units, %v allocations; 200 units, %v: want none a candidate", borrow, a, b)
		}
	}
}

// lazyScanAllocs scans text with a lazy Scanner (opts added) and returns
// the allocations a scan makes (testing.AllocsPerRun) and the URLs it
// finds; with borrow, it borrows each, and fails at one with an error.
func lazyScanAllocs(t *testing.T, text []byte, borrow bool, opts ...Option) (allocs float64, found int) {
	t.Helper()
	r := bytes.NewReader(text)
	s := NewScanner(r, append([]Option{WithLazyMatch(true)}, opts...)...)
	allocs = testing.AllocsPerRun(20, func() {
		r.Reset(text)
		s.Reset(r)
		found = 0
		for s.Scan() {
			if !s.Found() {
				continue
			}
			found++
			if borrow && s.Borrow().Err != nil {
				t.Fatalf("%s: %v", s.Raw(), s.Borrow().Err)
			}
		}
	})
	return allocs, found
}

// TestBorrowedSameAsAll: Finder.Borrowed yields what All yields, the
// fields a borrower reads (offsets, kind, text, URL, raw, validity) equal.
func TestBorrowedSameAsAll(t *testing.T) {
	for _, in := range allInputs(t) {
		f := NewFinder(in.opts...)
		var all, borrowed []string
		for fd := range f.All([]byte(in.in), 0) {
			m := fd.Match
			all = append(all, fmt.Sprintf("%d-%d %d-%d %v %q %q %q %v %s", fd.Start, fd.End, m.Offset, m.End, m.Kind, m.Text, m.URL, m.Raw, m.Valid(), m.Parsed.Scheme))
		}
		for fd := range f.Borrowed([]byte(in.in), 0) {
			m := fd.Match
			borrowed = append(borrowed, fmt.Sprintf("%d-%d %d-%d %v %q %q %q %v %s", fd.Start, fd.End, m.Offset, m.End, m.Kind, m.Text, m.URL, m.Raw, m.Valid(), m.Parsed.Scheme))
		}
		if !reflect.DeepEqual(all, borrowed) {
			t.Errorf("%s: Borrowed\n%q\nAll\n%q", in.name, borrowed, all)
		}
	}
}

// TestPlainPrefix: plainPrefix never passes a byte outside 0x21-0x7e,
// passes a string of eight or more such bytes whole, whatever its length,
// and stops at most seven bytes before the first other byte.
func TestPlainPrefix(t *testing.T) {
	for n := range 34 {
		for b := range 256 {
			for at := -1; at < n; at++ {
				s := []byte(strings.Repeat("a", n))
				if at >= 0 {
					s[at] = byte(b)
				}
				got := plainPrefix(string(s))
				bad := len(s) // the first byte outside 0x21-0x7e
				for k, c := range s {
					if c <= 0x20 || c >= 0x7f {
						bad = k
						break
					}
				}
				if got > bad || got < bad&^7 || bad == len(s) && len(s) >= 8 && got != len(s) {
					t.Fatalf("%q: %d, want %d (or a multiple of 8 down to %d)", s, got, bad, bad&^7)
				}
			}
		}
	}
}

// TestAsWritten checks the text shown for a URL as written: what cannot
// stand in an IRI percent-encoded, everything else kept, and the string
// itself returned, with no allocation, when nothing is encoded (an IRI's
// letters, in any script, included).
func TestAsWritten(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"http://a.example/x", "http://a.example/x"},
		{"https://例え.テスト/パス/1", "https://例え.テスト/パス/1"},
		{"http://a.example/é", "http://a.example/é"},
		{"http://a.example/a b", "http://a.example/a%20b"},
		{"http://a.example/a\u00a0b", "http://a.example/a%C2%A0b"},    // Zs
		{"http://a.example/a\u00adb", "http://a.example/a%C2%ADb"},    // Cf
		{"http://a.example/\x7f", "http://a.example/%7F"},             // Cc
		{"http://a.example/\xff\xfe", "http://a.example/%FF%FE"},      // not UTF-8
		{"http://a.example/क\u200dष", "http://a.example/क\u200dष"},    // a joiner that joins
		{"http://a.example/-\u200d-", "http://a.example/-%E2%80%8D-"}, // one that does not
		{"http://例.example/\u2028é", "http://例.example/%E2%80%A8é"},   // Zl, then kept again
	} {
		if got := asWritten(tc.in); got != tc.want {
			t.Errorf("asWritten(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
	iri := "https://例え.テスト/パス/1?q=日本語"
	if got := asWritten(iri); unsafe.StringData(got) != unsafe.StringData(iri) {
		t.Errorf("asWritten(%q) made a copy of a text it keeps whole", iri)
	}
	if n := testing.AllocsPerRun(100, func() { _ = asWritten(iri) }); n != 0 {
		t.Errorf("asWritten: %.1f allocations for an IRI kept whole, want 0", n)
	}
}

// TestBorrowErrKept: a borrowed Match's Err is the caller's to keep, as
// urlgrep's workers keep it with the positions: the next candidates'
// parses, into the same reused Parser (a bare URL's, then a wrapper's
// rejoined reading), leave it as it was, equal to the eager Match's.
func TestBorrowErrKept(t *testing.T) {
	in := "a http://a.example:70000/x b ftp://h:x/ c <URL:https://user@x/\n  y> d " +
		"http://b.example:80000/ e mailto:joe f http://c.example/ g\n"
	eager := NewScanner(strings.NewReader(in))
	var want []string
	for eager.Scan() {
		if m := eager.Match(); m != nil && m.Err != nil {
			want = append(want, m.Err.Error())
		}
	}
	if len(want) < 3 {
		t.Fatalf("only %d URLs with errors: %q", len(want), want)
	}
	lazy := NewScanner(strings.NewReader(in), WithLazyMatch(true))
	var kept []error
	for lazy.Scan() {
		if m := lazy.Borrow(); m != nil && m.Err != nil {
			kept = append(kept, m.Err)
		}
	}
	if len(kept) != len(want) {
		t.Fatalf("lazy: %d URLs with errors, eager %d", len(kept), len(want))
	}
	for i, err := range kept {
		if err.Error() != want[i] {
			t.Errorf("error %d kept as %q, want %q", i, err.Error(), want[i])
		}
	}
}

// TestJSONDropAllocs: a run of JSON-escaped URLs too long for one
// candidate (one 64 KiB candidate after another, each dropped) builds no
// text for them: scanning twice the run allocates no more (bareJSON built
// each candidate's text before it knew, 1.6 GB of garbage over 64 MiB).
func TestJSONDropAllocs(t *testing.T) {
	run := func(n int) []byte { return bytes.Repeat([]byte(`https:\/\/a\/`), n) }
	scan := func(in []byte) float64 {
		s := NewScanner(nil, WithLazyMatch(true))
		return testing.AllocsPerRun(5, func() {
			s.Reset(bytes.NewReader(in))
			for s.Scan() {
			}
		})
	}
	small, large := run(40000), run(80000) // 0.5 and 1 MB: 8 and 16 drops or so
	scan(large)                            // the Scanner's buffer grown
	if a, b := scan(small), scan(large); b > a+2 {
		t.Errorf("allocations: %v over %d bytes, %v over %d: dropped JSON candidates build their text", a, len(small), b, len(large))
	}
}
