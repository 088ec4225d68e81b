package plan

// Stats counts a plan's work since it was built or last reset.
type Stats struct {
	// LockstepPairs counts pair hashes of lockstep lanes that carried a
	// real instance.
	LockstepPairs uint64
	// TreePairs counts pair hashes of Pairs calls (wide trees, lengths,
	// programs run for a single instance).
	TreePairs uint64
	// LanePairs counts lockstep lane slots run, real or padding.
	LanePairs uint64
	// KernelCalls counts Lockstep and Pairs calls.
	KernelCalls uint64
	// Groups counts lockstep groups of W instances.
	Groups uint64
	// Instances counts instances run through programs.
	Instances uint64
}

// Pairs is the number of real pair hashes computed.
func (s Stats) Pairs() uint64 { return s.LockstepPairs + s.TreePairs }

// LaneFill is the fraction of lockstep lane slots that carried a real
// instance (1 when no lockstep call ran).
func (s Stats) LaneFill() float64 {
	if s.LanePairs == 0 {
		return 1
	}
	return float64(s.LockstepPairs) / float64(s.LanePairs)
}

// Stats returns the plan's counters since it was built or last reset:
// pairs hashed, kernel calls, lane fill.
func (p *Plan[T]) Stats() Stats {
	s := p.stats.Snapshot()
	return Stats{
		LockstepPairs: s.LockstepPairs,
		TreePairs:     s.TreePairs,
		LanePairs:     s.LanePairs,
		KernelCalls:   s.KernelCalls,
		Groups:        s.Groups,
		Instances:     s.Instances,
	}
}

// ResetStats sets the plan's counters to zero.
func (p *Plan[T]) ResetStats() { p.stats.Reset() }
