//go:build !purego

package avx2_test

import (
	"testing"

	"github.com/lanehash/lanehash/lanes"
	"github.com/lanehash/lanehash/lanes/avx2"
	"github.com/lanehash/lanehash/lanes/lanestest"
)

// TestConformance runs the kernel conformance suite on the package's
// exported functions, independently of the registry.
func TestConformance(t *testing.T) {
	if !avx2.Supported() {
		t.Skip("CPU or OS lacks AVX2")
	}
	t.Run("sha256", func(t *testing.T) {
		lanestest.Run(t, &lanestest.Funcs{
			KernelName: "avx2.SHA256", KernelHash: lanes.SHA256, KernelWidth: avx2.SHA256Lanes,
			PairsFunc: avx2.SHA256Pairs, LockstepFunc: avx2.SHA256Lockstep, PackFunc: avx2.SHA256Pack, UnpackFunc: avx2.SHA256Unpack,
		})
	})
	t.Run("keccak256", func(t *testing.T) {
		lanestest.Run(t, &lanestest.Funcs{
			KernelName: "avx2.Keccak256", KernelHash: lanes.Keccak256, KernelWidth: avx2.Keccak256Lanes,
			PairsFunc: avx2.Keccak256Pairs, LockstepFunc: avx2.Keccak256Lockstep, PackFunc: avx2.Keccak256Pack, UnpackFunc: avx2.Keccak256Unpack,
		})
	})
}
