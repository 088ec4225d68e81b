package lanes

// AutomaticWithout builds the automatic kernel of h as a CPU lacking the
// named kernels would get it from the static table, so tests can cover
// every composition on one machine.
func AutomaticWithout(h Hash, names ...string) *Kernel {
	return newAutomatic(h, staticChoice(h, without(names), thisCPU))
}

func without(names []string) []entry {
	entries := make([]entry, len(registry))
	copy(entries, registry)
	for i := range entries {
		for _, name := range names {
			if entries[i].kernel.name == name {
				entries[i].missing = "excluded by the test"
			}
		}
	}
	return entries
}

// AutomaticFromTimings builds the automatic kernel of h that calibration
// would build had it measured ts (by kernel name; kernels of h this CPU
// lacks are skipped), so tests can run compositions this CPU would not
// choose.
func AutomaticFromTimings(h Hash, ts ...KernelTiming) *Kernel {
	var ms []measured
	for _, t := range ts {
		for _, e := range registry {
			if e.kernel.name == t.Name && e.missing == "" {
				ms = append(ms, measured{entry: e, timing: t})
			}
		}
	}
	return newAutomatic(h, choose(h, registry, thisCPU, ms))
}

// LongPairsKernelName is the name of the kernel the automatic kernel k
// runs long Pairs calls on (full batches), k's own name otherwise.
func (k *Kernel) LongPairsKernelName() string {
	if k.auto != nil {
		return k.auto.pairs.name
	}
	return k.name
}

// SplitsAt reports whether the automatic kernel k's Pairs on n pairs
// sends the remainder after its full batches to the narrow kernel.
func (k *Kernel) SplitsAt(n int) bool {
	c := k.auto
	if c == nil || c.narrow == nil {
		return false
	}
	rest := n % c.pairs.width
	return rest != 0 && rest < c.threshold(n)
}
