package rfc1738

import (
	"math/rand"
	"reflect"
	"strings"
	"testing"
)

// sameAsFull checks that parsing in with the fast path (parseInto) gives
// what the full parse (parseFull) gives, in both modes: the URL field by
// field, and the error. It reports whether the fast path took in.
func sameAsFull(t *testing.T, in string) (fast bool) {
	t.Helper()
	for _, lenient := range []bool{false, true} {
		var blk urlBlock
		fast = parseCommonHTTP(&blk, in)
		got, gerr := parseInto(&urlBlock{}, in, lenient)
		want, werr := parseFull(&urlBlock{}, in, lenient)
		if !reflect.DeepEqual(got, want) || !reflect.DeepEqual(gerr, werr) {
			t.Fatalf("parse(%q, lenient %v), fast path %v:\n got %#v, %v\nwant %#v, %v", in, lenient, fast, got, gerr, want, werr)
		}
		if fast && (werr != nil || len(want.Warnings) != 0) {
			t.Fatalf("parse(%q): the fast path took a URL with an error or a warning: %v %v", in, werr, want.Warnings)
		}
	}
	return fast
}

// TestCommonHTTP: parseCommonHTTP, the fast path for the commonest http
// URLs, gives the full parse's answer on every input: seeds, typical URLs
// and 300,000 random ones built near its edges (schemes that almost match,
// hosts with upper case, "_", "xn--", labels of 63 and 64 bytes, trailing
// dots, numbers, users, ports good and bad, brackets; paths with every
// ASCII byte, escapes good and bad, encoded CR and LF, "#", a second "?",
// non-ASCII). It also checks that the fast path takes a good share of
// them, escapes and ports among them, so that the comparison means
// something.
func TestCommonHTTP(t *testing.T) {
	took := 0
	for _, s := range append(append([]string{}, seeds...), typicalURLs...) {
		if sameAsFull(t, s) {
			took++
		}
	}
	if took < 5 {
		t.Errorf("the fast path took %d of the seeds and typical URLs", took)
	}
	rng := rand.New(rand.NewSource(1))
	pick := func(xs ...string) string { return xs[rng.Intn(len(xs))] }
	label := func() string {
		switch rng.Intn(40) {
		case 0:
			return strings.Repeat("a", 63)
		case 1:
			return strings.Repeat("b", 64)
		case 2:
			return ""
		case 3:
			return pick("-a", "a-", "xn--bcher-kva", "1com", "a_b", "Ex", "0", "123", "\u00fc")
		}
		const alpha = "abcdefghijklmnopqrstuvwxyz0123456789-"
		b := make([]byte, 1+rng.Intn(10))
		for i := range b {
			b[i] = alpha[rng.Intn(len(alpha))]
		}
		return string(b)
	}
	// Most paths are of the bytes the fast path takes (unreserved and
	// reserved); the others have any printable ASCII byte, and escapes,
	// fragments, a second "?", a control byte or a letter beyond ASCII.
	const good = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789$-_.+!*'(),;:@&="
	path := func() string {
		var b strings.Builder
		any := rng.Intn(3) == 0
		for range rng.Intn(30) {
			switch {
			case rng.Intn(10) == 0:
				b.WriteString(pick("/", "/", "?"))
			case rng.Intn(40) == 0:
				b.WriteString(pick("%20", "%7e", "%2F", "%3f", "%00", "%0D", "%0a", "%4", "%", "%zz", "#frag", "?", "/", "??", "\u00e9", "\x00", " "))
			case any:
				b.WriteByte(byte(0x21 + rng.Intn(0x5e)))
			default:
				b.WriteByte(good[rng.Intn(len(good))])
			}
		}
		return b.String()
	}
	n := 300000
	took, escaped, ported := 0, 0, 0
	for range n {
		var b strings.Builder
		if rng.Intn(5) > 0 {
			b.WriteString(pick("http://", "https://"))
		} else {
			b.WriteString(pick("HTTP", "Https", "httpx", "ftp", "htt", "http", "https"))
			b.WriteString(pick("://", ":/", ":", "//", ":///"))
		}
		if rng.Intn(10) == 0 {
			b.WriteString(pick("user@", "u:p@", "@", "[::1]", "[", "1.2.3.4", "256.1.2.3"))
		}
		for k := rng.Intn(4); k >= 0; k-- {
			b.WriteString(label())
			if k > 0 {
				b.WriteByte('.')
			}
		}
		if rng.Intn(8) == 0 {
			b.WriteString(pick(".", ":80", ":443", ":8080", ":0", ":00080", ":65535", ":", ":65536", ":8x", ":80:81", ":80?q", ":80@h", "?q", "#f", "@h"))
		}
		if rng.Intn(4) > 0 {
			b.WriteString("/" + path())
		}
		if sameAsFull(t, b.String()) {
			took++
			if strings.Contains(b.String(), "%") {
				escaped++
			}
			if u, _ := parseInto(&urlBlock{}, b.String(), true); u.HasPort {
				ported++
			}
		}
	}
	if took < n/10 || escaped < n/1000 || ported < n/1000 {
		t.Errorf("the fast path took %d of %d random inputs, %d with escapes, %d with a port: too few for the comparison to tell", took, n, escaped, ported)
	}
	t.Logf("the fast path took %d of %d random inputs, %d with escapes, %d with a port", took, n, escaped, ported)
}
