//go:build !purego

package avx512_test

import (
	"testing"

	"github.com/lanehash/lanehash/lanes"
	"github.com/lanehash/lanehash/lanes/avx512"
	"github.com/lanehash/lanehash/lanes/lanestest"
)

// TestConformance runs the kernel conformance suite on the package's
// exported functions, independently of the registry.
func TestConformance(t *testing.T) {
	if !avx512.Supported() {
		t.Skip("CPU or OS lacks AVX-512 F, VL and BW")
	}
	t.Run("sha256", func(t *testing.T) {
		lanestest.Run(t, &lanestest.Funcs{
			KernelName: "avx512.SHA256", KernelHash: lanes.SHA256, KernelWidth: avx512.SHA256Lanes,
			PairsFunc: avx512.SHA256Pairs, LockstepFunc: avx512.SHA256Lockstep, LockstepOpsFunc: avx512.SHA256LockstepOps, PackFunc: avx512.SHA256Pack, UnpackFunc: avx512.SHA256Unpack,
			LadderFunc: avx512.SHA256Ladder,
		})
	})
	t.Run("keccak256", func(t *testing.T) {
		lanestest.Run(t, &lanestest.Funcs{
			KernelName: "avx512.Keccak256", KernelHash: lanes.Keccak256, KernelWidth: avx512.Keccak256Lanes,
			PairsFunc: avx512.Keccak256Pairs, LockstepFunc: avx512.Keccak256Lockstep, LockstepOpsFunc: avx512.Keccak256LockstepOps, PackFunc: avx512.Keccak256Pack, UnpackFunc: avx512.Keccak256Unpack,
		})
	})
}
