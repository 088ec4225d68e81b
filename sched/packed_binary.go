package sched

// A binary packed value (a state's balances, a bitlist, a byte list)
// is its own leaf chunks, so its first level is hashed straight from
// the value's bytes, in Go memory or in a serialization alike: nothing
// is copied but the last, partial pair. A value longer than a tile is
// rooted a tile of chunks at a time, so the scratch a call takes is a
// tile's level 1 per worker and one chunk per tile, not half the value:
// a million balances used to take 4 MiB on one worker and, copied
// whole for a parallel tree, 8 MiB on more, in pooled buffers that
// every collection drops.

// Tile depths of a binary packed value's tiles: the least keeps a
// tile's top levels (a few lone groups of pairs) under about 1% of its
// hashing; the greatest bounds a worker's scratch at 256 KiB.
const (
	minPackedTileDepth = listTileDepth
	maxPackedTileDepth = listTileDepth + 2
)

// packedTileDepth is the depth of the tiles a binary packed value of
// chunks leaf chunks is cut into: the deepest, up to
// maxPackedTileDepth, that still gives every worker two tiles.
func packedTileDepth(chunks, workers int) int {
	s := maxPackedTileDepth
	for s > minPackedTileDepth && chunks>>s < 2*workers {
		s--
	}
	return s
}

// binaryRootOf roots a measured binary packed value, its first level
// straight from v.data; ok is false for a value it leaves to the
// copying path (a progressive tree, a tree of one chunk).
func (r *packedRooter) binaryRootOf(x *run, v packedValue) (root [32]byte, ok bool) {
	if r.progressive() || r.depth == 0 {
		return root, false
	}
	t := x.e.tree
	s := packedTileDepth(v.chunks, x.workers)
	if v.chunks <= 1<<s {
		bp := getBuf(BufLen((v.chunks + 1) / 2))
		defer putBuf(bp)
		var c counts
		root = r.subtreeRoot(t, *bp, v, 0, v.chunks, r.depth, &c)
		t.stats.add(&c)
	} else {
		root = r.tiledBinaryRoot(x, v, s)
	}
	if r.mixesLength() {
		root = t.mixIn(root, v.length)
	}
	return root, true
}

// tiledBinaryRoot returns the root of v's chunk tree (before any
// length mix-in) computed a tile of 2^s chunks at a time; each worker
// takes one run of whole tiles.
func (r *packedRooter) tiledBinaryRoot(x *run, v packedValue, s int) [32]byte {
	t := x.e.tree
	tile := 1 << s
	tiles := (v.chunks + tile - 1) / tile
	tp := getBuf(BufLen(tiles))
	defer putBuf(tp)
	top := *tp
	if workers := min(x.workers, tiles); workers <= 1 {
		r.rootTiles(t, v, s, top, 0, tiles)
	} else {
		_ = inSpans(tiles, (tiles+workers-1)/workers, func(lo, hi int) error {
			r.rootTiles(t, v, s, top, lo, hi)
			return nil
		})
	}
	// The tile roots are level s of the tree: its padding there is
	// zero_hashes[s] and up.
	var c counts
	t.merkleize(top, tiles, s, r.depth, &c)
	t.stats.add(&c)
	return [32]byte(top[:32])
}

// rootTiles writes the roots of v's tiles lo … hi−1 of 2^s chunks
// into top, one chunk per tile.
func (r *packedRooter) rootTiles(t *Tree, v packedValue, s int, top []byte, lo, hi int) {
	tile := 1 << s
	// A whole tile's level 1 is tile/2 chunks, an even count at every
	// level below the tile's root, so merkleize never pads past it; the
	// last tile's levels are shorter.
	bp := getBuf(32 * tile / 2)
	defer putBuf(bp)
	var c counts
	for j := lo; j < hi; j++ {
		root := r.subtreeRoot(t, *bp, v, j*tile, min(tile, v.chunks-j*tile), s, &c)
		copy(top[32*j:32*j+32], root[:])
	}
	t.stats.add(&c)
}

// subtreeRoot returns the root of the subtree of depth d over chunks
// lo … lo+m−1 of v (m ≤ 2^d; chunks past the value are zero). The
// pairs wholly inside v.data, before a bitlist's delimiter byte, are
// hashed straight from it into buf. buf holds BufLen((m+1)/2) bytes, or 32·m/2 for an m that
// is a power of two.
func (r *packedRooter) subtreeRoot(t *Tree, buf []byte, v packedValue, lo, m, d int, c *counts) [32]byte {
	pairs := (m + 1) / 2
	// The bytes of whole chunks from chunk lo on: a bitlist's last byte
	// holds its delimiter bit, which is not data.
	whole := len(v.data) - 32*lo
	if r.bitlist() {
		whole--
	}
	full := min(max(whole, 0)/64, m/2)
	if full > 0 {
		t.k.Pairs(buf[:32*full], v.data[32*lo:32*lo+64*full])
		c.treePairs += uint64(full)
		c.kernelCalls++
	}
	if full < pairs {
		// The pairs left (one, as the data reaches into every chunk of
		// the value but its last; see check) are filled as fill fills
		// them.
		pp := getBuf(64)
		last := *pp
		for p := full; p < pairs; p++ {
			r.fillRange(last, v, lo+2*p)
			if 2*p+1 == m {
				// The subtree ends inside this pair: its other chunk is
				// the zero chunk.
				clear(last[32:])
			}
			t.k.Pairs(buf[32*p:32*p+32], last)
			c.treePairs++
			c.kernelCalls++
		}
		putBuf(pp)
	}
	t.merkleize(buf, pairs, 1, d, c)
	return [32]byte(buf[:32])
}
