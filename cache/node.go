package cache

import (
	"fmt"
	"math/bits"
	"reflect"
	"slices"
	"unsafe"

	"github.com/lanehash/lanehash/internal/checked"
	"github.com/lanehash/lanehash/internal/elemplan"
	"github.com/lanehash/lanehash/internal/graph"
	"github.com/lanehash/lanehash/lanes"
	"github.com/lanehash/lanehash/proof"
	"github.com/lanehash/lanehash/ssz"
)

// node is the cached Merkle subtree of one SSZ value. Every node reads its
// value through p, a pointer to the Go value of its type (for a pointer
// field, a pointer to the field, which the node follows).
type node interface {
	// update brings the subtree up to date with the value at p and returns
	// its root. sel nil means "find the changes" (compare with what is
	// stored); otherwise sel names the changed elements of a list or
	// vector and nothing else is compared (lengths always are).
	update(c *ctx, p unsafe.Pointer, sel *selection) ([32]byte, error)
	// nodeAt returns the node at relative generalized index g (1 is this
	// subtree's root) as of the last update; p is the value of that
	// update, read only for the insides of elements whose inner nodes are
	// not stored.
	nodeAt(c *ctx, p unsafe.Pointer, g proof.GIndex) ([32]byte, error)
	// bytes is the memory the subtree holds.
	bytes() int
	// sparse computes the node at relative generalized index g of the
	// value at p from the value alone, storing nothing (Sparse).
	sparse(c *ctx, p unsafe.Pointer, g proof.GIndex) ([32]byte, error)
}

// selection names changed elements (explicit mode). idx need not be sorted.
type selection struct {
	idx []int
	set []uint64 // scratch: chunks' bitset for deduplicating many marks
}

// trim empties s for the next root's marks, keeping its storage unless
// it is far larger than a block's marks.
func (s *selection) trim() {
	s.idx = trimInts(s.idx)
	if 8*cap(s.set) > scratchKeep {
		s.set = nil
	}
}

func (s *selection) bytes() int { return 8 * (cap(s.idx) + cap(s.set)) }

// sortedIdx maps each index of sel below n to its chunk, i >> shift (0:
// the index itself; basic elements are a power of two per chunk), and
// returns the distinct results, sorted, in dst's storage. Many indices (a
// block's participation bytes, an epoch's validators) are deduplicated
// with a bitset, one bit per result, rather than sorted: linear, and no
// comparison sort of tens of thousands of marks.
func (s *selection) sortedIdx(dst []int, n int, shift uint) []int {
	dst, _ = s.chunks(dst, n, shift, false)
	return dst
}

// chunks is sortedIdx for a tree that stores its chunks (a basic list's):
// with denseOK, when the marked chunks' distinct parents are at least
// three quarters of the level above, it returns dense true and no
// indices. A wide tree hashes such a level whole anyway (see
// wide.rehashFrom), so the caller may as well copy every chunk in one
// move and rehash all of them: the same pairs, without extracting,
// deduplicating and copying tens of thousands of marked chunks one by
// one (a block's participation marks cover most chunks of the list).
func (s *selection) chunks(dst []int, n int, shift uint, denseOK bool) (_ []int, dense bool) {
	idx := s.idx
	dst = dst[:0]
	m := n
	if n > 0 {
		m = (n-1)>>shift + 1
	}
	if len(idx) < 64 || len(idx) < m/512 {
		for _, i := range idx {
			if i >= 0 && i < n {
				dst = append(dst, i>>shift)
			}
		}
		slices.Sort(dst)
		return slices.Compact(dst), false
	}
	// Reused: only selections with many marks get here, and the shared
	// lengthsOnly selection has none.
	words := int(checked.CeilDiv(uint64(m), 64)) // m+63 wraps near 2^31 on 32-bit hosts
	s.set = slices.Grow(s.set[:0], words)[:words]
	set := s.set
	clear(set)
	for _, i := range idx {
		if uint(i) < uint(n) { // 0 ≤ i < n in one compare
			c := uint(i) >> shift
			set[c/64] |= 1 << (c % 64)
		}
	}
	if denseOK && m > 1 {
		// Parent p of chunks 2p and 2p+1 is marked when either bit of
		// its (word-aligned) pair is set.
		marked := 0
		for _, w := range set {
			marked += bits.OnesCount64((w | w>>1) & 0x5555555555555555)
		}
		if 4*marked >= 3*((m+1)/2) {
			return dst, true
		}
	}
	for w, bitsw := range set {
		for bitsw != 0 {
			b := bits.TrailingZeros64(bitsw)
			dst = append(dst, 64*w+b)
			bitsw &= bitsw - 1
		}
	}
	return dst, false
}

// ctx is what every node of one tree shares: the hasher, the mode and the
// element plans.
type ctx struct {
	*hasher
	upper  bool           // keep only the levels above element roots and chunks
	noCopy bool           // keep no serializations of elements (nothing to compare with)
	spec   ssz.SpecValues // the tree's spec values, for the element plans
	// plans holds the plan of each type the tree roots through plan's
	// programs, taken once per tree (planOf): the fixed-size types whose
	// values it roots, serializes and compares (list elements, one-chunk
	// container fields: elemPlan) and the whole values a sparse walk
	// roots (rooterOf). nil: no plan compiles for the type.
	plans map[*ssz.Type]*elemRooter
	tile  []byte // a sparse walk's scratch of chunks
	// inElem is set while the nodes of a variable-size element are
	// built (seq.newKid): its packed values are short nodes, sharing
	// the packed node of their type in protos (shortProto).
	inElem bool
	protos map[*ssz.Type]*packed
}

