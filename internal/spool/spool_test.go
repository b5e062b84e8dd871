package spool

import (
	"bytes"
	"fmt"
	"io"
	"iter"
	"runtime"
	"strings"
	"testing"
	"time"
)

// TestOrdered checks that the output is in task order whatever order the
// tasks finish in, including a task that writes past the memory limit,
// and that done is called in order and can stop the run.
func TestOrdered(t *testing.T) {
	var out bytes.Buffer
	var want strings.Builder
	n := 12
	for i := range n {
		fmt.Fprintf(&want, "task %d\n", i)
		if i == 5 {
			want.WriteString(strings.Repeat("x", 5000) + "\n")
		}
	}
	var order []int
	err := Ordered(upTo(n), 4, 1024, &out, func(i int, w io.Writer) {
		time.Sleep(time.Duration((n-i)%4) * time.Millisecond) // later tasks finish first
		fmt.Fprintf(w, "task %d\n", i)
		if i == 5 {
			io.WriteString(w, strings.Repeat("x", 5000)+"\n") // past the limit: a temporary file
		}
	}, func(i int) bool {
		order = append(order, i)
		return true
	})
	if err != nil || out.String() != want.String() {
		t.Fatalf("err %v, output %q", err, out.String()[:min(out.Len(), 200)])
	}
	if fmt.Sprint(order) != fmt.Sprint([]int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}) {
		t.Errorf("done order %v", order)
	}
	out.Reset()
	err = Ordered(upTo(n), 2, 1024, &out, func(i int, w io.Writer) { fmt.Fprintf(w, "%d\n", i) }, func(i int) bool { return i < 2 })
	if err != nil || out.String() != "0\n1\n2\n" {
		t.Errorf("stopped run: err %v, output %q", err, out.String())
	}
}

// TestOrderedLetsGo checks that Ordered holds the spools of the tasks
// under way, not of every task: with 2,000 tasks each spooling 8 KiB (a
// task waits for its turn until the one before it is copied), the heap at
// the last task holds a few of them, not 2,000 (16 MB, as when every
// spool was kept to the end of the run).
func TestOrderedLetsGo(t *testing.T) {
	const n, size = 2000, 8 << 10
	var before runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	var grown int64
	chunk := bytes.Repeat([]byte("x"), size)
	err := Ordered(upTo(n), 2, 1<<20, io.Discard, func(i int, w io.Writer) {
		w.Write(chunk)
	}, func(i int) bool {
		if i == n-1 {
			var now runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&now)
			grown = int64(now.HeapAlloc) - int64(before.HeapAlloc)
		}
		return true
	})
	if err != nil {
		t.Fatal(err)
	}
	if grown > 2<<20 {
		t.Errorf("the heap grew by %d bytes over %d tasks of %d bytes: spools kept past their turn", grown, n, size)
	}
}

// upTo yields 0 to n-1.
func upTo(n int) iter.Seq[int] {
	return func(yield func(int) bool) {
		for i := range n {
			if !yield(i) {
				return
			}
		}
	}
}

// TestOrderedStreams checks that tasks are ranged over as the run goes,
// no further ahead than the tasks under way: an endless sequence is
// stopped when done says so, having yielded a few more than were done.
func TestOrderedStreams(t *testing.T) {
	yielded := 0
	endless := func(yield func(int) bool) {
		for i := 0; ; i++ {
			yielded++
			if !yield(i) {
				return
			}
		}
	}
	var out bytes.Buffer
	err := Ordered(endless, 2, 1024, &out, func(i int, w io.Writer) { fmt.Fprintf(w, "%d\n", i) }, func(i int) bool { return i < 9 })
	if err != nil || out.String() != "0\n1\n2\n3\n4\n5\n6\n7\n8\n9\n" {
		t.Errorf("err %v, output %q", err, out.String())
	}
	if yielded > 10+ahead*2+1 {
		t.Errorf("%d tasks yielded for 10 done: the sequence was read ahead of the run", yielded)
	}
}
