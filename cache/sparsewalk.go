package cache

import (
	"errors"
	"fmt"
	"reflect"
	"unsafe"

	"github.com/lanehash/lanehash/internal/elemplan"
	playout "github.com/lanehash/lanehash/internal/progressive"
	"github.com/lanehash/lanehash/internal/sszpath"
	"github.com/lanehash/lanehash/plan"
	"github.com/lanehash/lanehash/proof"
	"github.com/lanehash/lanehash/ssz"
)

// A sparse walk computes one node of a plain value's tree (Sparse): the
// nodes (container, seq, packed, opaque) are the ones a tree of the type
// builds, never updated, so a sparse tree models exactly the parts a
// cached one does; each computes the node at g from the value alone and
// stores nothing. The root of a whole value is its plan's; a node above
// a tree's chunks is folded from the chunks below it, tile by tile
// (rangeRoot); a node below a chunk is the chunk's value's own node.

// sparseTile is the largest run of chunks a sparse walk gathers at once
// (4,096: 128 KiB of chunks): many lanes wide, and small enough that the
// element type's plan runs a batch within the core's caches (its arena
// holds every element's chunks and nodes). 2^15 measured 3–4% slower
// on a 1M-validator state, 2^10 the same as 2^12.
const (
	sparseTileShift = 12
	sparseTile      = 1 << sparseTileShift
)

// leafSource hands out the chunks of a data tree for rangeRoot: n of
// them, fill writing chunks [lo, lo+m) (all below n) to dst; same, when
// set, gives the root of 2^h chunks that are all alike (a zero vector's
// element roots), so no such chunk is computed one by one.
type leafSource struct {
	n    uint64
	fill func(dst []byte, lo uint64, m int) error
	same func(h int) ([32]byte, error)
}

// rangeRoot returns the root of the subtree of height h over chunks
// [lo, lo+2^h) of src, the chunks from src.n on being zero.
func (c *ctx) rangeRoot(src *leafSource, lo uint64, h int) ([32]byte, error) {
	if lo >= src.n {
		return c.zero[h], nil
	}
	if src.same != nil && h < 64 && src.n-lo >= 1<<h {
		return src.same(h)
	}
	if h > sparseTileShift {
		l, err := c.rangeRoot(src, lo, h-1)
		if err != nil {
			return [32]byte{}, err
		}
		r, err := c.rangeRoot(src, lo+1<<(h-1), h-1)
		if err != nil {
			return [32]byte{}, err
		}
		return c.pair(l, r), nil
	}
	m := int(min(uint64(1)<<h, src.n-lo))
	if cap(c.tile) < 32*(m+1) {
		c.tile = make([]byte, 32*(sparseTile+1))
	}
	buf := c.tile[:32*(m+1)]
	if err := src.fill(buf[:32*m], lo, m); err != nil {
		return [32]byte{}, err
	}
	// Fold the level in place: an odd level's last node pairs with the
	// zero subtree of its height.
	for level := 0; level < h; level++ {
		if m == 1 {
			r := [32]byte(buf[:32])
			for ; level < h; level++ {
				r = c.pair(r, c.zero[level])
			}
			return r, nil
		}
		if m%2 == 1 {
			copy(buf[32*m:], c.zero[level][:])
			m++
		}
		c.pairsInPlace(buf[:16*m], buf[:32*m])
		m /= 2
	}
	return [32]byte(buf[:32]), nil
}

// treeNode returns node g (relative to the data root) of a data tree
// above or at its chunks: a binary tree of the given depth, or, when
// prog, an EIP-7916 progressive tree.
func (c *ctx) treeNode(src *leafSource, prog bool, depth int, g proof.GIndex) ([32]byte, error) {
	if !prog {
		d := g.Depth()
		if g == 0 || d > depth {
			return [32]byte{}, fmt.Errorf("cache: node %d below a tree of depth %d: %w", g, depth, proof.ErrIndex)
		}
		return c.rangeRoot(src, (uint64(g)^1<<d)<<(depth-d), depth-d)
	}
	// Subtree k holds 4^k chunks from playout.Start(k); the spine node
	// after k subtrees is the progressive root of the rest.
	subs := progressiveSubs(src.n)
	sub, rel, spine, err := walkProgressive(subs, g)
	switch {
	case err != nil:
		return [32]byte{}, err
	case sub < 0:
		return c.spineRoot(src, spine, subs)
	}
	rd := rel.Depth()
	if rd > 2*sub {
		return [32]byte{}, fmt.Errorf("cache: node %d below a tree of depth %d: %w", rel, 2*sub, proof.ErrIndex)
	}
	return c.rangeRoot(src, playout.Start(sub)+(uint64(rel)^1<<rd)<<(2*sub-rd), 2*sub-rd)
}

