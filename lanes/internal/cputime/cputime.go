// Package cputime reads the CPU time of the calling OS thread: the one
// clock of the lanes packages for calibration and benchmarks. On a
// machine shared with other jobs, wall time includes the slices lost to
// other processes and thread CPU time does not, so a measurement that is
// preempted does not look slower than it ran.
//
// Callers pin their goroutine with runtime.LockOSThread between two
// readings, or the two may come from different threads.
package cputime
