package sched

import (
	"encoding/binary"
	"unsafe"

	"github.com/lanehash/lanehash/internal/chunk"
)

// batchBufLen is the length of each of the two scratch buffers
// MerkleizeBatch needs for trees holding total chunks in all: every
// tree may need one padding chunk per level.
func batchBufLen(total, trees int) int { return 32 * (total + trees) }

// MerkleizeBatch computes the roots of many trees of the same depth
// together: this is the level queue. At every level the pending pairs
// of all trees are laid side by side and hashed with one Pairs call, so
// a thousand short bitlists fill the lanes as one long list would.
//
// a holds the trees' chunks back to back (tree i has sizes[i]); a and
// b are scratch of at least 32·(sum of sizes + len(sizes)) bytes
// and are overwritten, and so is sizes. roots[i] receives the
// root of tree i padded with zero chunks to 2^depth leaves.
func (t *Tree) MerkleizeBatch(roots [][32]byte, a, b []byte, sizes []int, depth int) {
	var c counts
	t.batchLevels(a, b, sizes, depth, false, false, &c)
	at := 0
	for i, n := range sizes {
		if n == 0 {
			roots[i] = t.zero[depth]
			continue
		}
		copy(roots[i][:], a[32*at:])
		at += n
	}
	t.stats.add(&c)
}

// batchLevels runs the level queue over the trees in a (sizes[i] chunks
// each, back to back) from level 0 up, with b as the second buffer, and
// returns the level reached: depth, or with untilSingle the first level
// at which no tree has more than one node (the rest of each tree is its
// ladder of zero hashes, which the caller may run together with other
// trees'). On return a holds every nonempty tree's nodes back to back
// and sizes their counts. With laid, level 0 is already laid out in b
// instead (each tree's chunks followed by a zero chunk when their count
// is odd), which spares the widest level's copy.
//
// A tree of one node, the common case above a short tree's first levels,
// moves as two 32-byte chunk copies (its node and the zero hash beside
// it) rather than through copy's general path: at 200 transactions of a
// block, those small moves were most of the queue's own time.
func (t *Tree) batchLevels(a, b []byte, sizes []int, depth int, untilSingle, laid bool, c *counts) int {
	widest := 0
	for _, n := range sizes {
		widest = max(widest, n)
	}
	if laid && depth == 0 {
		t.unlay(a, b, sizes)
		return 0
	}
	ap, bp := unsafe.Pointer(unsafe.SliceData(a)), unsafe.Pointer(unsafe.SliceData(b))
	for d := 0; d < depth; d++ {
		if widest == 0 || untilSingle && widest == 1 {
			if d == 0 && laid {
				t.unlay(a, b, sizes)
			}
			return d
		}
		q := 0
		if d == 0 && laid {
			widest = 0
			for i, n := range sizes {
				q += n + n%2
				sizes[i] = (n + 1) / 2
				widest = max(widest, sizes[i])
			}
			t.k.Pairs(a[:16*q], b[:32*q])
			c.treePairs += uint64(q / 2)
			c.kernelCalls++
			continue
		}
		// Lay the level out in b: each tree's nodes, padded to an even
		// count; empty trees stay empty.
		z := unsafe.Pointer(&t.zero[d])
		in := 0
		widest = 0
		for i, n := range sizes {
			switch n {
			case 0:
				continue
			case 1:
				chunk.Copy(unsafe.Add(bp, 32*q), unsafe.Add(ap, 32*in))
				chunk.Copy(unsafe.Add(bp, 32*q+32), z)
				q, in = q+2, in+1
				widest = max(widest, 1)
				continue
			}
			copy(b[32*q:32*(q+n)], a[32*in:32*(in+n)])
			in += n
			q += n
			if n%2 == 1 {
				chunk.Copy(unsafe.Add(bp, 32*q), z)
				q++
			}
			sizes[i] = (n + 1) / 2
			widest = max(widest, sizes[i])
		}
		t.k.Pairs(a[:16*q], b[:32*q])
		c.treePairs += uint64(q / 2)
		c.kernelCalls++
	}
	return depth
}

