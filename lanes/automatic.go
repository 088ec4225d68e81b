package lanes

import (
	"strings"

	"github.com/lanehash/lanehash/lanes/internal/kernelcheck"
)

// newAutomatic builds the automatic kernel of h from a choice: Width,
// Lockstep, Pack and Unpack of c.lockstep, and Pairs split between
// c.pairs and c.narrow. Its name lists the kernels it runs, Lockstep's
// first, then those of Pairs, remainders and small batches
// (ForInstances): "sha256/auto(avx512x16+shanix2)".
func newAutomatic(h Hash, c choice) *Kernel {
	c.joinThresholds = c.joins()
	k := *c.lockstep
	k.auto = &c
	isas := []string{isaName(c.lockstep)}
	for _, other := range append([]*Kernel{c.pairs, c.narrow}, c.small...) {
		if other != nil && !strings.Contains("+"+strings.Join(isas, "+")+"+", "+"+isaName(other)+"+") {
			isas = append(isas, isaName(other))
		}
	}
	k.name = h.String() + "/auto(" + strings.Join(isas, "+") + ")"
	c.pairsName = k.name + " Pairs"
	k.pairs = k.splitPairs
	// A lone instance's ops go where a batch of one goes.
	k.single = k.ForInstances(1).single
	return &k
}

// joins returns the thresholds after full batches (joinThresholds) of
// c's Pairs kernel scaled to c's tail threshold, or nil where Pairs has
// none or remainders are not split off.
func (c choice) joins() []int {
	if c.narrow == nil {
		return nil
	}
	if e := kernelEntry(c.pairs.hash, c.pairs.name); e != nil && e.narrowBelow > 0 && len(e.joinNarrowBelow) > 0 {
		return joinThresholds(e, c.tailThreshold)
	}
	return nil
}

// joinThresholds scales e's thresholds after full batches
// (joinNarrowBelow, measured beside its lone-remainder narrowBelow) to
// the tail threshold in use, static or calibrated, rounding to nearest.
// Each crossover is where the narrow kernel's cost, about linear in the
// remainder, meets a fixed cost on the wide kernel (a lone masked batch,
// a joined one), so a narrow kernel measured dearer or cheaper moves all
// of them in proportion. At least 1 (never split), at most tail.
func joinThresholds(e *entry, tail int) []int {
	ts := make([]int, len(e.joinNarrowBelow))
	for i, t := range e.joinNarrowBelow {
		ts[i] = min(max((t*tail+e.narrowBelow/2)/e.narrowBelow, 1), tail)
	}
	return ts
}

// isaName is a kernel name without its hash prefix: "avx512x16".
func isaName(k *Kernel) string {
	_, isa, _ := strings.Cut(k.name, "/")
	return isa
}

// splitPairs is the automatic kernel's Pairs: the Pairs kernel takes the
// full batches of its width W, and a remainder below the tail threshold
// goes to the narrow kernel. The full batches run first because they
// write dst[:32·full], which never reaches the remainder's input at
// src[64·full:]; the remainder's output dst[32·full:32·n] lies wholly
// below its input when full ≥ the remainder, which holds since the
// remainder is below W, or starts with it when full is 0. So neither
// part overwrites input the other still needs, and in-place calls work.
func (k *Kernel) splitPairs(dst, src []byte) {
	c := k.auto
	if c.narrow == nil {
		c.pairs.pairs(dst, src) // its own checks are the only ones needed
		return
	}
	n := kernelcheck.Pairs(c.pairsName, dst, src)
	rest := n % c.pairs.width
	if rest == 0 || rest >= c.threshold(n) {
		c.pairs.pairs(dst, src)
		return
	}
	full := n - rest
	if full > 0 {
		c.pairs.pairs(dst[:32*full], src[:64*full])
	}
	c.narrow.pairs(dst[32*full:], src[64*full:])
}

// threshold is the tail threshold of a Pairs call on n pairs: after
// g ≥ 1 full batches the joined-remainder one for g, where there are
// such, and the lone-remainder one otherwise.
func (c *choice) threshold(n int) int {
	g := n / c.pairs.width
	if g == 0 || len(c.joinThresholds) == 0 {
		return c.tailThreshold
	}
	return c.joinThresholds[min(g, len(c.joinThresholds))-1]
}

// TailThreshold returns, for the automatic kernel, the remainder size
// (pairs left after the full batches of its Pairs kernel) below which
// Pairs uses the narrow kernel; 0 when remainders are not split off or
// k is not automatic. After full batches a Pairs kernel that runs a
// remainder as a partial batch beside them (avx512x16) keeps lower
// thresholds of its own, by the number of full batches (docs/kernels.md,
// "The automatic kernel's split").
func (k *Kernel) TailThreshold() int {
	if k.auto == nil || k.auto.narrow == nil {
		return 0
	}
	return k.auto.tailThreshold
}

// WithTailThreshold returns a copy of the automatic kernel k whose Pairs
// sends remainders of fewer than n pairs to the narrow kernel after any
// number of full batches (n ≤ 0: never; n ≥ W: every remainder). Kernels without a narrow kernel are
// returned unchanged.
func (k *Kernel) WithTailThreshold(n int) *Kernel {
	if k.auto == nil || k.auto.narrow == nil {
		return k
	}
	c := *k.auto
	c.tailThreshold, c.joinThresholds = n, nil
	kc := *k
	kc.auto = &c
	kc.pairs = kc.splitPairs
	return &kc
}

// ForInstances returns the kernel that should run Lockstep, Pack and
// Unpack for a batch of n instances of one program. The automatic
// kernel answers, for a batch smaller than its width, with the kernel
// that runs it fastest (measured by calibration, or by the static rule
// "the narrow kernel when the batch fills less than half of the lanes"),
// and with itself otherwise; a forced kernel answers with itself. This
// is the only place that decides between lane kernels by batch size:
// callers ask, they do not choose.
func (k *Kernel) ForInstances(n int) *Kernel {
	if k.auto == nil || n < 1 || n >= len(k.auto.small) || k.auto.small[n] == nil {
		return k
	}
	return k.auto.small[n]
}

// PairsFor returns the function Pairs runs for a call on exactly n
// pairs, checks included: for the automatic kernel, the kernel its split
// sends all n pairs to when it sends them to one (full batches only, or
// a remainder alone), and its split otherwise; for any other kernel,
// its Pairs. A caller whose batch sizes are known in advance (the levels
// of a program hashed one instance at a time) resolves them once,
// instead of dispatching on every call; the choice stays here.
func (k *Kernel) PairsFor(n int) func(dst, src []byte) {
	c := k.auto
	if c == nil {
		return k.pairs
	}
	if c.narrow == nil {
		return c.pairs.pairs
	}
	rest := n % c.pairs.width
	switch {
	case rest == 0 || rest >= c.threshold(n):
		return c.pairs.pairs
	case n == rest:
		return c.narrow.pairs
	}
	return k.pairs
}
