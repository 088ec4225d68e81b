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
	if e := kernelEntry(h, c.pairs.name); e != nil && c.narrow != nil && e.oddNarrowBelow > 0 {
		c.oddTailThreshold = min(e.oddNarrowBelow, c.tailThreshold)
	}
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

// threshold is the tail threshold of a Pairs call on n pairs: the
// odd-batch one after an odd number of full batches, where there is one.
func (c *choice) threshold(n int) int {
	if c.oddTailThreshold > 0 && n/c.pairs.width%2 == 1 {
		return c.oddTailThreshold
	}
	return c.tailThreshold
}

// TailThreshold returns, for the automatic kernel, the remainder size
// (pairs left after the full batches of its Pairs kernel) below which
// Pairs uses the narrow kernel; 0 when remainders are not split off or
// k is not automatic. After an odd number of full batches a Pairs kernel
// that hashes two batches in flight (avx512x16) keeps a lower threshold
// of its own, where the remainder joins the last batch's iteration
// (docs/kernels.md, "The automatic kernel's split").
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
	c.tailThreshold, c.oddTailThreshold = n, 0
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
