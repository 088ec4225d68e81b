package cache

import (
	"errors"
	"fmt"
	"reflect"
	"sync"
	"unsafe"

	"github.com/lanehash/lanehash/lanes"
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
	// Marked looks only at what Mark named since the last Root (and at
	// every list's length, so appends and truncations are always seen).
	// A change that was not marked is missed: the root is then wrong. It
	// keeps no copies of elements: a whole-field Mark of a list of
	// composite elements re-roots every element (a list of basic values is
	// still compared with its stored chunks), and proofs read the insides
	// of an element from the value.
	Marked
)

// ErrMark reports a Mark that names no field of the tree's type or is not
// allowed for that field.
var ErrMark = errors.New("cache: bad mark")

// Option configures New and NewList.
type Option func(*config)

type config struct {
	mode    Mode
	upper   bool
	hash    lanes.Hash
	kernel  string
	spec    ssz.SpecValues
	rooters map[reflect.Type]elemRooter
	noCopy  bool // keep no serializations even in Detect mode (Prove's one-shot tree)
}

// newConfig applies opts.
func newConfig(opts []Option) config {
	var cfg config
	for _, o := range opts {
		o(&cfg)
	}
	return cfg
}

// WithMode selects how changes are found; see Mode.
func WithMode(m Mode) Option { return func(c *config) { c.mode = m } }

// WithUpperLevelsOnly keeps only the levels above the element roots (and
// above the chunks of basic lists): half the memory of a registry's tree
// and no copies of the elements. It implies Marked, since there is nothing
// to compare with, and a change re-roots the changed elements and their
// siblings (the sibling roots are no longer stored).
func WithUpperLevelsOnly() Option { return func(c *config) { c.upper, c.mode = true, Marked } }

// WithHash selects the hash function (lanes.SHA256 by default).
func WithHash(h lanes.Hash) Option { return func(c *config) { c.hash = h } }

// WithKernel forces a kernel by name (see lanes.Kernels); "" is automatic.
func WithKernel(name string) Option { return func(c *config) { c.kernel = name } }

// WithSpec sets the spec values dynssz tags are evaluated with (mainnet
// by default).
func WithSpec(s ssz.SpecValues) Option { return func(c *config) { c.spec = s } }

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
	// fieldIdx finds a top-level field by Go name or normalized name.
	fieldIdx map[string]int
	sel      *selection // marks of a list tree
	last     unsafe.Pointer
	keep     any // keeps the last value alive
	built    bool
	value    [32]byte
}