// unlay moves a level 0 laid out in b (each tree's chunks padded to an
// even count) to a, back to back without the padding.
func (t *Tree) unlay(a, b []byte, sizes []int) {
	q, out := 0, 0
	for _, n := range sizes {
		copy(a[32*out:32*(out+n)], b[32*q:32*(q+n)])
		out += n
		q += n + n%2
	}
}

// ladders raises every pending node to its tree's root and, with
// lengths, mixes its length in. Pending position j is value idx[j],
// whose node dst[idx[j]] sits at level lv[j] of a tree of the given
// depth whose other nodes at that level are all zero: above it the tree
// is only its ladder, H(node, zero_hashes[level]) once per level. All
// nodes climb together, one Pairs call per level, whatever level each
// starts from, so the ladders of many trees (the transactions of a
// block, from every tile) fill the lanes as one level would; then the
// lengths[i] of all of them are mixed in with one more call. Each
// finished root goes back to dst[idx[j]].
//
// The nodes are first ordered by level (a counting sort), so that the
// ones still climbing are always a prefix of the positions, in runs of
// one level each: a level then costs the call and, per node, its digest
// moved into its next pair beside the run's zero hash, with no
// bookkeeping per node. idx and lv are overwritten; tmp is scratch of
// len(idx); scratch holds at least ladderScratch(len(idx), lengths !=
// nil) bytes.
func (t *Tree) ladders(dst [][32]byte, idx, tmp []int32, lv []uint8, lengths []uint64, depth int, scratch []byte, c *counts) {
	n := len(idx)
	if n == 0 {
		return
	}
	// Counting sort by level, stable; runs[r] is where the r-th level
	// present ends, level[r] that level.
	var hist [256]int32
	for _, l := range lv {
		hist[l]++
	}
	var runs [256]int32
	var level [256]uint8
	r, at := 0, int32(0)
	for l, k := range hist {
		if k == 0 {
			continue
		}
		hist[l] = at
		at += k
		runs[r], level[r] = at, uint8(l)
		r++
	}
	for j, i := range idx {
		tmp[hist[lv[j]]] = i
		hist[lv[j]]++
	}
	copy(idx, tmp[:n])
	mixing := lengths != nil
	src := scratch[:64*n]
	out := scratch[64*n : 96*n]
	var mp unsafe.Pointer
	if mixing {
		mp = unsafe.Pointer(unsafe.SliceData(scratch[96*n : 160*n]))
	}
	// finish files position j's root: home, or beside its length in
	// slot j of the mix-in call.
	finish := func(j int, root unsafe.Pointer) {
		i := idx[j]
		if !mixing {
			chunk.Copy(unsafe.Pointer(&dst[i]), root)
			return
		}
		p := unsafe.Add(mp, 64*j)
		chunk.Copy(p, root)
		*(*[4]uint64)(unsafe.Add(p, 32)) = [4]uint64{}
		binary.LittleEndian.PutUint64(unsafe.Slice((*byte)(unsafe.Add(p, 32)), 8), lengths[i])
	}
	// m is the climbing prefix; runs beyond r are done.
	m := n
	for r > 0 && int(level[r-1]) >= depth {
		r--
		lo := 0
		if r > 0 {
			lo = int(runs[r-1])
		}
		for j := lo; j < m; j++ {
			finish(j, unsafe.Pointer(&dst[idx[j]]))
		}
		m = lo
	}
	if lk, ok := t.k.(ladderKernel); ok && m > 0 && lk.LadderNative() {
		t.nativeLadders(lk, idx, dst, out[:32*m], runs[:r], level[:r], depth, finish, c)
	} else if m > 0 {
		t.pairsLadders(idx, dst, src, out, runs[:r], level[:r], m, depth, finish, c)
	}
	if !mixing {
		return
	}
	mix := unsafe.Slice((*byte)(mp), 64*n)
	t.k.Pairs(mix[:32*n], mix)
	c.treePairs += uint64(n)
	c.kernelCalls++
	for j, i := range idx {
		chunk.Copy(unsafe.Pointer(&dst[i]), unsafe.Add(mp, 32*j))
	}
}

