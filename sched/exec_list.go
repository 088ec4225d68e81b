package sched

import (
	"unsafe"

	"github.com/lanehash/lanehash/internal/checked"
	"github.com/lanehash/lanehash/internal/graph"
	"github.com/lanehash/lanehash/internal/progressive"
)

// listTileDepth sets the tiles of a long list of composite elements:
// ListRoot roots 2^listTileDepth elements at a time and merkleizes them
// into their subtree root at once, while the tile's 128 KiB of roots
// are still in the core's L2, instead of writing every element root to
// memory and reading them back level by level (32 MiB each way for a
// million validators). Only the tiles' roots go into the list tree.
const listTileDepth = 12

// minTilesPerWorker is the least work, in tiles, for which ListRoot
// tiles a list. Below it the roots of a short list stay in cache
// anyway, and the runner's even split across workers balances better
// than whole tiles would.
const minTilesPerWorker = 8

// ListRoot returns hash_tree_root(List[T, limit]) of the instances of
// in, a SliceOf or PtrsOf input (a nil element is the zero value): the
// instances' roots, or for a graph of a basic type (a ChunkNode marked
// Basic) their packed bytes, merkleized to the depth of limit with the
// length mixed in. A progressive list (EIP-7916) ignores limit. The
// caller checks the length against limit.
func (p *Prepared) ListRoot(in Input, limit uint64, progressive bool, workers int) ([32]byte, error) {
	if in.typ != p.typ || in.ptrs != nil {
		return [32]byte{}, &Error{Index: -1, Kind: graph.KindType, Msg: "ListRoot needs a slice of the graph's type or of pointers to it"}
	}
	in.zero = p.zero
	x := p.run(workers, 2)
	n := in.n
	depth := Depth(limit)
	basic, _ := p.root.(*chunkRooter)
	if basic != nil && !basic.basic {
		basic = nil
	}
	if basic == nil {
		root, err := rootsTree(x, p.root, in, depth, progressive)
		if err != nil {
			return [32]byte{}, err
		}
		return p.e.tree.mixIn(root, uint64(n)), nil
	}
	size := uint64(basic.n)
	chunks := int(checked.CeilDiv(uint64(n)*uint64(basic.n), 32)) // n·size+31 wraps near 2^31 on 32-bit hosts
	depth = Depth(limit/32*size + (limit%32*size+31)/32)
	bp := getBuf(treeBufLen(chunks, progressive))
	defer putBuf(bp)
	buf := *bp
	if n > 0 {
		packInto(buf, &in, basic.n)
		if err := basic.checkPacked(buf[:n*basic.n]); err != nil {
			return [32]byte{}, err
		}
		clear(buf[n*basic.n : 32*chunks])
	}
	t := p.e.tree
	if err := t.merkleizeTree(buf, chunks, depth, progressive, x.workers); err != nil {
		return [32]byte{}, err
	}
	t.MixInLength(buf, uint64(n))
	return [32]byte(buf[:32]), nil
}

// packInto copies the size bytes of each of in's basic instances into
// buf, one after the other: SSZ's packing (a nil element of a PtrsOf
// input is the zero value, whose bytes are all zero).
func packInto(buf []byte, in *Input, size int) {
	if in.direct() {
		copy(buf, unsafe.Slice((*byte)(in.base), in.n*size))
		return
	}
	for i := range in.n {
		q, _ := in.at(i) // in.zero is set: no error
		copy(buf[i*size:], unsafe.Slice((*byte)(q), size))
	}
}

// rootsTree returns the root of the tree over the roots of in's
// instances by elem (a SliceOf or PtrsOf input), padded to 2^depth or
// progressive, no length mixed in: a tile at a time when the list is
// long (see listTileDepth), else from one batch of roots. It is what a
// list or vector of composite elements costs, from Go memory or from
// bytes. An error names the element's index in in.
func rootsTree(x *run, elem rooter, in Input, depth int, progressive bool) ([32]byte, error) {
	if tiledList(in.n, depth, x.workers, progressive) {
		return tiledListRoot(x, inputRoots(elem, in), in.n, depth, progressive)
	}
	bp := getBuf(treeBufLen(in.n, progressive))
	defer putBuf(bp)
	buf := *bp
	if err := rootsInOrder(x, elem, rootsView(buf, in.n), in); err != nil {
		return [32]byte{}, err
	}
	if err := x.e.tree.merkleizeTree(buf, in.n, depth, progressive, x.workers); err != nil {
		return [32]byte{}, err
	}
	return [32]byte(buf[:32]), nil
}

// tiledList reports whether a list of n composite elements (2^depth
// wide unless progressive) is rooted a tile at a time with that many
// workers (see listTileDepth).
func tiledList(n, depth, workers int, progressive bool) bool {
	// Divided, not multiplied: WithWorkers(1<<62) must not wrap.
	return (progressive || depth >= listTileDepth) && n>>listTileDepth/minTilesPerWorker >= workers
}

// rootsAt gives the tiled walks the roots of a list's elements: in's
// instances by elem, or, when of is set, what of computes (the elements
// of a serialization). It is passed by value, so the walks of in
// allocate nothing for it.
type rootsAt struct {
	elem rooter
	in   Input
	of   func(x *run, dst [][32]byte, first int) error
}

