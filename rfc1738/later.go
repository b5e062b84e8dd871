package rfc1738

import "strings"

// Later schemes written without "//", whose own syntax is cheap to check:
// a URL of one of them that breaks it parses with an error, as a §3 URL
// that breaks its scheme's grammar does. None of them has typed parts.

// tel = "tel:" telephone-subscriber   (RFC 3966 §3)
//
//	telephone-subscriber = global-number / local-number
//	global-number        = "+" *phonedigit DIGIT *phonedigit *par
//	local-number         = 1*phonedigit-hex *par context *par   (context: see below)
//	phonedigit           = DIGIT / visual-separator   ("-" / "." / "(" / ")")
func parseTel(p *parser) (int, error) {
	if p.u.Internet {
		return p.pathOff, ErrBadTel
	}
	return telSubscriber(p.u.Opaque, p.pathOff)
}

// telSubscriber checks one telephone-subscriber at off in the input, up
// to its parameters; the parameters' characters were checked by the
// generic syntax.
func telSubscriber(s string, off int) (int, error) {
	number, _, _ := strings.Cut(s, ";")
	global := strings.HasPrefix(number, "+")
	at := off // offset of number[0]
	if global {
		number, at = number[1:], off+1
	}
	digits := 0 // decimal digits
	for i := 0; i < len(number); i++ {
		switch c := number[i]; {
		case '0' <= c && c <= '9':
			digits++
		case c == '-' || c == '.' || c == '(' || c == ')':
		case !global && (is(c, classHex) || c == '*' || c == '#'): // phonedigit-hex
		default:
			return at + i, ErrBadTel
		}
	}
	// deviation: RFC 3966 §5.1.5 requires a local number to carry its
	// ";phone-context="; "tel:555-0123" is written that way every day
	// and every phone dials it, so three digits are enough.
	if digits == 0 || !global && digits < 3 {
		return off, ErrBadTel
	}
	return 0, nil
}

// sms = "sms:" sms-recipient *( "," sms-recipient ) [ "?" sms-fields ]
// (RFC 5724 §2.2), where sms-recipient is a telephone-subscriber.
func parseSMS(p *parser) (int, error) {
	if p.u.Internet {
		return p.pathOff, ErrBadTel
	}
	s, off := p.u.Opaque, p.pathOff
	if q := strings.IndexByte(s, '?'); q >= 0 {
		s = s[:q]
	}
	for {
		r, rest, more := strings.Cut(s, ",")
		if o, err := telSubscriber(r, off); err != nil {
			return o, err
		}
		if !more {
			return 0, nil
		}
		off += len(r) + 1
		s = rest
	}
}

// urn = "urn:" NID ":" NSS   (RFC 8141 §2)
//
//	NID = (alphanum) 0*30(ldh) (alphanum)
//	NSS = pchar *(pchar / "/")
func parseURN(p *parser) (int, error) {
	s, off := p.u.Opaque, p.pathOff
	if p.u.Internet {
		return off, ErrBadURN
	}
	nid, nss, ok := strings.Cut(s, ":")
	if !ok || len(nid) < 2 || len(nid) > 32 || nss == "" {
		return off, ErrBadURN
	}
	for i := 0; i < len(nid); i++ {
		c := nid[i]
		if !is(c, classAlpha|classDigit) && (c != '-' || i == 0 || i == len(nid)-1) {
			return off + i, ErrBadURN
		}
	}
	return 0, nil
}

// xmpp = "xmpp:" hierxmpp   (RFC 5122 §2.2)
//
//	hierxmpp = authpath / pathxmpp
//	pathxmpp = [ nodeid "@" ] hostpart [ "/" resid ]
//
// The "//" authority form is the common Internet scheme syntax, checked
// as such.
func parseXMPP(p *parser) (int, error) {
	if p.u.Internet {
		return 0, nil
	}
	s, off := p.u.Opaque, p.pathOff
	if q := strings.IndexByte(s, '?'); q >= 0 {
		s = s[:q]
	}
	if i := strings.IndexByte(s, '/'); i >= 0 {
		s = s[:i]
	}
	if at := strings.LastIndexByte(s, '@'); at >= 0 {
		if at == 0 {
			return off, ErrBadXMPP
		}
		off += at + 1
		s = s[at+1:]
	}
	if s == "" {
		return off, ErrBadXMPP
	}
	if i := badXMPPHost(s); i >= 0 {
		return off + i, ErrBadXMPP
	}
	return 0, nil
}

