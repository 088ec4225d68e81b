//go:build !unix

package kerneltest

// CPUTime reports 0: process CPU time is read only on unix, and the
// benchmarks then omit the cpu-ns/pair metric.
func CPUTime() int64 { return 0 }
