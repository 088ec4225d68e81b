//go:build !purego

package hybrid_test

import (
	"testing"

	"github.com/lanehash/lanehash/lanes"
	"github.com/lanehash/lanehash/lanes/hybrid"
	"github.com/lanehash/lanehash/lanes/lanestest"
)

// TestConformance runs the kernel conformance suite on the package's
// exported functions: the kernel is not registered in package lanes.
// It skips, naming the feature, on a CPU without AVX-512 or SHA-NI, and
// also when LANEHASH_HIDE hides either from the registry (the kernels
// needing them are then unavailable), so a run with features hidden
// runs as on a CPU without them.
func TestConformance(t *testing.T) {
	if m := hybrid.Missing(); m != "" {
		t.Skip("CPU or OS lacks " + m)
	}
	for _, info := range lanes.Kernels() {
		if (info.Name == "sha256/avx512x16" || info.Name == "sha256/shanix2") && !info.Available {
			t.Skip(info.Name + " unavailable: " + info.Missing)
		}
	}
	lanestest.Run(t, &lanestest.Funcs{
		KernelName: "hybrid.SHA256", KernelHash: lanes.SHA256, KernelWidth: hybrid.SHA256Lanes,
		PairsFunc: hybrid.SHA256Pairs, LockstepFunc: hybrid.SHA256Lockstep, PackFunc: hybrid.SHA256Pack, UnpackFunc: hybrid.SHA256Unpack,
	})
}
