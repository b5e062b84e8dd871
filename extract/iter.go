package extract

import (
	"bytes"
	"iter"
)

// Found is a URL that [Finder.All] found: data[Start:End] is all of its
// candidate, the wrapper's "<URL:" and ">" included, and Match.Offset and
// Match.End locate the URL itself in data.
type Found struct {
	Start, End int
	Match      *Match
}

// All returns the URLs in data, in order, as a [Scanner] with the
// Finder's options finds them in a reader of data: one candidate policy
// for text in memory (a Markdown document's text runs) and for streams.
// prev is the byte before data in a larger text, 0 at its start, as
// [Finder.At] has it. Positions (Offset, End, Line, Col) count in data.
func (f *Finder) All(data []byte, prev byte) iter.Seq[Found] {
	return func(yield func(Found) bool) {
		s := f.scanner()
		if f.pool != nil {
			defer f.pool.Put(s)
		}
		var r bytes.Reader
		r.Reset(data)
		s.Reset(&r)
		if prev != 0 {
			s.prev = prev
		}
		for s.Scan() {
			if m := s.Match(); m != nil {
				if !yield(Found{Start: int(m.candStart), End: int(m.candEnd), Match: m}) {
					return
				}
			}
		}
	}
}

// Borrowed is [Finder.All] for a caller that keeps nothing of a match
// past its turn in the loop (a renderer that turns each into a link): each
// Match is borrowed from a lazy Scanner ([Scanner.Borrow]) with its URL
// set, and it and its strings, URL included, are valid only until the loop
// body returns: a caller that keeps one copies it. Alternates are not set.
// It finds exactly what All finds, with no allocation for a match but
// where its canonical URL differs from its text.
func (f *Finder) Borrowed(data []byte, prev byte) iter.Seq[Found] {
	return func(yield func(Found) bool) {
		s := f.lazyScanner()
		if f.lazy != nil {
			defer f.lazy.Put(s)
		}
		var r bytes.Reader
		r.Reset(data)
		s.Reset(&r)
		if prev != 0 {
			s.prev = prev
		}
		for s.Scan() {
			if m := s.Borrow(); m != nil {
				// String gives back its input when that is canonical: here
				// the Scanner's bytes, valid for this turn only, as the
				// rest of the borrowed match.
				m.URL = m.Parsed.String()
				if !yield(Found{Start: int(m.candStart), End: int(m.candEnd), Match: m}) {
					return
				}
			}
		}
	}
}

// scanner returns a Scanner with the Finder's options, from its pool.
func (f *Finder) scanner() *Scanner {
	if f.pool != nil {
		if s, ok := f.pool.Get().(*Scanner); ok {
			return s
		}
	}
	s := &Scanner{f: Finder{cfg: f.cfg}}
	s.init()
	return s
}

// lazyScanner returns a lazy Scanner with the Finder's options, from its
// pool.
func (f *Finder) lazyScanner() *Scanner {
	if f.lazy != nil {
		if s, ok := f.lazy.Get().(*Scanner); ok {
			return s
		}
	}
	cfg := f.cfg
	cfg.lazy = true
	s := &Scanner{f: Finder{cfg: cfg}}
	s.init()
	return s
}
