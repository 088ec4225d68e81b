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
// fills them (each tree's padded to an even count).
func (t *Tree) ClimbAndLadder(roots [][32]byte, a, b []byte, sizes []int, depth int, laid bool) {
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
	levels := make([]uint8, len(sizes))
	at := 0
	for i, n := range sizes {
		if n == 0 {
			roots[i], levels[i] = t.zero[depth], uint8(depth)
			continue
		}
		roots[i], levels[i] = [32]byte(a[32*at:]), uint8(level)
		at++
	}
	t.ladder(roots, levels, depth, make([]byte, 96*len(roots)), &c)
}
