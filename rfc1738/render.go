package rfc1738

import "strconv"

const upperhex = "0123456789ABCDEF"

// String returns the canonical form of u: scheme and host in lower case;
// user and password re-encoded so that the result parses back to the same
// values (":", "@", "/", "?" and every unsafe character encoded, §3.1);
// path and opaque part with their escapes in upper case and every
// character that §2.2 says must be encoded percent-encoded, non-ASCII
// characters as their UTF-8 octets. Reserved characters stay as they are,
// since encoding them may change the meaning (§2.2).
func (u *URL) String() string { return u.render(false) }

// Redacted returns [URL.String] with the password, when there is one,
// replaced by "xxxxx" (§6: passwords in URLs are "clearly unwise" to show).
func (u *URL) Redacted() string { return u.render(true) }

// EscapedPath returns the url-path in its canonical encoding, as
// [URL.String] writes it after the "/" that follows the host.
func (u *URL) EscapedPath() string { return string(appendCanonical(nil, u.Path)) }

func (u *URL) render(redact bool) string {
	// Most URLs are written canonically: render on the stack and give
	// back the input itself when they are the same, with no allocation.
	var buf [256]byte
	b := buf[:0]
	b = append(b, u.Scheme...)
	b = append(b, ':')
	if u.Internet {
		b = append(b, "//"...)
		if u.HasUser {
			b = appendQuoted(b, u.User, resSemi|resAmp|resEq)
			if u.HasPassword {
				b = append(b, ':')
				if redact {
					b = append(b, "xxxxx"...)
				} else {
					b = appendQuoted(b, u.Password, resSemi|resAmp|resEq)
				}
			}
			b = append(b, '@')
		}
		b = append(b, u.Host...)
		if u.HasPort {
			b = append(b, ':')
			b = strconv.AppendInt(b, int64(u.Port), 10)
		}
		if u.HasSlash || u.Path != "" {
			b = append(b, '/')
			b = appendCanonical(b, u.Path)
		}
	} else {
		b = appendCanonical(b, u.Opaque)
	}
	if u.HasFragment {
		b = append(b, '#')
		b = appendQuoted(b, u.Fragment, resAll)
	}
	if string(b) == u.raw {
		return u.raw
	}
	return string(b)
}

// appendCanonical appends encoded text s in canonical form: escapes kept
// with upper-case hex, a "%" that starts no escape written "%25", and every
// byte that is neither unreserved nor reserved percent-encoded.
func appendCanonical(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '%' && isEscape(s, i):
			b = append(b, '%', upper(s[i+1]), upper(s[i+2]))
			i += 2
		case is(c, classXchar):
			b = append(b, c)
		default:
			b = append(b, '%', upperhex[c>>4], upperhex[c&15])
		}
	}
	return b
}

// appendQuoted appends decoded text s, encoding every byte that is not
// unreserved or one of the reserved characters in allow.
func appendQuoted(b []byte, s string, allow uint8) []byte {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if is(c, classUnreserved) || reserved[c]&allow != 0 {
			b = append(b, c)
			continue
		}
		b = append(b, '%', upperhex[c>>4], upperhex[c&15])
	}
	return b
}

func upper(c byte) byte {
	if c >= 'a' && c <= 'z' {
		return c - 'a' + 'A'
	}
	return c
}
