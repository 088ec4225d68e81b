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
	// joinThresholds, when not nil, replace tailThreshold after full
	// batches: entry g-1 after g full batches, the last entry for any
	// more. A kernel that runs a remainder as a partial batch beside
	// full ones (avx512x16) hashes it there for less than a lone masked
	// batch costs, so a shorter remainder already pays on it.
	joinThresholds []int
	// small[n], for 0 < n < lockstep.width, runs Lockstep for a batch of
	// only n instances (ForInstances); nil entries mean lockstep.
	small []*Kernel
	// pairsName names the automatic kernel's Pairs in a misuse panic.
	pairsName string
}

// Calibration switches away from the static choice only when the
// measured difference exceeds the measured spread: the sum of the two
// kernels' interquartile ranges (KernelTiming), and at least a drift
// floor. The floor covers what one process's samples cannot see, the
// drift of medians between fresh processes (clock frequency, page
// placement, the other vCPU's load): for assembly kernels driftAsm of
// the slower time, for pure-Go kernels, whose timings depend on the
// compiler's register allocation and spread by ±20% between fresh
// processes on a loaded 2-vCPU Zen 3, driftPortable (docs/kernels.md,
// "Hysteresis").
const (
	driftAsm      = 0.03
	driftPortable = 0.25
)

// cost is a measured time and its spread (an interquartile range).
type cost struct{ v, spread float64 }

// scaled is c for n of the measured unit.
func (c cost) scaled(n float64) cost { return cost{c.v * n, c.spread * n} }

// plus is the cost of c and d one after the other: spreads add.
func (c cost) plus(d cost) cost { return cost{c.v + d.v, c.spread + d.spread} }

// clearlyBelow reports whether c is below d by more than their spreads
// and the drift floor (a fraction of d).
func (c cost) clearlyBelow(d cost, drift float64) bool {
	return c.v+max(c.spread+d.spread, drift*d.v) < d.v
}

// staticChoice is the fixed table used when calibration is off, and the
// baseline calibration must clearly beat. Where the CPU has the streams
// kernel (four SHA-NI streams) and no 512-bit vector kernel it runs at
// full width (arch), Lockstep and Pairs run on the streams kernel and
// batches of at most half its width on the narrow kernel: on every core
// with SHA-NI measured, four streams beat 8-lane AVX2 by 1.7–2× and
// Zen 4's half-width 16 lanes by 14–17%. Otherwise: Lockstep on the
// widest available kernel (the first registered among equal widths);
// Pairs on it too, unless the entry says the narrow kernel is faster on
// full batches; remainders below the entry's narrowBelow on the narrow
// kernel; and batches filling less than half of the lanes on the narrow
// kernel. Where the narrow kernel is the one-stream kernel (no SHA-NI
// kernel available), remainders below the wide entry's oneStreamBelow
// run on it, and neither full batches nor small batches of instances
// (smallCandidate).
func staticChoice(h Hash, entries []entry, arch microarch) choice {
	var wide, narrow, streams *entry
	vector512 := false
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
		if e.streams && streams == nil {
			streams = e
		}
		vector512 = vector512 || e.vector512
	}
	if streams != nil && (!vector512 || arch.halfWidth512) {
		c := choice{lockstep: streams.kernel, pairs: streams.kernel}
		if narrow != nil && !narrow.oneStream {
			c.small = make([]*Kernel, streams.kernel.width)
			for n := 1; 2*n <= streams.kernel.width; n++ {
				c.small[n] = narrow.kernel
			}
		}
		return c
	}
	// The pure-Go kernels are registered on every GOARCH and in every
	// build, so wide is never nil.
	c := choice{lockstep: wide.kernel, pairs: wide.kernel}
	if narrow == nil || narrow == wide {
		return c
	}
	below, faster := wide.narrowBelow, wide.narrowFaster
	if narrow.oneStream {
		below, faster = wide.oneStreamBelow, false
	}
	if below <= 0 {
		return c
	}
	c.narrow, c.tailThreshold = narrow.kernel, below
	if faster {
		c.pairs, c.narrow, c.tailThreshold = narrow.kernel, nil, 0
	}
	if narrow.oneStream {
		// No small batches on one stream (see smallCandidate).
		return c
	}
	c.small = make([]*Kernel, wide.kernel.width)
	for n := 1; 2*n < wide.kernel.width; n++ {
		c.small[n] = narrow.kernel
	}
	return c
}

