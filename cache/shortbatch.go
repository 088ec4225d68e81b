package cache

import (
	"bytes"
	"slices"
	"unsafe"

	"github.com/lanehash/lanehash/ssz"
)

// A list of short elements (a payload's transactions) is updated by
// updateShortKids rather than element by element: a short node alone
// hashes its few levels and its zero ladder (25 levels for a
// transaction) one pair at a time, each pair waiting for the one below,
// where the plan of the element type hashes many elements' levels and
// ladders in lockstep. Every changed element below a batch's bound is
// rooted in one call; the nodes are then stored as short.update stores
// them, so a tree built this way is the tree built element by element.

// shortBatch bounds a batch of changed short elements: their count, and
// shortBatchBytes the bytes of bitlists copied for them into the
// update's arena (at most shortChunks chunks each).
const (
	shortBatch      = 1024
	shortBatchBytes = 256 << 10
)

// batchShortKids is false in tests that compare the element-by-element
// path with the batched one.
var batchShortKids = true

// pendingShort is a changed short element waiting for its batch: its
// index, its slot, its bytes and its length. The bytes are the value's
// own memory, except a bitlist's: those are cut into a buffer the next
// element reuses, so they are copied to the update's arena, at [lo,
// hi).
type pendingShort struct {
	i      int
	v      unsafe.Pointer
	b      []byte
	lo, hi int
	n      int
}

// bytes returns the element's bytes.
func (p *pendingShort) bytes(arena []byte) []byte {
	if p.b != nil {
		return p.b
	}
	return arena[p.lo:p.hi]
}

// shortBatchable reports whether the short elements of s are rooted in
// batches: their plan compiles, and their pairs can be counted from
// their lengths (a progressive list's subtrees are not counted here, so
// its elements keep the path of one at a time).
func (s *seq) shortBatchable(c *ctx) bool {
	if !batchShortKids || !s.shortKids {
		return false
	}
	switch s.t.Elem.Kind {
	case ssz.KindProgressiveList, ssz.KindProgressiveBitlist:
		return false
	}
	return c.planOf(s.t.Elem) != nil
}

// dropKids releases the nodes of kids past n, a list cut short: the
// backing array keeps its slots, and a short node's slab its struct, so
// both are emptied, or the bytes of every element the list ever held
// would stay reachable, uncounted by Stats. A list of short elements
// cut to half or less moves the rest to a slab of their own, so the
// old slabs go too.
func (s *seq) dropKids(n int) {
	for _, k := range s.kids[n:] {
		if sk, ok := k.(*short); ok {
			*sk = short{}
		}
	}
	clear(s.kids[n:])
	s.kids = s.kids[:n]
	if s.shortKids && n > 0 && n <= cap(s.kids)/2 {
		slab := make([]short, n)
		kids := make([]node, n)
		for i, k := range s.kids {
			slab[i] = *k.(*short)
			kids[i] = &slab[i]
		}
		s.kids = kids
	}
}

// newShortKids returns kids grown to n short nodes, the new ones made
// in one allocation: a payload's first update makes thousands.
func (s *seq) newShortKids(c *ctx, kids []node, n int) []node {
	path := s.kidPath(len(kids))
	proto := c.shortProto(s.t.Elem)
	slab := make([]short, n-len(kids))
	kids = slices.Grow(kids, n-len(kids))
	for j := range slab {
		slab[j] = short{proto: proto, path: path, n: -1}
		kids = append(kids, &slab[j])
	}
	return kids
}

// updateShortKids is updateKids' loop over short elements: visit is
// called, in order, for every element the batches did not settle (one
// that holds more than shortChunks chunks, one whose value is refused,
// every element of a batch the plan refused), so its errors are
// reported as the loop of one element at a time reports them, after
// every element before it is stored. esel is the selection element i is
// updated with there.
func (s *seq) updateShortKids(c *ctx, base unsafe.Pointer, zeroVec bool, n int, esel func(i int) *selection, visit func(i int, esel *selection) error, settled func(i int, r [32]byte)) error {
	var pend []pendingShort
	// arena holds the copied bytes of the pending bitlists: a buffer of
	// this update's, so a tree keeps no scratch of its largest batch.
	var arena []byte
	flush := func() error {
		if len(pend) == 0 {
			return nil
		}
		ok := s.rootPending(c, pend, arena)
		for _, p := range pend {
			if !ok {
				if err := visit(p.i, esel(p.i)); err != nil {
					return err
				}
				continue
			}
			settled(p.i, s.kids[p.i].(*short).root)
		}
		pend, arena = pend[:0], arena[:0]
		return nil
	}
	for i := range n {
		k := s.kids[i].(*short)
		v := s.slot(base, zeroVec, i)
		if k.bigValue(v) {
			if err := flush(); err != nil {
				return err
			}
			if err := visit(i, esel(i)); err != nil {
				return err
			}
			continue
		}
		b, m, err := k.proto.dataAt(v, k.path)
		if err != nil {
			if err := flush(); err != nil {
				return err
			}
			return visit(i, esel(i)) // reports the refusal as the element's update does
		}
		if k.big == nil && m == k.n && bytes.Equal(b, k.data) {
			settled(i, k.root)
			continue
		}
		if pend == nil {
			pend = make([]pendingShort, 0, min(n-i, shortBatch))
		}
		p := pendingShort{i: i, v: v, b: b, n: m}
		if k.proto.bits {
			p.b, p.lo = nil, len(arena)
			arena = append(arena, b...)
			p.hi = len(arena)
		}
		pend = append(pend, p)
		if len(pend) == shortBatch || len(arena) >= shortBatchBytes {
			if err := flush(); err != nil {
				return err
			}
		}
	}
	return flush()
}

// rootPending roots the pending elements in one call of the element
// type's plan and stores each as short.update does; false, with nothing
// stored, when the plan refuses one (the caller then updates them one
// at a time, which reports the refusal).
func (s *seq) rootPending(c *ctx, pend []pendingShort, arena []byte) bool {
	ptrs := s.ptrs[:0]
	for _, p := range pend {
		ptrs = append(ptrs, p.v)
	}
	s.ptrs = ptrs
	if cap(s.roots) < 32*len(pend) {
		s.roots = make([]byte, 32*len(pend))
	}
	roots := s.roots[:32*len(pend)]
	err := c.planOf(s.t.Elem).roots(ptrs, roots)
	clear(ptrs) // pointers into the caller's value: kept, they would keep it alive
	if err != nil {
		return false
	}
	for j, p := range pend {
		k := s.kids[p.i].(*short)
		k.store(p.bytes(arena), p.n, [32]byte(roots[32*j:]))
		c.pairs += shortPairs(k.proto, p.n)
	}
	return true
}

// shortPairs is the pairs rooting a value of n elements (bits) of the
// short type of p costs: its chunks' levels up to the depth of its tree,
// then the length mixed in for a list. short.update counts the same
// through the hasher. p's tree is not progressive (shortBatchable).
func shortPairs(p *packed, n int) uint64 {
	_, depth := shapeOf(p.tree)
	var pairs uint64
	if w := uint64(p.chunkCount(n)); w > 0 {
		for range depth {
			w = (w + 1) / 2
			pairs += w
		}
	}
	if p.list {
		pairs++
	}
	return pairs
}

// sortedDirty is dirty in ascending order: a batch settles its elements
// after those it passed over.
func sortedDirty(dirty []int) []int {
	if !slices.IsSorted(dirty) {
		slices.Sort(dirty)
	}
	return dirty
}
