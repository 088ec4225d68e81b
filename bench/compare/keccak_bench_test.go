package compare

import (
	"testing"

	"github.com/lanehash/lanehash/lanes"
	"github.com/lanehash/lanehash/plan"
	lssz "github.com/lanehash/lanehash/ssz"
	"github.com/lanehash/lanehash/ssz/consensus/phase0"
)

// BenchmarkKeccakRegistry times a registry's Keccak-256 hash_tree_root:
// lanehash's plan (automatic kernel, one worker) against the reference
// ssz.HashTreeRoot, which hashes with x/crypto/sha3 one pair at a time (no
// other Go library has a Keccak-256 SSZ hasher, let alone a SIMD one).
// The reference is slow, so it runs at N = 10k only unless -full is given.
// Reports ns/validator; read with benchstat -col /lib.
func BenchmarkKeccakRegistry(b *testing.B) {
	withProcs(b, 1)
	p, err := plan.PlanFor[phase0.Validator](plan.WithHash(lanes.Keccak256), plan.WithWorkers(1))
	if err != nil {
		b.Fatal(err)
	}
	libs := []struct {
		name string
		root func(vals []phase0.Validator) ([32]byte, error)
	}{
		{"lanehash", func(vals []phase0.Validator) ([32]byte, error) { return p.ListRoot(vals, registryLimit) }},
		{"reference", func(vals []phase0.Validator) ([32]byte, error) {
			return lssz.HashTreeRoot(&referenceRegistry{vals}, lssz.Keccak256)
		}},
	}
	var want = map[int][32]byte{}
	for _, lib := range libs {
		b.Run("lib="+lib.name, func(b *testing.B) {
			for _, n := range benchSizes() {
				if lib.name == "reference" && n > 10_000 && !*full {
					continue
				}
				b.Run("n="+sizeName(n), func(b *testing.B) {
					vals := benchValidators(n)
					got, err := lib.root(vals)
					if err != nil {
						b.Fatal(err)
					}
					if w, ok := want[n]; ok && got != w {
						b.Fatalf("root %x; lanehash says %x", got, w)
					}
					want[n] = got
					cpu0 := processCPUTime()
					for b.Loop() {
						if _, err := lib.root(vals); err != nil {
							b.Fatal(err)
						}
					}
					reportPer(b, cpu0, n, "validator")
				})
			}
		})
	}
}
