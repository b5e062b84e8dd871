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
	if i := badHost(s); i >= 0 {
		return off + i, ErrBadXMPP
	}
	return 0, nil
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
