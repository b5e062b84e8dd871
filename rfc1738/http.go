package rfc1738

import "strings"

// HTTP is the meaning of an http URL (§3.3): the HTTP selector and the
// query string.
type HTTP struct {
	Path      string // decoded <path>, without the leading "/"
	Search    string // decoded <searchpart>
	HasSearch bool   // a "?" was present, perhaps with an empty search
}

// parseHTTP checks the http grammar and fills u.HTTP.
//
//	httpurl  = "http://" hostport [ "/" hpath [ "?" search ]]
//	hpath    = hsegment *[ "/" hsegment ]
//	hsegment = *[ uchar | ";" | ":" | "@" | "&" | "=" ]
//	search   = *[ uchar | ";" | ":" | "@" | "&" | "=" ]
func parseHTTP(p *parser) (int, error) {
	u := p.u
	if !u.Internet {
		return p.pathOff, ErrNotInternet
	}
	// §3.3: "No user name or password is allowed."
	if u.HasUser {
		return p.userOff, ErrUserNotAllowed
	}
	h := &p.blk.http
	path, off := u.Path, p.pathOff
	if q := strings.IndexByte(path, '?'); q >= 0 {
		// §3.3: "Within the <path> and <searchpart> components, "/", ";",
		// "?" are reserved"; the grammar admits ";" but neither "/" nor "?"
		// in the search.
		if o, err := p.chars(off+q+1, off+len(path), resSemi|resColon|resAt|resAmp|resEq); err != nil {
			return o, err
		}
		h.Search, h.HasSearch = unescape(path[q+1:]), true
		path = path[:q]
	}
	// hpath admits every reserved character but "?", and path holds none:
	// the generic pass (parser.internet) checked these bytes already, with
	// the same verdicts and offsets, so they are not checked twice.
	h.Path = unescape(path)
	u.HTTP = h
	return 0, nil
}
