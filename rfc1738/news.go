package rfc1738

import "strings"

// News is the meaning of a news URL (§3.6): a newsgroup, all of them, or
// one article. Exactly one of Group and Article is set.
type News struct {
	Group   string // newsgroup name, or "*" for "all available news groups"
	Article string // decoded message-id without "<" and ">": <unique>@<full_domain_name>
}

// parseNews checks the news grammar and fills u.News. §3.6: "A message
// identifier may be distinguished from a news group name by the presence
// of the commercial at "@" character."
//
//	newsurl   = "news:" grouppart
//	grouppart = "*" | group | article
//	article   = 1*[ uchar | ";" | "/" | "?" | ":" | "&" | "=" ] "@" host
func parseNews(p *parser) (int, error) {
	u := p.u
	s, off := u.Opaque, p.pathOff
	if s == "*" {
		u.News = &News{Group: "*"}
		return 0, nil
	}
	at := strings.LastIndexByte(s, '@')
	if at < 0 {
		if i := badGroup(s); i >= 0 {
			return off + i, ErrBadGroup
		}
		u.News = &News{Group: s}
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
	u.News = &News{Article: unescape(s[:at]) + "@" + lower(s[at+1:])}
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
