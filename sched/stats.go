package sched

import (
	"sync"
	"sync/atomic"
)

// Stats counts the work of an executor and its Trees. Counters are added once
// per call or per worker run, so they cost nothing per pair. One Stats
// may be shared by several executors and Trees.
type Stats struct {
	lockstepPairs atomic.Uint64
	treePairs     atomic.Uint64
	lanePairs     atomic.Uint64
	kernelCalls   atomic.Uint64
	groups        atomic.Uint64
	instances     atomic.Uint64
	// singles counts single-instance roots, one counter per shape
	// (kernel calls and tree pairs of one root), so that such a root
	// costs one atomic add: every root of a shape adds the same.
	singles atomic.Pointer[[]*singleCount]
	// mu orders the additions to singles against each other, Snapshot
	// and Reset.
	mu sync.Mutex
}

// singleCount counts the roots of one shape: each is one instance of
// calls kernel calls and pairs tree pairs.
type singleCount struct {
	roots        atomic.Uint64
	calls, pairs uint64
}

// Snapshot is a copy of Stats at one moment. The counters are those
// package plan documents in plan.Stats: real lockstep pairs, Pairs-call
// pairs, lockstep lane slots run, kernel calls, groups, instances.
type Snapshot struct {
	LockstepPairs, TreePairs, LanePairs, KernelCalls, Groups, Instances uint64
}

// Snapshot returns the current counts.
func (s *Stats) Snapshot() Snapshot {
	s.mu.Lock()
	defer s.mu.Unlock()
	v := Snapshot{
		LockstepPairs: s.lockstepPairs.Load(),
		TreePairs:     s.treePairs.Load(),
		LanePairs:     s.lanePairs.Load(),
		KernelCalls:   s.kernelCalls.Load(),
		Groups:        s.groups.Load(),
		Instances:     s.instances.Load(),
	}
	if l := s.singles.Load(); l != nil {
		for _, c := range *l {
			n := c.roots.Load()
			v.Instances += n
			v.KernelCalls += n * c.calls
			v.TreePairs += n * c.pairs
		}
	}
	return v
}

// Reset sets every counter to zero.
func (s *Stats) Reset() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if l := s.singles.Load(); l != nil {
		for _, c := range *l {
			c.roots.Store(0)
		}
	}
	s.lockstepPairs.Store(0)
	s.treePairs.Store(0)
	s.lanePairs.Store(0)
	s.kernelCalls.Store(0)
	s.groups.Store(0)
	s.instances.Store(0)
}

// counts accumulates one worker's work before it is added to a Stats.
type counts struct {
	lockstepPairs, treePairs, lanePairs, kernelCalls, groups, instances uint64
}

func (s *Stats) add(c *counts) {
	if s == nil {
		return
	}
	// Atomic adds cost even when zero; single-instance calls touch three.
	if c.lockstepPairs != 0 || c.lanePairs != 0 || c.groups != 0 {
		s.lockstepPairs.Add(c.lockstepPairs)
		s.lanePairs.Add(c.lanePairs)
		s.groups.Add(c.groups)
	}
	if c.treePairs != 0 {
		s.treePairs.Add(c.treePairs)
	}
	s.kernelCalls.Add(c.kernelCalls)
	if c.instances != 0 {
		s.instances.Add(c.instances)
	}
}

// addSingle counts one single-instance root of calls kernel calls and
// pairs tree pairs with one atomic operation (see Stats.singles).
func (s *Stats) addSingle(calls, pairs uint64) {
	if s == nil {
		return
	}
	s.single(calls, pairs).roots.Add(1)
}

// single returns the counter of roots of calls kernel calls and pairs
// tree pairs, adding it on first use. A path that roots one shape
// keeps the counter and adds to it directly.
func (s *Stats) single(calls, pairs uint64) *singleCount {
	if l := s.singles.Load(); l != nil {
		for _, c := range *l {
			if c.calls == calls && c.pairs == pairs {
				return c
			}
		}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	var l []*singleCount
	if old := s.singles.Load(); old != nil {
		for _, c := range *old {
			if c.calls == calls && c.pairs == pairs {
				return c
			}
		}
		l = append(l, *old...)
	}
	c := &singleCount{calls: calls, pairs: pairs}
	l = append(l, c)
	s.singles.Store(&l)
	return c
}

// newSingle returns a counter of its own of roots of calls kernel calls
// and pairs tree pairs, for one singleRoot: its roots then never share
// a cache line's atomic adds with another path's. A nil Stats returns a
// counter that no Stats reads.
func (s *Stats) newSingle(calls, pairs uint64) *singleCount {
	c := &singleCount{calls: calls, pairs: pairs}
	if s == nil {
		return c
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	var l []*singleCount
	if old := s.singles.Load(); old != nil {
		l = append(l, *old...)
	}
	l = append(l, c)
	s.singles.Store(&l)
	return c
}
