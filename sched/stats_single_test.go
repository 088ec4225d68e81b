package sched

import (
	"sync"
	"testing"
)

// TestStatsSingles checks the packed counts of single-instance roots:
// after many roots from several goroutines, with field sizes up to the
// packing's limit and beyond it (the plain path), so that the word
// folds into the counters many times, a Snapshot equals the sums, and
// Reset clears both places.
func TestStatsSingles(t *testing.T) {
	var s Stats
	s.add(&counts{lockstepPairs: 5, lanePairs: 6, groups: 1, kernelCalls: 1, instances: 2, treePairs: 3})
	sizes := [][2]uint64{{1, 1}, {4, 8}, {singleMax, singleMax}, {singleMax + 1, 3}, {2, singleMax + 7}, {0, 0}}
	const goroutines, rounds = 4, 3000
	var wg sync.WaitGroup
	for g := range goroutines {
		wg.Go(func() {
			for i := range rounds {
				z := sizes[(g+i)%len(sizes)]
				s.addSingle(z[0], z[1])
			}
		})
	}
	wg.Wait()
	want := Snapshot{LockstepPairs: 5, LanePairs: 6, Groups: 1, KernelCalls: 1, Instances: 2, TreePairs: 3}
	for g := range goroutines {
		for i := range rounds {
			z := sizes[(g+i)%len(sizes)]
			want.KernelCalls += z[0]
			want.TreePairs += z[1]
			want.Instances++
		}
	}
	if got := s.Snapshot(); got != want {
		t.Fatalf("Snapshot %+v, want %+v", got, want)
	}
	s.Reset()
	s.addSingle(3, 7)
	if got := s.Snapshot(); got != (Snapshot{KernelCalls: 3, TreePairs: 7, Instances: 1}) {
		t.Fatalf("after Reset and one root: %+v", got)
	}
	var none *Stats
	none.addSingle(1, 1) // a nil Stats counts nothing, as add
}