// chunkOf is chunkTree.chunkOf for a data tree of n chunks (a
// progressive tree's subtrees are those n chunks need; a cached tree's
// are those of its last update).
func chunkOf(prog bool, depth int, n uint64, g proof.GIndex) (uint64, proof.GIndex, bool) {
	if !prog {
		return childIndex(g, depth)
	}
	return progressiveChunkOf(progressiveSubs(n), g)
}

// spineRoot is the progressive root of subtrees k.. of subs.
func (c *ctx) spineRoot(src *leafSource, k, subs int) ([32]byte, error) {
	if k >= subs {
		return [32]byte{}, nil
	}
	sub, err := c.rangeRoot(src, playout.Start(k), 2*k)
	if err != nil {
		return [32]byte{}, err
	}
	rest, err := c.spineRoot(src, k+1, subs)
	if err != nil {
		return [32]byte{}, err
	}
	return c.pair(sub, rest), nil
}

// rooterOf returns the plan of SSZ type t (for a pointer type, of the
// type it points to), taken once per tree (from its shelf, or compiled)
// with the tree's kernel; nil when no plan compiles for t.
func (c *ctx) rooterOf(t *ssz.Type) elemplan.Rooter {
	if r := c.planOf(t); r != nil {
		return r.p
	}
	return nil
}

// valueRoot roots the whole value of type t at p (for a pointer type, p
// holds the pointer; nil is the zero value) by the plan of its type, or
// by the reference for a type no plan compiles for.
func (c *ctx) valueRoot(t *ssz.Type, p unsafe.Pointer, path string) ([32]byte, error) {
	r := c.rooterOf(t)
	if r == nil {
		return newOpaque(t, path).update(c, p, nil)
	}
	q := p
	if t.Go.Kind() == reflect.Pointer {
		if q = *(*unsafe.Pointer)(p); q == nil {
			q = newZero(t.Go.Elem())
		}
	}
	var out [1][32]byte
	if err := r.RootPtrs(out[:], []unsafe.Pointer{q}); err != nil {
		return [32]byte{}, fieldError(path, err)
	}
	return out[0], nil
}

// dataIndex maps g, relative to a value's root and not 1, to the index
// relative to its data tree: when mixed in (a list, a progressive
// container) g under node 2 (2 itself is the data root, 1), else g as it
// is. mixed reports node 3, the chunk mixed in (a list's length, a
// progressive container's active fields); a node under it is inside a
// chunk.
func dataIndex(mixIn bool, g proof.GIndex) (rel proof.GIndex, mixed bool, err error) {
	if !mixIn {
		return g, false, nil
	}
	switch g {
	case 2:
		return 1, false, nil
	case 3:
		return 0, true, nil
	}
	rel, ok := underData(g)
	if !ok {
		return 0, false, errInside(g)
	}
	return rel, false, nil
}

// shapeOf is the shape of a data tree: progressive, or binary of depth.
func shapeOf(t chunkTree) (prog bool, depth int) {
	if w, ok := t.(*wide); ok {
		return false, w.depth
	}
	return true, 0
}

func (ct *container) sparse(c *ctx, p unsafe.Pointer, g proof.GIndex) ([32]byte, error) {
	if g == 1 {
		return c.valueRoot(ct.t, p, ct.path)
	}
	b := ct.base(p)
	return ct.sparseAt(c, g, func(pos int) ([32]byte, error) { return ct.chunkRoot(c, b, pos) },
		func(fi int, rest proof.GIndex) ([32]byte, error) {
			f := ct.fields[fi]
			return f.kid.sparse(c, unsafe.Add(b, f.off), rest)
		})
}

