package sched

import (
	"sync"
	"testing"
)

// TestStatsSingles checks the counts of single-instance roots, kept
// per shape: after many roots of several shapes from several
// goroutines, some through a counter kept from before (as Root's path
// keeps it), while Snapshot reads concurrently, a Snapshot equals the
// sums, and Reset clears them.
func TestStatsSingles(t *testing.T) {
	var s Stats
	s.add(&counts{lockstepPairs: 5, lanePairs: 6, groups: 1, kernelCalls: 1, instances: 2, treePairs: 3})
	sizes := [][2]uint64{{1, 1}, {4, 8}, {1 << 40, 1 << 20}, {2, 255}, {0, 0}, {1, 7}}
	kept := s.single(1, 7)
	const goroutines, rounds = 4, 3000
	var wg sync.WaitGroup
	stop := make(chan struct{})
	wg.Go(func() {
		for {
			select {
			case <-stop:
				return
			default:
				_ = s.Snapshot()
			}
		}
	})
	var adders sync.WaitGroup
	for g := range goroutines {
		adders.Go(func() {
			for i := range rounds {
				z := sizes[(g+i)%len(sizes)]
				if z == [2]uint64{1, 7} {
					kept.roots.Add(1)
					continue
				}
				s.addSingle(z[0], z[1])
			}
		})
	}
	adders.Wait()
	close(stop)
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
