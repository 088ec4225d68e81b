//go:build unix

package kerneltest

import "syscall"

// CPUTime returns the CPU time the process has used, in nanoseconds, or
// 0 if it cannot be read. On a machine shared with other jobs a
// benchmark's wall time includes time spent waiting for a core and its
// CPU time does not, so the benchmarks report both.
func CPUTime() int64 {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}
