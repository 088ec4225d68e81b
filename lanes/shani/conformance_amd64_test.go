//go:build !purego

package shani_test

import (
	"testing"

	"github.com/lanehash/lanehash/lanes"
	"github.com/lanehash/lanehash/lanes/lanestest"
	"github.com/lanehash/lanehash/lanes/shani"
)

// TestConformance runs the kernel conformance suite on the package's
// exported functions, independently of the registry.
func TestConformance(t *testing.T) {
	if !shani.Supported() {
		t.Skip("CPU lacks the SHA extensions, SSSE3 or SSE4.1")
	}
	lanestest.Run(t, &lanestest.Funcs{
		KernelName: "shani.SHA256", KernelHash: lanes.SHA256, KernelWidth: shani.SHA256Lanes, KernelLayout: lanes.ChunkLayout,
		PairsFunc: shani.SHA256Pairs, LockstepFunc: shani.SHA256Lockstep, PackFunc: shani.SHA256Pack, UnpackFunc: shani.SHA256Unpack,
		SingleFunc: shani.SHA256Single, SingleOpsFunc: shani.SHA256SingleOps,
	})
}

// TestConformanceX4 runs the suite on the four-stream functions.
func TestConformanceX4(t *testing.T) {
	if !shani.SupportedX4() {
		t.Skip("CPU lacks the SHA extensions, SSSE3, SSE4.1 or AVX")
	}
	lanestest.Run(t, &lanestest.Funcs{
		KernelName: "shani.SHA256X4", KernelHash: lanes.SHA256, KernelWidth: shani.SHA256LanesX4, KernelLayout: lanes.ChunkLayout,
		PairsFunc: shani.SHA256PairsX4, LockstepFunc: shani.SHA256LockstepX4, PackFunc: shani.SHA256PackX4, UnpackFunc: shani.SHA256UnpackX4,
	})
}
