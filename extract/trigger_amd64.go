//go:build !purego

package extract

import "golang.org/x/sys/cpu"

// haveTriggerScan says that triggerScan is in assembly here.
const haveTriggerScan = true

// useAVX2 says whether indexTrigger takes triggerScanAVX2 first: where
// the processor and the system have AVX2. Tests turn it off to test
// triggerScan alone.
var useAVX2 = cpu.X86.HasAVX2

// triggerScan looks at p[1:n-1] sixteen bytes at a time for a byte that
// mayTrigger would take (p[0] and p[n-1] are only neighbours), with SSE2.
// It returns the index in p of the first, or, when the sixteen-byte steps
// that fit hold none, -j where p[j] is the first byte not looked at. n must
// be at least 18.
//
//go:noescape
func triggerScan(p *byte, n int, v *triggerVecs) int

// triggerScanAVX2 is triggerScan thirty-two bytes at a time, with AVX2. n
// must be at least 34.
//
//go:noescape
func triggerScanAVX2(p *byte, n int, v *triggerVecs) int