// pairsLadders is ladders' climb through Pairs calls: the m climbing
// nodes, ordered by level in runs (runs[k] ends run k, at level[k]), are
// laid in src beside their level's zero hash, and every call climbs all
// of them one level, the highest run leaving when it reaches depth
// (flatLadders rebalances the calls when the runs are at most two
// levels, one apart). finish files each root.
func (t *Tree) pairsLadders(idx []int32, dst [][32]byte, src, out []byte, runs []int32, level []uint8, m, depth int, finish func(j int, root unsafe.Pointer), c *counts) {
	sp, op := unsafe.Pointer(unsafe.SliceData(src)), unsafe.Pointer(unsafe.SliceData(out))
	r := len(runs)
	start := 0
	for k := range r {
		z := unsafe.Pointer(&t.zero[level[k]])
		for j := start; j < int(runs[k]); j++ {
			chunk.Copy(unsafe.Add(sp, 64*j), unsafe.Pointer(&dst[idx[j]]))
			chunk.Copy(unsafe.Add(sp, 64*j+32), z)
		}
		start = int(runs[k])
	}
	if r == 1 || r == 2 && level[1] == level[0]+1 {
		// At most two levels, one apart: the rebalanced climb.
		b := m
		if r == 2 {
			b = int(runs[0])
		}
		t.flatLadders(idx, src, out, int(level[0]), b, m, depth, finish, c)
		return
	}
	for step := 1; m > 0; step++ {
		t.k.Pairs(out[:32*m], src[:64*m])
		c.treePairs += uint64(m)
		c.kernelCalls++
		// The highest run reaches the top first.
		if int(level[r-1])+step >= depth {
			r--
			lo := 0
			if r > 0 {
				lo = int(runs[r-1])
			}
			for j := lo; j < m; j++ {
				finish(j, unsafe.Add(op, 32*j))
			}
			m = lo
		}
		start := 0
		for k := range r {
			z := unsafe.Pointer(&t.zero[int(level[k])+step])
			for j := start; j < int(runs[k]); j++ {
				chunk.Copy(unsafe.Add(sp, 64*j), unsafe.Add(op, 32*j))
				chunk.Copy(unsafe.Add(sp, 64*j+32), z)
			}
			start = int(runs[k])
		}
	}
}

// nativeLadders is ladders' climb on a kernel with a native Ladder
// entry (sha256/avx512x16): the climbing nodes, ordered by level in runs
// (runs[k] ends run k, at level[k]), are gathered once into nodes, and
// the lowest run climbs alone to the next run's level, then both to the
// next one's, and so on to the depth: every ladder step runs once, in
// calls whose nodes are as many as possible, each call keeping its
// digests in the kernel's registers across levels (no per-level move
// beside the zero hash, no transposes). finish files each root.
func (t *Tree) nativeLadders(lk ladderKernel, idx []int32, dst [][32]byte, nodes []byte, runs []int32, level []uint8, depth int, finish func(j int, root unsafe.Pointer), c *counts) {
	np := unsafe.Pointer(unsafe.SliceData(nodes))
	m := len(nodes) / 32
	for j := range m {
		chunk.Copy(unsafe.Add(np, 32*j), unsafe.Pointer(&dst[idx[j]]))
	}
	for k := range runs {
		top := depth
		if k+1 < len(runs) {
			top = int(level[k+1])
		}
		w := int(runs[k])
		lk.Ladder(nodes[:32*w], t.zero[:], int(level[k]), top)
		c.treePairs += uint64(w * (top - int(level[k])))
		c.kernelCalls++
	}
	for j := range m {
		finish(j, unsafe.Add(np, 32*j))
	}
}

// ladderKernel is a Kernel with a zero-hash ladder entry, as
// *lanes.Kernel has; ladders uses it where LadderNative says it keeps
// the digests in the kernel across levels.
type ladderKernel interface {
	Ladder(nodes []byte, zero [][32]byte, from, to int)
	LadderNative() bool
}

// maxLadderBatch bounds the number of pairs a flat ladder call is cut
// to a multiple of (flatLadders).
const maxLadderBatch = 64

