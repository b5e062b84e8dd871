package extract

import (
	"slices"
	"strings"
	"testing"

	"golang.org/x/net/publicsuffix"
)

// icann reports what golang.org/x/net/publicsuffix says of tld: whether
// a name under it has an ICANN public suffix. The command does not import
// publicsuffix (it brings net/http and crypto/tls into the binary: 2.2 MB,
// and 1.1 MB of resident memory at start), so the table it keeps instead,
// rootZone, is checked against it here.
func icann(tld string) bool {
	_, ok := publicsuffix.PublicSuffix("x." + tld)
	return ok
}

// TestRootZone checks rootZone, made from IANA's list, against the
// ICANN section of the Public Suffix List: every name in it is a TLD
// there, and names that are not in it (file extensions and the like,
// which knownTLD exists to turn away) are not TLDs there either.
func TestRootZone(t *testing.T) {
	if len(rootZone) < 1400 {
		t.Fatalf("rootZone (IANA version %s) holds %d names", rootZoneVersion, len(rootZone))
	}
	for i, name := range rootZone {
		if i > 0 && rootZone[i-1] >= name {
			t.Errorf("rootZone not sorted at %q, %q", rootZone[i-1], name)
		}
		if name != strings.ToLower(name) {
			t.Errorf("rootZone[%d] = %q, not in lower case", i, name)
		}
		if !icann(name) {
			t.Errorf("%q is in rootZone (IANA version %s) but not an ICANN TLD in publicsuffix", name, rootZoneVersion)
		}
	}
	notTLDs := []string{
		"conf", "tmac", "go", "c", "h", "o", "png", "jpg", "webp", "js", "ts",
		"service", "txt", "html", "htm", "exe", "tar", "gz", "bz2", "con",
		"wiley", "rock", "lan", "home", "corp", "mail", "mbox", "md", "pdf",
	}
	for _, w := range notTLDs {
		if got, want := knownTLD(w), icann(w); got != want {
			t.Errorf("knownTLD(%q) = %v, publicsuffix says %v", w, got, want)
		}
	}
	for _, w := range []string{"com", "COM", "Org", "ck", "bd", "xn--fiqs8s", "XN--FIQS8S", "zw", "aaa", "onion"} {
		if !knownTLD(w) {
			t.Errorf("knownTLD(%q) = false", w)
		}
	}
	for _, w := range specialTLDs {
		if !knownTLD(w) || !knownTLD(strings.ToUpper(w)) {
			t.Errorf("knownTLD(%q) = false for a special-use name", w)
		}
	}
	for _, w := range []string{"", "x.com", "com.", "coms", "co", "zz", "aa", "zzz"} {
		if knownTLD(w) != slices.Contains(rootZone[:], w) || (w != "co" && knownTLD(w)) {
			t.Errorf("knownTLD(%q) = %v", w, knownTLD(w))
		}
	}
}

// TestKnownTLDAllocs: asking about a TLD, in any case, allocates nothing.
func TestKnownTLDAllocs(t *testing.T) {
	n := testing.AllocsPerRun(100, func() {
		knownTLD("COM")
		knownTLD("example")
		knownTLD("conf")
	})
	if n != 0 {
		t.Errorf("knownTLD allocates %v times a run", n)
	}
}
