package rfc1738

import "strings"

// Bits of commonByte: the bytes parseCommonHTTP passes in an http URL's
// hpath and in its search (§3.3, §5), each a verdict the full parse gives
// too (parser.chars over the path with every reserved character allowed,
// then parseHTTP over the search with ";", ":", "@", "&" and "=").
const (
	commonPath   uint8 = 1 << iota // unreserved, or reserved: no verdict against it
	commonSearch                   // unreserved, ";", ":", "@", "&", "="
	commonRun                      // commonPath but "?": a run of the path the loop passes
	commonHost                     // a lower-case letter, a digit, "." or "-": the hosts it takes
)

// commonByte is made from classes and reserved (init): the fast path
// keeps no character rule of its own.
var commonByte [256]uint8

func init() {
	for c := range commonByte {
		if classes[c]&classUnreserved != 0 || reserved[c] != 0 {
			commonByte[c] |= commonPath
		}
		if classes[c]&classUnreserved != 0 || reserved[c]&(resSemi|resColon|resAt|resAmp|resEq) != 0 {
			commonByte[c] |= commonSearch
		}
		if commonByte[c]&commonPath != 0 && c != '?' {
			commonByte[c] |= commonRun
		}
		if 'a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '.' || c == '-' {
			commonByte[c] |= commonHost
		}
	}
}

// parseCommonHTTP parses raw into blk, as parseFull would, when raw is of
// the shape most URLs in mail and text have, and reports whether it did:
// "http://" or "https://", a host name in lower case that badHost passes
// and that holds no "xn--" label, perhaps a port, and then nothing, or "/"
// and a path, with perhaps a "?" and a search, of bytes no rule speaks
// against and escapes other than an encoded CR or LF (no lone "%", "#",
// space, or byte that is not ASCII). Such a URL has no warning in either
// mode, and no note but that of a port other than the scheme's. For any
// other input it returns false, having set nothing, and the full parse
// reads it.
//
// It saves what the full parse spends on such URLs deciding that nothing
// applies to them: the searches for "#", "@", "%" and an encoded CR or LF,
// the scheme table, the unescaping of text with no escape. TestCommonHTTP
// and FuzzParse check that it gives the full parse's URL, field by field.
func parseCommonHTTP(blk *urlBlock, raw string) bool {
	var colon int
	switch {
	case strings.HasPrefix(raw, "http://"):
		colon = 4
	case strings.HasPrefix(raw, "https://"):
		colon = 5
	default:
		return false
	}
	hostStart := colon + 3
	i := hostStart
	for i < len(raw) && commonByte[raw[i]]&commonHost != 0 {
		i++
	}
	host := raw[hostStart:i]
	// A port: digits up to the path, as parsePort reads them (§3.1).
	port, hasPort := 0, false
	if i < len(raw) && raw[i] == ':' {
		j := i + 1
		for j < len(raw) && raw[j] != '/' {
			j++
		}
		n, bad := parsePort(raw[i+1 : j])
		if bad >= 0 {
			return false
		}
		port, hasPort, i = n, true, j
	}
	if host == "" || i < len(raw) && raw[i] != '/' || badHost(host) >= 0 || strings.Contains(host, "xn--") {
		return false
	}
	q, escaped := -1, false
	if i < len(raw) {
		// The path's bytes, in runs the loop passes whole, then the
		// search's; what stops a run is a "%", the "?" or a byte the fast
		// path does not take.
		want := commonRun
		for j := i + 1; j < len(raw); j++ {
			if commonByte[raw[j]]&want != 0 {
				continue
			}
			switch {
			case raw[j] == '%':
				// An escape (§2.2), but not an encoded CR or LF, which
				// the full parse notes (NoteEncodedCRLF).
				if !isEscape(raw, j) || encodedCRLF(raw, j) {
					return false
				}
				escaped = true
				j += 2
			case raw[j] == '?' && q < 0:
				q, want = j, commonSearch
			default:
				return false
			}
		}
	}
	u, h := &blk.u, &blk.http
	u.Scheme, u.Internet, u.Host = raw[:colon], true, host
	if hasPort {
		u.Port, u.HasPort = port, true
		u.Notes = notes(blk, u, raw, schemeInfo(u.Scheme).port) // a port not the scheme's
	}
	if i < len(raw) {
		u.HasSlash, u.Path = true, raw[i+1:]
		h.Path = u.Path
		if q >= 0 {
			h.Path, h.Search, h.HasSearch = raw[i+1:q], raw[q+1:], true
		}
		if escaped {
			h.Path, h.Search = unescape(h.Path), unescape(h.Search)
		}
	}
	u.HTTP = h
	return true
}