// sparseAt computes node g (not 1) of a container, whose chunk at each
// position chunkRoot gives and whose field fi's node at rest below
// gives, whichever the container is read from (a value, its bytes).
func (ct *container) sparseAt(c *ctx, g proof.GIndex, chunkRoot func(pos int) ([32]byte, error), below func(fi int, rest proof.GIndex) ([32]byte, error)) ([32]byte, error) {
	rel, mixed, err := dataIndex(ct.progressive, g)
	if mixed || err != nil {
		return ct.active, err
	}
	_, depth := shapeOf(ct.tree)
	chunk, rest, isBelow := chunkOf(ct.progressive, depth, uint64(ct.tree.count()), rel)
	if !isBelow {
		src := &leafSource{n: uint64(ct.tree.count()), fill: func(dst []byte, lo uint64, m int) error {
			for j := range m {
				r, err := chunkRoot(int(lo) + j)
				if err != nil {
					return err
				}
				copy(dst[32*j:], r[:])
			}
			return nil
		}}
		return c.treeNode(src, ct.progressive, depth, rel)
	}
	fi := ct.fieldAt(chunk)
	if fi < 0 || ct.fields[fi].kid == nil {
		// Below a padding chunk, a gap or a one-chunk field.
		return [32]byte{}, errInside(g)
	}
	return below(fi, rest)
}

// chunkRoot is the root of the field at chunk position pos of the struct
// at b (the zero chunk for a progressive container's gap).
func (ct *container) chunkRoot(c *ctx, b unsafe.Pointer, pos int) ([32]byte, error) {
	fi := pos
	if ct.progressive {
		if fi = ct.atPos[pos]; fi < 0 {
			return [32]byte{}, nil
		}
	}
	f := ct.fields[fi]
	fp := unsafe.Add(b, f.off)
	if f.inline != nil {
		var r [32]byte
		if err := f.inline(r[:], fp); err != nil {
			return [32]byte{}, fieldError(sszpath.Field(ct.path, f.name), err)
		}
		return r, nil
	}
	return f.kid.sparse(c, fp, 1)
}

func (s *seq) sparse(c *ctx, p unsafe.Pointer, g proof.GIndex) ([32]byte, error) {
	if g == 1 {
		return c.valueRoot(s.t, p, s.path)
	}
	base, n, zeroVec, err := s.elems(p)
	if err != nil {
		return [32]byte{}, err
	}
	src := &leafSource{n: uint64(n), fill: func(dst []byte, lo uint64, m int) error {
		return s.sparseRoots(c, base, zeroVec, int(lo), m, dst)
	}}
	if zeroVec {
		src.same = s.sameRoots(c)
	}
	return s.sparseAt(c, g, src, func(i int, rest proof.GIndex) ([32]byte, error) {
		return s.sparseKid.sparse(c, s.slot(base, zeroVec, i), rest)
	})
}

// sparseAt computes node g (not 1) of a list or vector of src.n
// elements, whose roots src gives and whose element i's node at rest
// elem gives (through sparseKid), whichever the sequence is read from.
func (s *seq) sparseAt(c *ctx, g proof.GIndex, src *leafSource, elem func(i int, rest proof.GIndex) ([32]byte, error)) ([32]byte, error) {
	rel, mixed, err := dataIndex(s.list, g)
	if mixed || err != nil {
		return lengthChunk(src.n), err
	}
	prog, depth := shapeOf(s.tree)
	chunk, rest, below := chunkOf(prog, depth, src.n, rel)
	if !below {
		return c.treeNode(src, prog, depth, rel)
	}
	if chunk >= src.n {
		return [32]byte{}, fmt.Errorf("cache: %s: node %d is inside element %d past the length %d: %w", s.path, g, chunk, src.n, proof.ErrIndex)
	}
	// One node of the element type serves every element (a sparse walk
	// stores nothing in it); its errors name the element as "[]" and
	// carry the index, as the cached tree's element errors do.
	if s.sparseKid == nil {
		if s.sparseKid, err = newNode(c, s.t.Elem, s.path+"[]"); err != nil {
			return [32]byte{}, err
		}
	}
	i := int(chunk)
	r, err := elem(i, rest)
	if err != nil {
		return [32]byte{}, errIndex(err, i)
	}
	return r, nil
}

