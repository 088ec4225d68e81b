//go:build !purego && !unix

package avx2

// sha256CPUTime is unavailable here; 0 leaves the CPU-time metric out.
func sha256CPUTime() int64 { return 0 }
