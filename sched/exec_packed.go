package sched

import (
	"math/bits"
	"strconv"
	"sync"
	"unsafe"

	"github.com/lanehash/lanehash/internal/checked"
	"github.com/lanehash/lanehash/internal/graph"
)

// packedRooter runs a PackedNode (packed basic vectors and lists,
// bitvectors and bitlists, plain and progressive) as wide trees
// merkleized level by level with Pairs: one binary value's first level
// straight from its bytes, a tile at a time (binaryRootOf), a
// progressive one's chunks copied into scratch, a tile at a time when
// long; many values go through the level queue together.
type packedRooter struct {
	n     *graph.PackedNode
	depth int // depth of the limit's chunk tree
}

func newPackedRooter(n *graph.PackedNode) *packedRooter {
	r := &packedRooter{n: n}
	switch n.Kind {
	case graph.PackedVector:
		// Length·ElemSize is the vector's size, which ssz keeps within
		// an int.
		r.depth = Depth(checked.CeilDiv(n.Length*n.ElemSize, 32))
	case graph.PackedList:
		hi, lo := bits.Mul64(n.Limit, n.ElemSize)
		// Limit·ElemSize may pass 2^64 bytes; the chunk count does not.
		chunks := hi<<59 | lo>>5
		if lo%32 != 0 {
			chunks++
		}
		r.depth = Depth(chunks)
	case graph.Bitvector:
		r.depth = Depth(checked.CeilDiv(n.Length, 256))
	case graph.Bitlist:
		r.depth = Depth(checked.CeilDiv(n.Limit, 256))
	}
	return r
}

// contents returns the value's bytes and its element count.
func (r *packedRooter) contents(p unsafe.Pointer) ([]byte, uint64) {
	if r.n.Array {
		n := r.n.ArrayLen
		return unsafe.Slice((*byte)(p), uint64(n)*r.n.ElemSize), uint64(n)
	}
	h := *(*sliceHeader)(p) // read once: the length checked is the length used
	if h.len == 0 {
		return nil, 0
	}
	return unsafe.Slice((*byte)(h.data), uint64(h.len)*r.n.ElemSize), uint64(h.len)
}

func (r *packedRooter) roots(x *run, dst [][32]byte, in Input) error {
	if in.n > 1 {
		return r.rootsBatch(x, dst, in)
	}
	for i := 0; i < in.n; i++ {
		p, err := in.at(i)
		if err != nil {
			return err
		}
		if dst[i], err = r.root(x, p); err != nil {
			return setIndex(err, i)
		}
	}
	return nil
}

func (r *packedRooter) progressive() bool {
	return r.n.Kind == graph.PackedProgressiveList || r.n.Kind == graph.ProgressiveBitlist
}

func (r *packedRooter) bitlist() bool {
	return r.n.Kind == graph.Bitlist || r.n.Kind == graph.ProgressiveBitlist
}

func (r *packedRooter) mixesLength() bool {
	return r.n.Kind != graph.PackedVector && r.n.Kind != graph.Bitvector
}

// packedValue is one value's data, checked.
type packedValue struct {
	data   []byte // the bytes to chunk (nil for a zero vector)
	length uint64 // element or bit count, mixed in for lists
	chunks int    // leaf chunks the data fills
}

// measure checks the value at p and returns its data.
func (r *packedRooter) measure(p unsafe.Pointer) (packedValue, error) {
	data, count := r.contents(p)
	return r.check(data, count)
}

