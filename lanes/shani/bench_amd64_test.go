//go:build !purego

package shani

import (
	"testing"

	"github.com/lanehash/lanehash/lanes/internal/kerneltest"
)

// BenchmarkSHA256Pairs times the 2-lane kernel on n pairs per call.
func BenchmarkSHA256Pairs(b *testing.B) { kerneltest.BenchPairs(b, sha256Kernel) }

// BenchmarkSHA256PairsStdlib is the baseline: crypto/sha256.Sum256 on
// each 64-byte pair, the same work as BenchmarkSHA256Pairs.
func BenchmarkSHA256PairsStdlib(b *testing.B) { kerneltest.BenchPairsSHA256Stdlib(b) }

// BenchmarkSHA256Lockstep times the Validator-shaped program (8 ops)
// for 2 instances: 16 pairs per call, leaves already in lane layout.
func BenchmarkSHA256Lockstep(b *testing.B) { kerneltest.BenchLockstep(b, sha256Kernel) }
