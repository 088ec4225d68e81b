package lanes

import "strings"

// newAutomatic composes the automatic kernel of h from the available
// entries: Lockstep, Pack and Unpack of the widest lane kernel (the
// first registered among equals), and Pairs that runs full batches on it
// and a short remainder on the narrow kernel, if there is one.
func newAutomatic(h Hash, entries []entry) *Kernel {
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
	k := *wide.kernel
	k.wide = wide.kernel
	k.name = h.String() + "/auto(" + isaName(wide.kernel)
	if narrow != nil && narrow != wide && wide.narrowBelow > 0 {
		k.narrow = narrow.kernel
		k.tailThreshold = wide.narrowBelow
		k.pairsOnNarrow = wide.narrowFaster
		k.name += "+" + isaName(narrow.kernel)
	}
	k.name += ")"
	k.pairs = k.splitPairs
	return &k
}

// isaName is a kernel name without its hash prefix: "avx512x16".
func isaName(k *Kernel) string {
	_, isa, _ := strings.Cut(k.name, "/")
	return isa
}

// splitPairs is the automatic kernel's Pairs: the wide kernel takes the
// full batches of W pairs, and a remainder below the tail threshold goes
// to the narrow kernel. The wide part runs first because it writes
// dst[:32·full], which never reaches the remainder's input at
// src[64·full:]; the remainder's output dst[32·full:32·n] lies wholly
// below its input when full ≥ the remainder, which holds since the
// remainder is below W, or starts with it when full is 0. So neither
// part overwrites input the other still needs, and in-place calls work.
func (k *Kernel) splitPairs(dst, src []byte) {
	if k.pairsOnNarrow {
		k.narrow.pairs(dst, src)
		return
	}
	n := len(src) / 64
	w := k.wide.width
	rest := n % w
	if k.narrow == nil || rest == 0 || rest >= k.tailThreshold {
		k.wide.pairs(dst, src)
		return
	}
	full := n - rest
	if full > 0 {
		k.wide.pairs(dst[:32*full], src[:64*full])
	}
	k.narrow.pairs(dst[32*full:], src[64*full:])
}

// TailThreshold returns, for the automatic kernel, the remainder size
// (pairs left after the full batches of W) below which Pairs uses the
// narrow kernel; 0 when there is no narrow kernel or k is not automatic.
// When the narrow kernel is faster than the lane kernel even on full
// batches (SHA-NI against AVX2), Pairs uses it for every pair and the
// threshold has no effect.
func (k *Kernel) TailThreshold() int {
	if k.narrow == nil {
		return 0
	}
	return k.tailThreshold
}

// WithTailThreshold returns a copy of the automatic kernel k whose Pairs
// sends remainders of fewer than n pairs to the narrow kernel (n ≤ 0:
// never; n > W: every remainder). Kernels without a narrow kernel are
// returned unchanged.
func (k *Kernel) WithTailThreshold(n int) *Kernel {
	if k.narrow == nil {
		return k
	}
	c := *k
	c.tailThreshold = n
	c.pairs = c.splitPairs
	return &c
}

// ForInstances returns the kernel that should run Lockstep, Pack and
// Unpack for a batch of n instances of one program. The automatic
// kernel answers with its narrow kernel when that batch would fill less
// than half of its own lanes (a narrow kernel that runs the same op list
// on two lanes wastes fewer of them); every other kernel, and a forced
// kernel, answers with itself. This is the only place that decides
// between lane kernels by batch size: callers ask, they do not choose.
func (k *Kernel) ForInstances(n int) *Kernel {
	if k.narrow == nil || k.narrow.lockstep == nil || 2*n >= k.width {
		return k
	}
	return k.narrow
}
