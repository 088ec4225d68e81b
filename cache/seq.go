package cache

import (
	"bytes"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"unsafe"

	"github.com/lanehash/lanehash/internal/graph"
	"github.com/lanehash/lanehash/internal/sszpath"
	"github.com/lanehash/lanehash/plan"
	"github.com/lanehash/lanehash/proof"
	"github.com/lanehash/lanehash/sched"
	"github.com/lanehash/lanehash/ssz"
)

// seq caches a vector or list of composite elements (a registry of
// validators, a vector of public keys, a list of attestations). Its tree's
// chunks are the element roots.
//
// Fixed-size elements keep their serialization (the safe mode's copy,
// compared element by element straight from Go memory by sched) and
// are rooted in batches: every changed element of one update at once, in
// lockstep through the plan of the element type, which the tree compiles
// and which also writes their serialization and computes the nodes inside
// one for proofs. Variable-size elements, and fixed-size ones whose plan
// is not one program of leaves, are cached nodes of their own.
type seq struct {
	t      *ssz.Type
	path   string
	list   bool
	limit  uint64 // list limit, or the vector's length
	slice  bool   // the Go value is a slice (else an array)
	stride uintptr
	ptr    bool           // elements are pointers (nil is the zero value)
	zero   unsafe.Pointer // a slot holding the zero element
	zeroEl unsafe.Pointer // the zero element itself (for pointer elements)

	// fixed-size elements
	enc    func(dst []byte, v unsafe.Pointer) error // the element type's plan serializes one element (nil: not fixed-size, or no one program)
	ops    int                                      // the pairs one element costs
	size   int
	copy   []byte // serializations at the last update (nil: not kept)
	keep   bool
	rooter *elemRooter
	ptrs   []unsafe.Pointer
	marked []int  // scratch: the marked elements, sorted
	dirty  []int  // scratch: the changed elements
	roots  []byte // scratch: their roots
	one    []byte // scratch: one element's serialization, before it is compared or stored

	// variable-size elements
	kids []node
	// shortKids: the elements are short nodes (shortType), which share
	// one path
	shortKids bool
	// sparseKid is the node of the element type a sparse walk goes
	// into elements with (Sparse), made on first use.
	sparseKid node
	// spansAt and spansLen name the serialization a sparse walk of bytes
	// read last (nil: none), spansN and spansOffs its element count and
	// offsets (see spansOf).
	spansAt   *byte
	spansLen  int
	spansN    int
	spansOffs []int
	batch     []byte // scratch: variable-size elements as a list of their own (batchOf)

	// the nodes of the element last proved into, until the next update
	proofNodes []byte
	proofIdx   int
	proofOK    bool
	rootLoc    *graph.Located // where the element's root is among its nodes, once located

	// desc: the last update's value was a vector held by an empty slice
	// (the zero vector), kept by description: every element is the zero
	// element, whose root is ladder[0]; ladder[k] is the root of 2^k of
	// them. No element root, copy or node is stored, so a zero vector
	// costs the tree nothing however long it is; zeroKid is the zero
	// element's node (variable-size or node-per-element types), for
	// proofs into it.
	desc    bool
	ladder  [][32]byte
	zeroKid node

	tree  chunkTree
	n     int
	at    unsafe.Pointer // element 0's slot at the last update (nil: none, or the zero vector)
	root  [32]byte
	built bool
}

