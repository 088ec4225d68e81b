package cache_test

import (
	"fmt"
	"testing"

	"github.com/lanehash/lanehash/cache"
	"github.com/lanehash/lanehash/plan"
	"github.com/lanehash/lanehash/ssz/consensus/fulu"
)

type boolsElem struct {
	Flags []bool `ssz-max:"1073741824"`
}

type boolsInElems struct {
	L []boolsElem `ssz-max:"64"`
}

type manyBools struct {
	Flags []bool   `ssz-max:"4194304"`
	Bits  []byte   `ssz:"bitlist" ssz-max:"33554432"`
	Gwei  []uint64 `ssz-max:"4194304"`
}

// BenchmarkSparseManyPaths builds sparse trees of 1, 100 and 1,000
// paths into lists of 1M booleans, a bitlist of 8M bits and 1M integers,
// and of one path into each of 16 elements' lists of 256K booleans: each
// list's value is checked and cut once per tree (per element), so the
// paths cost their own siblings, not a pass over the list each.
func BenchmarkSparseManyPaths(b *testing.B) {
	const n = 1 << 20
	v := &manyBools{Flags: make([]bool, n), Bits: make([]byte, n+1), Gwei: make([]uint64, n)}
	v.Bits[n] = 1
	for i := range n {
		v.Flags[i] = i%3 == 0
		v.Gwei[i] = uint64(i)
	}
	for _, k := range []int{1, 100, 1000} {
		var paths []string
		for i := range k {
			j := (i * 1021) % n
			paths = append(paths, fmt.Sprintf("Flags[%d]", j), fmt.Sprintf("Bits[%d]", 8*j), fmt.Sprintf("Gwei[%d]", j))
		}
		b.Run(fmt.Sprintf("paths=%d", 3*k), func(b *testing.B) {
			for b.Loop() {
				if _, _, err := cache.SparseOf(v, paths); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkSparseElementPaths builds a sparse tree of one path into each
// of 16 elements' lists of 256K booleans: the walk finishes one element
// before the next, so each element's list is checked once.
func BenchmarkSparseElementPaths(b *testing.B) {
	v := &boolsInElems{L: make([]boolsElem, 16)}
	var paths []string
	for i := range v.L {
		v.L[i].Flags = make([]bool, 1<<18)
		for j := range v.L[i].Flags {
			v.L[i].Flags[j] = (i+j)%5 == 0
		}
		paths = append(paths, fmt.Sprintf("L[%d].Flags[100]", i))
	}
	for b.Loop() {
		if _, _, err := cache.SparseOf(v, paths); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSparseSmallState proves one validator field of a 16-validator
// fulu state from the plain value, against plan's root of the state: on
// a small state the plans a tree hashes with weigh as much as the
// hashing, and SparseOf takes them from the shelves earlier trees left
// them on rather than compiling them for every proof.
func BenchmarkSparseSmallState(b *testing.B) {
	s := fulu.SyntheticBeaconState(16, 1)
	p, err := plan.PlanFor[fulu.BeaconState](plan.WithWorkers(1))
	if err != nil {
		b.Fatal(err)
	}
	paths := []string{"validators[3].effective_balance"}
	b.Run("sparse", func(b *testing.B) {
		for b.Loop() {
			if _, _, err := cache.SparseOf(s, paths); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("root", func(b *testing.B) {
		for b.Loop() {
			if _, err := p.Root(s); err != nil {
				b.Fatal(err)
			}
		}
	})
}
