//go:build !purego && !unix

package avx512

// sha256CPUTime reports 0 where process CPU time is not read; the
// benchmarks then omit cpu-ns/pair.
func sha256CPUTime() int64 { return 0 }