func newSeq(c *ctx, t *ssz.Type, path string) (node, error) {
	g := t.Go
	if g.Kind() != reflect.Slice && g.Kind() != reflect.Array {
		return newOpaque(t, path), nil
	}
	s := &seq{t: t, path: path, slice: g.Kind() == reflect.Slice, stride: g.Elem().Size()}
	s.zero = newZero(g.Elem())
	if g.Elem().Kind() == reflect.Pointer {
		s.ptr = true
		s.zeroEl = newZero(g.Elem().Elem())
	}
	switch t.Kind {
	case ssz.KindVector:
		s.limit = t.Length
		s.tree = &wide{depth: sched.Depth(t.Length), keepLeaves: true}
	case ssz.KindList:
		s.list, s.limit = true, t.Limit
		s.tree = &wide{depth: sched.Depth(t.Limit), keepLeaves: !c.upper}
	default:
		s.list, s.limit = true, 1<<62
		s.tree = &progressive{}
	}
	s.shortKids = !c.upper && shortType(t.Elem)
	if t.Elem.Fixed {
		// The element type's plan roots, serializes and (Detect)
		// compares the elements; a type it does not compile into one
		// program of leaves is a cached node per element.
		if r := c.elemPlan(t.Elem); r != nil {
			if l := r.layout(); l != nil {
				s.rooter, s.enc, s.size, s.ops = r, l.Encode, l.Size, l.Ops
				s.keep = s.tree.keeps() && !c.noCopy
			}
		}
	}
	return s, nil
}

// elems returns the address of element 0's slot and the element count.
func (s *seq) elems(p unsafe.Pointer) (unsafe.Pointer, int, bool, error) {
	if !s.slice {
		return p, int(s.limit), false, nil
	}
	h := (*sliceHeader)(p)
	if s.list {
		if uint64(h.len) > s.limit {
			return nil, 0, false, errAt(s.path, fmt.Errorf("%w: %d elements, limit %d", ssz.ErrListTooLong, h.len, s.limit))
		}
		return h.data, h.len, false, nil
	}
	switch uint64(h.len) {
	case s.limit:
		return h.data, h.len, false, nil
	case 0: // an empty slice stands for the zero vector
		return nil, int(s.limit), true, nil
	}
	return nil, 0, false, errAt(s.path, fmt.Errorf("%w: %d elements, want %d", ssz.ErrSize, h.len, s.limit))
}

// slot returns the address of element i's slot.
func (s *seq) slot(base unsafe.Pointer, zeroVec bool, i int) unsafe.Pointer {
	if zeroVec {
		return s.zero
	}
	return unsafe.Add(base, uintptr(i)*s.stride)
}

// value returns the address of element i's value (following a pointer).
func (s *seq) value(base unsafe.Pointer, zeroVec bool, i int) unsafe.Pointer {
	p := s.slot(base, zeroVec, i)
	if s.ptr {
		return deref(p, s.zeroEl)
	}
	return p
}

func (s *seq) update(c *ctx, p unsafe.Pointer, sel *selection) ([32]byte, error) {
	base, n, zeroVec, err := s.elems(p)
	if err != nil {
		return [32]byte{}, err
	}
	if zeroVec {
		return s.zeroVector(c)
	}
	old := s.n
	if s.desc {
		// From the zero vector by description to elements the value
		// holds: nothing is stored, every element is new.
		old, sel, s.desc, s.ladder, s.zeroKid = 0, nil, false, nil, nil
	}
	if sel != nil && s.built && base != s.at {
		// Marked mode, and the elements are not where the last update
		// read them (a new array, a nil slice, the value moved): no mark
		// can say what they hold, so the whole list is looked at, as for
		// a whole-field mark. One compare per list, never per element.
		sel = nil
	}
	s.at = base
	s.proofOK = false
	s.tree.resize(n)
	if s.kids != nil || s.enc == nil {
		err = s.updateKids(c, base, zeroVec, n, old, sel)
	} else {
		err = s.updateFixed(c, base, zeroVec, n, old, sel)
	}
	if err != nil {
		return [32]byte{}, err
	}
	changed := len(s.dirty) > 0
	s.trim()
	if !changed && n == old && s.built {
		return s.root, nil // nothing changed: not even the length mix-in
	}
	s.n, s.built = n, true
	s.root = s.tree.root(c.hasher)
	if s.list {
		s.root = c.mixIn(s.root, uint64(n))
	}
	return s.root, nil
}

