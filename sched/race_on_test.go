//go:build race

package sched_test

// raceEnabled is true under the race detector, whose sync.Pool drops
// items on purpose, so allocation counts mean nothing there.
const raceEnabled = true
