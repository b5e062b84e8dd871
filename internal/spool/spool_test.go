package spool

import (
	"bytes"
	"fmt"
	"io"
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
	err := Ordered(n, 4, 1024, &out, func(i int, w io.Writer) {
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
	err = Ordered(n, 2, 1024, &out, func(i int, w io.Writer) { fmt.Fprintf(w, "%d\n", i) }, func(i int) bool { return i < 2 })
	if err != nil || out.String() != "0\n1\n2\n" {
		t.Errorf("stopped run: err %v, output %q", err, out.String())
	}
}