// zeroVector roots the zero vector (an empty slice standing for a vector
// of composite elements) by description: the zero element rooted once,
// and its ladder of repeated roots to the tree's depth. A tree built for
// a vector that held elements before is dropped.
func (s *seq) zeroVector(c *ctx) ([32]byte, error) {
	s.at, s.proofOK = nil, false
	if s.desc && s.built {
		return s.root, nil
	}
	var r [32]byte
	var kid node
	if s.enc != nil && s.kids == nil {
		if err := s.rootElems(c, nil, true, []int{0}, r[:]); err != nil {
			return [32]byte{}, err
		}
	} else {
		k, err := s.newKid(c, sszpath.Join(s.path, "", "[]"))
		if err != nil {
			return [32]byte{}, err
		}
		if r, err = k.update(c, s.zero, nil); err != nil {
			return [32]byte{}, err
		}
		kid = k
	}
	w := s.tree.(*wide) // a vector's tree is always wide
	s.tree = &wide{depth: w.depth, keepLeaves: w.keepLeaves}
	s.kids, s.copy, s.dirty, s.marked, s.roots, s.ptrs = nil, nil, nil, nil, nil, nil
	s.ladder = append(s.ladder[:0], r)
	for k := 1; k <= w.depth; k++ {
		r = c.pair(r, r)
		s.ladder = append(s.ladder, r)
	}
	s.zeroKid = kid
	s.n, s.built, s.desc = int(s.limit), true, true
	s.root = s.repeated(c.hasher, w.depth, 0)
	return s.root, nil
}

// repeated is node j of level (above the element roots) of the zero
// vector kept by description: a whole run of zero elements is a ladder
// root, one past the length a zero-subtree root, and the one across the
// end (at most one per level) the pair of its children.
func (s *seq) repeated(h *hasher, level int, j uint64) [32]byte {
	// A vector here has at most 2^26 elements (MaxVectorBytes: 64
	// bytes per element root and at least one byte per element), so
	// first does not overflow.
	first := j << level
	switch {
	case first >= s.limit:
		return h.zero[level]
	case first+1<<level <= s.limit:
		return s.ladder[level]
	}
	return h.pair(s.repeated(h, level-1, 2*j), s.repeated(h, level-1, 2*j+1))
}

// descNode is node g (relative to the data root) of the zero vector kept
// by description.
func (s *seq) descNode(c *ctx, g proof.GIndex) ([32]byte, error) {
	depth := s.tree.(*wide).depth
	chunk, rest, below := s.tree.chunkOf(g)
	if !below {
		d := g.Depth()
		if g == 0 || d > depth {
			return [32]byte{}, fmt.Errorf("cache: %s: node %d below a tree of depth %d: %w", s.path, g, depth, proof.ErrIndex)
		}
		return s.repeated(c.hasher, depth-d, uint64(g)^1<<d), nil
	}
	if chunk >= s.limit {
		return [32]byte{}, fmt.Errorf("cache: %s: node %d is inside element %d past the length %d: %w", s.path, g, chunk, s.limit, proof.ErrIndex)
	}
	if s.zeroKid != nil {
		return s.zeroKid.nodeAt(c, s.zero, rest)
	}
	loc, err := s.rooter.locate(rest, false)
	if errors.Is(err, graph.ErrNotInProgram) {
		return [32]byte{}, errInside(rest)
	}
	if err != nil {
		return [32]byte{}, s.planError(err, []int{int(chunk)})
	}
	if loc.Zero >= 0 {
		return c.hasher.zero[loc.Zero], nil
	}
	if !s.proofOK {
		// Every element is the zero element: its nodes, once.
		nodes, err := s.rooter.nodes(s.proofNodes, s.value(nil, true, 0), nil)
		if err != nil {
			return [32]byte{}, s.planError(err, []int{int(chunk)})
		}
		s.proofNodes, s.proofIdx, s.proofOK = nodes, -1, true
	}
	return [32]byte(s.proofNodes[32*loc.Node:]), nil
}