// check checks a value's data of count elements (bytes of a bitfield)
// and returns it measured: what the Go-memory and the serialized paths
// share.
func (r *packedRooter) check(data []byte, count uint64) (packedValue, error) {
	n := r.n
	v := packedValue{data: data, length: count}
	switch n.Kind {
	case graph.PackedVector, graph.Bitvector:
		want := n.Length
		if n.Kind == graph.Bitvector {
			want = checked.CeilDiv(n.Length, 8)
		}
		if count == 0 && !n.Array {
			// The zero vector: no data, a zero tree.
			return packedValue{}, nil
		}
		if count != want {
			return v, errorf(-1, n.Path, graph.KindLength, "length %d, want %d", count, want)
		}
		if extra := n.Length % 8; n.Kind == graph.Bitvector && extra != 0 && data[count-1]>>extra != 0 {
			return v, errorf(-1, n.Path, graph.KindBitvector, "bits set beyond bit %d", n.Length)
		}
	case graph.PackedList:
		if count > n.Limit {
			return v, errorf(-1, n.Path, graph.KindTooLong, "length %d, limit %d", count, n.Limit)
		}
	case graph.Bitlist, graph.ProgressiveBitlist:
		// Empty bytes stand for the empty bitlist, as in the reference.
		if count > 0 && data[count-1] == 0 {
			return v, errorf(-1, n.Path, graph.KindBitlist, "no delimiter bit")
		}
		v.length = 0
		if count > 0 {
			v.length = 8*(count-1) + uint64(bits.Len8(data[count-1])) - 1
		}
		if n.Kind == graph.Bitlist && v.length > n.Limit {
			return v, errorf(-1, n.Path, graph.KindTooLong, "%d bits, limit %d", v.length, n.Limit)
		}
		v.chunks = int((v.length + 255) / 256) // divided first: on a 32-bit host 2^31 bits do not fit an int
		return v, nil
	}
	if n.Bools {
		for i, c := range data {
			if c > 1 {
				// The element's index follows the list's path (empty in
				// the bytes path, whose caller prefixes the field's).
				return v, errorf(-1, n.Path+"["+strconv.Itoa(i)+"]", graph.KindBool, "byte 0x%02x", c)
			}
		}
	}
	v.chunks = int(checked.CeilDiv(uint64(len(data)), 32)) // len+31 wraps near 2^31 on 32-bit hosts
	return v, nil
}

// fill copies the value's chunks into buf (zero-padding the last one,
// dropping a bitlist's delimiter bit).
func (r *packedRooter) fill(buf []byte, v packedValue) {
	n := copy(buf[:32*v.chunks], v.data)
	clear(buf[n : 32*v.chunks])
	if i := v.length / 8; r.bitlist() && i < uint64(32*v.chunks) {
		// The delimiter bit was copied with the data: clear it.
		buf[i] &^= 1 << (v.length % 8)
	}
}

// root hashes one value.
func (r *packedRooter) root(x *run, p unsafe.Pointer) ([32]byte, error) {
	v, err := r.measure(p)
	if err != nil {
		return [32]byte{}, err
	}
	return r.rootOf(x, v), nil
}

// rootOf hashes one measured value, with up to x.workers goroutines
// for a wide tree: the one path of a value in Go memory and of one
// serialized (whose data is its bytes).
func (r *packedRooter) rootOf(x *run, v packedValue) [32]byte {
	if root, ok := r.tiledRootOf(x, v); ok {
		return root
	}
	if root, ok := r.binaryRootOf(x, v); ok {
		return root
	}
	bp := getBuf(treeBufLen(v.chunks, r.progressive()))
	defer putBuf(bp)
	buf := *bp
	r.fill(buf, v)
	t := x.e.tree
	// Errors come only from workers, which cannot fail here.
	_ = t.merkleizeTree(buf, v.chunks, r.depth, r.progressive(), x.workers)
	if r.mixesLength() {
		t.MixInLength(buf, v.length)
	}
	return [32]byte(buf[:32])
}

// tiledRootOf roots a long progressive value (a Gloas state's balances)
// a tile of chunks at a time, each tile's chunks copied from the value
// as tiledProgressiveRoot reaches them: the scratch it takes is a
// tile's, not the value's (whose pooled buffer of megabytes a
// collection drops). ok is false for a binary tree (binaryRootOf) and
// a short progressive one, which is copied whole.
func (r *packedRooter) tiledRootOf(x *run, v packedValue) (root [32]byte, ok bool) {
	if !r.progressive() || v.chunks < 2<<listTileDepth {
		return root, false
	}
	roots := rootsAt{of: func(_ *run, dst [][32]byte, first int) error {
		r.fillRange(unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(dst))), 32*len(dst)), v, first)
		return nil
	}}
	// Errors come only from roots, which cannot fail.
	root, _ = tiledProgressiveRoot(x, roots, v.chunks)
	if r.mixesLength() {
		root = x.e.tree.mixIn(root, v.length)
	}
	return root, true
}

