package extract

import (
	"sync"
	"testing"
	"unicode"
)

// TestRuneClasses checks the classes table against unicode's range
// tables, rune by rune over all of Unicode: each class as the test it
// stands for was written before the table.
func TestRuneClasses(t *testing.T) {
	want := func(r rune) uint8 {
		var c uint8
		set := func(bit uint8, ok bool) {
			if ok {
				c |= bit
			}
		}
		set(classEnds, !unicode.In(r, unicode.L, unicode.M, unicode.N, unicode.Pd, unicode.Pc))
		set(classSymbol, unicode.Is(unicode.S, r))
		set(classWord, unicode.In(r, unicode.L, unicode.M, unicode.N))
		set(classHidden, unicode.In(r, unicode.C, unicode.Z))
		set(classOther, unicode.IsLetter(r) && !unicode.Is(unicode.Latin, r))
		set(classTrim, unicode.In(r, unicode.Pd, unicode.Pc, unicode.So, unicode.Sk))
		set(classUnspaced, unicode.In(r, unicode.Thai, unicode.Lao, unicode.Khmer, unicode.Myanmar, unicode.Tibetan))
		return c
	}
	bad := 0
	for r := rune(0); r <= unicode.MaxRune; r++ {
		if got, w := classes(r), want(r); got != w {
			t.Errorf("classes(%U) = %07b, want %07b", r, got, w)
			if bad++; bad > 20 {
				t.Fatal("too many")
			}
		}
	}
	for _, r := range []rune{-1, unicode.MaxRune + 1} {
		if got := classes(r); got != classEnds|classHidden {
			t.Errorf("classes(%d) = %07b, want ends and hidden", r, got)
		}
	}
}

// TestRuneClassesConcurrent makes the same pages on several goroutines at
// once (for the race detector) and checks they agree.
func TestRuneClassesConcurrent(t *testing.T) {
	for i := range classPages[0x100:0x140] {
		classPages[0x100+i].Store(nil)
	}
	var wg sync.WaitGroup
	got := make([][]uint8, 4)
	for g := range got {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for r := rune(0x10000); r < 0x14000; r += 7 {
				got[g] = append(got[g], classes(r))
			}
		}()
	}
	wg.Wait()
	for g := 1; g < len(got); g++ {
		if string(got[g]) != string(got[0]) {
			t.Fatalf("goroutine %d read other classes than goroutine 0", g)
		}
	}
}