// candidates calls f for the elements to look at: all of them when
// finding changes (compare true), else the named ones; elements past the
// old length always.
func (s *seq) candidates(sel *selection, n, old int, f func(i int, compare bool) error) error {
	if sel == nil {
		for i := range n {
			if err := f(i, i < old); err != nil {
				return err
			}
		}
		return nil
	}
	s.marked = sel.sortedIdx(s.marked, min(n, old), 0)
	for _, i := range s.marked {
		if err := f(i, false); err != nil {
			return err
		}
	}
	for i := old; i < n; i++ {
		if err := f(i, false); err != nil {
			return err
		}
	}
	return nil
}

func (s *seq) updateFixed(c *ctx, base unsafe.Pointer, zeroVec bool, n, old int, sel *selection) error {
	if s.keep && cap(s.copy) < n*s.size {
		room := n * s.size / 4
		if len(s.copy) == 0 {
			room = 0 // the first fill: exact
		}
		grown := make([]byte, n*s.size, n*s.size+room)
		copy(grown, s.copy)
		s.copy = grown
	}
	if s.keep {
		s.copy = cutBytes(s.copy, n*s.size)
	}
	dirty := s.dirty[:0]
	if !s.keep && sel == nil {
		// Nothing to compare with: every element is rooted (a first root,
		// a whole-field mark, a proof from a plain value).
		if cap(dirty) < n {
			dirty = make([]int, 0, n) // exact, not grown by doubling
		}
		for i := range n {
			dirty = append(dirty, i)
		}
	} else if cmp := s.rooter.lay.Compare; sel == nil && cmp != nil {
		// Detect: sched compares the old elements with their copies
		// straight from Go memory; those that differ, and the new ones,
		// are serialized into their copies (a value check failing
		// leaves the copy as it was).
		m := min(n, old)
		at, stride := base, s.stride
		if zeroVec {
			at, stride = s.zero, 0
		}
		buf := s.oneElem()
		err := cmp(at, stride, s.ptr, m, s.copy[:m*s.size], func(i int) error {
			if err := s.encode(buf, base, zeroVec, i); err != nil {
				return err
			}
			copy(s.copy[i*s.size:(i+1)*s.size], buf)
			dirty = append(dirty, i)
			return nil
		})
		if err != nil {
			return err
		}
		for i := old; i < n; i++ {
			if err := s.encode(s.copy[i*s.size:(i+1)*s.size], base, zeroVec, i); err != nil {
				return err
			}
			dirty = append(dirty, i)
		}
	} else {
		// Serialize the candidates; keep those that changed.
		buf := s.oneElem()
		err := s.candidates(sel, n, old, func(i int, compare bool) error {
			if !s.keep {
				dirty = append(dirty, i)
				return nil
			}
			dst := s.copy[i*s.size : (i+1)*s.size]
			if compare {
				if err := s.encode(buf, base, zeroVec, i); err != nil {
					return err
				}
				if bytes.Equal(buf, dst) {
					return nil
				}
				copy(dst, buf)
			} else if err := s.encode(dst, base, zeroVec, i); err != nil {
				return err
			}
			dirty = append(dirty, i)
			return nil
		})
		if err != nil {
			return err
		}
	}
	if n < old && n > 0 {
		dirty = appendSorted(dirty, n-1) // its ancestors lost their right parts
	}
	s.dirty = dirty
	if s.tree.keeps() {
		if err := s.rootDirty(c, base, zeroVec, dirty, n); err != nil {
			return err
		}
	}
	if s.tree.keeps() {
		return s.tree.rehash(c.hasher, dirty, nil) // no closure on the common path
	}
	fetch := func(idx []int, dst []byte) error { return s.rootElems(c, base, zeroVec, idx, dst) }
	return s.tree.rehash(c.hasher, dirty, fetch)
}