// fillRange is fill for chunks first, first+1, … of v, as many as dst
// holds.
func (r *packedRooter) fillRange(dst []byte, v packedValue, first int) {
	lo := uint64(32 * first)
	k := 0
	if lo < uint64(len(v.data)) {
		k = copy(dst, v.data[lo:])
	}
	clear(dst[k:])
	if i := v.length / 8; r.bitlist() && i >= lo && i < lo+uint64(len(dst)) {
		dst[i-lo] &^= 1 << (v.length % 8)
	}
}

// rootsBatch checks every value, then hashes them a tile at a time:
// small values' trees go through the level queue together, to fill the
// lanes, a wide one by itself, in place (see tileChunks). Plain trees
// go through the queue only until every tree of the tile is one node;
// the zero-hash ladders above those nodes (20 levels for a transaction
// of a few hundred bytes) and the length mix-ins then run for all
// values of all tiles together (ladderAll).
func (r *packedRooter) rootsBatch(x *run, dst [][32]byte, in Input) error {
	s := getPackedScratch(in.n)
	defer putPackedScratch(s)
	vals, sizes := s.vals, s.sizes
	if r.measureList(vals, sizes, in) {
		goto measured
	}
	for i := range vals {
		p, err := in.at(i)
		if err != nil {
			return err
		}
		if vals[i], err = r.measure(p); err != nil {
			return setIndex(err, i)
		}
		sizes[i] = vals[i].chunks
	}
measured:
	return r.rootsMeasured(x, dst, s)
}

// rootsMeasured roots the measured values of s (vals and sizes set), a
// tile of them at a time: the one path of many values in Go memory and
// of many serialized (a list's elements, a field of many containers,
// a union option's values), so no batch copies more than a tile's
// chunks and a value wider than a tile is hashed in place (rootOf).
func (r *packedRooter) rootsMeasured(x *run, dst [][32]byte, s *packedScratch) error {
	vals, sizes := s.vals, s.sizes
	if r.progressive() {
		return tileSpans(sizes, r.mixesLength(), func(lo, hi int, lengths []uint64) error {
			if hi-lo > 1 {
				r.batch(x, dst[lo:hi], vals[lo:hi], sizes[lo:hi], lengths)
			} else {
				dst[lo] = r.rootOf(x, vals[lo])
			}
			return nil
		})
	}
	levels := s.levels
	var c counts
	from := 0 // the first value whose ladder has not run
	_ = tileSpans(sizes, false, func(lo, hi int, _ []uint64) error {
		if hi-lo > 1 {
			r.climb(x, dst[lo:hi], vals[lo:hi], sizes[lo:hi], levels[lo:hi], &c)
		} else {
			dst[lo] = r.rootOf(x, vals[lo])
			levels[lo] = rootedLevel
		}
		if hi-from >= ladderGroup {
			r.ladderAll(x, dst[from:hi], vals[from:hi], levels[from:hi], s, &c)
			from = hi
		}
		return nil
	})
	r.ladderAll(x, dst[from:], vals[from:], levels[from:], s, &c)
	x.e.tree.stats.add(&c)
	return nil
}

// measureList is measure for every value of in at once, for the common
// plain packed list (a block's transactions: one block's list, or the
// element pointers of many blocks' lists): the slice header read once,
// the limit compared, nothing else. It returns false, having set nothing
// that counts, for every other node or input, and for a nil element or
// one over the limit, whose error the caller's measure then names.
func (r *packedRooter) measureList(vals []packedValue, sizes []int, in Input) bool {
	n := r.n
	if n.Kind != graph.PackedList || n.Array || n.Bools || in.indirect {
		return false
	}
	limit, es := n.Limit, n.ElemSize
	for i := range vals {
		var p unsafe.Pointer
		if in.ptrs != nil {
			if p = in.ptrs[i]; p == nil {
				return false
			}
		} else {
			p = unsafe.Add(in.base, uintptr(i)*in.stride)
		}
		h := *(*sliceHeader)(p) // read once: the length checked is the length used
		count := uint64(h.len)
		if count > limit {
			return false
		}
		// count·es is the value's size in memory, within an int.
		bytes := int(count * es)
		var data []byte
		if bytes > 0 {
			data = unsafe.Slice((*byte)(h.data), bytes)
		}
		vals[i] = packedValue{data: data, length: count, chunks: int(checked.CeilDiv(uint64(bytes), 32))}
		sizes[i] = vals[i].chunks
	}
	return true
}

