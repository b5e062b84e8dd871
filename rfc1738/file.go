package rfc1738

import "strings"

// File is the meaning of a file URL (§3.10): a path on a host.
type File struct {
	// Local is true when the host is empty or "localhost": §3.10 "the
	// machine from which the URL is being interpreted".
	Local bool
	// Segments are the decoded <directory>/…/<name> components.
	Segments []string
}

// parseFile checks the file grammar and fills u.File.
//
//	fileurl = "file://" [ host | "localhost" ] "/" fpath
func parseFile(p *parser) (int, error) {
	u := p.u
	if !u.Internet {
		return p.pathOff, ErrNotInternet
	}
	if u.HasUser {
		return p.userOff, ErrUserNotAllowed
	}
	if u.HasPort {
		return p.portOff, ErrPortNotAllowed
	}
	if !u.HasSlash {
		return p.pathOff, ErrMissingPath
	}
	// fsegment = *[ uchar | "?" | ":" | "@" | "&" | "=" ]
	if o, err := p.chars(p.pathOff, p.pathOff+len(u.Path), resSlash|resQuest|resColon|resAt|resAmp|resEq); err != nil {
		return o, err
	}
	segs := strings.Split(u.Path, "/")
	for i := range segs {
		segs[i] = unescape(segs[i])
	}
	u.File = &File{Local: u.Host == "" || u.Host == "localhost", Segments: segs}
	return 0, nil
}
