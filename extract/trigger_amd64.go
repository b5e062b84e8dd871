//go:build !purego

package extract

// haveTriggerScan says that triggerScan is in assembly here.
const haveTriggerScan = true

// triggerScan looks at p[1:n-1] sixteen bytes at a time for a byte that
// mayTrigger would take (p[0] and p[n-1] are only neighbours), with SSE2.
// It returns the index in p of the first, or, when the sixteen-byte steps
// that fit hold none, -j where p[j] is the first byte not looked at. n must
// be at least 18.
//
//go:noescape
func triggerScan(p *byte, n int, v *triggerVecs) int
