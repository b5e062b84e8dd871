package rfc1738

import (
	"hash/maphash"
	"strings"
	"sync/atomic"
	"unicode"
	"unicode/utf8"

	"golang.org/x/net/idna"
)

// idnaProfile maps and checks internationalized host names: IDNA2008 with
// the UTS #46 mapping for lookup, the Bidi rule, and DNS lengths.
var idnaProfile = idna.New(idna.MapForLookup(), idna.BidiRule(), idna.VerifyDNSLength(true), idna.Transitional(false))

// idnaUnderscore is idnaProfile without STD3's ASCII rules, for a name with
// "_" in a label (idnHost): UTS #46 lets it through with them off, as
// browsers map hosts (the WHATWG URL Standard's "domain to ASCII").
var idnaUnderscore = idna.New(idna.MapForLookup(), idna.StrictDomainName(false), idna.BidiRule(), idna.VerifyDNSLength(true), idna.Transitional(false))

// The IDNA conversions of host names are remembered: real text names the
// same few hosts again and again, and a conversion by x/net/idna (mapping,
// normalisation, Punycode, the Bidi rule) costs more than the rest of a
// URL's parse; it was a third of the time to link Markdown in Japanese.
//
// The cache is a direct-mapped table of idnSlots entries, each an
// immutable record behind an atomic pointer, so that parsers on any
// goroutine share it without a lock; a record replaces another in its slot
// whole. Only names of at most maxIDNCached bytes are kept (a DNS name has
// at most 253): with its A-label form (at most 253 bytes) and its U-label
// form (at most four bytes a character of that), a record holds under
// 1.6 KB, and the table under 410 KB, a few KB in practice. What
// it returns is what the conversion returns, always: a record is used only
// for the very name, and the conversions are functions of the name
// (TestIDNCacheSameAsProfile).
const (
	idnSlots     = 256
	maxIDNCached = 255
)

// idnRecord is one name's conversions.
type idnRecord struct {
	kind idnKind
	name string
	// For idnToASCII: ok when the name is a host, ascii its A-label form
	// and uni its U-label form; symbols or underscore (ok false) when it
	// is one for UTS #46 and browsers only, a label below the top one
	// holding symbols or "_" (idnHost). For idnToUnicode: uni the U-label
	// form of an ASCII name that holds "xn--", or "" when it has none other.
	ascii, uni              string
	ok, symbols, underscore bool
}

type idnKind uint8

const (
	idnToASCII idnKind = iota
	idnToUnicode
)

// atomicRecord is a slot of the table.
type atomicRecord = atomic.Pointer[idnRecord]

var (
	idnCache [idnSlots]atomicRecord
	idnSeed  = maphash.MakeSeed()
	// useIDNCache lets tests compare the cached answers with the
	// profile's own.
	useIDNCache = true
)

// idnLookup returns name's record of kind, computing and remembering it
// when it is not in the table.
func idnLookup(kind idnKind, name string) *idnRecord {
	if !useIDNCache || len(name) > maxIDNCached {
		return idnCompute(kind, name)
	}
	slot := &idnCache[(maphash.String(idnSeed, name)+uint64(kind))%idnSlots]
	if r := slot.Load(); r != nil && r.kind == kind && r.name == name {
		return r
	}
	r := idnCompute(kind, name)
	// The name may be a view of a buffer its caller reuses (a lazy
	// Finder parses from its scan buffer): the record keeps a copy.
	r.name = strings.Clone(name)
	slot.Store(r)
	return r
}

// idnCompute converts name as kind says.
func idnCompute(kind idnKind, name string) *idnRecord {
	r := &idnRecord{kind: kind, name: name}
	switch kind {
	case idnToASCII:
		r.ascii, r.uni, r.ok, r.symbols, r.underscore = idnHost(name)
	case idnToUnicode:
		if h, err := idnaProfile.ToUnicode(name); err == nil && h != name {
			r.uni = h
		}
	}
	return r
}