// sparseRoots writes the roots of elements [lo, lo+m) to dst, in one
// batch of the element type's plan (lockstep, as a first root's).
func (s *seq) sparseRoots(c *ctx, base unsafe.Pointer, zeroVec bool, lo, m int, dst []byte) error {
	r := c.rooterOf(s.t.Elem)
	if r == nil {
		for j := range m {
			root, err := c.valueRoot(s.t.Elem, s.slot(base, zeroVec, lo+j), sszpath.Index(s.path, lo+j))
			if err != nil {
				return err
			}
			copy(dst[32*j:], root[:])
		}
		return nil
	}
	s.ptrs = s.ptrs[:0]
	for i := lo; i < lo+m; i++ {
		s.ptrs = append(s.ptrs, s.value(base, zeroVec, i))
	}
	out := unsafe.Slice((*[32]byte)(unsafe.Pointer(unsafe.SliceData(dst))), m)
	err := r.RootPtrs(out, s.ptrs)
	clear(s.ptrs) // pointers into the caller's value: kept, they would keep it alive
	if err != nil {
		var pe *plan.Error
		if errors.As(err, &pe) && pe.Index >= 0 && pe.Index < m {
			return errIndex(errAt(s.path+"[]"+pe.Path, pe.Err), lo+pe.Index)
		}
		return fmt.Errorf("cache: %s: %w", s.path, err)
	}
	return nil
}

// sameRoots returns the roots of 2^h zero elements: the ladder over the
// zero element's root, built as far as asked.
func (s *seq) sameRoots(c *ctx) func(h int) ([32]byte, error) {
	var ladder [][32]byte
	return func(h int) ([32]byte, error) {
		if ladder == nil {
			r, err := c.valueRoot(s.t.Elem, s.zero, s.path)
			if err != nil {
				return [32]byte{}, err
			}
			ladder = append(ladder, r)
		}
		for len(ladder) <= h {
			l := ladder[len(ladder)-1]
			ladder = append(ladder, c.pair(l, l))
		}
		return ladder[h], nil
	}
}

func (p *packed) sparse(c *ctx, v unsafe.Pointer, g proof.GIndex) ([32]byte, error) {
	if g == 1 {
		return c.valueRoot(p.t, v, p.path)
	}
	b, n, err := p.sparseData(v)
	if err != nil {
		return [32]byte{}, err
	}
	return p.sparseFrom(c, b, n, g)
}

// sparseFrom computes node g (not 1) of the packed value whose chunks
// are cut from b, of n elements (or bits): nil b stands for the zero
// vector.
func (p *packed) sparseFrom(c *ctx, b []byte, n int, g proof.GIndex) ([32]byte, error) {
	rel, mixed, err := dataIndex(p.list, g)
	if mixed || err != nil {
		return lengthChunk(uint64(n)), err
	}
	return p.dataNode(c, b, n, rel, g)
}

// rootFrom is the root of the packed value whose chunks are cut from b,
// of n elements (or bits), hashed whole: a short node's, which keeps no
// levels.
func (p *packed) rootFrom(c *ctx, b []byte, n int) ([32]byte, error) {
	r, err := p.dataNode(c, b, n, 1, 1)
	if err != nil || !p.list {
		return r, err
	}
	return c.mixIn(r, uint64(n)), nil
}

// dataNode is node rel, relative to the data root (g relative to the
// value's, for errors), of the packed value whose chunks are cut from b,
// of n elements (or bits): nil b stands for the zero vector.
func (p *packed) dataNode(c *ctx, b []byte, n int, rel, g proof.GIndex) ([32]byte, error) {
	prog, depth := shapeOf(p.tree)
	chunks := uint64(p.chunkCount(n))
	if _, _, below := chunkOf(prog, depth, chunks, rel); below {
		return [32]byte{}, errInside(g)
	}
	if b == nil {
		chunks = 0 // the zero vector an empty slice stands for
	}
	src := &leafSource{n: chunks, fill: func(dst []byte, lo uint64, m int) error {
		k := 0
		if from := 32 * lo; from < uint64(len(b)) {
			k = copy(dst, b[from:min(from+uint64(len(dst)), uint64(len(b)))])
		}
		clear(dst[k:])
		return nil
	}}
	return c.treeNode(src, prog, depth, rel)
}

// sparseData is data for a sparse walk: the value at v checked and cut
// once, however many of its nodes the walk computes (a check reads
// every byte of a list of booleans, and a bitlist's bytes are copied).
// The tree lives for one walk of one value, so v names the bytes.
func (p *packed) sparseData(v unsafe.Pointer) ([]byte, int, error) {
	if p.sparseAt != v || v == nil {
		b, n, err := p.data(v)
		if err != nil {
			return nil, 0, err
		}
		p.sparseAt, p.sparseB, p.sparseN = v, b, n
	}
	return p.sparseB, p.sparseN, nil
}

func (o *opaque) sparse(c *ctx, p unsafe.Pointer, g proof.GIndex) ([32]byte, error) {
	if g != 1 {
		return o.nodeAt(c, p, g)
	}
	return o.update(c, p, nil)
}
