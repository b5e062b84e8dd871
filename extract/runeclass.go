package extract

import (
	"sort"
	"sync/atomic"
	"unicode"
)

// The classes of a rune that the scanner asks about rune by rune, past
// ASCII: which Unicode general categories and scripts it is in, read from
// a table instead of searching unicode's range tables each time. A run of
// IRIs or of non-Latin prose asked them for every rune it read (a tenth of
// the time of linking Markdown with IDN URLs, a dozen table searches a
// rune in a host of emoji).
const (
	classEnds     = 1 << iota // no letter, mark, number, dash or connector: ends a bare URL (endsURL)
	classSymbol               // a symbol, S (isSymbol, before its exceptions)
	classWord                 // a letter, mark or number: L, M or N
	classHidden               // a control, format, surrogate, private use or space character: C or Z (keptAt)
	classOther                // a letter of a script other than Latin (otherScript)
	classTrim                 // a dash, connector, other or modifier symbol: Pd, Pc, So or Sk (trimEnd)
	classUnspaced             // in a script whose prose sets no spaces between words: Thai, Lao, Khmer, Myanmar or Tibetan
)

// classSets are the range tables a rune's classes are made of, each a bit
// of classPage's masks (setL and on, in this order).
var classSets = [...]*unicode.RangeTable{
	unicode.L, unicode.M, unicode.N, unicode.Pd, unicode.Pc, unicode.S, unicode.So, unicode.Sk,
	unicode.C, unicode.Z, unicode.Latin,
	unicode.Thai, unicode.Lao, unicode.Khmer, unicode.Myanmar, unicode.Tibetan,
}

// The bits of classSets' tables in a mask.
const (
	setL = 1 << iota
	setM
	setN
	setPd
	setPc
	setS
	setSo
	setSk
	setC
	setZ
	setLatin
	setUnspaced // the five scripts that follow in classSets share it
)

// classOfSets is the classes of a rune in the sets of mask.
func classOfSets(mask uint16) uint8 {
	var c uint8
	if mask&(setL|setM|setN|setPd|setPc) == 0 {
		c |= classEnds
	}
	if mask&setS != 0 {
		c |= classSymbol
	}
	if mask&(setL|setM|setN) != 0 {
		c |= classWord
	}
	if mask&(setC|setZ) != 0 {
		c |= classHidden
	}
	if mask&setL != 0 && mask&setLatin == 0 {
		c |= classOther
	}
	if mask&(setPd|setPc|setSo|setSk) != 0 {
		c |= classTrim
	}
	if mask&setUnspaced != 0 {
		c |= classUnspaced
	}
	return c
}

// classPages holds the classes of Unicode's runes, 256 to a page, each
// page made at its first use (the range tables read for its 256 runes
// alone: a few microseconds) and shared by all goroutines from then on.
// The array of pointers is 34 KiB of zeroed memory, touched only where
// text uses a page; a page is 256 bytes.
var classPages [(unicode.MaxRune + 1) >> 8]atomic.Pointer[[256]uint8]

// classes returns r's classes; r is a valid rune (utf8.RuneError for bytes
// that are not UTF-8, which callers tell apart by their size).
func classes(r rune) uint8 {
	if uint32(r) > unicode.MaxRune {
		return classEnds | classHidden
	}
	p := classPages[r>>8].Load()
	if p == nil {
		p = classPage(r &^ 0xff)
		classPages[r>>8].Store(p)
	}
	return p[r&0xff]
}

// classPage makes the page of the 256 runes from lo. Two goroutines may
// make the same page at once; both make the same bytes, and either's
// page is kept.
func classPage(lo rune) *[256]uint8 {
	var masks [256]uint16
	for i, t := range classSets {
		bit := uint16(1) << min(i, 11)
		markSet(&masks, t, bit, lo)
	}
	p := new([256]uint8)
	for i, m := range masks {
		p[i] = classOfSets(m)
	}
	return p
}

// markSet sets bit in masks for each rune of t in [lo, lo+256).
func markSet(masks *[256]uint16, t *unicode.RangeTable, bit uint16, lo rune) {
	hi := lo + 255
	mark := func(rlo, rhi, stride rune) {
		start := max(rlo, lo)
		if d := (start - rlo) % stride; d != 0 {
			start += stride - d
		}
		for r := start; r <= min(rhi, hi); r += stride {
			masks[r-lo] |= bit
		}
	}
	r16 := t.R16
	for i := sort.Search(len(r16), func(i int) bool { return rune(r16[i].Hi) >= lo }); i < len(r16) && rune(r16[i].Lo) <= hi; i++ {
		mark(rune(r16[i].Lo), rune(r16[i].Hi), rune(r16[i].Stride))
	}
	r32 := t.R32
	for i := sort.Search(len(r32), func(i int) bool { return rune(r32[i].Hi) >= lo }); i < len(r32) && rune(r32[i].Lo) <= hi; i++ {
		mark(rune(r32[i].Lo), rune(r32[i].Hi), rune(r32[i].Stride))
	}
}
