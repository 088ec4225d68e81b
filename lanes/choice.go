package lanes

// choice is what the automatic kernel of one hash function runs, per
// use. It is built either by staticChoice from the registry's fixed
// rules or by decide from measured timings.
type choice struct {
	// lockstep runs Lockstep, Pack and Unpack; its width is the
	// automatic kernel's Width.
	lockstep *Kernel
	// pairs runs Pairs on full batches of its width.
	pairs *Kernel
	// narrow, when not nil, runs a Pairs remainder of fewer than
	// tailThreshold pairs after pairs' full batches.
	narrow        *Kernel
	tailThreshold int
	// small[n], for 0 < n < lockstep.width, runs Lockstep for a batch of
	// only n instances (ForInstances); nil entries mean lockstep.
	small []*Kernel
	// pairsName names the automatic kernel's Pairs in a misuse panic.
	pairsName string
}

// clearMargin is how much faster a measured alternative must be before
// it replaces the static choice: 10%, well above the spread of the
// median of several runs, so noise cannot flip a decision from one
// process to the next.
const clearMargin = 1.10

// staticChoice is the fixed table used when calibration is off, and the
// baseline calibration must clearly beat: Lockstep on the widest
// available kernel (the first registered among equal widths); Pairs on
// it too, unless the entry says the narrow kernel is faster on full
// batches; remainders below the entry's narrowBelow on the narrow
// kernel; and batches filling less than half of the lanes on the narrow
// kernel.
func staticChoice(h Hash, entries []entry) choice {
	var wide, narrow *entry
	for i := range entries {
		e := &entries[i]
		if e.kernel.hash != h || e.missing != "" {
			continue
		}
		if wide == nil || e.kernel.width > wide.kernel.width {
			wide = e
		}
		if e.narrow && narrow == nil {
			narrow = e
		}
	}
	// The pure-Go kernels are registered on every GOARCH and in every
	// build, so wide is never nil.
	c := choice{lockstep: wide.kernel, pairs: wide.kernel}
	if narrow == nil || narrow == wide || wide.narrowBelow <= 0 {
		return c
	}
	c.narrow, c.tailThreshold = narrow.kernel, wide.narrowBelow
	if wide.narrowFaster {
		c.pairs, c.narrow, c.tailThreshold = narrow.kernel, nil, 0
	}
	c.small = make([]*Kernel, wide.kernel.width)
	for n := 1; 2*n < wide.kernel.width; n++ {
		c.small[n] = narrow.kernel
	}
	return c
}

// measured is one candidate kernel with its calibration timings.
type measured struct {
	kernel *Kernel
	timing KernelTiming
}

// decide turns measured timings into the automatic kernel's choice. It
// is a pure function of its arguments, so the rules are tested with
// injected timings. Each decision takes the fastest measured kernel for
// that use, but keeps the static one unless the other is faster by
// clearMargin:
//
//   - Lockstep: the lowest LockstepPerPair (Pack and Unpack included).
//   - Pairs on full batches: the lowest PairsPerPair.
//   - The narrow kernel for remainders: the lowest OnePair; a remainder
//     of r pairs costs it OnePair + (r−1)·PairsPerPair, against one
//     masked call (OnePair) of the Pairs kernel. The tail threshold is
//     the first r at which the masked call wins.
//   - ForInstances(n), n below the Lockstep width: the kernel with the
//     lowest ⌈n/W⌉ groups × the per-group time.
//
// Kernels absent from ms are not candidates; if the static kernel of a
// use was not measured, the fastest measured one is taken.
func decide(static choice, ms []measured) choice {
	if len(ms) == 0 {
		return static
	}
	timing := func(k *Kernel) (KernelTiming, bool) {
		for _, m := range ms {
			if m.kernel == k {
				return m.timing, true
			}
		}
		return KernelTiming{}, false
	}
	pick := func(base *Kernel, cost func(*Kernel) float64) *Kernel {
		best := ms[0].kernel
		for _, m := range ms[1:] {
			if cost(m.kernel) < cost(best) {
				best = m.kernel
			}
		}
		if _, ok := timing(base); !ok || cost(best)*clearMargin < cost(base) {
			return best
		}
		return base
	}
	lockstepCost := func(k *Kernel) float64 { t, _ := timing(k); return t.LockstepPerPair }
	pairsCost := func(k *Kernel) float64 { t, _ := timing(k); return t.PairsPerPair }
	oneCost := func(k *Kernel) float64 { t, _ := timing(k); return t.OnePair }

	var c choice
	c.lockstep = pick(static.lockstep, lockstepCost)
	c.pairs = pick(static.pairs, pairsCost)

	if w := c.pairs.width; w > 1 {
		// Without a split, a remainder is one masked call of the Pairs
		// kernel: "no narrow kernel" is the Pairs kernel itself.
		base := static.narrow
		if base == nil || static.pairs != c.pairs {
			base = c.pairs
		}
		narrow := pick(base, oneCost)
		if narrow != c.pairs {
			tn, _ := timing(narrow)
			tp, _ := timing(c.pairs)
			staticSplit := static.narrow == narrow && static.pairs == c.pairs
			c.tailThreshold = w
			for r := 1; r < w; r++ {
				onNarrow := tn.OnePair + float64(r-1)*tn.PairsPerPair
				var useNarrow bool
				switch {
				case !staticSplit:
					useNarrow = onNarrow < tp.OnePair
				case r < static.tailThreshold:
					useNarrow = !(tp.OnePair*clearMargin < onNarrow)
				default:
					useNarrow = onNarrow*clearMargin < tp.OnePair
				}
				if !useNarrow {
					c.tailThreshold = r
					break
				}
			}
			if c.tailThreshold > 1 {
				c.narrow = narrow
			} else {
				c.tailThreshold = 0
			}
		}
	}

	if w := c.lockstep.width; w > 1 {
		c.small = make([]*Kernel, w)
		for n := 1; n < w; n++ {
			groupCost := func(k *Kernel) float64 {
				groups := (n + k.width - 1) / k.width
				return float64(groups*8*k.width) * lockstepCost(k)
			}
			base := c.lockstep
			if static.lockstep == c.lockstep && n < len(static.small) && static.small[n] != nil {
				base = static.small[n]
			}
			if k := pick(base, groupCost); k != c.lockstep {
				c.small[n] = k
			}
		}
	}
	return c
}
