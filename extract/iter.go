package extract

import (
	"iter"
	"sync"
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
	return func(yield func(Found) bool) { f.each(data, prev, false, yield) }
}

// Borrowed is [Finder.All] for a caller that keeps nothing of a match
// past its turn in the loop (a renderer that turns each into a link): each
// Match is borrowed from a lazy Scanner ([Scanner.Borrow]) with its URL
// set, and it and its strings, URL included, are valid only until the loop
// body returns: a caller that keeps one copies it. Alternates are not set.
// It finds exactly what All finds, with no allocation for a match but
// where its canonical URL differs from its text.
func (f *Finder) Borrowed(data []byte, prev byte) iter.Seq[Found] {
	// Small enough to inline: a caller that ranges over it at once keeps
	// the loop's closures off the heap.
	return func(yield func(Found) bool) { f.each(data, prev, true, yield) }
}

// each is All's loop, or with lazy Borrowed's: one loop over one Scanner.
func (f *Finder) each(data []byte, prev byte, lazy bool, yield func(Found) bool) {
	// Short texts with no trigger in them (most of a Markdown document's
	// runs between its markup) are passed over without a Scanner: the
	// trigger search finds nothing where the scan would find no URL
	// (Scanner.MayFind).
	if !f.mayFind(data) {
		return
	}
	s := f.scanner(lazy)
	if pool := f.poolOf(lazy); pool != nil {
		defer pool.Put(s)
	}
	s.ResetBytes(data, 0, 1) // read in place: no copy of the run
	defer s.Reset(nil)       // run before the pool's Put: kept, it would keep data alive
	if prev != 0 {
		s.behind[3] = prev
	}
	for s.Scan() {
		var m *Match
		if lazy {
			if m = s.Borrow(); m != nil {
				// String gives back its input when that is canonical:
				// here the Scanner's bytes, valid for this turn only,
				// as the rest of the borrowed match.
				m.URL = m.Parsed.String()
			}
		} else {
			m = s.Match()
		}
		if m != nil && !yield(Found{Start: int(m.candStart), End: int(m.candEnd), Match: m}) {
			return
		}
	}
}

// poolOf is the pool of the Finder's Scanners, eager or lazy.
func (f *Finder) poolOf(lazy bool) *sync.Pool {
	if lazy {
		return f.lazy
	}
	return f.pool
}

// scanner returns a Scanner with the Finder's options, lazy or not, from
// its pool.
func (f *Finder) scanner(lazy bool) *Scanner {
	if pool := f.poolOf(lazy); pool != nil {
		if s, ok := pool.Get().(*Scanner); ok {
			return s
		}
	}
	cfg := f.cfg
	cfg.lazy = lazy
	s := &Scanner{f: Finder{cfg: cfg}}
	s.init()
	return s
}
