package cache

import (
	"errors"
	"fmt"
	"reflect"
	"sync"
	"unsafe"

	"github.com/lanehash/lanehash/internal/options"
	"github.com/lanehash/lanehash/proof"
	"github.com/lanehash/lanehash/ssz"
)

// Mode says how a tree finds what changed since the last root.
type Mode uint8

const (
	// Detect (the default) compares the whole value with what the tree
	// stores on every Root: each basic list's bytes with its stored
	// chunks, each fixed-size element's serialization with a stored copy,
	// each one-chunk field with its chunk. A change the caller forgot to
	// mark cannot give a wrong root. It costs a pass over the value's
	// memory (about 121 bytes compared per validator) and, for lists of
	// fixed-size elements, a copy of their serializations.
	Detect Mode = iota
	// Marked looks at what Mark named since the last Root, and sees
	// without a mark every change of identity, at every depth (a
	// top-level field, a field of a field, a pointer field's target, a
	// list inside a list or vector element): a slice's backing array or
	// length, a pointer's target, the address of the value handed to
	// Root. So appends (within capacity or moving to a new array),
	// truncations, a list set to nil or to a new slice of any length, a
	// pointer field set to a new object or nil, another *T (a state
	// decoded afresh) and a list past its limit (ssz.ErrListTooLong) need
	// no mark. A change of identity is a whole-field change: the part is
	// compared as a whole-field Mark compares it (a new registry array
	// re-roots every validator; Go grows a slice geometrically, so an
	// append moves it rarely). The look costs one compare per slice and
	// pointer in the tree outside fixed-size list elements (a block
	// body's attestations, a state's pointer fields), never one per
	// element. The tree holds the arrays and targets it compared with
	// until the next Root, so a new allocation cannot take their address.
	//
	// What needs a mark is a write into the same storage: an element or
	// byte of a list written in place (the element's index); an element
	// slot given a new value inside the same array — a pointer of a []*T
	// or [N]*T retargeted or set to nil, a new slice stored in a list of
	// vectors, two elements swapped (the indices); any write inside a
	// fixed-size element (a validator's field, through a pointer or not:
	// the element's index);
	// a pointer's target written in place (the top-level field); a
	// truncation and an append in place between two roots, which leave
	// the same array and may leave the same length (the indices from the
	// truncation on). An append or a truncation in place (the same array,
	// another length) is seen by its length alone: the tree roots the
	// appended tail, or the new length, and reads nothing before it. So
	// moving elements within the array is a write in place that needs
	// marks: slices.Insert or slices.Delete within capacity, a copy
	// between overlapping parts of the slice, shift elements into slots
	// that held others — mark every moved index (from the first one
	// moved to the end) or MarkAll the field. A change of contents that was not marked is missed:
	// the root is then wrong. Marked keeps no copies of elements: a
	// whole-field Mark of a list of composite elements re-roots every
	// element (a list of basic values is still compared with its stored
	// chunks), and proofs read the insides of an element from the value,
	// checking that element's root against the stored one first
	// (ErrChanged if it moved or changed).
	Marked
)

// ErrMark reports a Mark that names no field of the tree's type or is not
// allowed for that field; the error is a *MarkError, which names the
// field and the index.
var ErrMark = errors.New("cache: bad mark")

// ErrChanged reports a node or proof that would have to be read from a
// part of the value that changed since the last Root (a list shortened,
// replaced or set to nil, a pointer retargeted or set to nil, an element
// read from the value whose root is not the stored one): the tree does
// not store that part and will not read the new value as if it were the
// old one. When the value is also invalid now (a list past its limit, a
// vector held as a slice of the wrong length), the error wraps both
// ErrChanged and the *plan.Error of the value, so errors.Is finds both.
var ErrChanged = errors.New("cache: value changed since the last Root")

// tree is the untyped core of Tree and List.
type tree struct {
	mu    sync.Mutex
	c     *ctx
	t     *ssz.Type
	mode  Mode
	root  node
	top   *container // root, when the type is a container
	marks map[int]*selection
	// spare[fi] is field fi's selection, reused from root to root: a
	// block marks tens of thousands of participation bytes, and a fresh
	// slice grown by doubling each time is garbage the collector must
	// then find among the state's million heap objects.
	spare []*selection
	// fieldIdx remembers the fields resolved from names (Tree.Mark's
	// string form, Field handles); nil for a list tree.
	fieldIdx map[string]fieldRef
	sel      *selection // marks of a list tree
	// list: a List's tree (NewList, NewProgressiveList), whose errors
	// name the element as ListRoot's do; a value's tree (New, TreeOf,
	// SparseOf) names it in the path as Root does, a value that is a
	// vector (a Go array) included.
	list bool
	all  bool // a list tree's elements were marked whole
	// markErr is the first mark a Field handle could not honour, returned
	// by the next update.
	markErr error
	last    unsafe.Pointer
	keep    any // keeps the last value alive
	built   bool
	value   [32]byte
}

