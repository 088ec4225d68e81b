//go:build race

package hostile

// RaceEnabled reports a -race build.
const RaceEnabled = true
