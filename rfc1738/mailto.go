package rfc1738

import (
	"strings"
	"unicode/utf8"
)

// Mailto is the meaning of a mailto URL (§3.5): an Internet mail address.
type Mailto struct {
	// Address is the decoded RFC 822 addr-spec; in lenient mode, RFC
	// 6068's list of them ("a@example.org,b@example.org"), or empty when
	// only header fields follow ("mailto:?subject=...").
	Address string
	Headers []Field // decoded header fields after "?" (RFC 6068); nil when none
}

// Field is a name and value pair: a prospero field (§3.11) or a mailto
// header field (RFC 6068).
type Field struct {
	Name, Value string
}

// parseMailto checks the mailto grammar and fills u.Mailto. §3.5: "Within
// mailto URLs, there are no reserved characters."
//
//	mailtourl      = "mailto:" encoded822addr
//	encoded822addr = 1*xchar               ; further defined in RFC822
//
// deviation: a "?" starts header fields as RFC 6068 defines them
// ("mailto:list-request@example.org?subject=unsubscribe", as List-*
// headers carry them); by the letter of §3.5 it would belong to the address.
func parseMailto(p *parser) (int, error) {
	u := p.u
	addr, hdrs, hasHdrs := strings.Cut(u.Opaque, "?")
	a := unescape(addr) // the address decoded, whose offsets rawIndex maps back
	if i := badAddrSpec(a); i >= 0 {
		switch {
		case intlAddrSpec(a):
			// RFC 6068 §2 and RFC 6531 §3.2-3.3: the domain may be an
			// internationalized name ("mailto:info@ça.org", or its UTF-8
			// escaped), which lenient mode reads as a host's (ErrIDN), and
			// the local part UTF-8 ("mailto:Dörte@example.de": ErrEAI);
			// strict mode fails with either, as for an http URL's host.
			at := strings.LastIndexByte(a, '@')
			if j := nonASCIIAt(a[:at]); j >= 0 {
				if off, err := p.relax(rawIndex(addr, p.pathOff, j), ErrEAI); err != nil {
					return off, err
				}
			}
			if j := nonASCIIAt(a[at+1:]); j >= 0 {
				if off, err := p.relax(rawIndex(addr, p.pathOff, at+1+j), ErrIDN); err != nil {
					return off, err
				}
			}
		case !addrList(a, hasHdrs && hdrs != ""):
			// RFC 6068 §2: to = addr-spec *("," addr-spec), and it may be
			// left out before header fields ("mailto:?subject=...&body=...",
			// newsletters' share links). Lenient mode reads both, with a
			// warning (ErrMailtoList); strict mode fails with it.
			return rawIndex(addr, p.pathOff, i), ErrBadAddress
		default:
			if off, err := p.relax(p.pathOff, ErrMailtoList); err != nil {
				return off, err
			}
		}
	}
	m := &p.blk.mailto
	hs := p.blk.headers[:0] // a reused Parser's, kept (Parser.ParseLenient)
	*m = Mailto{Address: a}
	for rest, more := hdrs, hasHdrs; more; {
		var h string
		h, rest, more = strings.Cut(rest, "&")
		if h == "" {
			continue
		}
		name, value, _ := strings.Cut(h, "=")
		hs = append(hs, Field{Name: unescape(name), Value: unescape(value)})
	}
	if len(hs) > 0 {
		m.Headers = hs
	}
	p.blk.headers = hs[:0]
	u.Mailto = m
	return 0, nil
}

// addrList reports whether s is RFC 6068's "to": addr-specs separated by
// ",", or nothing when header fields follow (headers).
func addrList(s string, headers bool) bool {
	if s == "" {
		return headers
	}
	for a := range strings.SplitSeq(s, ",") {
		if badAddrSpec(a) >= 0 {
			return false
		}
	}
	return true
}

// badAddrSpec checks an RFC 822 §6.1 addr-spec and returns the offset of
// the first offending byte, or -1.
//
//	addr-spec  = local-part "@" domain
//	local-part = word *("." word)            word = atom / quoted-string
//	domain     = sub-domain *("." sub-domain) sub-domain = atom / domain-literal
func badAddrSpec(s string) int {
	i, ok := dotted(s, 0, false)
	if !ok || i >= len(s) || s[i] != '@' {
		return i
	}
	if i, ok = dotted(s, i+1, true); !ok || i != len(s) {
		return i
	}
	return -1
}

// intlAddrSpec reports whether s is an addr-spec of internationalized
// mail, not ASCII: its local part's atoms may hold UTF-8 (RFC 6531 §3.3,
// RFC 6532 §3.2: atext =/ UTF8-non-ascii), and its domain may be an
// internationalized host name (idnHost: IDNA2008 gives an A-label name
// that is a §3.1 hostname).
func intlAddrSpec(s string) bool {
	at := strings.LastIndexByte(s, '@')
	if at < 0 || !utf8.ValidString(s) {
		return false
	}
	local, domain := s[:at], s[at+1:]
	if nonASCIIAt(local) < 0 {
		if i, ok := dotted(local, 0, false); !ok || i != at {
			return false
		}
	} else if !utf8Atoms(local) {
		return false
	}
	if nonASCIIAt(domain) < 0 {
		i, ok := dotted(domain, 0, true)
		return ok && i == len(domain)
	}
	return idnLookup(idnToASCII, domain).ok
}

// utf8Atoms reports whether s, valid UTF-8, is a dot-atom of RFC 6532
// §3.2: atoms of atext, which holds every rune that is not ASCII,
// separated by ".".
func utf8Atoms(s string) bool {
	for w := range strings.SplitSeq(s, ".") {
		if w == "" {
			return false
		}
		for k := 0; k < len(w); k++ {
			if w[k] < utf8.RuneSelf && !isAtomChar(w[k]) {
				return false
			}
		}
	}
	return true
}

// nonASCIIAt returns the index of the first byte of s that is not ASCII,
// or -1.
func nonASCIIAt(s string) int {
	return strings.IndexFunc(s, func(r rune) bool { return r >= utf8.RuneSelf })
}

// dotted scans words separated by "." at s[i:] (a local-part, or with
// domain a domain) and returns where they end; ok is false, with the
// offending offset, when a word is missing.
func dotted(s string, i int, domain bool) (int, bool) {
	for {
		j := word(s, i, domain)
		if j == i {
			return i, false
		}
		i = j
		if i < len(s) && s[i] == '.' {
			i++
			continue
		}
		return i, true
	}
}

// word scans an RFC 822 atom, a quoted-string (local part) or a
// domain-literal (domain) at s[i:] and returns where it ends (i when there
// is none).
func word(s string, i int, domain bool) int {
	open, close := byte('"'), byte('"')
	if domain {
		open, close = '[', ']'
	}
	if i < len(s) && s[i] == open {
		for j := i + 1; j < len(s); j++ {
			switch s[j] {
			case '\\':
				j++
			case close:
				return j + 1
			case '\r', '\n':
				return i
			}
		}
		return i
	}
	j := i
	for j < len(s) && isAtomChar(s[j]) {
		j++
	}
	return j
}

// isAtomChar: atom = 1*<any CHAR except specials, SPACE and CTLs> (RFC 822
// §3.3); specials = ( ) < > @ , ; : \ " . [ ]
func isAtomChar(c byte) bool { return atomChars[c] }

// atomChars is isAtomChar as a table.
var atomChars = func() (t [256]bool) {
	for c := '!'; c < 0x7f; c++ {
		t[c] = !strings.ContainsRune(`()<>@,;:\".[]`, c)
	}
	return t
}()
