package eth2

import (
	"errors"
	"fmt"
	"reflect"

	"github.com/attestantio/go-eth2-client/spec/altair"
	"github.com/attestantio/go-eth2-client/spec/bellatrix"
	"github.com/attestantio/go-eth2-client/spec/capella"
	"github.com/attestantio/go-eth2-client/spec/deneb"
	"github.com/attestantio/go-eth2-client/spec/electra"
	"github.com/attestantio/go-eth2-client/spec/fulu"
	"github.com/attestantio/go-eth2-client/spec/gloas"
	"github.com/attestantio/go-eth2-client/spec/phase0"
	"github.com/lanehash/lanehash/cache"
	"github.com/lanehash/lanehash/proof"
)

// ErrNotProvable reports a value ProveField has no tree for: not a
// state, block or block body of one of the client's forks (or a
// versioned wrapper of one).
var ErrNotProvable = errors.New("eth2: no proofs for this type")

// ProveField returns the Merkle proof of the node path names in v, and
// v's root, which the proof verifies against (proof.Proof.Verify). v is
// a go-eth2-client state, block, signed block or block body of any fork,
// or a versioned wrapper of one (spec.VersionedBeaconState, ...), which
// is unwrapped by its Version as HashTreeRoot does. path is a field name
// as the client's ProveField takes it ("Validators"), or the spec's
// ("validators"), or a deeper path ("validators[7].effective_balance",
// "balances.__len__"; see package proof for the grammar): where the
// client proves a state's top-level fields, this proves any node. The
// proof's Leaf is the node's root: for a field, the root the client's
// FieldRoot returns; its Index is the generalized index, its Branch the
// client's ProveField hashes, from the leaf up.
//
// A Gloas state's fields are proved too (its BeaconState is a
// progressive container, whose generalized indices this computes as the
// spec does), where go-eth2-client v0.30.1's own ProveField fails for
// Gloas with "Node not found in tree".
//
// Only the path's nodes and their siblings are computed
// (cache.SparseOf): about one root's time, and memory that does not grow
// with the state. To prove many paths of one state, hold a cache.Tree
// (cache.TreeOf of the unwrapped state), or ask cache.SparseOf for all
// of them at once.
func ProveField(v any, path string) (*proof.Proof, [32]byte, error) {
	ps, root, err := ProveFields(v, path)
	if err != nil {
		return nil, [32]byte{}, err
	}
	return ps[0], root, nil
}

// ProveFields is ProveField for several paths of one value: one proof
// per path, in order, all from one sparse tree, so the value is rooted
// once (a light-client server's header and sync-committee branches of
// one state cost one root, not one each). No paths is an error wrapping
// proof.ErrIndex.
func ProveFields(v any, paths ...string) ([]*proof.Proof, [32]byte, error) {
	if len(paths) == 0 {
		return nil, [32]byte{}, fmt.Errorf("eth2: no paths to prove: %w", proof.ErrIndex)
	}
	inner, err := Unwrap(v)
	if err != nil {
		return nil, [32]byte{}, err
	}
	prove, ok := provers[reflect.TypeOf(inner)]
	if !ok {
		return nil, [32]byte{}, fmt.Errorf("%w: %T", ErrNotProvable, v)
	}
	return prove(inner, paths)
}

// FieldRoot returns the root of the node path names in v (a field's
// root, as the client's FieldRoot; or any node's): ProveField's Leaf.
func FieldRoot(v any, path string) ([32]byte, error) {
	p, _, err := ProveField(v, path)
	if err != nil {
		return [32]byte{}, err
	}
	return p.Leaf, nil
}

// provers proves paths in a pointer to one of the types registered.
var provers = map[reflect.Type]func(v any, paths []string) ([]*proof.Proof, [32]byte, error){}

// bytesProvers proves paths in a serialization of one of the types
// registered.
var bytesProvers = map[reflect.Type]func(b []byte, paths []string) ([]*proof.Proof, [32]byte, error){}

// proveAll proves every path in tree.
func proveAll(tree *cache.Sparse, root [32]byte, paths []string) ([]*proof.Proof, [32]byte, error) {
	out := make([]*proof.Proof, len(paths))
	for i, path := range paths {
		var err error
		if out[i], err = tree.Prove(path); err != nil {
			return nil, [32]byte{}, err
		}
	}
	return out, root, nil
}

// register adds the provers of *T and of T's serialization: a sparse
// tree built for the call.
func register[T any]() {
	bytesProvers[reflect.TypeFor[T]()] = func(b []byte, paths []string) ([]*proof.Proof, [32]byte, error) {
		tree, root, err := cache.SparseOfBytes[T](b, paths)
		if err != nil {
			return nil, [32]byte{}, err
		}
		return proveAll(tree, root, paths)
	}
	provers[reflect.TypeFor[*T]()] = func(v any, paths []string) ([]*proof.Proof, [32]byte, error) {
		p := v.(*T)
		if p == nil {
			return nil, [32]byte{}, fmt.Errorf("%w: a nil %T", ErrNotProvable, v)
		}
		tree, root, err := cache.SparseOf(p, paths)
		if err != nil {
			return nil, [32]byte{}, err
		}
		return proveAll(tree, root, paths)
	}
}

// four registers a fork's state, block, signed block and block body.
func four[S, B, SB, BB any]() {
	register[S]()
	register[B]()
	register[SB]()
	register[BB]()
}

func init() {
	four[phase0.BeaconState, phase0.BeaconBlock, phase0.SignedBeaconBlock, phase0.BeaconBlockBody]()
	four[altair.BeaconState, altair.BeaconBlock, altair.SignedBeaconBlock, altair.BeaconBlockBody]()
	four[bellatrix.BeaconState, bellatrix.BeaconBlock, bellatrix.SignedBeaconBlock, bellatrix.BeaconBlockBody]()
	four[capella.BeaconState, capella.BeaconBlock, capella.SignedBeaconBlock, capella.BeaconBlockBody]()
	four[deneb.BeaconState, deneb.BeaconBlock, deneb.SignedBeaconBlock, deneb.BeaconBlockBody]()
	four[electra.BeaconState, electra.BeaconBlock, electra.SignedBeaconBlock, electra.BeaconBlockBody]()
	// Fulu's blocks are electra's in the client; its state is its own.
	register[fulu.BeaconState]()
	four[gloas.BeaconState, gloas.BeaconBlock, gloas.SignedBeaconBlock, gloas.BeaconBlockBody]()
}
