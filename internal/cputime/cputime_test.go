package cputime

import (
	"runtime"
	"testing"
)

// TestThreadAdvances checks that the thread clock moves forward while
// the thread computes (where the OS has the clock), and that the
// process has used at least as much.
func TestThreadAdvances(t *testing.T) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	t0, ok := Thread()
	if !ok {
		t.Skip("no per-thread CPU clock on this OS")
	}
	x := uint64(1)
	for i := 0; i < 50_000_000; i++ {
		x = x*6364136223846793005 + 1442695040888963407
	}
	t1, _ := Thread()
	if t1 <= t0 || x == 0 {
		t.Fatalf("thread CPU time went from %d to %d over a busy loop", t0, t1)
	}
	if p, ok := Process(); ok && p < t1-t0 {
		t.Fatalf("process CPU time %d is less than one thread's %d", p, t1-t0)
	}
}