func errIndex(err error, i int) error {
	return &elemError{index: i, err: err} // typed, for valueError (errors.go)
}

// planError turns the error of an element plan, whose index counts the
// batch part and whose path is relative to the element
// (".WithdrawalCredentials"), into the error of an element of this list,
// as the tree reports it: the *ssz.Error of the path under this list
// ("BeaconState.Validators[].WithdrawalCredentials") inside the element's
// index, which valueError puts into the path.
func (s *seq) planError(err error, part []int) error {
	var pe *plan.Error
	if !errors.As(err, &pe) || pe.Index < 0 || pe.Index >= len(part) {
		return fmt.Errorf("cache: %s: %w", s.path, err)
	}
	return errIndex(errAt(s.path+"[]"+pe.Path, pe.Err), part[pe.Index])
}

// fieldError is planError for a value that is no list element (a
// container's one-chunk field at path).
func fieldError(path string, err error) error {
	var pe *plan.Error
	if !errors.As(err, &pe) {
		return fmt.Errorf("cache: %s: %w", path, err)
	}
	return errAt(path+pe.Path, pe.Err)
}

// rootDirty roots the elements dirty (sorted, distinct, below n) into
// the tree's stored chunks. When every element is dirty (a first root,
// a proof from a plain value) the roots are written straight into the
// chunks' contiguous runs; otherwise into a scratch, then each to its
// chunk. On error the chunks of the failing batch may be partly written,
// as the tree's other errors leave it (a later root rewrites them).
func (s *seq) rootDirty(c *ctx, base unsafe.Pointer, zeroVec bool, dirty []int, n int) error {
	if len(dirty) == n {
		for i := 0; i < n; {
			run := s.tree.run(i)
			m := min(len(run)/32, n-i)
			if err := s.rootElems(c, base, zeroVec, dirty[i:i+m], run[:32*m]); err != nil {
				return err
			}
			i += m
		}
		return nil
	}
	if cap(s.roots) < 32*len(dirty) {
		s.roots = make([]byte, 32*len(dirty))
	}
	roots := s.roots[:32*len(dirty)]
	if err := s.rootElems(c, base, zeroVec, dirty, roots); err != nil {
		return err
	}
	for j, i := range dirty {
		copy(s.tree.leaf(i), roots[32*j:32*j+32])
	}
	return nil
}

// rootElems roots elements idx into dst, all in one batch.
func (s *seq) rootElems(c *ctx, base unsafe.Pointer, zeroVec bool, idx []int, dst []byte) error {
	if len(idx) == 0 {
		return nil
	}
	// Batches of bounded size keep the scratch small for huge updates (the
	// first root of a registry) and are still many lanes wide.
	const batch = 1 << 16
	for at := 0; at < len(idx); at += batch {
		part := idx[at:min(at+batch, len(idx))]
		s.ptrs = s.ptrs[:0]
		for _, i := range part {
			s.ptrs = append(s.ptrs, s.value(base, zeroVec, i))
		}
		err := s.rooter.roots(s.ptrs, dst[32*at:])
		clear(s.ptrs) // pointers into the caller's value: kept, they would keep it alive
		if err != nil {
			return s.planError(err, part)
		}
		c.pairs += uint64(s.ops * len(part))
	}
	return nil
}

// oneElem returns the scratch for one element's serialization, made once
// per seq: both the Detect and the Marked path serialize into it on
// every root (a buffer of their own would escape through the callback).
func (s *seq) oneElem() []byte {
	if len(s.one) != s.size {
		s.one = make([]byte, s.size)
	}
	return s.one
}

// encode writes the serialization of element i to dst.
func (s *seq) encode(dst []byte, base unsafe.Pointer, zeroVec bool, i int) error {
	if err := s.enc(dst, s.value(base, zeroVec, i)); err != nil {
		return s.planError(err, []int{i})
	}
	return nil
}