// elemPlan returns the plan of fixed-size SSZ type t (a pointer type is
// planned as the type it points to: the caller follows the pointer),
// taken with the tree's kernel (planOf), so that changed values are
// hashed in lockstep W at a time; nil when no plan compiles for t or it
// is not one program of leaves.
func (c *ctx) elemPlan(t *ssz.Type) *elemRooter {
	if r := c.planOf(t); r != nil && r.lay != nil {
		return r
	}
	return nil
}

// plannedType is the type whose plan roots values of t: t itself, or for
// a pointer type the type it points to (the caller follows the pointer).
func plannedType(t *ssz.Type) *ssz.Type {
	if t.Go.Kind() != reflect.Pointer {
		return t
	}
	d := *t
	d.Go = t.Go.Elem()
	return &d
}

// planLayout reports whether fixed-size elements of t are rooted,
// serialized and compared through their plan (the tree keeps their
// roots only above them in WithUpperLevelsOnly); else they are cached
// as nodes of their own, whose roots the tree must keep. The answer does
// not depend on the hash, so the default kernel asks.
func planLayout(t *ssz.Type) bool {
	h, err := newHasher(lanes.SHA256, "")
	if err != nil {
		return false
	}
	c := &ctx{hasher: h}
	defer c.returnPlans()
	return c.elemPlan(t) != nil
}

// elemRooter is the plan the tree compiled for a fixed-size type: it
// roots values given as pointers to them in lockstep (W per kernel
// call), computes and locates the nodes inside one value for proofs, and
// carries the serialization layout its programs derive (derived once,
// when the plan is compiled).
type elemRooter struct {
	p   elemplan.Rooter
	lay *elemplan.Layout
}

// layout returns the serialization layout the type's plan derives from
// its programs.
func (r *elemRooter) layout() *elemplan.Layout { return r.lay }

// nodes computes every node of the value at p (or serialized in ser)
// into dst; locate finds node g among them.
func (r *elemRooter) nodes(dst []byte, p unsafe.Pointer, ser []byte) ([]byte, error) {
	return r.p.Nodes(dst, p, ser)
}

func (r *elemRooter) locate(g proof.GIndex, ser bool) (graph.Located, error) {
	return r.p.Locate(uint64(g), ser)
}

// roots writes the root of *elems[i] to dst[32i:32i+32].
func (r *elemRooter) roots(elems []unsafe.Pointer, dst []byte) error {
	out := unsafe.Slice((*[32]byte)(unsafe.Pointer(unsafe.SliceData(dst))), len(elems))
	return r.p.RootPtrs(out, elems)
}

// newNode builds the cached node of type t (empty: the first update fills
// it).
func newNode(c *ctx, t *ssz.Type, path string) (node, error) {
	if !littleEndian {
		return newOpaque(t, path), nil
	}
	switch t.Kind {
	case ssz.KindContainer, ssz.KindProgressiveContainer:
		return newContainer(c, t, path)
	case ssz.KindVector, ssz.KindList, ssz.KindProgressiveList:
		if t.Elem.IsBasic() {
			if n := newShortOrPacked(c, t, path); n != nil {
				return n, nil
			}
			return newOpaque(t, path), nil
		}
		return newSeq(c, t, path)
	case ssz.KindBitvector, ssz.KindBitlist, ssz.KindProgressiveBitlist:
		if n := newShortOrPacked(c, t, path); n != nil {
			return n, nil
		}
	}
	return newOpaque(t, path), nil
}

// newShortOrPacked is the node of packed type t: short inside a
// variable-size element, where there may be millions of them (and never
// in an upper-levels-only tree, which keeps no chunks), else packed; nil
// when values of t are not packed nodes.
func newShortOrPacked(c *ctx, t *ssz.Type, path string) node {
	if c.inElem && !c.upper {
		if n := newShort(c, t, path); n != nil {
			return n
		}
	}
	if n := newPacked(c, t, path); n != nil {
		return n
	}
	return nil
}

// errAt wraps err with the path of the value it concerns.
func errAt(path string, err error) error {
	return &ssz.Error{Path: path, Err: err}
}

// deref follows a pointer Go value; nil stands for the zero value.
func deref(p unsafe.Pointer, zero unsafe.Pointer) unsafe.Pointer {
	q := *(*unsafe.Pointer)(p)
	if q == nil {
		return zero
	}
	return q
}

// newZero returns a pointer to a zero value of g (kept alive by the
// caller's reference).
func newZero(g reflect.Type) unsafe.Pointer { return reflect.New(g).UnsafePointer() }

// childIndex splits a relative generalized index g below a tree of depth d
// into the index of the chunk it passes through and the index relative to
// that chunk's subtree; ok is false when g does not go below depth d.
func childIndex(g proof.GIndex, d int) (chunk uint64, rest proof.GIndex, ok bool) {
	gd := g.Depth()
	if gd <= d {
		return 0, 0, false
	}
	below := gd - d
	top := uint64(g) >> below // 1<<d | chunk
	chunk = top ^ 1<<d
	rest = proof.GIndex(uint64(g)&(1<<below-1) | 1<<below)
	return chunk, rest, true
}

// underData maps g, relative to a list's root and below its two children,
// to the index relative to the data root (node 2): the leading "left"
// step is dropped. ok is false when g lies under the length chunk.
func underData(g proof.GIndex) (rel proof.GIndex, ok bool) {
	d := g.Depth()
	if g>>(d-1) != 2 {
		return 0, false
	}
	return g ^ 1<<d | 1<<(d-1), true
}

func errInside(g proof.GIndex) error {
	return fmt.Errorf("cache: node %d is inside a chunk: %w", g, proof.ErrIndex)
}
