package rfc1738

import (
	"errors"
	"testing"
)

// TestLaterMailNewsForms checks what lenient mode reads of the mailto and
// news forms later RFCs added (RFC 6068 §2, RFC 5538 §2.1), with their
// warnings, and that strict mode fails on them.
func TestLaterMailNewsForms(t *testing.T) {
	for _, tt := range []struct {
		in      string
		warning error
		check   func(*URL) bool
		strict  error
	}{
		{"mailto:a@b.example,c@d.example", ErrMailtoList, func(u *URL) bool { return u.Mailto.Address == "a@b.example,c@d.example" }, ErrBadAddress},
		{"mailto:?subject=Hi&body=a%20b", ErrMailtoList, func(u *URL) bool {
			return u.Mailto.Address == "" && len(u.Mailto.Headers) == 2 && u.Mailto.Headers[1] == Field{"body", "a b"}
		}, ErrBadAddress},
		{"mailto:info@%C3%A7a.org", ErrIDN, func(u *URL) bool { return u.Mailto.Address == "info@ça.org" }, ErrIDN}, // RFC 6531 §3.2
		// RFC 6531 §3.3 and RFC 6532 §3.2: a local part in UTF-8, raw or
		// escaped, with an ASCII domain or an IDN one (whose warning
		// comes too).
		{"mailto:Dörte@Sörensen.example.com", ErrEAI, func(u *URL) bool {
			return u.Mailto.Address == "Dörte@Sörensen.example.com" && findWarning(u, ErrIDN) != nil
		}, ErrNonASCII}, // strict: §2.2 first
		{"mailto:%C3%BC%C3%B1%C3%AE@example.com", ErrEAI, func(u *URL) bool { return u.Mailto.Address == "üñî@example.com" }, ErrEAI},
		{"mailto:first.läst@example.com?subject=x", ErrEAI, func(u *URL) bool { return u.Mailto.Headers[0] == Field{"subject", "x"} }, ErrNonASCII},
		{"news://News.Example.com/comp.lang.go", ErrNewsServer, func(u *URL) bool {
			return u.News.Server == "news.example.com" && u.News.Group == "comp.lang.go" && u.News.Article == ""
		}, ErrBadGroup},
		{"news://news.example.com:563/1234@host.example", ErrNewsServer, func(u *URL) bool {
			return u.News.Server == "news.example.com:563" && u.News.Article == "1234@host.example"
		}, nil}, // strict: §3.6's article, whose unique part may hold "//", ":" and "/"
		{"snews://news.example.com/*", ErrNewsServer, func(u *URL) bool { return u.News.Group == "*" && u.News.Server == "news.example.com" }, ErrBadGroup},
	} {
		u, err := ParseLenient(tt.in)
		if err != nil {
			t.Errorf("ParseLenient(%q) error: %v", tt.in, err)
			continue
		}
		if findWarning(u, tt.warning) == nil || !tt.check(u) {
			t.Errorf("ParseLenient(%q) = %+v, warnings %v", tt.in, u, u.Warnings)
		}
		if _, err := Parse(tt.in); tt.strict == nil && err != nil || !errors.Is(err, tt.strict) {
			t.Errorf("Parse(%q) error = %v, want %v", tt.in, err, tt.strict)
		}
	}
	for _, in := range []string{"news://news.example.com/", "news://news.example.com", "news://bad_host/x", "news://h:x/g", "news:///g",
		"mailto:Dörte..x@example.com", "mailto:.dörte@example.com", "mailto:dörte@", "mailto:dörte@exa mple.com", "mailto:dör te@example.com"} {
		if u, err := ParseLenient(in); err == nil {
			t.Errorf("ParseLenient(%q) = %+v, want an error", in, u)
		}
	}
}

// TestXMPPHosts checks the domains of xmpp: addresses (RFC 5122 §2.2): an
// IDN escaped (§2.8's example) or written as it is (the IRI form), an IP
// literal, and names that are no host.
func TestXMPPHosts(t *testing.T) {
	for _, in := range []string{
		"xmpp:ji%C5%99i@%C4%8Dechy.example/v%20Praze",
		"xmpp:jiři@čechy.example/v%20Praze",
		"xmpp:node@example.com",
		"xmpp:example.com",
		"xmpp:node@[2001:db8::1]/res",
		"xmpp:node@192.0.2.1",
		"xmpp:node@%65xample.com",
	} {
		if _, err := ParseLenient(in); err != nil {
			t.Errorf("ParseLenient(%q) error: %v", in, err)
		}
	}
	for _, in := range []string{
		"xmpp:node@exa%mple.com",
		"xmpp:node@%E2%99%A5.example", // U+2665, a symbol: no IDN label
		"xmpp:node@%25.example",
		"xmpp:node@a_b",
		"xmpp:node@[zz]",
		"xmpp:@example.com",
		"xmpp:node@",
		"xmpp:node@%C3.example", // not UTF-8
	} {
		if u, err := ParseLenient(in); !errors.Is(err, ErrBadXMPP) {
			t.Errorf("ParseLenient(%q) = %v, %v; want ErrBadXMPP", in, u, err)
		}
	}
}
