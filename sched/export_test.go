package sched

// BlockLanes exports blockLanes to the tests, which need inputs that
// fill whole blocks and leave remainders.
const BlockLanes = blockLanes

// ListTile is how many elements ListRoot roots as one tile, and
// MinTilesPerWorker how many tiles per worker a list needs to be tiled:
// the tests put list lengths on both sides of the boundaries.
const (
	ListTile          = 1 << listTileDepth
	MinTilesPerWorker = minTilesPerWorker
)

// TileChunks is the most chunks of several instances the level queue
// merkleizes together, and TileSpans its cut of a batch into runs: the
// tests put instance counts and sizes on both sides of the boundary.
const TileChunks = tileChunks

var TileSpans = tileSpans

// BatchBufLen and ProgressiveBufLen export the scratch sizes of the
// level queue's batch and progressive paths: the tests allocate exactly
// that much, so an overrun shows.
var (
	BatchBufLen       = batchBufLen
	ProgressiveBufLen = progressiveBufLen
)

// ClimbAndLadder roots trees the way the packed rooter's batch does:
// the level queue until every tree is one node, then all ladders
// together, so the tests can compare it with MerkleizeBatch.
// With laid, a's chunks are first laid out in b as the packed rooter
// fills them (each tree's padded to an even count). With lengths, the
// ladders mix lengths[i] into root i.
func (t *Tree) ClimbAndLadder(roots [][32]byte, a, b []byte, sizes []int, depth int, laid bool, lengths []uint64) {
	var c counts
	if laid {
		q, in := 0, 0
		for _, n := range sizes {
			copy(b[32*q:32*(q+n)], a[32*in:32*(in+n)])
			q, in = q+n, in+n
			if n%2 == 1 {
				clear(b[32*q : 32*q+32])
				q++
			}
		}
		// a is the queue's to write now: anything it reads from there
		// before writing shows.
		for i := range a {
			a[i] = 0xa5
		}
	}
	level := t.batchLevels(a, b, sizes, depth, true, laid, &c)
	idx, levels := make([]int32, len(sizes)), make([]uint8, len(sizes))
	at := 0
	for i, n := range sizes {
		idx[i] = int32(i)
		if n == 0 {
			roots[i], levels[i] = t.zero[depth], uint8(depth)
			continue
		}
		roots[i], levels[i] = [32]byte(a[32*at:]), uint8(level)
		at++
	}
	t.ladders(roots, idx, make([]int32, len(idx)), levels, lengths, depth, make([]byte, ladderScratch(len(idx), lengths != nil)), &c)
}

// Ladders raises every roots[i], a node at level levels[i] of a tree of
// the given depth whose other nodes at that level are zero, to its
// tree's root, all together, mixing in lengths[i] when lengths is not
// nil: the packed rooter's shared ladders over nodes of any levels in
// any order.
func (t *Tree) Ladders(roots [][32]byte, levels []uint8, depth int, lengths []uint64) {
	var c counts
	idx := make([]int32, len(roots))
	for i := range idx {
		idx[i] = int32(i)
	}
	lv := append([]uint8(nil), levels...)
	t.ladders(roots, idx, make([]int32, len(idx)), lv, lengths, depth, make([]byte, ladderScratch(len(idx), lengths != nil)), &c)
	t.stats.add(&c)
}
