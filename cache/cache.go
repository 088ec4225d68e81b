package cache

import (
	"fmt"
	"reflect"
	"unsafe"

	"github.com/lanehash/lanehash/lanes"
	"github.com/lanehash/lanehash/proof"
	"github.com/lanehash/lanehash/ssz"
)

// Tree is the cached Merkle tree of values of type T (a container such as
// a BeaconState): it keeps the element roots and inner nodes of every wide
// tree in it, and each Root re-hashes only what changed since the last
// one. See the package documentation for modes, memory and concurrency.
type Tree[T any] struct{ tr *tree }

// New builds an empty cached tree for T; the first Root hashes everything.
// Options that contradict each other or T are an error wrapping ErrOption
// here, never a surprise at the first Root (see the options and Mode).
// Which mode: Marked for a state transition that knows what it changed
// (it marks contents through Field handles, resolved once at setup:
// balances.Mark(i) costs no lookup and returns nothing, a bad mark is
// returned by the next Root; lengths, new arrays and new pointer targets
// at every depth need no mark: see Marked), Detect where
// a forgotten mark must not cost a wrong root (a pass over the value per
// Root). What each costs, on a fulu state of 1M validators, one core of
// an AMD EPYC Zen 3 (BenchmarkCachedState, BenchmarkCachedStateDetect in
// bench/compare; docs/cache.md): a block's changes cost about 2 ms of
// CPU in Marked mode against 136-164 ms in Detect mode, an epoch's about
// 40 ms in Marked mode against 219-231 ms.
//
// A type with a vector whose stored tree would pass MaxVectorBytes (a
// ssz-size of 2^40, which plan roots by description) is refused here, an
// *ssz.Error naming the vector and wrapping ErrTooLarge.
func New[T any](opts ...Option) (*Tree[T], error) {
	tr, err := newTreeOf(newConfig(opts), ssz.TypeFor[T])
	if err != nil {
		return nil, err
	}
	return &Tree[T]{tr: tr}, nil
}

// Root returns hash_tree_root(*v), re-hashing only what changed since the
// last Root (in Detect mode, whatever differs from the stored copy; in
// Marked mode, what Mark named). v must not change while Root runs, and
// the tree reads v again for proofs until the next Root. A nil v is an
// error. A bad value is a *plan.Error (Op "cache") with the indexed path
// plan's Root gives ("BeaconState.Validators[2].WithdrawalCredentials"),
// wrapping the ssz sentinel; a mark a Field handle could not honour is
// the *MarkError it kept. On error the tree forgets everything and the
// next Root rebuilds.
func (t *Tree[T]) Root(v *T) ([32]byte, error) {
	if err := zeroTree(t.tr); err != nil {
		return [32]byte{}, err
	}
	if v == nil {
		return [32]byte{}, fmt.Errorf("cache: nil value: %w", ssz.ErrValue)
	}
	return t.tr.update(unsafe.Pointer(v), v)
}

// Mark names changed values for the next Root in Marked mode: the elements
// idx of the list or vector field field (by Go or spec name, as Field
// resolves it), or with no idx the whole field (which is then compared
// with what is stored, as Detect does). It is Field(field) and its Mark or
// MarkAll in one call, resolving the name each time and reporting a bad
// mark here (a *MarkError wrapping ErrMark: an unknown name, a negative
// index; the call's other marks are dropped) rather than at the next Root;
// code that marks often should hold Field handles. Appends,
// truncations, new slices and new pointer targets, at any depth, need
// no mark (Marked lists what does). In Detect mode, and on a
// big-endian host (where the whole value is one opaque node, compared as
// a whole), marks are checked and change nothing.
func (t *Tree[T]) Mark(field string, idx ...int) error {
	if err := zeroTree(t.tr); err != nil {
		return err
	}
	return t.tr.mark(field, idx)
}

// Node returns the node at generalized index g as of the last Root. Nodes
// at or above element roots and chunks are stored and returned without
// hashing, whatever the value has become since; a node inside a
// fixed-size element (a validator's field) is computed from that element
// alone (at most its few pairs), from the stored copy in Detect mode and
// from the value otherwise. The value is read only where it still has the
// last Root's shape (each list on the way the same length and backing
// array, each pointer the same) and an element read from it has the
// stored root (or, in an upper-levels-only tree, hashes with its sibling
// to the stored parent): else the error wraps ErrChanged, never a node
// of memory the value no longer holds or of another element. Any g, up to 2^64−1, is a
// node or an error wrapping proof.ErrIndex, after at most one step per
// bit of g.
func (t *Tree[T]) Node(g proof.GIndex) ([32]byte, error) {
	if err := zeroTree(t.tr); err != nil {
		return [32]byte{}, err
	}
	return t.tr.node(g)
}

