package cache

import (
	"cmp"
	"errors"
	"fmt"
	"math/bits"
	"runtime"
	"slices"
	"unsafe"

	"github.com/lanehash/lanehash/lanes"
	"github.com/lanehash/lanehash/proof"
	"github.com/lanehash/lanehash/ssz"
)

// ErrNotKept reports a node a Sparse tree was not built to hold: a node
// off the paths given to SparseOf (and off their siblings). The error
// also wraps proof.ErrIndex, so a proof source's callers see it as the
// missing node it is.
var ErrNotKept = errors.New("cache: node not kept by the sparse tree")

// Sparse is the part of a value's Merkle tree that proofs of some paths
// read, built once from a plain value by SparseOf: the nodes on each
// path from the root down, and their siblings. It reads nothing of the
// value after SparseOf returns, is immutable and safe for concurrent
// use. It is a proof.HashedSource.
type Sparse struct {
	t     *ssz.Type
	hash  lanes.Hash
	root  [32]byte
	nodes map[proof.GIndex][32]byte
}

// SparseOf roots *v and keeps the nodes that proofs of paths read and
// nothing else: the one-shot proof from a value at hand (a proof server
// asked for a field of a state it has not cached). Every node off the
// paths is computed once as the root of the largest subtree not on a
// path, by the plan of its type or, for the parts of a list, in tiles
// of 4,096 of its elements' roots, each folded and dropped before the
// next: so the whole costs about one root of *v and memory that does
// not grow with the value, where TreeOf stores every level of every
// list (on a 1M-validator state, about three roots' time and 145 MB).
// Each path adds its own siblings below where it parts from the others,
// each computed on its own: tens or hundreds of paths cost little more
// than one, thousands (every validator of a committee) several roots,
// where TreeOf's whole tree, once built, proves each in microseconds.
// The plans a call compiles for the types of *v are kept for the next
// call on the same types (until the garbage collector drops them), so
// only the first proof of a type pays for them.
//
// The paths are those of Tree.Prove (proof.GIndexOf); the empty path is
// the root, and no paths keep only the root. Prove, ProveMulti and
// ProveCompact then take any of the paths given (and any path whose
// nodes the tree holds anyway: a parent, a sibling); another path is an
// error wrapping ErrNotKept. Options are those of TreeOf: the hash, the kernel, the
// spec values; WithMode and WithUpperLevelsOnly are an ErrOption, since
// nothing is kept to compare or mark. A nil v is an error wrapping
// ssz.ErrValue, a bad path a *proof.PathError, a bad value the
// *plan.Error TreeOf returns (its first bad part, whichever paths are
// asked), and, for a good value, a path to a node its tree does not have
// (inside an element past a list's length, inside a union's value or a
// container with a field behind an embedded pointer, which the tree
// keeps as one opaque root) an
// error wrapping proof.ErrIndex, as Tree.Prove returns for it. With
// WithRoot(r), a value whose root is not r is an error wrapping
// ErrUnexpectedRoot, and no tree.
func SparseOf[T any](v *T, paths []string, opts ...Option) (*Sparse, [32]byte, error) {
	return sparseOf(v, opts, func(tr *tree) ([]proof.GIndex, error) { return tr.gindices(paths) })
}

// sparseOf is SparseOf for the generalized indices gindices resolves in
// the tree of T.
func sparseOf[T any](v *T, opts []Option, gindices func(*tree) ([]proof.GIndex, error)) (*Sparse, [32]byte, error) {
	if v == nil {
		return nil, [32]byte{}, fmt.Errorf("cache: nil value: %w", ssz.ErrValue)
	}
	return sparseWalk[T](opts, gindices, func(tr *tree, gs []proof.GIndex, _ *[32]byte) (*Sparse, error) {
		s, err := tr.sparse(unsafe.Pointer(v), gs)
		runtime.KeepAlive(v)
		return s, err
	})
}

// sparseWalk builds the sparse tree walk computes in the tree of T for
// the generalized indices gindices resolves there.
func sparseWalk[T any](opts []Option, gindices func(*tree) ([]proof.GIndex, error), walk func(tr *tree, gs []proof.GIndex, expect *[32]byte) (*Sparse, error)) (*Sparse, [32]byte, error) {
	cfg := newConfig(opts)
	if cfg.err == nil && (cfg.modeSet || cfg.upper) {
		cfg.err = fmt.Errorf("cache: %w: SparseOf keeps no tree to re-root, compare or mark: WithMode and WithUpperLevelsOnly do not apply", ErrOption)
	}
	cfg.mode, cfg.noCopy, cfg.sparse = Marked, true, true
	tr, err := newTreeOf(cfg, ssz.TypeFor[T])
	if err != nil {
		return nil, [32]byte{}, err
	}
	// The walk's tree is dropped when it returns: its plans serve the
	// next one (planshelf.go).
	defer tr.c.returnPlans()
	gs, err := gindices(tr)
	if err != nil {
		return nil, [32]byte{}, err
	}
	s, err := walk(tr, gs, cfg.expect)
	if err != nil {
		return nil, [32]byte{}, err
	}
	if cfg.expect != nil && s.root != *cfg.expect {
		return nil, [32]byte{}, fmt.Errorf("%w: %s roots to %x, not %x", ErrUnexpectedRoot, typeName(tr.t), s.root, *cfg.expect)
	}
	return s, s.root, nil
}