// badXMPPHost checks h, an XMPP address's domain as written, and returns
// the offset of the first offending byte, or -1. RFC 5122 §2.2 takes
// RFC 3986's host: an IP literal, or a reg-name whose escapes stand for
// an internationalized name's UTF-8 (§2.8's "xmpp:ji%C5%99i@%C4%8Dechy.example";
// RFC 3987 §3.1), which its IRI form writes as it is
// ("xmpp:jiři@čechy.example"). As any host, the name, decoded, must be a
// hostname (badHost) or an IDN that IDNA2008 makes one of (idnLookup,
// escapedName).
func badXMPPHost(h string) int {
	if strings.HasPrefix(h, "[") {
		return badIPLiteral(h)
	}
	bad := badHost(h)
	switch {
	case bad < 0:
		return -1
	case strings.IndexByte(h, '%') >= 0:
		_, _, bad = escapedName(h, strings.IndexByte(h, '%'))
	case nonASCIIName(h) && idnLookup(idnToASCII, h).ok:
		return -1
	}
	return bad
}

// magnet = "magnet:?" xt=... : not an RFC; the de facto form of BitTorrent
// (BEP 9) and other clients is a query of one or more "key=value" fields.
func parseMagnet(p *parser) (int, error) {
	s := p.u.Opaque
	if p.u.Internet || !strings.HasPrefix(s, "?") || !strings.Contains(s, "=") {
		return p.pathOff, ErrBadMagnet
	}
	return 0, nil
}

// geo = "geo:" coord-a "," coord-b [ "," coord-c ] *( ";" param )
// (RFC 5870 §3.3), num = [ "-" ] 1*DIGIT [ "." 1*DIGIT ].
func parseGeo(p *parser) (int, error) {
	s, off := p.u.Opaque, p.pathOff
	if p.u.Internet {
		return off, ErrBadGeo
	}
	coords, _, _ := strings.Cut(s, ";")
	n := 0
	for c := range strings.SplitSeq(coords, ",") {
		if !isGeoNum(c) {
			return off, ErrBadGeo
		}
		off += len(c) + 1
		n++
	}
	if n < 2 || n > 3 {
		return p.pathOff, ErrBadGeo
	}
	return 0, nil
}

func isGeoNum(s string) bool {
	s = strings.TrimPrefix(s, "-")
	whole, frac, dot := strings.Cut(s, ".")
	return allDigits(whole) && (!dot || allDigits(frac))
}

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if !is(s[i], classDigit) {
			return false
		}
	}
	return s != ""
}

// data = "data:" [ mediatype ] [ ";base64" ] "," data   (RFC 2397 §3)
func parseData(p *parser) (int, error) {
	s, off := p.u.Opaque, p.pathOff
	comma := strings.IndexByte(s, ',')
	if p.u.Internet || comma < 0 {
		return off, ErrBadData
	}
	// mediatype = [ type "/" subtype ] *( ";" parameter )
	mt, _, _ := strings.Cut(s[:comma], ";")
	if mt != "" && strings.Count(mt, "/") != 1 {
		return off, ErrBadData
	}
	return 0, nil
}

// Registered schemes written without "//" whose specifications give their
// identifiers a structure: a word before a colon in text (a JavaScript
// object's "message:" or "info:" key, a Go struct tag's "tag:0,optional")
// has none of it, and is no URL. Each holds only its own form; a "//"
// after the colon is part of the opaque part (the schemes are opaque),
// which the form then rejects, but for message:'s.

// mid = "mid:" message-id [ "/" content-id ]   (RFC 2392 §2)
//
//	message-id, content-id = url-addr-spec   (an addr-spec, %-encoded)
//
// and Apple Mail's "message:" URLs (provisionally registered, with no
// specification of their own) name a Message-ID too, enclosed or not in
// an encoded "<...>": each ID must have its "@" (as written or %40) with
// something on both sides. "cid:" (content IDs) is not checked: HTML mail
// refers to its parts as "cid:image001.png" as often as with the "@".
func parseMID(p *parser) (int, error) {
	s, off := p.u.Opaque, p.pathOff
	if p.u.Scheme == "message" && strings.HasPrefix(s, "//") {
		s, off = s[2:], off+2 // message://%3c...%3e, Apple's other form
	}
	if i := strings.IndexAny(s, "?#"); i >= 0 {
		s = s[:i]
	}
	ids := []string{s}
	if p.u.Scheme == "mid" {
		if msg, part, ok := strings.Cut(s, "/"); ok {
			ids = []string{msg, part}
		}
	}
	for _, id := range ids {
		if !hasAddrSpec(id) {
			return off, ErrBadMID
		}
		off += len(id) + 1
	}
	return 0, nil
}

