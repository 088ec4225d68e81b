// Package cputime reads CPU-time clocks for the module's benchmarks: on
// a shared machine, time a thread spends descheduled counts for neither
// side of a comparison measured in CPU time.
package cputime

// Thread returns the CPU time the calling OS thread has used, in
// nanoseconds, and whether this OS has such a clock (Linux). The caller
// locks its goroutine to its thread (runtime.LockOSThread).
func Thread() (int64, bool) { return threadCPUTime() }

// Process returns the user+system CPU time the whole process has used,
// in nanoseconds, and whether this OS reports it (Unix).
func Process() (int64, bool) { return processCPUTime() }
