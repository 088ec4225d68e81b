package cache

import (
	"bytes"
	"fmt"
	"github.com/lanehash/lanehash/internal/checked"
	"github.com/lanehash/lanehash/internal/chunk"
	"github.com/lanehash/lanehash/internal/elemplan"
	"math/bits"
	"reflect"
	"slices"
	"unsafe"

	"github.com/lanehash/lanehash/proof"
	"github.com/lanehash/lanehash/sched"
	"github.com/lanehash/lanehash/ssz"
)

// packed caches a value whose chunks are its bytes: vectors and lists of
// basic values (balances, participation flags, byte strings), bitvectors
// and bitlists. The stored chunks are at once level 0 of the tree and the
// copy the safe mode compares with, so finding changes costs one memory
// compare and no extra memory.
type packed struct {
	t      *ssz.Type
	path   string
	esize  int  // bytes per element (1 for bitfields)
	bits   bool // a bitfield: counts are bits
	list   bool // the length is mixed in
	fixedN int  // a vector's element (or bit) count
	limit  uint64
	slice  bool                                           // the Go value is a slice (else an array)
	check  func(v unsafe.Pointer) ([]byte, uint64, error) // plan's value check
	tree   chunkTree
	n      int            // elements or bits at the last update
	at     unsafe.Pointer // the value's bytes at the last update (a slice's array)
	atLen  int            // and its slice length
	root   [32]byte
	// desc: the last update's value was a vector held by an empty
	// slice (the zero vector), kept by description: its root is the
	// zero-subtree root at the tree's depth and no chunk is stored, so
	// a zero vector costs the tree nothing however long it is. Chunks
	// are stored only for a vector that holds its bytes (memory its
	// owner holds already).
	desc  bool
	strip []byte // a bitlist's bytes without the delimiter
	// sparseAt is the value whose data a sparse walk read last, sparseB
	// and sparseN that data (see sparseData).
	sparseAt unsafe.Pointer
	sparseB  []byte
	sparseN  int
	// bstrip is a bitlist's bits without the delimiter, cut by a sparse
	// walk of bytes from the serialization bstripAt and bstripLen name.
	bstrip    []byte
	bstripAt  *byte
	bstripLen int
	dirty     []int // scratch: changed chunks
	iota      []int // 0, 1, 2, …: the dirty list when every chunk changed
	built     bool
}

func newPacked(c *ctx, t *ssz.Type, path string) *packed {
	if !packedGo(t) {
		return nil
	}
	g := t.Go
	p := &packed{t: t, path: path, slice: g.Kind() == reflect.Slice}
	switch t.Kind {
	case ssz.KindBitvector, ssz.KindBitlist, ssz.KindProgressiveBitlist:
		p.esize, p.bits = 1, true
	default:
		p.esize = int(t.Elem.Size)
	}
	switch t.Kind {
	case ssz.KindVector:
		p.fixedN = int(t.Length)
	case ssz.KindBitvector:
		p.fixedN = int(t.Length)
	case ssz.KindList, ssz.KindBitlist:
		p.list, p.limit = true, t.Limit
	case ssz.KindProgressiveList, ssz.KindProgressiveBitlist:
		p.list, p.limit = true, 1<<62
		p.tree = &progressive{}
	}
	if p.tree == nil {
		p.tree = &wide{depth: sched.Depth(t.ChunkCount()), keepLeaves: !c.upper || !p.list}
	}
	p.check = elemplan.CheckPacked(t)
	return p
}

// packedGo reports whether the Go values of bitfield, list or vector
// of basic values t are a packed node's: a slice or an array whose
// memory is the serialization (bytes for a bitfield, plain integers or
// booleans of the element's size otherwise).
func packedGo(t *ssz.Type) bool {
	g := t.Go
	if g.Kind() != reflect.Slice && g.Kind() != reflect.Array {
		return false
	}
	switch t.Kind {
	case ssz.KindBitvector, ssz.KindBitlist, ssz.KindProgressiveBitlist:
		return g.Elem().Kind() == reflect.Uint8
	}
	return (plainBytes(g.Elem()) || g.Elem().Kind() == reflect.Bool) && uintptr(t.Elem.Size) == g.Elem().Size()
}