// newTreeOf describes the type with describe, under the spec values of
// cfg, and builds its tree.
func newTreeOf(cfg config, describe func(...ssz.Option) (*ssz.Type, error)) (*tree, error) {
	if err := cfg.check(); err != nil {
		return nil, err
	}
	var sopts []ssz.Option
	if cfg.spec != nil {
		sopts = append(sopts, ssz.WithSpec(cfg.spec))
	}
	t, err := describe(sopts...)
	if err != nil {
		return nil, err
	}
	if err := checkVectors(t, typeName(t)); err != nil {
		return nil, err
	}
	if cfg.upper {
		if err := upperLevelsOK(t, typeName(t)); err != nil {
			return nil, err
		}
	}
	h, err := newHasher(cfg.hash, cfg.kernel)
	if err != nil {
		return nil, options.KernelError("cache", err)
	}
	c := &ctx{hasher: h, upper: cfg.upper, noCopy: cfg.noCopy || cfg.upper || cfg.mode == Marked, spec: cfg.spec}
	tr := &tree{c: c, t: t, mode: cfg.mode, marks: map[int]*selection{}, sel: &selection{}}
	if err := tr.rebuild(); err != nil {
		return nil, err
	}
	if t.Kind == ssz.KindContainer || t.Kind == ssz.KindProgressiveContainer {
		// From the type, not the top node: an opaque top (a big-endian
		// host) still takes marks by field name.
		tr.fieldIdx = map[string]fieldRef{}
		tr.spare = make([]*selection, len(t.Fields))
	}
	return tr, nil
}

// rebuild replaces the nodes with empty ones: the next update fills them.
func (tr *tree) rebuild() error {
	n, err := newNode(tr.c, tr.t, typeName(tr.t))
	if err != nil {
		return err
	}
	tr.root = n
	tr.top, _ = n.(*container)
	return nil
}

// typeName is the root of the paths of t's nodes: the name of the type
// (a pointer's element's), or for an unnamed type ssz.UnnamedPath, as the
// reference's errors name it. Paths below it are bounded
// (internal/sszpath): a tree keeps one for every node.
func typeName(t *ssz.Type) string {
	g := t.Go
	for g.Kind() == reflect.Pointer {
		g = g.Elem()
	}
	if g.Name() != "" {
		return g.Name()
	}
	return ssz.UnnamedPath(g)
}

// update computes the root of the value at p.
func (tr *tree) update(p unsafe.Pointer, keep any) ([32]byte, error) {
	tr.mu.Lock()
	defer tr.mu.Unlock()
	if err := tr.markErr; err != nil {
		// A mark was not honoured: the tree cannot know what changed
		// there, so it fails this root and forgets what it stored, as for
		// any failed update; the next root hashes everything.
		tr.forget()
		return [32]byte{}, err
	}
	var r [32]byte
	var err error
	switch {
	case tr.mode == Detect || !tr.built || tr.all:
		r, err = tr.root.update(tr.c, p, nil)
	case tr.top != nil:
		r, err = tr.top.updateFields(tr.c, p, tr.marks)
	default:
		r, err = tr.root.update(tr.c, p, tr.sel)
	}
	if err != nil {
		// A failed update may leave nodes half-updated: start over next
		// time rather than trust them.
		tr.forget()
		return [32]byte{}, tr.valueError(err)
	}
	tr.clearMarks()
	tr.last, tr.keep, tr.built, tr.value = p, keep, true, r
	return r, nil
}

// clearMarks drops the marks of the last update and trims the buffers.
func (tr *tree) clearMarks() {
	tr.c.buf, tr.c.out = trimBytes(tr.c.buf), trimBytes(tr.c.out)
	clear(tr.marks)
	for _, s := range tr.spare {
		if s != nil {
			s.trim()
		}
	}
	tr.sel.trim()
	tr.all, tr.markErr = false, nil
}

// forget replaces the nodes with empty ones and drops the marks: the
// next update hashes everything. The nodes were built from the same type
// once, so building them again does not fail.
func (tr *tree) forget() {
	_ = tr.rebuild()
	tr.built = false
	tr.clearMarks()
}

// mark resolves field and records the marks idx of it at once (Tree.Mark,
// List.Mark): the string form, which reports a bad mark at the call.
func (tr *tree) mark(field string, idx []int) error {
	// The fast path, under one lock: a name resolved before (a list
	// tree's "" always is).
	tr.mu.Lock()
	ref, ok := tr.fieldIdx[field]
	if tr.fieldIdx == nil && field == "" {
		ref, ok = listElems, true
	}
	if ok {
		err := checkMarks(ref, idx)
		if err == nil {
			tr.record(ref, idx)
		}
		tr.mu.Unlock()
		return err
	}
	tr.mu.Unlock()
	ref, err := tr.resolveField(field)
	if err != nil {
		return err
	}
	return tr.markNow(ref, idx)
}

