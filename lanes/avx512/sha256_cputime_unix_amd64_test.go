//go:build !purego && unix

package avx512

import "syscall"

// sha256CPUTime returns the CPU time the process has used, in
// nanoseconds. On a machine shared with other jobs a benchmark's wall
// time includes time spent waiting for a core and its CPU time does not,
// so the benchmarks report both (ns/pair and cpu-ns/pair).
func sha256CPUTime() int64 {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}
