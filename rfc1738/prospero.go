package rfc1738

import "strings"

// Prospero is the meaning of a prospero URL (§3.11): a host-specific
// object name and the fields that identify the link's target.
type Prospero struct {
	HSOName string  // decoded <hsoname>; "/pros/name" for "prospero://host//pros/name"
	Fields  []Field // decoded ";field=value" pairs, in order
}

// parseProspero checks the prospero grammar and fills u.Prospero. §3.11:
// "No username or password is allowed"; the ";" is reserved in the
// hsoname.
//
//	prosperourl = "prospero://" hostport "/" ppath *[ fieldspec ]
//	ppath       = psegment *[ "/" psegment ]
//	psegment    = *[ uchar | "?" | ":" | "@" | "&" | "=" ]
//	fieldspec   = ";" fieldname "=" fieldvalue
//	fieldname   = *[ uchar | "?" | ":" | "@" | "&" ]
//	fieldvalue  = *[ uchar | "?" | ":" | "@" | "&" ]
func parseProspero(p *parser) (int, error) {
	u := p.u
	if off, err := p.hostportSlash(); err != nil {
		return off, err
	}
	path, off := u.Path, p.pathOff
	ppath, fields, hasFields := strings.Cut(path, ";")
	if o, err := p.chars(off, off+len(ppath), resSlash|resQuest|resColon|resAt|resAmp|resEq); err != nil {
		return o, err
	}
	pr := &Prospero{HSOName: unescape(ppath)}
	if hasFields {
		at := off + len(ppath) + 1
		for _, spec := range strings.Split(fields, ";") {
			const allow = resQuest | resColon | resAt | resAmp
			eq := strings.IndexByte(spec, '=')
			if eq < 0 {
				if o, err := p.chars(at, at+len(spec), allow); err != nil {
					return o, err
				}
				return at + len(spec), ErrBadProsperoField
			}
			if o, err := p.chars(at, at+eq, allow); err != nil {
				return o, err
			}
			if o, err := p.chars(at+eq+1, at+len(spec), allow); err != nil {
				return o, err
			}
			pr.Fields = append(pr.Fields, Field{Name: unescape(spec[:eq]), Value: unescape(spec[eq+1:])})
			at += len(spec) + 1
		}
	}
	u.Prospero = pr
	return 0, nil
}
