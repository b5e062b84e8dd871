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
//
// A local path with no "//" ("file:/etc/motd", RFC 8089 §2's local-path)
// is relaxed (ErrLocalPath) and read as "file:///etc/motd".
func parseFile(p *parser) (int, error) {
	u := p.u
	if !u.Internet {
		if !strings.HasPrefix(u.Opaque, "/") {
			return p.pathOff, ErrNotInternet
		}
		if off, err := p.relax(p.pathOff, ErrLocalPath); err != nil {
			return off, err
		}
		u.Internet, u.HasSlash = true, true
		u.Path, u.Opaque = u.Opaque[1:], ""
		p.pathOff++
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
