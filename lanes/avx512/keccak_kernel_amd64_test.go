//go:build !purego

package avx512

import (
	"testing"

	"golang.org/x/sys/cpu"

	"github.com/lanehash/lanehash/lanes/internal/kerneltest"
)

// keccakKernel is the Keccak-256 kernel under the shared tests, checked
// against x/crypto's legacy Keccak-256.
var keccakKernel = &kerneltest.Kernel{
	Needs:    "AVX-512 F/VL/BW",
	CPU:      func() bool { return cpu.X86.HasAVX512F && cpu.X86.HasAVX512VL && cpu.X86.HasAVX512BW },
	Width:    Keccak256Lanes,
	Ref:      kerneltest.Keccak256,
	PackRef:  kerneltest.Keccak256PackRef,
	Pairs:    Keccak256Pairs,
	Lockstep: Keccak256Lockstep,
	Pack:     Keccak256Pack,
	Unpack:   Keccak256Unpack,
}

func TestKeccak256PairsCounts(t *testing.T) { kerneltest.PairsCounts(t, keccakKernel) }

func TestKeccak256PairsInPlace(t *testing.T) { kerneltest.PairsInPlace(t, keccakKernel) }

func TestKeccak256PackUnpack(t *testing.T) { kerneltest.PackUnpack(t, keccakKernel) }

// TestKeccak256Lockstep runs random multi-level op lists and compares
// every lane with the reference run op by op in ordinary layout.
func TestKeccak256Lockstep(t *testing.T) { kerneltest.LockstepRandomOps(t, keccakKernel) }

// TestKeccak256LockstepLevels hashes full binary trees of 2..32 leaves
// per lane with one Lockstep call and checks the roots against Pairs run
// level by level in ordinary layout.
func TestKeccak256LockstepLevels(t *testing.T) { kerneltest.LockstepLevels(t, keccakKernel) }

func TestKeccak256Misuse(t *testing.T) { kerneltest.Misuse(t, keccakKernel) }