// data returns the value's bytes as chunks are cut from them (a
// bitlist's without its delimiter) and its element (or bit) count, after
// the value checks plan and sched make (check).
func (p *packed) data(v unsafe.Pointer) ([]byte, int, error) {
	return p.dataAt(v, p.path)
}

// dataAt is data for a value at path: a short node checks and cuts its
// value through the packed node its type shares (shortProto), which
// serves every value of the type and names none.
func (p *packed) dataAt(v unsafe.Pointer, path string) ([]byte, int, error) {
	b, n, err := p.check(v)
	switch {
	case err != nil:
		return nil, 0, fieldError(path, err)
	case p.t.Kind == ssz.KindVector || p.t.Kind == ssz.KindBitvector:
		// b is nil for an empty slice, the zero vector: update keeps
		// it by description and reads no byte of it.
		return b, p.fixedN, nil
	case p.t.Kind == ssz.KindBitlist || p.t.Kind == ssz.KindProgressiveBitlist:
		if _, ok := checked.Int(n); !ok {
			return nil, 0, tooManyBits(path, n)
		}
		p.strip = append(p.strip[:0], b[:(n+7)/8]...)
		if n%8 != 0 {
			p.strip[len(p.strip)-1] &^= 1 << (n % 8)
		}
		return p.strip, int(n), nil
	}
	return b, int(n), nil
}

// shape is where the value at v keeps its bytes and, for a slice, its
// length: what a read of the last update's chunks checks first.
func (p *packed) shape(v unsafe.Pointer) (unsafe.Pointer, int) {
	if v == nil || !p.slice {
		return v, 0
	}
	h := (*sliceHeader)(v)
	return h.data, h.len
}

// chunkCount is the number of chunks for n elements (or bits).
func (p *packed) chunkCount(n int) int {
	// Divided before rounding up: n near the largest int (a bitvector
	// of 2^31−1 bits on a 32-bit host) must not wrap when rounded.
	per, size := 256, n
	if !p.bits {
		per, size = 32, n*p.esize // a vector's byte size fits an int (ssz)
	}
	c := size / per
	if size%per != 0 {
		c++
	}
	return c
}

// putChunk copies chunk i of b (zero-padded) into dst.
func putChunk(dst, b []byte, i int) {
	if 32*i+32 <= len(b) {
		chunk.Move(dst, b[32*i:]) // a whole chunk
		return
	}
	n := copy(dst[:32], b[min(32*i, len(b)):min(32*i+32, len(b))])
	clear(dst[n:32])
}

