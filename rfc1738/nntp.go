package rfc1738

import "strings"

// NNTP is the meaning of an nntp URL (§3.7): a group on a server, and an
// article in it by number.
type NNTP struct {
	Group      string // newsgroup name
	Article    int64  // <article-number>, valid when HasArticle
	HasArticle bool
}

// parseNNTP checks the nntp grammar and fills u.NNTP.
//
//	nntpurl = "nntp://" hostport "/" group [ "/" digits ]
func parseNNTP(p *parser) (int, error) {
	u := p.u
	if off, err := p.hostportSlash(); err != nil {
		return off, err
	}
	off := p.pathOff
	group, num, hasNum := strings.Cut(u.Path, "/")
	if i := badGroup(group); i >= 0 {
		return off + i, ErrBadGroup
	}
	n := &NNTP{Group: group}
	if hasNum {
		numOff := off + len(group) + 1
		if num == "" {
			return numOff, ErrBadArticle
		}
		for i := 0; i < len(num); i++ {
			c := num[i]
			if !is(c, classDigit) || n.Article > (1<<63-1-int64(c-'0'))/10 {
				return numOff + i, ErrBadArticle
			}
			n.Article = n.Article*10 + int64(c-'0')
		}
		n.HasArticle = true
	}
	u.NNTP = n
	return 0, nil
}
