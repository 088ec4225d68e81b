//go:build !purego

package neon_test

import (
	"testing"

	"github.com/lanehash/lanehash/lanes"
	"github.com/lanehash/lanehash/lanes/lanestest"
	"github.com/lanehash/lanehash/lanes/neon"
)

// TestKeccak256Conformance runs the shared kernel suite (guard pages,
// aliasing, known vectors, Lockstep against Pairs) on the raw
// functions, independently of the registry.
func TestKeccak256Conformance(t *testing.T) {
	if !neon.Keccak256Supported() {
		t.Skip("CPU or OS lacks the ARMv8.2 SHA3 extension")
	}
	lanestest.Run(t, &lanestest.Funcs{
		KernelName:   "neon.Keccak256",
		KernelHash:   lanes.Keccak256,
		KernelWidth:  neon.Keccak256Lanes,
		PairsFunc:    neon.Keccak256Pairs,
		LockstepFunc: neon.Keccak256Lockstep,
		PackFunc:     neon.Keccak256Pack,
		UnpackFunc:   neon.Keccak256Unpack,
	})
}