// newTreeOf describes the type with describe, under the spec values of
// cfg, and builds its tree.
func newTreeOf(cfg config, describe func(...ssz.Option) (*ssz.Type, error)) (*tree, error) {
	var sopts []ssz.Option
	if cfg.spec != nil {
		sopts = append(sopts, ssz.WithSpec(cfg.spec))
	}
	t, err := describe(sopts...)
	if err != nil {
		return nil, err
	}
	h, err := newHasher(cfg.hash, cfg.kernel)
	if err != nil {
		return nil, err
	}
	c := &ctx{hasher: h, upper: cfg.upper, noCopy: cfg.noCopy || cfg.upper || cfg.mode == Marked, rooters: cfg.rooters}
	tr := &tree{c: c, t: t, mode: cfg.mode, marks: map[int]*selection{}, sel: &selection{}}
	if err := tr.rebuild(); err != nil {
		return nil, err
	}
	if t.Kind == ssz.KindContainer || t.Kind == ssz.KindProgressiveContainer {
		// From the type, not the top node: an opaque top (a big-endian
		// host) still takes marks by field name.
		tr.fieldIdx = map[string]int{}
		tr.spare = make([]*selection, len(t.Fields))
		for i, f := range t.Fields {
			tr.fieldIdx[f.Name] = i
			tr.fieldIdx[proofNormalize(f.Name)] = i
		}
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

func typeName(t *ssz.Type) string {
	g := t.Go
	for g.Kind() == reflect.Pointer {
		g = g.Elem()
	}
	if g.Name() != "" {
		return g.Name()
	}
	return g.String()
}

// update computes the root of the value at p.
func (tr *tree) update(p unsafe.Pointer, keep any) ([32]byte, error) {
	tr.mu.Lock()
	defer tr.mu.Unlock()
	var r [32]byte
	var err error
	switch {
	case tr.mode == Detect || !tr.built:
		r, err = tr.root.update(tr.c, p, nil)
	case tr.top != nil:
		r, err = tr.top.updateFields(tr.c, p, tr.marks)
	default:
		r, err = tr.root.update(tr.c, p, tr.sel)
	}
	if err != nil {
		// A failed update may leave nodes half-updated: start over next
		// time rather than trust them. The nodes were built from the same
		// type once, so building them again does not fail.
		_ = tr.rebuild()
		tr.built = false
		return [32]byte{}, err
	}
	tr.c.buf, tr.c.out = trimBytes(tr.c.buf), trimBytes(tr.c.out)
	clear(tr.marks)
	for _, s := range tr.spare {
		if s != nil {
			s.trim()
		}
	}
	tr.sel.trim()
	tr.last, tr.keep, tr.built, tr.value = p, keep, true, r
	return r, nil
}

// mark records changed elements of field (field "" for a list tree).
func (tr *tree) mark(field string, idx []int) error {
	tr.mu.Lock()
	defer tr.mu.Unlock()
	if tr.fieldIdx == nil {
		if field != "" {
			return fmt.Errorf("%w: %q: a list tree marks element indices only", ErrMark, field)
		}
		if tr.mode != Detect { // Detect never reads marks
			tr.sel.idx = append(tr.sel.idx, idx...)
		}
		return nil
	}
	fi, ok := tr.fieldIdx[field]
	if !ok {
		fi, ok = tr.fieldIdx[proofNormalize(field)]
	}
	if !ok {
		return fmt.Errorf("%w: no field %q in %s", ErrMark, field, typeName(tr.t))
	}
	if len(idx) > 0 && !tr.hasElements(fi) {
		return fmt.Errorf("%w: field %q has no elements to mark", ErrMark, field)
	}
	if tr.mode == Detect || tr.top == nil {
		// Checked, but not kept: Detect never reads marks, and an opaque
		// top compares its whole serialization on every root.
		return nil
	}
	m, ok := tr.marks[fi]
	switch {
	case len(idx) == 0:
		tr.marks[fi] = nil // the whole field: compared (Detect inside it)
	case ok && m == nil:
		// already marked whole
	case ok:
		m.idx = append(m.idx, idx...)
	default:
		s := tr.spare[fi]
		if s == nil {
			s = &selection{}
			tr.spare[fi] = s
		}
		s.idx = append(s.idx[:0], idx...)
		tr.marks[fi] = s
	}
	return nil
}

// hasElements reports whether top-level field fi takes element marks: its
// node is a list, vector or bitfield, or, when the top is opaque, its
// type is one.
func (tr *tree) hasElements(fi int) bool {
	if tr.top != nil {
		f := tr.top.fields[fi]
		return f.kid != nil && isSeq(f.kid)
	}
	switch tr.t.Fields[fi].Type.Kind {
	case ssz.KindVector, ssz.KindList, ssz.KindProgressiveList,
		ssz.KindBitvector, ssz.KindBitlist, ssz.KindProgressiveBitlist:
		return true
	}
	return false
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
	return tr.root.nodeAt(tr.c, tr.last, g)
}

type lockedSource struct{ tr *tree }

func (s lockedSource) Node(g proof.GIndex) ([32]byte, error) { return s.tr.nodeLocked(g) }

func (tr *tree) gindices(paths []string) ([]proof.GIndex, error) {
	out := make([]proof.GIndex, len(paths))
	for i, p := range paths {
		g, err := proof.GIndexOf(tr.t, p)
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
