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
// it replaces the static choice when either kernel is pure Go: 25%.
// Between fresh processes on a loaded 2-vCPU Zen 3 the pure-Go kernels'
// calibration timings spread by ±20%, so with the 10% first tried the
// near-tie "one pure-Go Keccak pair or one masked AVX2 call" flipped in
// 2 of 10 processes; the decisions that matter (SHA-NI against AVX2,
// 1.7–2×) are far beyond 25%.
const clearMargin = 1.25

// asmMargin is the margin between two assembly kernels: 10%. Their
// fastest calibration samples agree within a few percent between
// processes, and the choices between them that matter are 15–20% apart
// (on Zen 3, four SHA-NI streams against two); a 25% margin would keep
// the static kernel where another is clearly faster.
const asmMargin = 1.10

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
		if e.kernel.hash != h || e.missing != "" || e.measuredOnly {
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
	// entry is the kernel's registry entry: its marks decide which uses
	// it is a candidate for (narrow: remainders and small batches),
	// the margin (portable) and whether remainders are split off for
	// it (ownTails).
	entry
	timing KernelTiming
}

// decide turns measured timings into the automatic kernel's choice. It
// is a pure function of its arguments, so the rules are tested with
// injected timings. Each decision takes the fastest measured kernel for
// that use, but keeps the static one unless the other is faster by
// asmMargin (both kernels assembly) or clearMargin (either pure Go):
//
//   - Lockstep: the lowest LockstepPerPair (Pack and Unpack included).
//   - Pairs on full batches: the lowest PairsPerPair.
//   - The narrow kernel for remainders: the lowest OnePair among the
//     kernels the registry marks narrow (a kernel that only ties with a
//     masked call, within the machine's noise, is no candidate); a
//     remainder of r pairs costs it OnePair + (r−1)·PairsPerPair, against one
//     masked call (OnePair) of the Pairs kernel. The tail threshold is
//     the first r at which the masked call wins.
//   - ForInstances(n), n below the Lockstep width: among the Lockstep
//     kernel and the narrow kernels, the lowest ⌈n/W⌉ groups × the
//     per-group time.
//
// Kernels absent from ms are not candidates; if the static kernel of a
// use was not measured, the fastest measured one is taken.
func decide(static choice, ms []measured) choice {
	if len(ms) == 0 {
		return static
	}
	// find returns k's measurement, nil if k was not measured.
	find := func(k *Kernel) *measured {
		for i := range ms {
			if ms[i].kernel == k {
				return &ms[i]
			}
		}
		return nil
	}
	timing := func(k *Kernel) (KernelTiming, bool) {
		if m := find(k); m != nil {
			return m.timing, true
		}
		return KernelTiming{}, false
	}
	// marginOf is how much faster one of a and b must measure to be
	// preferred to the other.
	marginOf := func(a, b *Kernel) float64 {
		for _, k := range []*Kernel{a, b} {
			if m := find(k); m != nil && m.portable {
				return clearMargin
			}
		}
		return asmMargin
	}
	// pick returns base (allowed by construction) unless the fastest
	// allowed kernel beats it by the margin; then, of the allowed kernels
	// within the margin of the fastest, the first in registry order
	// (widest first), so that two candidates which tie within the
	// machine's noise do not swap places from one process to the next.
	pick := func(base *Kernel, cost func(*Kernel) float64, allowed func(measured) bool) *Kernel {
		var best *Kernel
		for _, m := range ms {
			if allowed(m) && (best == nil || cost(m.kernel) < cost(best)) {
				best = m.kernel
			}
		}
		if _, ok := timing(base); best == nil || ok && cost(best)*marginOf(best, base) >= cost(base) {
			return base
		}
		for _, m := range ms {
			if allowed(m) && cost(m.kernel) <= cost(best)*marginOf(m.kernel, best) {
				return m.kernel
			}
		}
		return best
	}
	all := func(measured) bool { return true }
	// narrowOr allows the narrow kernels and k.
	narrowOr := func(k *Kernel) func(measured) bool {
		return func(m measured) bool { return m.narrow || m.kernel == k }
	}
	lockstepCost := func(k *Kernel) float64 { t, _ := timing(k); return t.LockstepPerPair }
	pairsCost := func(k *Kernel) float64 { t, _ := timing(k); return t.PairsPerPair }
	oneCost := func(k *Kernel) float64 { t, _ := timing(k); return t.OnePair }

	var c choice
	c.lockstep = pick(static.lockstep, lockstepCost, all)
	c.pairs = pick(static.pairs, pairsCost, all)

	if m := find(c.pairs); c.pairs.width > 1 && (m == nil || !m.ownTails) {
		w := c.pairs.width
		// Without a split, a remainder is one masked call of the Pairs
		// kernel: "no narrow kernel" is the Pairs kernel itself.
		base := static.narrow
		if base == nil || static.pairs != c.pairs {
			base = c.pairs
		}
		narrow := pick(base, oneCost, narrowOr(c.pairs))
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
			if k := pick(base, groupCost, narrowOr(c.lockstep)); k != c.lockstep {
				c.small[n] = k
			}
		}
	}
	return c
}
