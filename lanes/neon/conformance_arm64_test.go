//go:build !purego

package neon_test

import (
	"testing"

	"github.com/lanehash/lanehash/lanes"
	"github.com/lanehash/lanehash/lanes/lanestest"
	"github.com/lanehash/lanehash/lanes/neon"
)

// TestSHA2Conformance runs the shared kernel suite on the SHA2 kernel's
// raw functions, independently of the registry.
func TestSHA2Conformance(t *testing.T) {
	if !neon.SHA2Supported() {
		t.Skip("CPU lacks the ARMv8 SHA2 instructions")
	}
	lanestest.Run(t, &lanestest.Funcs{
		KernelName:   "sha256/armsha2x4",
		KernelHash:   lanes.SHA256,
		KernelWidth:  neon.SHA2Width,
		PairsFunc:    neon.SHA2Pairs,
		LockstepFunc: neon.SHA2Lockstep,
		PackFunc:     neon.Pack4,
		UnpackFunc:   neon.Unpack4,
	})
}

// TestSHA2x2Conformance runs the shared kernel suite on the two-lane
// form of the SHA2 kernel.
func TestSHA2x2Conformance(t *testing.T) {
	if !neon.SHA2Supported() {
		t.Skip("CPU lacks the ARMv8 SHA2 instructions")
	}
	lanestest.Run(t, &lanestest.Funcs{
		KernelName:   "sha256/armsha2x2",
		KernelHash:   lanes.SHA256,
		KernelWidth:  neon.SHA2x2Width,
		PairsFunc:    neon.SHA2Pairs,
		LockstepFunc: neon.SHA2x2Lockstep,
		PackFunc:     neon.Pack2,
		UnpackFunc:   neon.Unpack2,
	})
}

// TestASIMDConformance runs the shared kernel suite on the ASIMD
// kernel's raw functions, independently of the registry.
func TestASIMDConformance(t *testing.T) {
	if !neon.ASIMDSupported() {
		t.Skip("CPU lacks Advanced SIMD")
	}
	lanestest.Run(t, &lanestest.Funcs{
		KernelName:   "sha256/neonx4",
		KernelHash:   lanes.SHA256,
		KernelWidth:  neon.ASIMDWidth,
		PairsFunc:    neon.ASIMDPairs,
		LockstepFunc: neon.ASIMDLockstep,
		PackFunc:     neon.Pack4,
		UnpackFunc:   neon.Unpack4,
	})
}
