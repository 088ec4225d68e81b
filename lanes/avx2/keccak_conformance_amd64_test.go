//go:build !purego

package avx2_test

import (
	"testing"

	"golang.org/x/sys/cpu"

	"github.com/lanehash/lanehash/lanes"
	"github.com/lanehash/lanehash/lanes/avx2"
	"github.com/lanehash/lanehash/lanes/lanestest"
)

// TestKeccak256Conformance runs the shared kernel suite on the raw
// functions, independently of the registry.
func TestKeccak256Conformance(t *testing.T) {
	if !cpu.X86.HasAVX2 {
		t.Skip("CPU or OS lacks AVX2")
	}
	lanestest.Run(t, &lanestest.Funcs{
		KernelName:   "keccak256/avx2x4",
		KernelHash:   lanes.Keccak256,
		KernelWidth:  avx2.Keccak256Lanes,
		PairsFunc:    avx2.Keccak256Pairs,
		LockstepFunc: avx2.Keccak256Lockstep,
		PackFunc:     avx2.Keccak256Pack,
		UnpackFunc:   avx2.Keccak256Unpack,
	})
}
