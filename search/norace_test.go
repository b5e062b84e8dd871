//go:build !race

package search

// raceEnabled: built with -race (see race_test.go).
const raceEnabled = false
