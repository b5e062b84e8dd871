package flushread

import (
	"bufio"
	"bytes"
	"reflect"
	"strings"
	"testing"

	"github.com/urlgrep/urlgrep/internal/stalltest"
)

// TestReader checks that what was written goes out before each read,
// and that a StallReader's stalls pass through, another reader's not.
func TestReader(t *testing.T) {
	var out bytes.Buffer
	w := bufio.NewWriter(&out)
	var seen []string // what the output held at each read
	in := &stalltest.Reader{Chunks: []string{"a", "b", ""}, Stalls: true, OnRead: func() { seen = append(seen, out.String()) }}
	f := Reader{R: in, W: w}
	p := make([]byte, 1)
	for range 3 {
		n, err := f.Read(p)
		if err != nil {
			t.Fatal(err)
		}
		w.Write(p[:n]) // held by w until the next read
	}
	if want := []string{"", "a", "ab"}; !reflect.DeepEqual(seen, want) {
		t.Errorf("the output at each read: %q, want %q", seen, want)
	}
	if !f.Stalled() || (Reader{R: strings.NewReader(""), W: w}).Stalled() {
		t.Error("Stalled does not pass on the reader's stalls only")
	}
}