// kidPath is the path of element i's node. Short elements (a payload's
// transactions, up to 2^20 of them) share one, the list's path with
// "[]", whose index valueError fills in from the elemError; any other
// element's path has its index.
func (s *seq) kidPath(i int) string {
	if !s.shortKids {
		return sszpath.Index(s.path, i)
	}
	if len(s.kids) > 0 {
		return s.kids[0].(*short).path
	}
	return sszpath.Join(s.path, "", "[]")
}

// newKid builds the node of an element at path: with the tree's
// inElem set, so its packed values are short nodes.
func (s *seq) newKid(c *ctx, path string) (node, error) {
	was := c.inElem
	c.inElem = true
	k, err := newNode(c, s.t.Elem, path)
	c.inElem = was
	return k, err
}

func (s *seq) updateKids(c *ctx, base unsafe.Pointer, zeroVec bool, n, old int, sel *selection) error {
	if s.shortKids && len(s.kids) < n {
		s.kids = s.newShortKids(c, s.kids, n)
	}
	for len(s.kids) < n {
		k, err := s.newKid(c, s.kidPath(len(s.kids)))
		if err != nil {
			return err
		}
		s.kids = append(s.kids, k)
	}
	if len(s.kids) > n {
		s.dropKids(n)
	}
	if !s.tree.keeps() {
		return fmt.Errorf("cache: %s: variable-size elements need their roots kept: %w", s.path, ssz.ErrUnsupported)
	}
	dirty := s.dirty[:0]
	settled := func(i int, r [32]byte) {
		leaf := s.tree.leaf(i)
		if i < old && bytes.Equal(leaf, r[:]) {
			return
		}
		copy(leaf, r[:])
		dirty = append(dirty, i)
	}
	visit := func(i int, esel *selection) error {
		r, err := s.kids[i].update(c, s.slot(base, zeroVec, i), esel)
		if err != nil {
			return &elemError{index: i, err: err, named: !s.shortKids} // else the kid's path has i
		}
		settled(i, r)
		return nil
	}
	var err error
	if (sel == nil || !s.t.Elem.Fixed) && s.shortBatchable(c) {
		// Every element is visited, as below: in Marked mode a
		// variable-size element is compared whole, marked or not.
		esel := func(int) *selection { return nil }
		if sel != nil {
			s.marked = sel.sortedIdx(s.marked, min(n, old), 0)
			esel = func(i int) *selection {
				if _, marked := slices.BinarySearch(s.marked, i); marked || i >= old {
					return nil
				}
				return &lengthsOnly
			}
		}
		err = s.updateShortKids(c, base, zeroVec, n, esel, visit, settled)
		dirty = sortedDirty(dirty)
	} else if sel != nil && !s.t.Elem.Fixed {
		// Marked: a variable-size element holds lists, whose lengths are
		// read even when the element is not marked (lengthsOnly), so an
		// unmarked append inside an element is seen. Marked elements are
		// compared whole.
		s.marked = sel.sortedIdx(s.marked, min(n, old), 0)
		m := s.marked
		for i := 0; i < min(n, old) && err == nil; i++ {
			esel := &lengthsOnly
			if len(m) > 0 && m[0] == i {
				esel, m = nil, m[1:]
			}
			err = visit(i, esel)
		}
		for i := old; i < n && err == nil; i++ {
			err = visit(i, nil)
		}
	} else {
		err = s.candidates(sel, n, old, func(i int, _ bool) error { return visit(i, nil) })
	}
	if err != nil {
		return err
	}
	s.dirty = dirty
	if n < old && n > 0 {
		dirty = appendSorted(dirty, n-1)
	}
	return s.tree.rehash(c.hasher, dirty, nil)
}

