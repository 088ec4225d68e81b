//go:build !purego

package avx2

import (
	"testing"

	"github.com/lanehash/lanehash/lanes/internal/kerneltest"
)

// BenchmarkKeccak256Pairs times the 4-lane kernel on n pairs per call.
func BenchmarkKeccak256Pairs(b *testing.B) { kerneltest.BenchPairs(b, keccakKernel) }

// BenchmarkKeccak256PairsXCrypto is the baseline: x/crypto/sha3 legacy
// Keccak-256 per pair (one reused hasher), the same pair counts.
func BenchmarkKeccak256PairsXCrypto(b *testing.B) { kerneltest.BenchPairsKeccak256XCrypto(b) }

// BenchmarkKeccak256Lockstep times the Validator-shaped program (8 ops)
// for 4 instances: 32 pairs per call, leaves already in lane layout.
func BenchmarkKeccak256Lockstep(b *testing.B) { kerneltest.BenchLockstep(b, keccakKernel) }

// BenchmarkKeccak256Pack times packing the 9 leaves of 4 Validators.
func BenchmarkKeccak256Pack(b *testing.B) { kerneltest.BenchLayout(b, keccakKernel, Keccak256Pack) }

// BenchmarkKeccak256Unpack times unpacking 9 nodes of 4 digests.
func BenchmarkKeccak256Unpack(b *testing.B) {
	kerneltest.BenchLayout(b, keccakKernel, Keccak256Unpack)
}
