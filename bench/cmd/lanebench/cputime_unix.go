//go:build unix

package main

import (
	"syscall"
	"time"
)

// processCPU returns the user+system CPU time the process has used, or 0
// where it cannot be read. On a machine shared with other jobs wall time
// includes waiting for a core; CPU time does not.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
