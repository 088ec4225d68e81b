//go:build !purego && unix

package avx2

import "syscall"

// keccakCPUTime returns the CPU time the process has used, in
// nanoseconds. On a machine shared with other jobs a benchmark's wall
// time per op includes time the process spent waiting for a core; its
// CPU time does not, so the benchmarks report both.
func keccakCPUTime() int64 {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}
