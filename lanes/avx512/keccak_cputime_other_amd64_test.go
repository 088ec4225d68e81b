//go:build !purego && !unix

package avx512

// keccakCPUTime reports 0: process CPU time is read only on unix, and
// the benchmarks then omit the cpu-ns/pair metric.
func keccakCPUTime() int64 { return 0 }
