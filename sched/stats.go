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
	// singles holds counts of single-instance roots not yet moved into
	// the counters above, packed so that such a root costs one atomic
	// operation instead of three (each is a full barrier, several ns
	// beside a one-pair root): instances in bits 0–20, kernel calls in
	// 21–41, tree pairs in 42–62. A root adds at most singleMax to a
	// field and only while every field is below 2^20, so no field passes
	// its 21 bits; a field reaching 2^20 moves the word into the
	// counters (fold).
	singles atomic.Uint64
	// mu orders a fold against Snapshot and Reset, which then never see
	// counts in neither place or in both.
	mu sync.Mutex
}

// The layout of Stats.singles.
const (
	singleBits = 21
	singleMask = 1<<singleBits - 1
	singleMax  = 1<<(singleBits-1) - 1 // the most one root adds to a field
	singleFull = 1<<20 | 1<<41 | 1<<62 // a field at 2^20: fold first
	singleOne  = 1                     // one instance
	singleCall = 1 << singleBits       // one kernel call
	singlePair = 1 << (2 * singleBits) // one tree pair
)

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
	v := s.singles.Load()
	return Snapshot{
		LockstepPairs: s.lockstepPairs.Load(),
		TreePairs:     s.treePairs.Load() + v>>(2*singleBits)&singleMask,
		LanePairs:     s.lanePairs.Load(),
		KernelCalls:   s.kernelCalls.Load() + v>>singleBits&singleMask,
		Groups:        s.groups.Load(),
		Instances:     s.instances.Load() + v&singleMask,
	}
}

// Reset sets every counter to zero.
func (s *Stats) Reset() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.singles.Store(0)
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
	if calls > singleMax || pairs > singleMax {
		s.add(&counts{kernelCalls: calls, treePairs: pairs, instances: 1})
		return
	}
	d := singleOne + calls*singleCall + pairs*singlePair
	for {
		old := s.singles.Load()
		if old&singleFull != 0 {
			s.fold()
			continue
		}
		if s.singles.CompareAndSwap(old, old+d) {
			return
		}
	}
}

// fold moves the packed single-instance counts into the counters.
func (s *Stats) fold() {
	s.mu.Lock()
	defer s.mu.Unlock()
	v := s.singles.Swap(0)
	s.instances.Add(v & singleMask)
	s.kernelCalls.Add(v >> singleBits & singleMask)
	s.treePairs.Add(v >> (2 * singleBits) & singleMask)
}
