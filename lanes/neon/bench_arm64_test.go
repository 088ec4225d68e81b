//go:build !purego

package neon

import (
	"testing"

	"github.com/lanehash/lanehash/lanes/internal/kerneltest"
)

// The kernels alone, without the registry; `go test -bench . ./lanes/`
// measures them beside every other kernel of this GOARCH under the same
// benchmark names as on amd64 (BenchmarkPairs, BenchmarkLockstep).

// BenchmarkSHA2Pairs times the SHA2 kernel on n pairs per call.
func BenchmarkSHA2Pairs(b *testing.B) { kerneltest.BenchPairs(b, sha2Kernel) }

// BenchmarkASIMDPairs times the ASIMD kernel on n pairs per call.
func BenchmarkASIMDPairs(b *testing.B) { kerneltest.BenchPairs(b, asimdKernel) }

// BenchmarkStdlibPairs is the baseline: crypto/sha256.Sum256 on each
// 64-byte pair (the standard library uses the SHA2 instructions where
// present).
func BenchmarkStdlibPairs(b *testing.B) { kerneltest.BenchPairsSHA256Stdlib(b) }

// BenchmarkSHA2Lockstep times the Validator-shaped program (8 ops) for
// four instances on the SHA2 kernel.
func BenchmarkSHA2Lockstep(b *testing.B) { kerneltest.BenchLockstep(b, sha2Kernel) }

// BenchmarkSHA2x2Lockstep times the same program for two instances on
// the two-lane form of the SHA2 kernel.
func BenchmarkSHA2x2Lockstep(b *testing.B) { kerneltest.BenchLockstep(b, sha2x2Kernel) }

// BenchmarkASIMDLockstep times the same program on the ASIMD kernel.
func BenchmarkASIMDLockstep(b *testing.B) { kerneltest.BenchLockstep(b, asimdKernel) }

// BenchmarkPack4 times Pack4 on the nine leaves of four Validators.
func BenchmarkPack4(b *testing.B) { kerneltest.BenchLayout(b, asimdKernel, Pack4) }

// BenchmarkUnpack4 times Unpack4 on nine nodes.
func BenchmarkUnpack4(b *testing.B) { kerneltest.BenchLayout(b, asimdKernel, Unpack4) }