// node is the NodeSource of the last update.
func (tr *tree) node(g proof.GIndex) ([32]byte, error) {
	tr.mu.Lock()
	defer tr.mu.Unlock()
	return tr.nodeLocked(g)
}

func (tr *tree) nodeLocked(g proof.GIndex) ([32]byte, error) {
	if !tr.built {
		return [32]byte{}, fmt.Errorf("cache: no root computed yet: %w", proof.ErrIndex)
	}
	if g == 0 {
		return [32]byte{}, proof.ErrIndex
	}
	if g == 1 {
		return tr.value, nil
	}
	n, err := tr.root.nodeAt(tr.c, tr.last, g)
	if err == nil {
		return n, nil
	}
	// A value read for a node: the one value error. A value that is
	// invalid now was valid at the last Root, so that error is also a
	// change since (a list past its limit, a vector cut): both stay
	// visible, and a server that roots again on ErrChanged does so.
	ve := tr.valueError(err)
	if ve != err && errors.Is(err, ErrChanged) {
		return [32]byte{}, fmt.Errorf("cache: %w: %w", ErrChanged, ve)
	}
	return [32]byte{}, ve
}

// lockedSource reads the nodes of a tree whose lock its caller holds.
type lockedSource struct{ tr *tree }

// readNodes runs read on the tree's nodes under its lock (Tree.ReadNodes).
func (tr *tree) readNodes(read func(proof.NodeSource) error) error {
	tr.mu.Lock()
	defer tr.mu.Unlock()
	return read(lockedSource{tr})
}

func (s lockedSource) Node(g proof.GIndex) ([32]byte, error) { return s.tr.nodeLocked(g) }

// gindices resolves the paths of a multiproof. No paths is left to
// proof.ProveMulti and ProveCompact, which refuse a request for nothing.
func (tr *tree) gindices(paths []string) ([]proof.GIndex, error) { return gindicesOf(tr.t, paths) }

// gindicesOf resolves paths in type t.
func gindicesOf(t *ssz.Type, paths []string) ([]proof.GIndex, error) {
	out := make([]proof.GIndex, len(paths))
	for i, p := range paths {
		g, err := proof.GIndexOf(t, p)
		if err != nil {
			return nil, err
		}
		out[i] = g
	}
	return out, nil
}

func (tr *tree) prove(path string) (*proof.Proof, error) {
	g, err := proof.GIndexOf(tr.t, path)
	if err != nil {
		return nil, err
	}
	tr.mu.Lock()
	defer tr.mu.Unlock()
	p, err := proof.Prove(lockedSource{tr}, g)
	if p != nil {
		p.Hash = tr.c.hash
	}
	return p, err
}

func (tr *tree) proveMulti(paths []string) (*proof.Multiproof, error) {
	gs, err := tr.gindices(paths)
	if err != nil {
		return nil, err
	}
	tr.mu.Lock()
	defer tr.mu.Unlock()
	m, err := proof.ProveMulti(lockedSource{tr}, gs)
	if m != nil {
		m.Hash = tr.c.hash
	}
	return m, err
}

func (tr *tree) proveCompact(paths []string) (*proof.CompactMultiproof, error) {
	gs, err := tr.gindices(paths)
	if err != nil {
		return nil, err
	}
	tr.mu.Lock()
	defer tr.mu.Unlock()
	m, err := proof.ProveCompact(lockedSource{tr}, gs)
	if m != nil {
		m.Hash = tr.c.hash
	}
	return m, err
}

// Stats are a tree's counters.
type Stats struct {
	// PairsHashed counts the pairs hashed since the tree was built or its
	// stats reset: inner nodes, element roots (a registered plan's
	// lockstep hashes counted by its program's size), mix-ins.
	PairsHashed uint64
	// Bytes is the memory the tree holds now: stored levels, copies,
	// scratch buffers.
	Bytes int
}

func (tr *tree) stats() Stats {
	tr.mu.Lock()
	defer tr.mu.Unlock()
	n := tr.root.bytes() + cap(tr.c.buf) + cap(tr.c.out) + tr.sel.bytes()
	for _, s := range tr.spare {
		if s != nil {
			n += s.bytes()
		}
	}
	return Stats{PairsHashed: tr.c.pairs, Bytes: n}
}

func (tr *tree) resetStats() {
	tr.mu.Lock()
	defer tr.mu.Unlock()
	tr.c.pairs = 0
}