// inputRoots is the rootsAt of in's instances by elem.
func inputRoots(elem rooter, in Input) rootsAt { return rootsAt{elem: elem, in: in} }

// at writes the roots of elements first, first+1, … to dst (len(dst) of
// them); an error names the lowest bad element of those, its Index
// relative to first.
func (r rootsAt) at(x *run, dst [][32]byte, first int) error {
	if r.of != nil {
		return r.of(x, dst, first)
	}
	return rootsInOrder(x, r.elem, dst, r.in.span(first, len(dst)))
}

// tiledListRoot is tiledRoot for a list of n elements of either kind: a
// progressive list (EIP-7916) by tiledProgressiveRoot, otherwise the
// tree of depth.
func tiledListRoot(x *run, roots rootsAt, n, depth int, progressive bool) ([32]byte, error) {
	if progressive {
		return tiledProgressiveRoot(x, roots, n)
	}
	return tiledRoot(x, roots, 0, n, depth)
}

// tiledProgressiveRoot returns merkleize_progressive of the roots of n
// elements: the subtrees of at least a tile's width (4^6 = 4,096 leaves
// and up) by tiledRoot over their elements, the small ones below them
// from one batch of roots, as MerkleizeProgressiveParallel does; then
// the spine. An error names the element's index in the list.
func tiledProgressiveRoot(x *run, roots rootsAt, n int) ([32]byte, error) {
	const tile = 1 << listTileDepth
	// The elements of the subtrees narrower than a tile, and room for
	// the spine's subtree roots (at most 32) and its zero end.
	small := min(n, int(progressive.Start(listTileDepth/2)))
	bp := getBuf(progressiveBufLen(max(small, 33)))
	defer putBuf(bp)
	buf := *bp
	if err := roots.at(x, rootsView(buf, small), 0); err != nil {
		return [32]byte{}, err
	}
	t := x.e.tree
	var c counts
	defer t.stats.add(&c)
	k := 0
	for lo, size := 0, 1; lo < n; lo, size = lo+size, 4*size {
		m := min(size, n-lo)
		if size < tile {
			// As in MerkleizeProgressiveParallel: only the last subtree
			// pads, into the chunk after the batch, which
			// progressiveBufLen reserves; its root moves to chunk k ≤ lo.
			t.merkleize(buf[32*lo:], m, 0, 2*k, &c)
			copy(buf[32*k:32*k+32], buf[32*lo:32*lo+32])
		} else {
			root, err := tiledRoot(x, roots, lo, m, 2*k)
			if err != nil {
				return [32]byte{}, shiftIndex(err, lo)
			}
			// Chunk k lies in the small subtrees' roots, already used.
			copy(buf[32*k:32*k+32], root[:])
		}
		k++
	}
	t.foldSpine(buf, k, &c)
	return [32]byte(buf[:32]), nil
}

// tiledRoot returns the root of the tree over the roots of the n
// elements from first on, padded to 2^depth, computed a tile of
// 2^listTileDepth elements at a time (see listTileDepth); each worker
// takes one run of whole tiles. depth is at least listTileDepth. An
// error's Index is relative to first.
func tiledRoot(x *run, roots rootsAt, first, n, depth int) ([32]byte, error) {
	const tile = 1 << listTileDepth
	tiles := (n + tile - 1) / tile
	tp := getBuf(BufLen(tiles))
	defer putBuf(tp)
	top := *tp
	if workers := min(x.workers, tiles); workers <= 1 {
		if err := rootTiles(x, roots, first, n, top, 0, tiles); err != nil {
			return [32]byte{}, err
		}
	} else {
		// Each worker's tiles run with one worker: the tiles, not the
		// runner, split the work.
		one := &run{e: x.e, workers: 1}
		per := (tiles + workers - 1) / workers
		err := inSpans(tiles, per, func(lo, hi int) error { return rootTiles(one, roots, first, n, top, lo, hi) })
		if err != nil {
			return [32]byte{}, err
		}
	}
	// The tile roots are level listTileDepth of the tree: its padding
	// there is zero_hashes[listTileDepth] and up.
	t := x.e.tree
	var c counts
	t.merkleize(top, tiles, listTileDepth, depth, &c)
	t.stats.add(&c)
	return [32]byte(top[:32]), nil
}

// rootTiles writes the subtree roots of tiles lo..hi-1 of the n
// elements from first on into top, one chunk per tile; the last tile of
// the list is padded with zero chunks. An error's Index is relative to
// first.
func rootTiles(x *run, roots rootsAt, first, n int, top []byte, lo, hi int) error {
	const tile = 1 << listTileDepth
	bp := getBuf(BufLen(tile))
	defer putBuf(bp)
	buf := *bp
	t := x.e.tree
	for j := lo; j < hi; j++ {
		at := j * tile
		m := min(tile, n-at)
		if err := roots.at(x, rootsView(buf, m), first+at); err != nil {
			return shiftIndex(err, at)
		}
		t.Merkleize(buf, m, listTileDepth)
		copy(top[32*j:32*j+32], buf[:32])
	}
	return nil
}
