package sched

import "sync/atomic"

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
}

// Snapshot is a copy of Stats at one moment. The counters are those
// package plan documents in plan.Stats: real lockstep pairs, Pairs-call
// pairs, lockstep lane slots run, kernel calls, groups, instances.
type Snapshot struct {
	LockstepPairs, TreePairs, LanePairs, KernelCalls, Groups, Instances uint64
}

// Snapshot returns the current counts.
func (s *Stats) Snapshot() Snapshot {
	return Snapshot{
		LockstepPairs: s.lockstepPairs.Load(),
		TreePairs:     s.treePairs.Load(),
		LanePairs:     s.lanePairs.Load(),
		KernelCalls:   s.kernelCalls.Load(),
		Groups:        s.groups.Load(),
		Instances:     s.instances.Load(),
	}
}

// Reset sets every counter to zero.
func (s *Stats) Reset() {
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
