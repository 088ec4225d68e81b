//go:build unix

package compare

import "syscall"

// processCPUTime returns the process's user+system CPU time in
// nanoseconds, or 0 if it cannot be read.
func processCPUTime() int64 {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}
