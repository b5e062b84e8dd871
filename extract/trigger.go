package extract

import (
	"bytes"

	"github.com/urlgrep/urlgrep/internal/ascii"
	"github.com/urlgrep/urlgrep/wrapper"
)

// The trigger search: the bytes at which a candidate may start, found
// before any recogniser runs. Most of a text is passed over here, so this
// is where the scanner spends its time on sparse text.
//
// There is one rule, startsNothing, for which trigger bytes start no
// candidate, and two ways to find the first one that may:
//
//   - one pass (fused): on amd64, triggerScan tests 16 bytes a step for
//     all the trigger bytes at once (SSE2, which every amd64 processor
//     has; 32 bytes a step with AVX2 where the processor has it),
//     together with the neighbours that most triggers in prose fail on;
//     what it reports is then put to startsNothing;
//   - per kind: bytes.IndexByte for each trigger byte, each kind's next
//     place remembered, never searching the same bytes twice for one kind.
//
// Both report the same places (TestFusedSameAsPerKind, FuzzFused): the
// one-pass filter lets through every byte that startsNothing lets through.

const (
	tColon = iota // ':' ends a scheme
	tLess         // '<' may open a wrapper
	tDot          // '.' may follow "www"
	tAt           // '@' may follow an address's local part
	nTriggers
)

var triggerBytes = [nTriggers]byte{':', '<', '.', '@'}

// useFused says whether Scanners take the one-pass search: where
// triggerScan is in assembly. Tests turn it off to compare the two.
var useFused = haveTriggerScan

// nextTrigger returns the index of the nearest trigger byte at or after
// pos that may start a candidate, and which, or -1.
func (s *Scanner) nextTrigger() (int, int) {
	if s.fused {
		return s.nextFused()
	}
	return s.nextPerKind()
}

// nextFused is nextTrigger in one pass over the bytes: each byte is looked
// at once, as hit and scanned remember how far the search went.
func (s *Scanner) nextFused() (int, int) {
	if s.hit >= s.pos {
		return s.hit, s.hitKind
	}
	vec := s.f.vecs()
	from := max(s.pos, s.scanned)
	for {
		n := indexTrigger(s.buf[:s.end], from, vec)
		if n < 0 {
			s.hit, s.scanned = -1, s.end
			return -1, 0
		}
		if k := s.triggerKind(s.buf[n]); k >= 0 && !s.startsNothing(k, n) {
			s.hit, s.hitKind, s.scanned = n, k, n
			return n, k
		}
		from = n + 1
	}
}

// triggerKind returns the kind of trigger byte c is, with the Scanner's
// options, or -1.
func (s *Scanner) triggerKind(c byte) int { return s.f.triggerKind(c) }

// triggerKind returns the kind of trigger byte c is, with the Finder's
// options, or -1.
func (f *Finder) triggerKind(c byte) int {
	switch {
	case c == ':':
		return tColon
	case c == '<':
		return tLess
	case c == '.' && f.cfg.www:
		return tDot
	case c == '@' && f.cfg.email:
		return tAt
	}
	return -1
}

// nextPerKind is nextTrigger with each kind searched with
// bytes.IndexByte, and never twice over the same bytes.
func (s *Scanner) nextPerKind() (int, int) {
	best, kind := -1, 0
	for k := range nTriggers {
		if (k == tDot && !s.f.cfg.www) || (k == tAt && !s.f.cfg.email) {
			continue
		}
		if s.next[k] < s.pos {
			from := max(s.pos, s.searched[k])
			s.next[k] = -1
			for {
				i := bytes.IndexByte(s.buf[from:s.end], triggerBytes[k])
				if i < 0 {
					s.searched[k] = s.end
					break
				}
				// Most triggers start nothing, as their next or previous
				// bytes tell: they end here, in this loop.
				if n := from + i; !s.startsNothing(k, n) {
					s.next[k] = n
					break
				}
				from += i + 1
			}
		}
		if n := s.next[k]; n >= 0 && (best < 0 || n < best) {
			best, kind = n, k
		}
	}
	return best, kind
}

// startsNothing reports whether the trigger of kind k at buf[n] starts no
// candidate, as the bytes around it tell, whatever is read after them
// (startsNothingIn, over the bytes the Scanner holds).
func (s *Scanner) startsNothing(k, n int) bool {
	return s.f.startsNothingIn(s.buf[:s.end], s.start, k, n)
}

// startsNothingIn reports whether the trigger of kind k at buf[n] starts
// no candidate, as the bytes around it in buf[start:] tell, whatever
// follows buf:
//   - a '.' not after "www" (www hosts are the only candidates a '.' starts);
//   - a ':' after a byte that ends no scheme (§2.1: a scheme's bytes are
//     letters, digits, "+", "-" and "."), or at start ("x := 1", "a[:n]",
//     "(: "), where Scanner.try finds no scheme to start from;
//   - a ':' followed by a byte that is no URL byte ("Note: ", "Subject: x"):
//     a URL has a part after its colon, and runEnd would stop at once
//     (but for a JSON string's escaped slash, "https:\/\/": bareJSON);
//   - a '<' that opens no wrapper (wrapper.Opens: an HTML tag, an address).
//
// Most triggers in prose are these: nextTrigger passes them over at once.
func (f *Finder) startsNothingIn(buf []byte, start, k, n int) bool {
	switch k {
	case tDot:
		return n-3 < start || buf[n-1]|0x20 != 'w' || !hasPrefixFold(buf[n-3:n+1], "www.")
	case tColon:
		if n == start || !ascii.IsSchemeByte(buf[n-1]) {
			return true // no scheme ends here: try looks back no further than start
		}
		if n+1 < len(buf) {
			c := buf[n+1]
			return c < 0x80 && !urlByte[c] && !(c == '\\' && (f.cfg.escapes || jsonSlash(buf, n+1)))
		}
	case tLess:
		ok, short := wrapper.Opens(buf[n:], f.limits())
		return !ok && !short
	}
	return false
}

