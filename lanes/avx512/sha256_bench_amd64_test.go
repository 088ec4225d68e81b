//go:build !purego

package avx512

import (
	"testing"

	"github.com/lanehash/lanehash/lanes/internal/kerneltest"
)

// BenchmarkSHA256Pairs times the 16-lane kernel on n pairs per call.
func BenchmarkSHA256Pairs(b *testing.B) { kerneltest.BenchPairs(b, sha256Kernel) }

// BenchmarkSHA256PairsStdlib is the baseline: crypto/sha256.Sum256 per
// pair (SHA-NI on this CPU), the same pair counts.
func BenchmarkSHA256PairsStdlib(b *testing.B) { kerneltest.BenchPairsSHA256Stdlib(b) }

// BenchmarkSHA256Lockstep times one Validator-shaped program (8 ops) for
// 16 instances: 128 pairs per call, leaves already in lane layout.
func BenchmarkSHA256Lockstep(b *testing.B) { kerneltest.BenchLockstep(b, sha256Kernel) }

// BenchmarkSHA256Pack times packing the 9 leaves of 16 Validators.
func BenchmarkSHA256Pack(b *testing.B) { kerneltest.BenchLayout(b, sha256Kernel, SHA256Pack) }

// BenchmarkSHA256Unpack times unpacking 9 nodes of 16 digests.
func BenchmarkSHA256Unpack(b *testing.B) { kerneltest.BenchLayout(b, sha256Kernel, SHA256Unpack) }
