package rfc1738

import "strings"

// News is the meaning of a news URL (§3.6): a newsgroup, all of them, or
// one article. Exactly one of Group and Article is set.
type News struct {
	Group   string // newsgroup name, or "*" for "all available news groups"
	Article string // decoded message-id without "<" and ">": <unique>@<full_domain_name>
	// Server is, in lenient mode, the server RFC 5538's form names
	// ("news://news.example.com/comp.lang.go"), host and port as written
	// (the host in lower case); empty in §3.6's form.
	Server string
}

// parseNews checks the news grammar and fills u.News. §3.6: "A message
// identifier may be distinguished from a news group name by the presence
// of the commercial at "@" character."
//
//	newsurl   = "news:" grouppart
//	grouppart = "*" | group | article
//	article   = 1*[ uchar | ";" | "/" | "?" | ":" | "&" | "=" ] "@" host
//
// Lenient mode also reads RFC 5538 §2.1's form with a server,
// "news://" authority "/" then a group or an article (News.Server), with
// the warning ErrNewsServer; §3.6 has none (nntp URLs name a server).
func parseNews(p *parser) (int, error) {
	u := p.u
	s, off := u.Opaque, p.pathOff
	server := ""
	if rest, ok := strings.CutPrefix(s, "//"); ok && p.lenient {
		slash := strings.IndexByte(rest, '/')
		if slash < 0 {
			return off + len(s), ErrBadGroup
		}
		host, port, hasPort := strings.Cut(rest[:slash], ":")
		if i := badHost(host); i >= 0 || host == "" {
			return off + 2 + max(i, 0), ErrBadHost
		}
		if _, i := parsePort(port); hasPort && i >= 0 {
			return off + 2 + len(host) + 1 + i, ErrBadPort
		}
		if o, err := p.relax(off, ErrNewsServer); err != nil {
			return o, err
		}
		server = lower(rest[:slash])
		s, off = rest[slash+1:], off+2+slash+1
	}
	if s == "*" {
		u.News = &News{Group: "*", Server: server}
		return 0, nil
	}
	at := strings.LastIndexByte(s, '@')
	if at < 0 {
		if i := badGroup(s); i >= 0 {
			return off + i, ErrBadGroup
		}
		u.News = &News{Group: s, Server: server}
		return 0, nil
	}
	if at == 0 {
		return off, ErrBadMessageID
	}
	if o, err := p.chars(off, off+at, resSemi|resSlash|resQuest|resColon|resAmp|resEq); err != nil {
		return o, err
	}
	if i := badHost(s[at+1:]); i >= 0 || at+1 == len(s) {
		return off + at + 1 + max(i, 0), ErrBadHost
	}
	u.News = &News{Article: unescape(s[:at]) + "@" + lower(s[at+1:]), Server: server}
	return 0, nil
}

// badGroup checks group = alpha *[ alpha | digit | "-" | "." | "+" | "_" ]
// (§5) and returns the offset of the first offending byte, or -1.
func badGroup(s string) int {
	if s == "" || !is(s[0], classAlpha) {
		return 0
	}
	for i := 1; i < len(s); i++ {
		c := s[i]
		if !is(c, classAlpha|classDigit) && !strings.ContainsRune("-.+_", rune(c)) {
			return i
		}
	}
	return -1
}