func (p *packed) update(c *ctx, v unsafe.Pointer, sel *selection) ([32]byte, error) {
	b, n, err := p.data(v)
	if err != nil {
		return [32]byte{}, err
	}
	at, atLen := p.shape(v)
	if b == nil && !p.list && n > 0 {
		return p.zeroVector(c, at, atLen), nil
	}
	if p.desc {
		// From the zero vector by description to bytes: the tree is
		// empty, and every chunk is new.
		sel, p.desc = nil, false
	}
	if sel != nil && p.built && (at != p.at || !p.list && atLen != p.atLen) {
		// Marked mode, and the bytes are not where the last update read
		// them (a new array, a nil slice, a vector's slice cut to the
		// zero vector): compared whole with the stored chunks, as for a
		// whole-field mark. A list's length alone is the length logic's.
		sel = nil
	}
	p.at, p.atLen = at, atLen
	oldChunks, chunks := p.tree.count(), p.chunkCount(n)
	oldN := p.n
	p.tree.resize(chunks)
	var dirty []int
	keep := p.tree.keeps()
	stored := 0  // the chunks below this one are stored already
	all := false // every chunk is stored and in dirty already
	switch {
	case sel == nil && keep:
		stored = min(oldChunks, chunks)
		dirty = p.diff(p.dirty[:0], b, stored)
	case sel == nil:
		// No stored chunks to compare with: every chunk is rehashed.
		dirty = p.dirty[:0]
		for i := range min(oldChunks, chunks) {
			dirty = append(dirty, i)
		}
	default:
		// An element or bit index's chunk: 32/esize elements (a power of
		// two) or 256 bits per chunk. Marks past the old end are covered
		// by the new chunks below.
		shift := uint(bits.Len(uint(32/p.esize)) - 1)
		if p.bits {
			shift = 8
		}
		var dense bool
		dirty, dense = sel.chunks(p.dirty, min(n, oldN), shift, keep)
		if dense {
			// Most chunks are marked: the tree is rehashed whole from
			// its chunks anyway, so every chunk is copied in one move
			// per run, appended and edge chunks included.
			p.copyChunks(b, chunks)
			stored, all = chunks, true
			dirty = p.every(chunks)
			break
		}
		// The chunk that held the old end may have gained or lost bytes.
		if oldN != n && oldChunks > 0 && oldChunks <= chunks {
			dirty = appendSorted(dirty, oldChunks-1)
		}
	}
	if !all {
		for i := oldChunks; i < chunks; i++ {
			dirty = append(dirty, i)
		}
		if chunks < oldChunks && chunks > 0 {
			dirty = appendSorted(dirty, chunks-1)
		}
	}
	var fetch fetchFunc // only a tree without its chunks reads them back
	if keep {
		// dirty is sorted: one run lookup per stretch of stored chunks.
		j, _ := slices.BinarySearch(dirty, stored)
		for j < len(dirty) {
			start := dirty[j]
			run := p.tree.run(start)
			end := start + len(run)/32
			for ; j < len(dirty) && dirty[j] < end; j++ {
				putChunk(run[32*(dirty[j]-start):], b, dirty[j])
			}
		}
	} else {
		fetch = func(idx []int, dst []byte) error {
			for j, i := range idx {
				putChunk(dst[32*j:], b, i)
			}
			return nil
		}
	}
	if !all {
		p.dirty = dirty // scratch; every's slice is kept apart
	}
	if err := p.tree.rehash(c.hasher, dirty, fetch); err != nil {
		return [32]byte{}, err
	}
	if len(dirty) == 0 && n == oldN && p.built {
		return p.root, nil // nothing changed: not even the length mix-in
	}
	p.n, p.built = n, true
	p.root = p.tree.root(c.hasher)
	if p.list {
		p.root = c.mixIn(p.root, uint64(n))
	}
	return p.root, nil
}

// zeroVector roots the zero vector (an empty slice standing for a
// vector) by description: the zero-subtree root at the tree's depth, and
// no chunk stored. A tree built for a vector that held bytes before is
// dropped, so the memory goes with the bytes it mirrored.
func (p *packed) zeroVector(c *ctx, at unsafe.Pointer, atLen int) [32]byte {
	p.at, p.atLen = at, atLen
	if p.desc && p.built {
		return p.root
	}
	w := p.tree.(*wide) // a vector's tree is always wide
	p.tree = &wide{depth: w.depth, keepLeaves: w.keepLeaves}
	p.dirty, p.iota = nil, nil // scratch sized to the bytes held before
	p.n, p.built, p.desc = p.fixedN, true, true
	p.root = c.hasher.zero[w.depth]
	return p.root
}

// every returns the chunks 0 … m−1, the dirty list of a rehash of every
// chunk, from a slice kept for it: written once, not on every update.
func (p *packed) every(m int) []int {
	for i := len(p.iota); i < m; i++ {
		p.iota = append(p.iota, i)
	}
	return p.iota[:m]
}

// copyChunks stores the first m chunks of b (the last one zero-padded),
// one copy per contiguous run of stored chunks.
func (p *packed) copyChunks(b []byte, m int) {
	for start := 0; start < m; {
		run := p.tree.run(start)
		end := min(m, start+len(run)/32)
		whole := min(end, len(b)/32) // chunks b holds in full
		if whole > start {
			copy(run, b[32*start:32*whole])
		}
		for i := max(whole, start); i < end; i++ {
			putChunk(run[32*(i-start):], b, i)
		}
		start = end
	}
}

// appendSorted inserts i into the sorted distinct slice s.
func appendSorted(s []int, i int) []int {
	for j, v := range s {
		if v == i {
			return s
		}
		if v > i {
			s = append(s, 0)
			copy(s[j+1:], s[j:])
			s[j] = i
			return s
		}
	}
	return append(s, i)
}