// idnHost reads host, a name with non-ASCII labels: a host when IDNA2008
// (with the UTS #46 mapping for lookup: case and width folded) gives an
// A-label name that is a §3.1 hostname, and whose U-labels are letters
// and digits (letterDigits). It returns both forms.
//
// A name whose labels below the top one also hold symbols ("i❤.ws",
// "🍄.ga") is no IDNA2008 host (RFC 5892 §2.1 leaves symbols out), but
// it is one for UTS #46, which browsers map host names with (the WHATWG
// URL Standard's "domain to ASCII", not strict), and registries of .ws,
// .to and others sell such names: it gives both forms with symbols true
// and ok false. Its top label must still be letters and digits.
//
// A name with "_" inside a label below the top one ("a_b.例え.jp",
// "Schöne_Grüße.com") is read as an ASCII one is (ErrUnderscore: DNS
// names hold it, browsers map it), with STD3's rules off for its "_"
// alone: it gives both forms with underscore true and ok false.
func idnHost(host string) (ascii, uni string, ok, symbols, underscore bool) {
	profile := idnaProfile
	a, err := profile.ToASCII(host)
	if err != nil && underscoreName(host) {
		profile, underscore = idnaUnderscore, true
		a, err = profile.ToASCII(host)
	}
	if err != nil || !underscore && badHost(a) >= 0 || underscore && badHostname(a, true) >= 0 {
		return "", "", false, false, false
	}
	u, err := profile.ToUnicode(a)
	if err != nil {
		return "", "", false, false, false
	}
	if letterDigits(u) {
		return a, u, !underscore, false, underscore
	}
	top := strings.LastIndexByte(u, '.')
	if top < 0 || !letterDigits(u[top+1:]) || !symbolLabels(u[:top]) {
		return "", "", false, false, false
	}
	return a, u, false, true, underscore
}

// underscoreName reports whether host holds a "_" and, of ASCII, only
// what a host name holds besides (letters, digits, "-" and "."): the
// names idnHost reads with STD3's rules off, which would let other ASCII
// through.
func underscoreName(host string) bool {
	if strings.IndexByte(host, '_') < 0 {
		return false
	}
	for i := 0; i < len(host); i++ {
		if c := host[i]; c < utf8.RuneSelf && c != '_' && c != '-' && c != '.' && !is(c, classAlpha|classDigit) {
			return false
		}
	}
	return true
}

// symbolLabels reports whether the non-ASCII runes of s, U-labels, are
// letters and digits as letterDigits has them, or pictographic symbols
// (So: "❤", "✪", emoji; Sk: emoji skin tone modifiers).
func symbolLabels(s string) bool {
	for _, r := range s {
		if r >= utf8.RuneSelf && !letterDigit(r) && !unicode.In(r, unicode.So, unicode.Sk) {
			return false
		}
	}
	return true
}

// nonASCIIName reports whether s, a host name decoded from its escapes or
// an address's domain, is UTF-8 with a rune that is not ASCII: a name
// that only IDNA2008 can make a host of (idnLookup).
func nonASCIIName(s string) bool {
	return utf8.ValidString(s) && nonASCIIAt(s) >= 0
}

// letterDigits reports whether the non-ASCII runes of the U-label name s
// are all in IDNA2008's LetterDigits categories (RFC 5892 §2.1: Ll, Lo, Lm,
// Mn, Mc, Nd), which the UTS #46 tables of x/net/idna do not enforce: they
// let symbols such as U+2665 through ("NV8"), which IDNA2008 disallows.
func letterDigits(s string) bool {
	for _, r := range s {
		if r >= utf8.RuneSelf && !letterDigit(r) {
			return false
		}
	}
	return true
}

// letterDigit reports whether r is in IDNA2008's LetterDigits categories
// (RFC 5892 §2.1).
func letterDigit(r rune) bool {
	return unicode.In(r, unicode.Ll, unicode.Lo, unicode.Lm, unicode.Mn, unicode.Mc, unicode.Nd)
}