// hasAddrSpec reports whether s, an encoded addr-spec, has a local part
// and a domain around its "@" (as written, or encoded as %40).
func hasAddrSpec(s string) bool {
	at, n := strings.LastIndexByte(s, '@'), 1
	if i := strings.LastIndex(strings.ToLower(s), "%40"); i > at {
		at, n = i, 3
	}
	if strings.HasPrefix(strings.ToLower(s), "%3c") {
		s, at = s[3:], at-3 // an encoded "<": what it encloses is the ID
	}
	return at > 0 && at+n < len(s)
}

// info = "info:" namespace "/" identifier [ "#" fragment ]   (RFC 4452 §3)
//
//	namespace = scheme   (ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ))
func parseInfo(p *parser) (int, error) {
	s, off := p.u.Opaque, p.pathOff
	ns, id, ok := strings.Cut(s, "/")
	if !ok || id == "" || !isSchemeWord(ns) {
		return off, ErrBadInfo
	}
	return 0, nil
}

// isSchemeWord reports whether s has RFC 3986 §3.1's scheme syntax.
func isSchemeWord(s string) bool {
	if s == "" || !is(s[0], classAlpha) {
		return false
	}
	for i := 1; i < len(s); i++ {
		if c := s[i]; !is(c, classAlpha|classDigit) && c != '+' && c != '-' && c != '.' {
			return false
		}
	}
	return true
}

// tag = "tag:" taggingEntity ":" specific [ "#" fragment ]   (RFC 4151 §2.1)
//
//	taggingEntity = authorityName "," date
//	authorityName = DNSname / emailAddress
//	date          = year ["-" month ["-" day]]   (4DIGIT, 2DIGIT, 2DIGIT)
//
// "tag:yaml.org,2002:str" is one; "tag:v1.2" (a Git tag) and "tag:0,optional"
// (a Go struct tag) are not.
func parseTag(p *parser) (int, error) {
	s, off := p.u.Opaque, p.pathOff
	entity, _, ok := strings.Cut(s, ":")
	authority, date, comma := strings.Cut(entity, ",")
	if !ok || !comma || authority == "" {
		return off, ErrBadTag
	}
	host := authority
	if at := strings.LastIndexByte(authority, '@'); at >= 0 {
		if at == 0 {
			return off, ErrBadTag
		}
		host = authority[at+1:]
	}
	if i := badHost(host); i >= 0 || host == "" {
		return off + len(authority) - len(host) + max(i, 0), ErrBadTag
	}
	off += len(authority) + 1
	year, rest, _ := strings.Cut(date, "-")
	month, day, _ := strings.Cut(rest, "-")
	switch {
	case len(year) != 4 || !allDigits(year),
		rest != "" && (len(month) != 2 || !allDigits(month)),
		day != "" && (len(day) != 2 || !allDigits(day)),
		strings.Count(date, "-") > 2:
		return off, ErrBadTag
	}
	return 0, nil
}

// acct = "acct:" userpart "@" host   (RFC 7565 §7)
func parseAcct(p *parser) (int, error) {
	s, off := p.u.Opaque, p.pathOff
	// userpart = unreserved / pct-encoded / sub-delims: no "/" (and no
	// "//" form).
	at := strings.LastIndexByte(s, '@')
	if at <= 0 || at == len(s)-1 {
		return off, ErrBadAcct
	}
	if i := strings.IndexByte(s[:at], '/'); i >= 0 {
		return off + i, ErrBadAcct
	}
	if i := badHost(s[at+1:]); i >= 0 {
		return off + at + 1 + i, ErrBadAcct
	}
	return 0, nil
}

// did = "did:" method-name ":" method-specific-id   (W3C DID Core §3.1)
//
//	method-name = 1*method-char   (%x61-7A / DIGIT)
func parseDID(p *parser) (int, error) {
	s, off := p.u.Opaque, p.pathOff
	method, id, ok := strings.Cut(s, ":")
	if !ok || method == "" || id == "" {
		return off, ErrBadDID
	}
	for i := 0; i < len(method); i++ {
		if c := method[i]; !('a' <= c && c <= 'z' || is(c, classDigit)) {
			return off + i, ErrBadDID
		}
	}
	return 0, nil
}

// doi = "doi:" prefix "/" suffix: a DOI name, whose prefix starts with the
// directory indicator "10." (DOI Handbook §2.2; the scheme is registered
// provisionally).
func parseDOI(p *parser) (int, error) {
	s, off := p.u.Opaque, p.pathOff
	prefix, suffix, ok := strings.Cut(s, "/")
	if !ok || suffix == "" || !strings.HasPrefix(prefix, "10.") || len(prefix) == 3 {
		return off, ErrBadDOI
	}
	return 0, nil
}
