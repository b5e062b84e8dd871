package rfc1738

import "strconv"

// numericHost reads host as browsers read a host that ends in a number:
// an IPv4 address written as one number ("1113343455"), in hexadecimal
// ("0x425c45de") or octal ("0102.0134.0105.0336") parts, or in fewer than
// four parts ("10.1" is 10.0.0.1). It returns the address in dotted
// decimal, and ok false when host does not end in a number or is no such
// address. The rules are the WHATWG URL Standard's ("ends in a number
// checker", "IPv4 parser"): each part decimal, "0x" hexadecimal or "0"
// octal; all but the last part at most 255; the last fills the bytes the
// others leave. RFC 1738 §3.1 has none of these forms, and RFC 3986
// §3.2.2 reads them as registered names; spam writes its hosts so, because
// filters looking for a dotted quad pass them by, and browsers open them.
func numericHost(host string) (dotted string, ok bool) {
	// The WHATWG parser ignores one final empty part ("1.2.3.4."); this
	// package reads a final dot apart (ErrTrailingDot), so host has none.
	if host == "" || host[len(host)-1] == '.' {
		return "", false
	}
	var parts [4]uint64
	n := 0
	for start := 0; start <= len(host); {
		end := start
		for end < len(host) && host[end] != '.' {
			end++
		}
		if n == len(parts) {
			return "", false // more than four parts
		}
		v, ok := ipv4Number(host[start:end])
		if !ok {
			return "", false
		}
		parts[n] = v
		n++
		start = end + 1
	}
	for _, v := range parts[:n-1] {
		if v > 255 {
			return "", false
		}
	}
	last := parts[n-1]
	if last >= 1<<(8*(5-n)) {
		return "", false
	}
	addr := last
	for i, v := range parts[:n-1] {
		addr += v << (8 * (3 - i))
	}
	b := make([]byte, 0, len("255.255.255.255"))
	for i := 3; i >= 0; i-- {
		b = strconv.AppendUint(b, addr>>(8*i)&0xff, 10)
		if i > 0 {
			b = append(b, '.')
		}
	}
	return string(b), true
}

// whatwgSpecial reports whether scheme (in lower case) is one whose hosts
// the WHATWG URL Standard reads as IPv4 addresses when they end in a
// number (its "special" schemes; file's hosts too). Other schemes' hosts
// are opaque there.
func whatwgSpecial(scheme string) bool {
	switch scheme {
	case "http", "https", "ftp", "ws", "wss", "file":
		return true
	}
	return false
}

// isNumericHost reports whether numericHost reads host as an address.
func isNumericHost(host string) bool {
	_, ok := numericHost(host)
	return ok
}

// ipv4Number reads one part of a numeric host (WHATWG URL Standard, "IPv4
// number parser"): decimal, hexadecimal after "0x" or "0X" (none after
// it is 0), octal after a leading "0". It fails on an empty part, a digit
// outside the base, and a value above 2^32, which no part can hold.
func ipv4Number(s string) (uint64, bool) {
	if s == "" {
		return 0, false
	}
	base := uint64(10)
	switch {
	case len(s) >= 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X'):
		base, s = 16, s[2:]
	case len(s) >= 2 && s[0] == '0':
		base, s = 8, s[1:]
	}
	var v uint64
	for i := 0; i < len(s); i++ {
		var d uint64
		switch c := s[i]; {
		case '0' <= c && c <= '9':
			d = uint64(c - '0')
		case 'a' <= c|0x20 && c|0x20 <= 'f':
			d = uint64(c|0x20-'a') + 10
		default:
			return 0, false
		}
		if d >= base {
			return 0, false
		}
		if v = v*base + d; v > 1<<32 {
			return 0, false
		}
	}
	return v, true
}
