//go:build !purego

package sched

import "testing"

// TestReleaseFlag checks the plain-store release: it zeroes the flag
// and nothing beside it.
func TestReleaseFlag(t *testing.T) {
	flags := [3]uint32{7, 1, 9}
	releaseFlag(&flags[1])
	if flags != [3]uint32{7, 0, 9} {
		t.Fatalf("flags %v, want [7 0 9]", flags)
	}
}