// smallCandidate reports whether m may run batches of fewer instances
// than the Lockstep width (ForInstances): a narrow kernel, except the
// one-stream kernel. A lone instance runs level by level through the
// Pairs of the kernel ForInstances(1) answers (PairsFor per level), and
// the automatic kernel's Pairs already sends each short level to one
// stream while a level of W/2 pairs or more stays on the vector kernel;
// answering the one-stream kernel would put every level on it (a
// Validator's eight pairs: 2,180 cpu-ns against 1,650 split on AMD EPYC
// Zen 5 without SHA-NI). For two or more instances one stream costs
// about what one vector group does (two Validators: 4,350 against
// 4,650), within the noise.
func smallCandidate(m measured) bool { return m.narrow && !m.oneStream }

// choose is the whole decision, a pure function of what the CPU has
// (entries: the registry with each kernel's availability), what it is
// (arch) and what calibration measured (ms; nil when calibration is
// off): the static table for arch, changed where a measurement is
// clearly faster.
func choose(h Hash, entries []entry, arch microarch, ms []measured) choice {
	return decide(staticChoice(h, entries, arch), ms)
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
// that use, but keeps the static one unless the other is clearly faster
// (cost.clearlyBelow: by more than both kernels' spreads and the drift
// floor, driftPortable if either is pure Go, else driftAsm):
//
//   - Lockstep: the lowest LockstepPerPair (gather, Pack and Unpack
//     included).
//   - Pairs on full batches: the lowest PairsPerPair.
//   - The narrow kernel for remainders: the lowest OnePair among the
//     kernels the registry marks narrow (a kernel that only ties with a
//     masked call, within the machine's noise, is no candidate); a
//     remainder of r pairs costs it OnePair + (r−1)·PairsPerPair, against one
//     masked call (OnePair) of the Pairs kernel. The tail threshold is
//     the first r at which the masked call wins.
//   - ForInstances(n), n below the Lockstep width: among the Lockstep
//     kernel and the narrow kernels but the one-stream kernel
//     (smallCandidate), the lowest ⌈n/W⌉ groups × the
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
	// driftOf is the drift floor between a and b.
	driftOf := func(a, b *Kernel) float64 {
		for _, k := range []*Kernel{a, b} {
			if m := find(k); m != nil && m.portable {
				return driftPortable
			}
		}
		return driftAsm
	}
	// pick returns base (allowed by construction) unless the fastest
	// allowed kernel is clearly faster; then, of the allowed kernels not
	// clearly slower than the fastest, the first in registry order
	// (widest first), so that two candidates which tie within the
	// machine's noise do not swap places from one process to the next.
	pick := func(base *Kernel, cost func(*Kernel) cost, allowed func(measured) bool) *Kernel {
		var best *Kernel
		for _, m := range ms {
			if allowed(m) && (best == nil || cost(m.kernel).v < cost(best).v) {
				best = m.kernel
			}
		}
		if _, ok := timing(base); best == nil || ok && !cost(best).clearlyBelow(cost(base), driftOf(best, base)) {
			return base
		}
		for _, m := range ms {
			if allowed(m) && !cost(best).clearlyBelow(cost(m.kernel), driftOf(m.kernel, best)) {
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
	// smallOr allows the kernels for small batches and k.
	smallOr := func(k *Kernel) func(measured) bool {
		return func(m measured) bool { return smallCandidate(m) || m.kernel == k }
	}
	lockstepCost := func(k *Kernel) cost { t, _ := timing(k); return cost{t.LockstepPerPair, t.LockstepSpread} }
	pairsCost := func(k *Kernel) cost { t, _ := timing(k); return cost{t.PairsPerPair, t.PairsSpread} }
	oneCost := func(k *Kernel) cost { t, _ := timing(k); return cost{t.OnePair, t.OnePairSpread} }

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
			masked := oneCost(c.pairs)
			drift := driftOf(narrow, c.pairs)
			staticSplit := static.narrow == narrow && static.pairs == c.pairs
			c.tailThreshold = w
			for r := 1; r < w; r++ {
				onNarrow := oneCost(narrow).plus(pairsCost(narrow).scaled(float64(r - 1)))
				var useNarrow bool
				switch {
				case !staticSplit:
					useNarrow = onNarrow.v < masked.v
				case r < static.tailThreshold:
					useNarrow = !masked.clearlyBelow(onNarrow, drift)
				default:
					useNarrow = onNarrow.clearlyBelow(masked, drift)
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
			groupCost := func(k *Kernel) cost {
				groups := (n + k.width - 1) / k.width
				return lockstepCost(k).scaled(float64(groups * 8 * k.width))
			}
			base := c.lockstep
			if static.lockstep == c.lockstep && n < len(static.small) && static.small[n] != nil {
				base = static.small[n]
			}
			if k := pick(base, groupCost, smallOr(c.lockstep)); k != c.lockstep {
				c.small[n] = k
			}
		}
	}
	return c
}