// Hash returns the tree's hash function (plan.WithHash; SHA-256 by
// default). With it a Tree is a proof.HashedSource: the proofs
// proof.Prove, ProveMulti and ProveCompact read from it carry the hash
// they verify with, as the Tree's own Prove methods' do.
func (t *Tree[T]) Hash() lanes.Hash { return hashOf(t.tr) }

// ReadNodes runs read with the tree's nodes as of one Root: no Root,
// mark or proof of the tree runs until read returns (read must not call
// the tree's methods). The source read is given is valid only until read
// returns: kept and read later, it would read the tree beside a Root
// without its lock. With it a Tree is a proof.SnapshotSource:
// proof.Prove, ProveMulti and ProveCompact read all of a proof's nodes
// in one call, so that a Root beside them cannot give them nodes of two
// trees.
func (t *Tree[T]) ReadNodes(read func(proof.NodeSource) error) error {
	if err := zeroTree(t.tr); err != nil {
		return err
	}
	return t.tr.readNodes(read)
}

// GIndex returns the generalized index of path in T, such as
// "Validators[12345].EffectiveBalance".
func (t *Tree[T]) GIndex(path string) (proof.GIndex, error) {
	if err := zeroTree(t.tr); err != nil {
		return 0, err
	}
	return proof.GIndexOf(t.tr.t, path)
}

// Prove returns the Merkle proof of the value at path against the last
// root; its nodes are read as Node reads them (ErrChanged where the value
// changed shape and the tree does not store them).
func (t *Tree[T]) Prove(path string) (*proof.Proof, error) {
	if err := zeroTree(t.tr); err != nil {
		return nil, err
	}
	return t.tr.prove(path)
}

// ProveMulti returns the multiproof of the values at paths (the spec's
// helper indices) against the last root. No paths is a proof.ErrIndex
// (a request for nothing).
func (t *Tree[T]) ProveMulti(paths ...string) (*proof.Multiproof, error) {
	if err := zeroTree(t.tr); err != nil {
		return nil, err
	}
	return t.tr.proveMulti(paths)
}

// ProveCompact returns the compact multiproof (ChainSafe's compactMulti
// form) of the values at paths against the last root. No paths is a
// proof.ErrIndex (a request for nothing).
func (t *Tree[T]) ProveCompact(paths ...string) (*proof.CompactMultiproof, error) {
	if err := zeroTree(t.tr); err != nil {
		return nil, err
	}
	return t.tr.proveCompact(paths)
}

// Stats returns the tree's counters: pairs hashed and memory held.
func (t *Tree[T]) Stats() Stats { return statsOf(t.tr) }

// ResetStats sets the pair counter to zero.
func (t *Tree[T]) ResetStats() {
	if t.tr != nil {
		t.tr.resetStats()
	}
}

// List is the cached tree of one SSZ list of E, such as a validator
// registry List[Validator, 2^40], or of a progressive list (EIP-7916).
type List[E any] struct{ tr *tree }

// NewList builds an empty cached List[E, limit].
func NewList[E any](limit uint64, opts ...Option) (*List[E], error) {
	return newList[E](reflect.StructTag(fmt.Sprintf(`ssz-max:"%d"`, limit)), opts)
}

// NewProgressiveList builds an empty cached ProgressiveList[E].
func NewProgressiveList[E any](opts ...Option) (*List[E], error) {
	return newList[E](`ssz-type:"progressive-list"`, opts)
}

func newList[E any](tag reflect.StructTag, opts []Option) (*List[E], error) {
	describe := func(sopts ...ssz.Option) (*ssz.Type, error) {
		return ssz.TypeOfTagged(reflect.TypeFor[[]E](), tag, sopts...)
	}
	tr, err := newTreeOf(newConfig(opts), describe)
	if err != nil {
		return nil, err
	}
	tr.list = true
	return &List[E]{tr: tr}, nil
}

// Root returns the list's hash_tree_root, re-hashing only the changed
// elements and the inner nodes on their paths; see Tree.Root. The slice
// header is read at the call, so appending is fine.
func (l *List[E]) Root(elems []E) ([32]byte, error) {
	if err := zeroTree(l.tr); err != nil {
		return [32]byte{}, err
	}
	p := &elems
	return l.tr.update(unsafe.Pointer(p), p)
}

