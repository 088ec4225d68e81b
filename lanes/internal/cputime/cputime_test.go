package cputime

import (
	"runtime"
	"testing"
)

// TestThreadAdvancesWithWork spins the locked thread and checks its CPU
// clock moves forward by at least part of the work, and never backward.
func TestThreadAdvancesWithWork(t *testing.T) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	start, ok := Thread()
	if !ok {
		if runtime.GOOS == "linux" {
			t.Fatal("CLOCK_THREAD_CPUTIME_ID unreadable on linux")
		}
		t.Skip("no thread CPU clock on " + runtime.GOOS)
	}
	x := uint64(1)
	for i := 0; i < 20_000_000; i++ {
		x = x*6364136223846793005 + 1442695040888963407
	}
	end, _ := Thread()
	if end <= start {
		t.Fatalf("thread CPU time went from %d to %d ns over a busy loop (x=%d)", start, end, x)
	}
}
