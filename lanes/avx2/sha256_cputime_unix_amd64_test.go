//go:build !purego && unix

package avx2

import "syscall"

// sha256CPUTime returns the process's user+system CPU time in
// nanoseconds. Benchmarks report it per pair beside wall time because
// the machine is shared: time spent descheduled is not the kernel's.
func sha256CPUTime() int64 {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}