// sparse computes the nodes proofs of gs read from the value at p: each
// node of gs, its ancestors and the siblings of both.
func (tr *tree) sparse(p unsafe.Pointer, gs []proof.GIndex) (*Sparse, error) {
	direct, upper := sparseNodes(gs)
	s := &Sparse{t: tr.t, hash: tr.c.hash, nodes: make(map[proof.GIndex][32]byte, len(direct)+len(upper))}
	for _, g := range direct {
		n, err := tr.root.sparse(tr.c, p, g)
		if err != nil {
			return nil, tr.sparseError(p, err)
		}
		s.nodes[g] = n
	}
	for _, g := range upper {
		s.nodes[g] = tr.c.pair(s.nodes[2*g], s.nodes[2*g+1])
	}
	s.root = s.nodes[1]
	return s, nil
}

// sparseError is the error of a sparse walk of the value at p that
// failed with err. Which bad part a value has is the full tree's to say
// (TreeOf's first, in its order), whichever part the paths led the walk
// to first; and a path without a node is reported only for a good value,
// as TreeOf would have failed before any proof. So a failed walk checks
// the value (a root by its plan: errors are the rare case) and, when it
// is bad or the walk met a bad part, roots it as TreeOf does for the
// error.
func (tr *tree) sparseError(p unsafe.Pointer, err error) error {
	var se *ssz.Error
	if !errors.As(err, &se) {
		if _, rerr := tr.c.valueRoot(tr.t, p, typeName(tr.t)); rerr == nil {
			return err
		}
	}
	if _, uerr := tr.update(p, nil); uerr != nil {
		return uerr
	}
	return tr.valueError(err)
}

// sparseNodes splits the nodes proofs of gs read into those computed
// from the value (direct: each requested node that has no requested
// node below it, and each sibling of a node on a path that is not on a
// path itself) and those hashed from their two children (upper, deepest
// first). The direct nodes are disjoint subtrees that together cover
// the tree, so computing them costs about one root. No gs is the root
// alone.
func sparseNodes(gs []proof.GIndex) (direct, upper []proof.GIndex) {
	on := map[proof.GIndex]bool{1: true}
	for _, g := range gs {
		for ; g > 1 && !on[g]; g >>= 1 {
			on[g] = true
		}
	}
	for g := range on {
		if g > 1 && !on[g^1] {
			direct = append(direct, g^1)
		}
		if g < 1<<62 && (on[2*g] || on[2*g+1]) {
			upper = append(upper, g)
		} else {
			direct = append(direct, g)
		}
	}
	// The direct nodes left to right (pre-order: disjoint subtrees never
	// tie), so the walk finishes one element of a list before the next:
	// a list inside the elements (one node of the element type serves
	// them all) is checked once per element, where level by level it was
	// checked again for every node (two paths into two elements' 4M
	// booleans cost 27 roots). The upper nodes deepest first.
	slices.SortFunc(direct, func(a, b proof.GIndex) int {
		return cmp.Compare(uint64(a)<<(64-bits.Len64(uint64(a))), uint64(b)<<(64-bits.Len64(uint64(b))))
	})
	slices.SortFunc(upper, func(a, b proof.GIndex) int {
		if da, db := bits.Len64(uint64(a)), bits.Len64(uint64(b)); da != db {
			return db - da
		}
		return cmp.Compare(a, b)
	})
	return direct, upper
}

// Root is the root of the value the tree was built from.
func (s *Sparse) Root() [32]byte { return s.root }

// Hash is the hash function of the tree (proof.HashedSource).
func (s *Sparse) Hash() lanes.Hash { return s.hash }

// Node returns the node at generalized index g, if the tree kept it;
// else an error wrapping ErrNotKept and proof.ErrIndex.
func (s *Sparse) Node(g proof.GIndex) ([32]byte, error) {
	if s.t == nil {
		return [32]byte{}, ErrZero
	}
	if n, ok := s.nodes[g]; ok {
		return n, nil
	}
	return [32]byte{}, fmt.Errorf("cache: node %d of %s: %w: %w", g, typeName(s.t), ErrNotKept, proof.ErrIndex)
}

// Len is the number of nodes the tree keeps.
func (s *Sparse) Len() int { return len(s.nodes) }

// GIndex returns the generalized index of path in the tree's type.
func (s *Sparse) GIndex(path string) (proof.GIndex, error) {
	if s.t == nil {
		return 0, ErrZero
	}
	return proof.GIndexOf(s.t, path)
}

// Prove returns the proof of the node at path, one of the paths the tree
// was built for (or a node on one).
func (s *Sparse) Prove(path string) (*proof.Proof, error) {
	g, err := s.GIndex(path)
	if err != nil {
		return nil, err
	}
	return proof.Prove(s, g)
}

// ProveMulti returns the multiproof of the nodes at paths, each one the
// tree was built for (or a node on one).
func (s *Sparse) ProveMulti(paths ...string) (*proof.Multiproof, error) {
	gs, err := s.gindices(paths)
	if err != nil {
		return nil, err
	}
	return proof.ProveMulti(s, gs)
}

// ProveCompact returns the compact multiproof of the nodes at paths,
// each one the tree was built for (or a node on one).
func (s *Sparse) ProveCompact(paths ...string) (*proof.CompactMultiproof, error) {
	gs, err := s.gindices(paths)
	if err != nil {
		return nil, err
	}
	return proof.ProveCompact(s, gs)
}

func (s *Sparse) gindices(paths []string) ([]proof.GIndex, error) {
	if s.t == nil {
		return nil, ErrZero
	}
	return gindicesOf(s.t, paths)
}