func (s *seq) nodeAt(c *ctx, p unsafe.Pointer, g proof.GIndex) ([32]byte, error) {
	if g == 1 {
		return s.root, nil
	}
	rel := g
	if s.list {
		switch g {
		case 2:
			return s.tree.root(c.hasher), nil
		case 3:
			return lengthChunk(uint64(s.n)), nil
		}
		var ok bool
		if rel, ok = underData(g); !ok {
			return [32]byte{}, errInside(g)
		}
	}
	if s.desc {
		return s.descNode(c, rel)
	}
	// The value is read only for what the tree does not store (current):
	// a node the tree keeps, or an element's node computed from its stored
	// copy (Detect), is the last Root's whatever the value has become, and
	// asking for it reads nothing of the value, which another goroutine
	// may then be changing.
	var (
		base    unsafe.Pointer
		zeroVec bool
		err     error
		read    bool
	)
	readValue := func() error {
		if !read {
			base, zeroVec, err = s.current(p)
			read = true
		}
		return err
	}
	chunk, rest, below := s.tree.chunkOf(rel)
	if !below {
		if s.tree.keeps() {
			return s.tree.node(c.hasher, rel, nil)
		}
		_ = readValue() // fetch returns its error, when it needs the value
		fetch := func(idx []int, dst []byte) error {
			if err != nil {
				return err // the element roots are read from the value
			}
			return s.rootsFromValue(c, base, zeroVec, idx, dst)
		}
		return s.tree.node(c.hasher, rel, fetch)
	}
	i := int(chunk)
	if chunk >= uint64(s.n) {
		return [32]byte{}, fmt.Errorf("cache: %s: node %d is inside element %d past the length %d: %w", s.path, g, chunk, s.n, proof.ErrIndex)
	}
	if s.kids != nil {
		// The element's node holds what it stored; it reads the value
		// only where it must, and is given none if this list changed.
		var slot unsafe.Pointer
		if readValue() == nil {
			slot = s.slot(base, zeroVec, i)
		}
		return s.kids[i].nodeAt(c, slot, rest)
	}
	// A proof reads several nodes of one element: the element type's
	// program computes all of them once (the element's few pairs), kept
	// until the next update; from the stored copy when there is one (the
	// last Root's element, whatever the value became), else from the
	// value.
	loc, lerr := s.rooter.locate(rest, s.keep)
	if errors.Is(lerr, graph.ErrNotInProgram) {
		return [32]byte{}, errInside(rest)
	}
	if lerr != nil {
		return [32]byte{}, s.planError(lerr, []int{i})
	}
	if loc.Zero >= 0 {
		return c.hasher.zero[loc.Zero], nil
	}
	if !s.proofOK || s.proofIdx != i {
		// The kept nodes are overwritten below: until they are those
		// of element i and checked against the last Root, nothing is
		// kept. A refused element (written in place since) must not
		// leave its nodes standing for the element proved before it.
		s.proofOK = false
		var ser []byte
		var el unsafe.Pointer
		if s.keep {
			ser = s.copy[i*s.size : (i+1)*s.size]
		} else if err := readValue(); err != nil {
			return [32]byte{}, err
		} else {
			el = s.value(base, zeroVec, i)
		}
		nodes, nerr := s.rooter.nodes(s.proofNodes, el, ser)
		if nerr != nil {
			nerr = s.planError(nerr, []int{i})
			if el != nil {
				// The element was valid at the last Root: read from the
				// value, its error is a change since, and says so.
				nerr = fmt.Errorf("%w: %w", ErrChanged, nerr)
			}
			return [32]byte{}, nerr
		}
		s.proofNodes = nodes
		if el != nil {
			// The element is read from the value: its root must be the
			// last Root's (an element pointer retargeted or set to nil,
			// contents written in place since, are another element),
			// else no node of it is given out.
			if err := s.checkElem(c, base, zeroVec, i, nodes); err != nil {
				return [32]byte{}, err
			}
		}
		s.proofIdx, s.proofOK = i, true
		c.pairs += uint64(s.ops)
	}
	return [32]byte(s.proofNodes[32*loc.Node:]), nil
}