// Mark names changed elements for the next Root in Marked mode; a
// negative index is a *MarkError wrapping ErrMark (the other marks of the
// call are dropped). It is Elements().Mark reporting at the call.
// Indices at or past the length at the next Root are ignored (the list
// may shrink in between). In Detect mode marks are checked and change
// nothing.
func (l *List[E]) Mark(idx ...int) error {
	if err := zeroTree(l.tr); err != nil {
		return err
	}
	return l.tr.mark("", idx)
}

// Node returns the node at generalized index g as of the last Root.
func (l *List[E]) Node(g proof.GIndex) ([32]byte, error) {
	if err := zeroTree(l.tr); err != nil {
		return [32]byte{}, err
	}
	return l.tr.node(g)
}

// Hash returns the list's hash function: a List is a proof.HashedSource,
// as a Tree is.
func (l *List[E]) Hash() lanes.Hash { return hashOf(l.tr) }

// ReadNodes runs read with the list's nodes as of one Root, as
// Tree.ReadNodes does: a List is a proof.SnapshotSource.
func (l *List[E]) ReadNodes(read func(proof.NodeSource) error) error {
	if err := zeroTree(l.tr); err != nil {
		return err
	}
	return l.tr.readNodes(read)
}

// Prove returns the proof of the value at path, such as "[12].Slashed".
func (l *List[E]) Prove(path string) (*proof.Proof, error) {
	if err := zeroTree(l.tr); err != nil {
		return nil, err
	}
	return l.tr.prove(path)
}

// ProveMulti returns the multiproof of the values at paths; no paths is a
// proof.ErrIndex.
func (l *List[E]) ProveMulti(paths ...string) (*proof.Multiproof, error) {
	if err := zeroTree(l.tr); err != nil {
		return nil, err
	}
	return l.tr.proveMulti(paths)
}

// ProveCompact returns the compact multiproof of the values at paths; no
// paths is a proof.ErrIndex.
func (l *List[E]) ProveCompact(paths ...string) (*proof.CompactMultiproof, error) {
	if err := zeroTree(l.tr); err != nil {
		return nil, err
	}
	return l.tr.proveCompact(paths)
}

// GIndex returns the generalized index of path in the list, such as
// "[12345].EffectiveBalance" or "__len__".
func (l *List[E]) GIndex(path string) (proof.GIndex, error) {
	if err := zeroTree(l.tr); err != nil {
		return 0, err
	}
	return proof.GIndexOf(l.tr.t, path)
}

// Elements returns the handle of the list's elements: Mark(idx...) with
// no error to check, a bad mark returned by the next Root, as a Tree's
// Field handles do; MarkAll marks every element (each is re-rooted in
// Marked mode).
func (l *List[E]) Elements() Field { return Field{tr: l.tr, ref: listElems} }

// Stats returns the list's counters.
func (l *List[E]) Stats() Stats { return statsOf(l.tr) }

// ResetStats sets the pair counter to zero.
func (l *List[E]) ResetStats() {
	if l.tr != nil {
		l.tr.resetStats()
	}
}

// TreeOf builds the tree of *v once and roots it: the one way to prove
// from a value at hand (a request for a proof of a state that is not
// cached), through the tree's Prove, ProveMulti and ProveCompact, as
// for a cached tree. It keeps the nodes of every wide tree sized to the
// data (never to a list's limit: padding comes from zero-hash ladders)
// and no copies of elements, so it costs about one root's hashing and
// memory proportional to the value; drop the tree when done. The tree is
// in Marked mode (a later Root needs marks; WithMode(Detect) is an
// ErrOption). A nil v is an error wrapping ssz.ErrValue; a bad value is
// the *plan.Error Root returns.
func TreeOf[T any](v *T, opts ...Option) (*Tree[T], [32]byte, error) {
	if v == nil {
		return nil, [32]byte{}, fmt.Errorf("cache: nil value: %w", ssz.ErrValue)
	}
	cfg := newConfig(opts)
	if cfg.err == nil && cfg.modeSet && cfg.mode != Marked {
		cfg.err = fmt.Errorf("cache: %w: TreeOf keeps no copies to compare with: its tree is in Marked mode, not Detect", ErrOption)
	}
	cfg.mode, cfg.noCopy = Marked, true
	tr, err := newTreeOf(cfg, ssz.TypeFor[T])
	if err != nil {
		return nil, [32]byte{}, err
	}
	root, err := tr.update(unsafe.Pointer(v), v)
	if err != nil {
		return nil, [32]byte{}, err
	}
	return &Tree[T]{tr: tr}, root, nil
}
