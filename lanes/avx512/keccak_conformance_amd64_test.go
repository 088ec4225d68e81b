//go:build !purego

package avx512_test

import (
	"testing"

	"golang.org/x/sys/cpu"

	"github.com/lanehash/lanehash/lanes"
	"github.com/lanehash/lanehash/lanes/avx512"
	"github.com/lanehash/lanehash/lanes/lanestest"
)

// TestKeccak256Conformance runs the shared kernel suite on the raw
// functions, independently of the registry.
func TestKeccak256Conformance(t *testing.T) {
	if !cpu.X86.HasAVX512F || !cpu.X86.HasAVX512VL || !cpu.X86.HasAVX512BW {
		t.Skip("CPU or OS lacks AVX-512 F/VL/BW")
	}
	lanestest.Run(t, &lanestest.Funcs{
		KernelName:   "keccak256/avx512x8",
		KernelHash:   lanes.Keccak256,
		KernelWidth:  avx512.Keccak256Lanes,
		PairsFunc:    avx512.Keccak256Pairs,
		LockstepFunc: avx512.Keccak256Lockstep,
		PackFunc:     avx512.Keccak256Pack,
		UnpackFunc:   avx512.Keccak256Unpack,
	})
}
