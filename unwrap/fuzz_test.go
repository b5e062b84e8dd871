package unwrap

import (
	"slices"
	"testing"
)

// FuzzUnwrap checks that Unwrap never panics, that a success changes the
// URL and names at least one wrapper, at most maxDepth, and that a failure
// gives the input back untouched.
func FuzzUnwrap(f *testing.F) {
	for _, tt := range slices.Concat(unwrapTests, nestedTests) {
		f.Add(tt.in)
	}
	f.Fuzz(func(t *testing.T, in string) {
		got, by, ok := UnwrapString(in)
		if !ok {
			if got != in || by != nil {
				t.Fatalf("Unwrap(%q) = %q, %q, false, want the input and no wrappers", in, got, by)
			}
			return
		}
		if got == in || len(by) < 1 || len(by) > maxDepth {
			t.Fatalf("Unwrap(%q) = %q, %q, true, want a different target and 1 to %d wrappers", in, got, by, maxDepth)
		}
		if !looksLikeURL(got) {
			t.Fatalf("Unwrap(%q) = %q, %q, true, want a target with a scheme", in, got, by)
		}
	})
}
