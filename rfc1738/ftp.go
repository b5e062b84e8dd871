package rfc1738

import "strings"

// FTP is the meaning of an ftp URL (§3.2): the directories to change to,
// the file, and the transfer type.
type FTP struct {
	Dirs []string // decoded <cwd1> … <cwdN>, each the argument of a CWD; may be empty strings
	Name string   // decoded <name>; empty for a directory
	Type byte     // typecode 'a', 'i' or 'd' in lower case, 0 when absent (§3.2.3)
}

// Commands returns the FTP commands a client sends for the url-path, after
// logging in, as §3.2.2 interprets it: a CWD for each directory (an empty
// one gives "CWD " with a null argument), then for typecode d an NLST of
// the name, otherwise a TYPE command when a typecode is given and a RETR of
// the name.
//
// deviation: §3.2.2 does not say what an empty <name> without typecode d
// means; as clients do, it lists the directory (NLST).
func (f *FTP) Commands() []string {
	cmds := make([]string, 0, len(f.Dirs)+2)
	for _, d := range f.Dirs {
		cmds = append(cmds, "CWD "+d)
	}
	if f.Type == 'a' || f.Type == 'i' {
		cmds = append(cmds, "TYPE "+string(upper(f.Type)))
	}
	switch {
	case f.Type == 'd' || f.Name == "":
		if f.Name == "" {
			cmds = append(cmds, "NLST")
		} else {
			cmds = append(cmds, "NLST "+f.Name)
		}
	default:
		cmds = append(cmds, "RETR "+f.Name)
	}
	return cmds
}

// parseFTP checks the ftp grammar and fills u.FTP.
//
//	ftpurl   = "ftp://" login [ "/" fpath [ ";type=" ftptype ]]
//	fpath    = fsegment *[ "/" fsegment ]
//	fsegment = *[ uchar | "?" | ":" | "@" | "&" | "=" ]
//	ftptype  = "A" | "I" | "D" | "a" | "i" | "d"
func parseFTP(p *parser) (int, error) {
	u := p.u
	if !u.Internet {
		return p.pathOff, ErrNotInternet
	}
	f := &p.blk.ftp
	path, off := u.Path, p.pathOff
	// §3.2.2: "Within a name or CWD component, the characters "/" and ";"
	// are reserved and must be encoded."
	t := strings.LastIndex(path, ";type=")
	if t >= 0 {
		if o, err := p.chars(off, off+t, resSlash|resQuest|resColon|resAt|resAmp|resEq); err != nil {
			return o, err
		}
		code, at := path[t+len(";type="):], off+t+len(";type=")
		switch {
		case code == "" || !strings.Contains("aidAID", code[:1]):
			return at, ErrBadTypecode
		case len(code) > 1:
			return at + 1, ErrBadTypecode
		}
		f.Type = code[0] | 0x20
		path = path[:t]
	} else if o, err := p.chars(off, off+len(path), resSlash|resQuest|resColon|resAt|resAmp|resEq); err != nil {
		return o, err
	}
	// The user, password and arguments go to the server in commands that
	// end with CRLF (RFC 959); §6 warns against decoding one into them.
	if i := crlfAt(p.raw, p.userOff, p.hostOff); u.HasUser && i >= 0 {
		return i, ErrFTPCRLF
	}
	if i := crlfAt(path, 0, len(path)); i >= 0 {
		return off + i, ErrFTPCRLF
	}
	if u.HasSlash || path != "" {
		// Split on "/" into f.Dirs, whose capacity a Parser keeps.
		segs := f.Dirs[:0]
		if segs == nil {
			segs = []string{} // no directory is an empty list, not nil (allocates nothing)
		}
		for {
			i := strings.IndexByte(path, '/')
			if i < 0 {
				break
			}
			segs = append(segs, unescape(path[:i]))
			path = path[i+1:]
		}
		f.Dirs, f.Name = segs, unescape(path)
	}
	u.FTP = f
	return 0, nil
}