// rootsFromValue is rootElems for a node of the last root read from the
// value: an element that is invalid now was valid then, so its error is
// also ErrChanged.
func (s *seq) rootsFromValue(c *ctx, base unsafe.Pointer, zeroVec bool, idx []int, dst []byte) error {
	if err := s.rootElems(c, base, zeroVec, idx, dst); err != nil {
		return fmt.Errorf("%w: %w", ErrChanged, err)
	}
	return nil
}

// checkElem reports whether nodes, computed from element i of the value,
// are those of the element the last update rooted: the element's root
// among them must be the stored one (a tree that keeps its element
// roots), or hash with its sibling's root to the stored parent (an upper
// levels only tree); else ErrChanged.
func (s *seq) checkElem(c *ctx, base unsafe.Pointer, zeroVec bool, i int, nodes []byte) error {
	if s.rootLoc == nil {
		loc, err := s.rooter.locate(1, false)
		if err != nil {
			return s.planError(err, []int{i})
		}
		s.rootLoc = &loc
	}
	loc := *s.rootLoc
	var r [32]byte
	if loc.Zero >= 0 {
		r = c.hasher.zero[loc.Zero]
	} else {
		r = [32]byte(nodes[32*loc.Node:])
	}
	if s.tree.keeps() {
		if !bytes.Equal(s.tree.leaf(i), r[:]) {
			return fmt.Errorf("cache: %s[%d]: %w (the element the value holds there is not the last Root's)", s.path, i, ErrChanged)
		}
		return nil
	}
	w, ok := s.tree.(*wide)
	if !ok {
		return fmt.Errorf("cache: %s: %w (element roots neither stored nor checkable)", s.path, ErrChanged)
	}
	fetch := func(idx []int, dst []byte) error { return s.rootsFromValue(c, base, zeroVec, idx, dst) }
	if err := w.checkLeaf(c.hasher, i, r, fetch); err != nil {
		return fmt.Errorf("cache: %s[%d]: %w", s.path, i, err)
	}
	return nil
}

// current returns the elements of the value at p for reading nodes of the
// last root that the tree does not store (element roots of an upper levels
// only tree, the insides of an element without a stored copy). The value
// must still hold the last root's elements where it held them: the same
// length and the same backing array, else ErrChanged (a shortened slice's
// old elements are memory it no longer owns). p nil is a value that is
// gone (its container changed): ErrChanged too.
func (s *seq) current(p unsafe.Pointer) (unsafe.Pointer, bool, error) {
	if p == nil {
		return nil, false, fmt.Errorf("cache: %s: %w (its container was replaced)", s.path, ErrChanged)
	}
	base, n, zeroVec, err := s.elems(p)
	if err != nil {
		return nil, false, fmt.Errorf("%w: %w", ErrChanged, err)
	}
	if n != s.n || base != s.at {
		return nil, false, fmt.Errorf("cache: %s: %w (%d elements at the last Root, %d now, or another array)", s.path, ErrChanged, s.n, n)
	}
	return base, zeroVec, nil
}

func (s *seq) bytes() int {
	n := s.tree.bytes() + cap(s.copy) + 8*(cap(s.marked)+cap(s.dirty)+cap(s.ptrs)) + cap(s.roots) + cap(s.batch) + 16*(cap(s.kids)-len(s.kids))
	for _, k := range s.kids {
		n += k.bytes() + 16
	}
	return n
}

// trim drops scratch buffers far larger than a small update needs (the
// first root of a registry needs one entry per element).
func (s *seq) trim() {
	s.dirty = trimInts(s.dirty)
	s.marked = trimInts(s.marked)
	s.roots = trimBytes(s.roots)
	if 8*cap(s.ptrs) > scratchKeep {
		s.ptrs = nil
	}
	if w, ok := s.tree.(*wide); ok {
		w.scratch = trimInts(w.scratch)
	}
}