// diff returns the chunks among the first m whose bytes differ from the
// stored ones, and stores them: a memory compare, 1 KiB at a time over
// each contiguous run of stored chunks (a wide tree's chunks, a
// progressive subtree's), chunk by chunk only in a block that differs.
// A changed chunk is written while it is at hand, not read again later.
func (p *packed) diff(dirty []int, b []byte, m int) []int {
	const block = 32
	var c [32]byte
	for start := 0; start < m; {
		run := p.tree.run(start)
		end := min(m, start+len(run)/32)
		for s := start; s < end; s += block {
			e := min(s+block, end)
			if 32*e <= len(b) && bytes.Equal(b[32*s:32*e], run[32*(s-start):32*(e-start)]) {
				continue
			}
			for i := s; i < e; i++ {
				have := run[32*(i-start):]
				if 32*i+32 <= len(b) {
					// A whole chunk: compared and stored straight from
					// the value, not through a padded copy.
					if src := b[32*i:]; !chunk.Equal(have, src) {
						chunk.Move(have, src)
						dirty = append(dirty, i)
					}
					continue
				}
				putChunk(c[:], b, i)
				if !chunk.Equal(have, c[:]) {
					chunk.Move(have, c[:])
					dirty = append(dirty, i)
				}
			}
		}
		start = end
	}
	return dirty
}

func (p *packed) nodeAt(c *ctx, v unsafe.Pointer, g proof.GIndex) ([32]byte, error) {
	if g == 1 {
		return p.root, nil
	}
	rel := g
	if p.list {
		switch g {
		case 2:
			return p.tree.root(c.hasher), nil
		case 3:
			return lengthChunk(uint64(p.n)), nil
		}
		var ok bool
		if rel, ok = underData(g); !ok {
			return [32]byte{}, errInside(g)
		}
	}
	if p.desc {
		// The zero vector kept by description: every node is the
		// zero-subtree root of its height.
		d := rel.Depth()
		depth := p.tree.(*wide).depth
		if rel == 0 || d > depth {
			return [32]byte{}, fmt.Errorf("cache: %s: node %d below a tree of depth %d: %w", p.path, g, depth, proof.ErrIndex)
		}
		return c.hasher.zero[depth-d], nil
	}
	if p.tree.keeps() {
		return p.tree.node(c.hasher, rel, nil) // no closure on the common path
	}
	fetch := func(idx []int, dst []byte) error {
		// Only a list of an upper levels only tree reads its chunks
		// from the value, and only from the bytes of the last update.
		if v == nil {
			return fmt.Errorf("cache: %s: %w (its container was replaced)", p.path, ErrChanged)
		}
		b, _, err := p.data(v)
		if err != nil {
			// Valid at the last Root: invalid now is a change too, and
			// both are said.
			return fmt.Errorf("%w: %w", ErrChanged, err)
		}
		if at, n := p.shape(v); at != p.at || n != p.atLen {
			return fmt.Errorf("cache: %s: %w (its chunks are read from the value, which is not the last Root's)", p.path, ErrChanged)
		}
		for j, i := range idx {
			putChunk(dst[32*j:], b, i)
		}
		return nil
	}
	return p.tree.node(c.hasher, rel, fetch)
}

func (p *packed) bytes() int {
	return p.tree.bytes() + cap(p.strip) + 8*(cap(p.dirty)+cap(p.iota))
}

// plainBytes reports whether values of g are integers (or arrays of them)
// whose memory is their little-endian serialization.
func plainBytes(g reflect.Type) bool {
	switch g.Kind() {
	case reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return true
	case reflect.Array:
		return plainBytes(g.Elem())
	}
	return false
}

// tooManyBits is the error of a bitlist holding more bits than an int
// counts (2^31 on a 32-bit host), which the tree counts in an int: it
// is refused as a vector too large to keep is.
func tooManyBits(path string, n uint64) error {
	return &ssz.Error{Path: path, Err: fmt.Errorf("%w (%w): a bitlist of %d bits is more than an int counts on this host; plan.PlanFor roots it", ErrTooLarge, ssz.ErrUnsupported, n)}
}
