package rfc1738

import "strings"

// Gopher is the meaning of a gopher URL (§3.4): the item type, the
// selector, and the search and Gopher+ strings that follow encoded tabs.
type Gopher struct {
	Type      byte   // <gophertype>, '1' (a directory) when the path is empty (§3.4.1)
	Selector  string // decoded selector, sent to the server as it is
	Search    string // decoded <search> after the first %09 (§3.4.2)
	Plus      string // decoded <gopher+_string> after the second %09 (§3.4.3)
	HasSearch bool   // a first %09 was present
	HasPlus   bool   // a second %09 was present
}

// parseGopher checks the gopher grammar and fills u.Gopher. §3.4.1:
// "Within the <gopher-path>, no characters are reserved."
//
//	gopherurl = "gopher://" hostport [ / [ gtype [ selector
//	            [ "%09" search [ "%09" gopher+_string ] ] ] ] ]
func parseGopher(p *parser) (int, error) {
	u := p.u
	if !u.Internet {
		return p.pathOff, ErrNotInternet
	}
	if u.HasUser {
		return p.userOff, ErrUserNotAllowed
	}
	g := &p.blk.gopher
	g.Type = '1'
	path := u.Path
	switch {
	case path == "":
	case isEscape(path, 0):
		g.Type = unhex(path[1])<<4 | unhex(path[2])
		path = path[3:]
	default:
		g.Type = path[0]
		path = path[1:]
	}
	sel, rest, found := strings.Cut(path, "%09")
	selOff := p.pathOff + len(u.Path) - len(path)
	if i := crlfAt(sel, 0, len(sel)); i >= 0 {
		// "Gopher selector strings are a sequence of octets which may
		// contain any octets except 09 hexadecimal (US-ASCII HT or tab)
		// 0A hexadecimal (US-ASCII character LF), and 0D".
		return selOff + i, ErrBadSelector
	}
	g.Selector = unescape(sel)
	if found {
		g.HasSearch = true
		search, plus, found := strings.Cut(rest, "%09")
		g.Search = unescape(search)
		if found {
			g.Plus, g.HasPlus = unescape(plus), true
		}
	}
	u.Gopher = g
	return 0, nil
}
