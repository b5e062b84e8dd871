package rfc1738

import "strings"

// WAIS is the meaning of a wais URL (§3.9), in one of its three forms: a
// database, a search in it (HasSearch), or a document in it (IsDoc).
type WAIS struct {
	Database  string // decoded <database>
	Search    string // decoded <search>, valid when HasSearch
	Type      string // decoded <wtype>, valid when IsDoc
	Path      string // decoded <wpath>, the opaque document-id, valid when IsDoc
	HasSearch bool
	IsDoc     bool
}

// parseWAIS checks the wais grammar and fills u.WAIS.
//
//	waisdatabase = "wais://" hostport "/" database
//	waisindex    = "wais://" hostport "/" database "?" search
//	waisdoc      = "wais://" hostport "/" database "/" wtype "/" wpath
//	database = *uchar   wtype = *uchar   wpath = *uchar
func parseWAIS(p *parser) (int, error) {
	u := p.u
	if off, err := p.hostportSlash(); err != nil {
		return off, err
	}
	path, off := u.Path, p.pathOff
	w := &WAIS{}
	if q := strings.IndexByte(path, '?'); q >= 0 {
		if o, err := p.chars(off, off+q, 0); err != nil {
			return o, err
		}
		// search = *[ uchar | ";" | ":" | "@" | "&" | "=" ]
		if o, err := p.chars(off+q+1, off+len(path), resSemi|resColon|resAt|resAmp|resEq); err != nil {
			return o, err
		}
		w.Database, w.Search, w.HasSearch = unescape(path[:q]), unescape(path[q+1:]), true
		u.WAIS = w
		return 0, nil
	}
	if o, err := p.chars(off, off+len(path), resSlash); err != nil {
		return o, err
	}
	parts := strings.SplitN(path, "/", 4)
	switch len(parts) {
	case 1:
	case 3:
		w.Type, w.Path, w.IsDoc = unescape(parts[1]), unescape(parts[2]), true
	case 2:
		return off + len(path), ErrBadWAIS
	default:
		return off + len(parts[0]) + len(parts[1]) + len(parts[2]) + 2, ErrBadWAIS
	}
	w.Database = unescape(parts[0])
	u.WAIS = w
	return 0, nil
}