// ladderGroup is how many values' ladders rootsBatch lets pile up
// before climbing them together: enough for full lanes at every level
// (a block's 200 transactions climb as one group), few enough that the
// ladders' scratch (160 bytes a value) stays in L2 however many values
// there are (64 blocks' 12,800 transactions climb in groups from about
// 1,024).
const ladderGroup = 1024

// rootedLevel marks, in rootsBatch's levels, a value already rooted
// (its length mixed in): one wide enough to be a tile by itself.
const rootedLevel = 255

// climb runs the level queue over the plain trees of vals (together at
// most a tile of chunks) until each is a single node, and leaves in
// dst[i] the node of value i and in levels[i] its level (the depth, with
// dst[i] the zero tree's root, for an empty value). sizes holds the
// values' chunk counts and is overwritten.
func (r *packedRooter) climb(x *run, dst [][32]byte, vals []packedValue, sizes []int, levels []uint8, c *counts) {
	// Level 0 is laid out as it is filled, in the second buffer.
	bp, ap := r.fillBatch(vals, true)
	defer putBuf(ap)
	defer putBuf(bp)
	t := x.e.tree
	level := t.batchLevels(*ap, *bp, sizes, r.depth, true, true, c)
	at := 0
	for i, n := range sizes {
		if n == 0 {
			dst[i], levels[i] = t.zero[r.depth], uint8(r.depth)
			continue
		}
		dst[i], levels[i] = [32]byte((*ap)[32*at:]), uint8(level)
		at++
	}
}

// ladderAll finishes every value climb left as one node: its ladder of
// zero hashes up to the tree's depth, then its length mixed in, each
// for all such values at once (Tree.ladders).
func (r *packedRooter) ladderAll(x *run, dst [][32]byte, vals []packedValue, levels []uint8, s *packedScratch, c *counts) {
	idx, lv := s.pend[:0], s.ladderLevels[:0]
	for i, l := range levels[:len(vals)] {
		if l != rootedLevel {
			idx, lv = append(idx, int32(i)), append(lv, l)
		}
	}
	if len(idx) == 0 {
		return
	}
	var lengths []uint64
	if r.mixesLength() {
		lengths = s.lengths[:len(vals)]
		for i, v := range vals {
			lengths[i] = v.length
		}
	}
	sb := getBuf(ladderScratch(len(idx), lengths != nil))
	defer putBuf(sb)
	x.e.tree.ladders(dst, idx, s.done[:len(idx)], lv, lengths, r.depth, *sb, c)
}

// packedScratch is rootsBatch's per-call bookkeeping, pooled so that a
// call allocates nothing in steady state.
type packedScratch struct {
	vals         []packedValue
	sizes        []int
	levels       []uint8
	ladderLevels []uint8
	lengths      []uint64
	pend         []int32
	done         []int32
}

var packedScratchPool = sync.Pool{New: func() any { return new(packedScratch) }}

// getPackedScratch returns scratch for n values.
func getPackedScratch(n int) *packedScratch {
	s := packedScratchPool.Get().(*packedScratch)
	if cap(s.vals) < n {
		s.vals = make([]packedValue, n)
		s.sizes = make([]int, n)
		s.levels = make([]uint8, n)
		s.ladderLevels = make([]uint8, n)
		s.lengths = make([]uint64, n)
		s.pend = make([]int32, 0, n)
		s.done = make([]int32, n)
	}
	s.vals, s.sizes, s.levels = s.vals[:n], s.sizes[:n], s.levels[:n]
	s.ladderLevels, s.lengths = s.ladderLevels[:n], s.lengths[:n]
	return s
}

