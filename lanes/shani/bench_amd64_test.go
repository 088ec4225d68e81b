//go:build !purego

package shani

import (
	"crypto/sha256"
	"fmt"
	"testing"
)

var benchPairCounts = []int{1, 2, 4, 8, 16, 32, 256, 65536}

func BenchmarkSHA256Pairs(b *testing.B) {
	requireSHANI(b)
	for _, n := range benchPairCounts {
		b.Run(fmt.Sprintf("pairs=%d", n), func(b *testing.B) {
			src := randomBytes(1, 64*n)
			dst := make([]byte, 32*n)
			b.SetBytes(int64(64 * n))
			for b.Loop() {
				SHA256Pairs(dst, src)
			}
			reportPerPair(b, n)
		})
	}
}

// BenchmarkSHA256PairsStdlib is the baseline: crypto/sha256.Sum256 on
// each 64-byte pair, the same work as BenchmarkSHA256Pairs.
func BenchmarkSHA256PairsStdlib(b *testing.B) {
	for _, n := range benchPairCounts {
		b.Run(fmt.Sprintf("pairs=%d", n), func(b *testing.B) {
			src := randomBytes(1, 64*n)
			dst := make([]byte, 32*n)
			b.SetBytes(int64(64 * n))
			for b.Loop() {
				for i := 0; i < n; i++ {
					d := sha256.Sum256(src[64*i : 64*i+64])
					copy(dst[32*i:], d[:])
				}
			}
			reportPerPair(b, n)
		})
	}
}

// validatorOps is the op list of a phase0 Validator in lane layout:
// leaves 0 and 1 are the halves of the 48-byte pubkey, leaves 2..8 the
// other seven fields; 8 ops give the container root in node 16.
var validatorOps = []uint32{
	0, 1, 9, // pubkey root
	9, 2, 10, 3, 4, 11, 5, 6, 12, 7, 8, 13, // 8 field roots → 4
	10, 11, 14, 12, 13, 15, // → 2
	14, 15, 16, // → root
}

func BenchmarkSHA256Lockstep(b *testing.B) {
	requireSHANI(b)
	arena := randomBytes(2, 17*nodeSize)
	pairs := len(validatorOps) / 3 * Width
	b.SetBytes(int64(64 * pairs))
	for b.Loop() {
		SHA256Lockstep(arena, validatorOps)
	}
	reportPerPair(b, pairs)
}

func reportPerPair(b *testing.B, pairs int) {
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(pairs), "ns/pair")
}
