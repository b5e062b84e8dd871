//go:build race

package search

// raceEnabled: built with -race, under which a sync.Pool drops a quarter
// of what is put in it, on purpose.
const raceEnabled = true