// triggerVecs are the bytes triggerScan compares with, each repeated
// sixteen times (one SSE2 register), in the order triggerScan loads them:
// the trigger bytes, the bytes its neighbour tests use, and whether the
// email option turns the '@' trigger on (all ones) or off (zeros). Without
// the www option w is NUL, which no c|0x20 equals: no '.' passes.
type triggerVecs struct {
	colon, less, dot, at [16]byte
	case20, w, above20   [16]byte // c|0x20 == 'w'; c >= 0x21
	a, z                 [16]byte // 'a' <= c|0x20 <= 'z'
	onAt                 [16]byte
}

// triggerSets are the vectors for each setting of www and email.
var triggerSets = func() (t [2][2]triggerVecs) {
	for www := range 2 {
		for email := range 2 {
			v := &t[www][email]
			for i := range 16 {
				v.colon[i], v.less[i], v.dot[i], v.at[i] = ':', '<', '.', '@'
				v.case20[i], v.w[i], v.above20[i] = 0x20, byte('w'*www), 0x21
				v.a[i], v.z[i] = 'a', 'z'
				v.onAt[i] = byte(0xff * email)
			}
		}
	}
	return t
}()

// jsonSlash reports whether buf[i], a backslash, may be a JSON string's
// escaped slash ("https:\/\/", "https:\u002F\u002F": bareJSON): followed
// by "/" or "u002F" (either case), or by the end of buf, which cannot
// tell yet.
func jsonSlash(buf []byte, i int) bool {
	const u = "u002f" // hasPrefixFold's prefix is in lower case
	rest := buf[i+1:]
	return len(rest) == 0 || rest[0] == '/' || hasPrefixFold(rest, u[:min(len(u), len(rest))])
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// indexTrigger returns the index of the first byte of data at or after
// from that may start a candidate, as its neighbours tell (mayTrigger), or
// -1. Everything startsNothing lets through passes; most of what it stops
// does not.
func indexTrigger(data []byte, from int, v *triggerVecs) int {
	i := from
	if i == 0 && len(data) > 0 {
		if mayTrigger(data, 0, v) {
			return 0
		}
		i = 1
	}
	// The assembly needs the byte before and the byte after each of its
	// steps: 32 bytes a step with AVX2, then 16, then a byte at a time.
	if haveTriggerScan && useAVX2 && len(data)-i >= 33 {
		r := triggerScanAVX2(&data[i-1], len(data)-i+1, v)
		if r > 0 {
			return i - 1 + r
		}
		i += -r - 1
	}
	if haveTriggerScan && len(data)-i >= 17 {
		r := triggerScan(&data[i-1], len(data)-i+1, v)
		if r > 0 {
			return i - 1 + r
		}
		i += -r - 1
	}
	for ; i < len(data); i++ {
		if mayTrigger(data, i, v) {
			return i
		}
	}
	return -1
}

// mayTrigger is triggerScan's test of data[i], in Go: a trigger byte, and
//   - after ':', a byte above space (every byte that keeps a ':' in
//     startsNothing is), or the end of data;
//   - after '<', a letter (wrapper.Opens wants one for any wrapper), or
//     the end of data;
//   - before '.', a 'w' in either case, with the www option;
//   - '@' with the email option.
func mayTrigger(data []byte, i int, v *triggerVecs) bool {
	c := data[i]
	last := i+1 == len(data)
	return c == ':' && (last || data[i+1] > 0x20) ||
		c == '<' && (last || isLetter(data[i+1])) ||
		c == '.' && i > 0 && data[i-1]|0x20 == v.w[0] ||
		c == '@' && v.onAt[0] != 0
}

func isLetter(c byte) bool { return c|0x20 >= 'a' && c|0x20 <= 'z' }

// MayFind reports whether text, read alone, holds a place where s looks
// for a URL: a trigger its options turn on (':', '<', '.' with the www
// option, '@' with the email option) that the bytes around it do not rule
// out, by the rule s's own search applies (startsNothingIn): a ':' before
// a byte no URL has, a '<' that opens no wrapper (an address, an HTML
// tag), a '.' not after "www". When it reports false, s finds no URL in
// text. It does not allocate, and runs at about the trigger search's
// speed: a caller with many short texts (a message's header fields) can
// leave out those that hold none.
func (s *Scanner) MayFind(text []byte) bool { return s.f.mayFind(text) }

// mayFind is MayFind for the Finder's options: the trigger search over
// text, each place it stops at put to startsNothingIn, as nextFused does.
func (f *Finder) mayFind(text []byte) bool {
	vec := f.vecs()
	for from := 0; ; {
		n := indexTrigger(text, from, vec)
		if n < 0 {
			return false
		}
		if k := f.triggerKind(text[n]); k >= 0 && !f.startsNothingIn(text, 0, k, n) {
			return true
		}
		from = n + 1
	}
}

// vecs returns the trigger search's vectors for the Finder's options.
func (f *Finder) vecs() *triggerVecs { return &triggerSets[b2i(f.cfg.www)][b2i(f.cfg.email)] }