// putPackedScratch returns s to the pool, dropping its references to
// the caller's values.
func putPackedScratch(s *packedScratch) {
	clear(s.vals)
	packedScratchPool.Put(s)
}

// batch hashes the trees of vals (together at most a tile of chunks)
// level by level together (the level queue; for progressive ones every
// subtree of every value), then mixes in all lengths with one call.
// sizes holds the values' chunk counts and is overwritten; so is
// lengths, scratch for the mix-ins (nil for vectors).
func (r *packedRooter) batch(x *run, dst [][32]byte, vals []packedValue, sizes []int, lengths []uint64) {
	ap, bp := r.fillBatch(vals, false)
	defer putBuf(ap)
	defer putBuf(bp)
	t := x.e.tree
	t.merkleizeTrees(dst, *ap, *bp, sizes, r.depth, r.progressive())
	if r.mixesLength() {
		for i, v := range vals {
			lengths[i] = v.length
		}
		sp := getBuf(64 * len(vals))
		defer putBuf(sp)
		t.MixInLengths(dst, lengths, *sp)
	}
}

// fillBatch returns the level queue's two buffers for vals, the first
// holding their chunks back to back, each value's padded to an even
// count with a zero chunk when padded.
//
// The values' bytes are asked for (prefetchLines) about fillAhead bytes
// before they are copied. The values are separate allocations (a block's
// transactions, 100–1,500 bytes each), so the hardware's stream
// prefetchers, which follow one address stream, learn each anew and the
// copy waits on memory at every value: with the bytes of 64 blocks
// (10 MB) out of cache, the fill cost a block about five times what it
// costs one block whose bytes are hot.
func (r *packedRooter) fillBatch(vals []packedValue, padded bool) (ap, bp *[]byte) {
	total := 0
	for _, v := range vals {
		total += v.chunks
	}
	ap, bp = getBuf(batchBufLen(total, len(vals))), getBuf(batchBufLen(total, len(vals)))
	at := 0
	// ahead is the first value whose bytes are not yet asked for; asked
	// and copied count the bytes of the values before ahead and before
	// the one being copied. A value's first fillAhead bytes are asked
	// for, the rest left to the hardware's prefetchers.
	ahead, asked, copied := 0, 0, 0
	for _, v := range vals {
		for canPrefetch && ahead < len(vals) && asked-copied < fillAhead {
			d := vals[ahead].data
			prefetchLines(uintptr(unsafe.Pointer(unsafe.SliceData(d))), uintptr(min(len(d), fillAhead)))
			asked += len(d)
			ahead++
		}
		copied += len(v.data)
		r.fill((*ap)[32*at:], v)
		at += v.chunks
		if padded && v.chunks%2 == 1 {
			clear((*ap)[32*at : 32*at+32])
			at++
		}
	}
	return ap, bp
}

// fillAhead is how many bytes of values fillBatch asks for ahead of
// its copy: enough to keep memory busy for the time a copy takes, few
// enough (a few dozen values) that the hints do not pile up in the miss
// buffers and that they land in L1/L2 before they are read (4 KiB
// measured the same on 64 blocks, 32 KiB 0.5% slower). Every line
// of a value is asked for: asking for only its first 256 bytes (the
// stream prefetchers taking over) kept about 60% of the gain on 64
// blocks (x-pairs 1.37 against 1.34, base 1.42, AMD EPYC Zen 5); the
// hints cost a block whose bytes are hot about 3 µs.
const fillAhead = 8 << 10

// PackedCheck returns the check a run makes of a value of packed node n:
// for the Go value at v (of the Go type n was compiled for), its bytes (a
// bitlist's delimiter included; nil for the zero vector an empty slice
// stands for) and its length (elements, or bits of a bitlist), or its
// first defect as an *Error. It is how the cache checks the packed
// fields it keeps the chunks of, so both follow the executor's one rule.
func PackedCheck(n *graph.PackedNode) func(v unsafe.Pointer) ([]byte, uint64, error) {
	r := newPackedRooter(n)
	return func(v unsafe.Pointer) ([]byte, uint64, error) {
		pv, err := r.measure(v)
		return pv.data, pv.length, err
	}
}
