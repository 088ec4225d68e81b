package lanestest

import (
	"testing"

	"github.com/lanehash/lanehash/lanes"
)

// Differential hashes the whole pairs of data (its length rounded down
// to a multiple of 64) with every kernel of h this CPU can run, and with
// the automatic kernel, and fails unless all agree with the reference.
// It is the body of the differential fuzz targets.
func Differential(t *testing.T, h lanes.Hash, data []byte) {
	t.Helper()
	src := data[:len(data)/64*64]
	want := Reference(h, src)
	kernels := []string{""}
	for _, info := range lanes.Kernels() {
		if info.Hash == h && info.Available {
			kernels = append(kernels, info.Name)
		}
	}
	for _, name := range kernels {
		k, err := lanes.Select(h, name)
		if err != nil {
			t.Fatalf("select %q: %v", name, err)
		}
		dst := make([]byte, len(src)/2)
		k.Pairs(dst, src)
		if i := firstDiff(dst, want); i >= 0 {
			t.Fatalf("%s: %d pairs: pair %d = %x, reference %x", k.Name(), len(src)/64, i, dst[32*i:32*i+32], want[32*i:32*i+32])
		}
	}
}
