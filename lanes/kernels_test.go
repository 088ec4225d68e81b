package lanes_test

import (
	"testing"

	"github.com/lanehash/lanehash/lanes"
	"github.com/lanehash/lanehash/lanes/lanestest"
)

// TestConformance runs the conformance suite for every kernel of this
// GOARCH, forced by name, and for the automatic kernels.
func TestConformance(t *testing.T) {
	t.Setenv(lanes.EnvKernel, "")
	for _, info := range lanes.Kernels() {
		t.Run(info.Name, func(t *testing.T) {
			if !info.Available {
				t.Skipf("%s needs CPU features this machine lacks: %s", info.Name, info.Missing)
			}
			k, err := lanes.Select(info.Hash, info.Name)
			if err != nil {
				t.Fatal(err)
			}
			if k.Name() != info.Name || k.Width() != info.Width || k.Hash() != info.Hash {
				t.Fatalf("Select(%v, %q) = %s width %d hash %v, Kernels says width %d hash %v",
					info.Hash, info.Name, k.Name(), k.Width(), k.Hash(), info.Width, info.Hash)
			}
			lanestest.Run(t, k)
		})
	}
	for _, h := range []lanes.Hash{lanes.SHA256, lanes.Keccak256} {
		k, err := lanes.Select(h, "")
		if err != nil {
			t.Fatal(err)
		}
		t.Run(k.Name(), func(t *testing.T) { lanestest.Run(t, k) })
		// Every remainder size on the narrow kernel, whatever was measured.
		if k.TailThreshold() > 0 {
			every := k.WithTailThreshold(k.Width())
			t.Run(k.Name()+"/all-tails-narrow", func(t *testing.T) { lanestest.Run(t, every) })
		}
	}
}

// TestFuncsAdapter runs the suite through lanestest.Funcs, the way kernel
// packages test raw functions, so the adapter itself is known to work.
func TestFuncsAdapter(t *testing.T) {
	for _, h := range []lanes.Hash{lanes.SHA256, lanes.Keccak256} {
		k, err := lanes.Select(h, h.String()+"/genericx1")
		if err != nil {
			t.Fatal(err)
		}
		f := &lanestest.Funcs{
			KernelName:  k.Name() + "(funcs)",
			KernelHash:  h,
			KernelWidth: k.Width(),
			PairsFunc:   k.Pairs,
			LockstepFunc: func(arena []byte, ops []uint32) {
				triples := make([]lanes.Op, len(ops)/3)
				for i := range triples {
					triples[i] = lanes.Op{Left: ops[3*i], Right: ops[3*i+1], Out: ops[3*i+2]}
				}
				k.Lockstep(arena, triples)
			},
			PackFunc:   k.Pack,
			UnpackFunc: k.Unpack,
		}
		t.Run(f.Name(), func(t *testing.T) { lanestest.Run(t, f) })
	}
}
