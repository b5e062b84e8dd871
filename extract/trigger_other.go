//go:build !amd64 || purego

package extract

// haveTriggerScan says that triggerScan is in assembly here: it is not,
// and Scanners search for each trigger byte with bytes.IndexByte.
const haveTriggerScan = false

// useAVX2 is false where there is no assembly.
var useAVX2 = false

// triggerScan is not called where haveTriggerScan is false.
func triggerScan(p *byte, n int, v *triggerVecs) int {
	panic("extract: triggerScan without assembly")
}

// triggerScanAVX2 is not called where haveTriggerScan is false.
func triggerScanAVX2(p *byte, n int, v *triggerVecs) int {
	panic("extract: triggerScanAVX2 without assembly")
}