// flatLadders is ladders' climb when the m nodes in src are at most two
// levels apart by one: positions [0, b) at level l, [b, m) at l+1. Each
// call hashes a whole multiple of twice the kernel's width (all nodes
// when there are fewer), the nodes furthest from the top first; the
// rest wait one call and move to the front, so the levels stay at most
// one apart and in order, and nodes finish at the end of the positions,
// which finish files. The avx512x16 Pairs kernel hashes two groups of
// 16 in flight, so a call's last group alone costs about what a pair of
// groups does: 200 pairs take 3,166 ns where 192 take 2,795 (AMD EPYC
// Zen 5); a block's 200 transactions climb in calls of 192.
func (t *Tree) flatLadders(idx []int32, src, out []byte, l, b, m, depth int, finish func(j int, root unsafe.Pointer), c *counts) {
	sp, op := unsafe.Pointer(unsafe.SliceData(src)), unsafe.Pointer(unsafe.SliceData(out))
	batch := min(max(2*t.k.Width(), 1), maxLadderBatch)
	var heldIdx [maxLadderBatch]int32
	for m > 0 {
		k := m
		if m >= batch {
			k = m - m%batch
		}
		t.k.Pairs(out[:32*k], src[:64*k])
		c.treePairs += uint64(k)
		c.kernelCalls++
		// The waiting pairs move to the front; the hashed nodes follow,
		// each beside its new level's zero hash.
		// w < k: the waiting pairs land on pairs already hashed.
		w := m - k
		copy(src[:64*w], src[64*k:64*m])
		copy(heldIdx[:w], idx[k:m])
		copy(idx[w:m], idx[:k])
		copy(idx[:w], heldIdx[:w])
		lo, hi := min(b, k), k // [0, lo) rise to l+1, [lo, hi) to l+2
		z1, z2 := unsafe.Pointer(&t.zero[min(l+1, depth)]), unsafe.Pointer(&t.zero[min(l+2, depth)])
		for j := 0; j < lo; j++ {
			chunk.Copy(unsafe.Add(sp, 64*(w+j)), unsafe.Add(op, 32*j))
			chunk.Copy(unsafe.Add(sp, 64*(w+j)+32), z1)
		}
		for j := lo; j < hi; j++ {
			chunk.Copy(unsafe.Add(sp, 64*(w+j)), unsafe.Add(op, 32*j))
			chunk.Copy(unsafe.Add(sp, 64*(w+j)+32), z2)
		}
		if k <= b {
			// Waiting: b−k at l, m−b at l+1; hashed: k at l+1.
			b -= k
		} else {
			// Waiting: m−k at l+1; hashed: b at l+1, k−b at l+2.
			l, b = l+1, w+b
		}
		// Nodes at the top leave from the end.
		if l+1 >= depth {
			for j := b; j < m; j++ {
				finish(j, unsafe.Add(sp, 64*j))
			}
			m = b
			if l >= depth {
				for j := range m {
					finish(j, unsafe.Add(sp, 64*j))
				}
				m = 0
			}
		}
	}
}

// ladderScratch is the scratch ladders needs for n pending nodes.
func ladderScratch(n int, mixing bool) int {
	if mixing {
		return 160 * n
	}
	return 96 * n
}

// merkleizeTrees is MerkleizeProgressiveBatch for progressive trees and
// MerkleizeBatch to depth otherwise, as merkleizeTree is for one tree.
func (t *Tree) merkleizeTrees(roots [][32]byte, a, b []byte, sizes []int, depth int, progressive bool) {
	if progressive {
		t.MerkleizeProgressiveBatch(roots, a, b, sizes)
	} else {
		t.MerkleizeBatch(roots, a, b, sizes, depth)
	}
}

// MixInLengths replaces every roots[i] by H(roots[i] || lengths[i] as a
// 32-byte little-endian integer), with one Pairs call; scratch must be
// at least 64·len(roots) bytes.
func (t *Tree) MixInLengths(roots [][32]byte, lengths []uint64, scratch []byte) {
	var c counts
	t.mixInLengths(roots, lengths, scratch, &c)
	t.stats.add(&c)
}

// mixInLengths is MixInLengths counting into c.
func (t *Tree) mixInLengths(roots [][32]byte, lengths []uint64, scratch []byte, c *counts) {
	if len(roots) == 0 {
		return
	}
	for i := range roots {
		p := scratch[64*i : 64*i+64]
		copy(p, roots[i][:])
		clear(p[32:])
		binary.LittleEndian.PutUint64(p[32:], lengths[i])
	}
	t.k.Pairs(unsafe.Slice(&roots[0][0], 32*len(roots)), scratch[:64*len(roots)])
	c.treePairs += uint64(len(roots))
	c.kernelCalls++
}
