package sched

import (
	"encoding/binary"
	"math/bits"
	"sync"

	"github.com/lanehash/lanehash/lanes"

	"golang.org/x/sync/errgroup"
)

// maxDepth is the deepest tree a Tree merkleizes (limits up to 2^64).
const maxDepth = 64

// minChunksPerWorker is the smallest share of a wide tree worth a
// goroutine of its own.
const minChunksPerWorker = 1 << 12

// Tree merkleizes wide trees with a kernel's Pairs entry, level by
// level and in place. It is safe for concurrent use.
type Tree struct {
	k     Kernel
	zero  [maxDepth + 1][32]byte
	stats *Stats
}

// NewTree returns a Tree hashing with k and counting into stats (which
// may be nil).
func NewTree(k Kernel, stats *Stats) *Tree {
	t := &Tree{k: k, stats: stats}
	lk, shared := k.(*lanes.Kernel)
	if shared {
		if z, ok := zeroLadders.Load(lk); ok {
			t.zero = *z.(*[maxDepth + 1][32]byte)
			return t
		}
	}
	var pair [64]byte
	for d := 1; d <= maxDepth; d++ {
		copy(pair[:32], t.zero[d-1][:])
		copy(pair[32:], t.zero[d-1][:])
		k.Pairs(t.zero[d][:], pair[:])
	}
	if shared {
		z := t.zero
		zeroLadders.Store(lk, &z)
	}
	return t
}

// zeroLadders holds each lanes kernel's zero_hashes, hashed by that
// kernel the first time a Tree is made with it: the ladder is 64
// dependent pairs (about 5 µs on SHA-NI), and every compiled plan makes
// Trees (a one-shot cache.SparseOf of a small state compiles about 50,
// where the ladders were a quarter of its time). Only the registry's
// kernels are keyed, a fixed set of pointers; any other Kernel (a
// test's wrapper) hashes its own ladder every time.
var zeroLadders sync.Map // *lanes.Kernel → *[maxDepth + 1][32]byte

// Zero returns zero_hashes[depth], the root of a tree of 2^depth zero
// chunks.
func (t *Tree) Zero(depth int) [32]byte { return t.zero[depth] }

// Depth returns the depth of a tree with room for limit chunks:
// ceil(log2(limit)), and 0 for limits 0 and 1.
func Depth(limit uint64) int {
	if limit <= 1 {
		return 0
	}
	return bits.Len64(limit - 1)
}

// BufLen is the scratch length Merkleize needs for n chunks: one chunk
// more than the data, and at least two chunks, so odd levels are padded
// in place and a length can be mixed in.
func BufLen(n int) int {
	return 32 * max(n+1, 2)
}

// Merkleize computes the root of the n chunks at the start of buf,
// padded with zero chunks to 2^depth, and leaves it in buf[0:32]. buf is
// scratch: it must be at least BufLen(n) bytes and its contents are
// overwritten. n must not exceed 2^depth.
func (t *Tree) Merkleize(buf []byte, n int, depth int) {
	var c counts
	t.merkleize(buf, n, 0, depth, &c)
	t.stats.add(&c)
}

// merkleize reduces the n chunks at the start of buf from level from to
// level to, leaving the root in buf[0:32].
func (t *Tree) merkleize(buf []byte, n int, from, to int, c *counts) {
	for d := from; d < to; d++ {
		if n == 0 {
			copy(buf[:32], t.zero[to][:])
			return
		}
		if n%2 == 1 {
			copy(buf[32*n:32*n+32], t.zero[d][:])
			n++
		}
		pairs := n / 2
		t.k.Pairs(buf[:32*pairs], buf[:64*pairs])
		c.treePairs += uint64(pairs)
		c.kernelCalls++
		n = pairs
	}
	if n == 0 {
		copy(buf[:32], t.zero[to][:])
	}
}

// MerkleizeParallel is Merkleize with the lower levels split by subtree
// across up to workers goroutines; the top levels run on the caller's.
func (t *Tree) MerkleizeParallel(buf []byte, n int, depth int, workers int) error {
	if workers <= 1 || n < 2*minChunksPerWorker {
		t.Merkleize(buf, n, depth)
		return nil
	}
	return t.merkleizeParallel(buf, n, depth, workers)
}

// treeBufLen is the scratch merkleizeTree needs for n chunks:
// progressiveBufLen for a progressive tree, BufLen otherwise.
func treeBufLen(n int, progressive bool) int {
	if progressive {
		return progressiveBufLen(n)
	}
	return BufLen(n)
}

// merkleizeTree is MerkleizeProgressiveParallel for a progressive tree
// and MerkleizeParallel to depth otherwise: the one place the list and
// packed rooters choose between the two. buf holds treeBufLen(n,
// progressive) bytes.
func (t *Tree) merkleizeTree(buf []byte, n, depth int, progressive bool, workers int) error {
	if progressive {
		return t.MerkleizeProgressiveParallel(buf, n, workers)
	}
	return t.MerkleizeParallel(buf, n, depth, workers)
}

// merkleizeParallel is MerkleizeParallel's parallel case, apart so that
// serial calls allocate nothing.
func (t *Tree) merkleizeParallel(buf []byte, n int, depth int, workers int) error {
	// More workers than chunks is no use, and keeps 4·workers from
	// wrapping (WithWorkers(1<<62) used to divide by zero here).
	workers = min(workers, n)
	// Subtrees of 2^s chunks, s chosen so there are about 4 per worker
	// (whole subtrees balance better than exact splits).
	s := Depth(uint64((n + 4*workers - 1) / (4 * workers)))
	s = min(s, depth)
	size := 1 << s
	parts := (n + size - 1) / size
	// One goroutine per worker, each taking every workers-th part, so
	// a call starts the same number of goroutines whatever n is.
	var g errgroup.Group
	for w := 0; w < min(workers, parts); w++ {
		g.Go(func() error {
			var c counts
			for j := w; j < parts; j += workers {
				lo := j * size
				// The last part pads into the chunk after n, which
				// BufLen reserves; full parts never pad.
				t.merkleize(buf[32*lo:], min(size, n-lo), 0, s, &c)
			}
			t.stats.add(&c)
			return nil
		})
	}
	if err := g.Wait(); err != nil {
		return err
	}
	for j := 1; j < parts; j++ {
		copy(buf[32*j:32*j+32], buf[32*j*size:])
	}
	var c counts
	t.merkleize(buf, parts, s, depth, &c)
	t.stats.add(&c)
	return nil
}

// mixIn returns H(root || length as a 32-byte little-endian integer).
func (t *Tree) mixIn(root [32]byte, length uint64) [32]byte {
	// Pooled: a local array would escape through the kernel interface
	// and allocate on every call.
	bp := getBuf(64)
	defer putBuf(bp)
	buf := *bp
	copy(buf, root[:])
	t.MixInLength(buf, length)
	return [32]byte(buf[:32])
}

// MixInLength replaces the root in buf[0:32] by H(root || length as a
// 32-byte little-endian integer), using buf[32:64] as scratch.
func (t *Tree) MixInLength(buf []byte, length uint64) {
	clear(buf[32:64])
	binary.LittleEndian.PutUint64(buf[32:40], length)
	t.k.Pairs(buf[:32], buf[:64])
	var c counts
	c.treePairs, c.kernelCalls = 1, 1
	t.stats.add(&c)
}
