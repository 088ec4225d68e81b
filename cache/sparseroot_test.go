package cache_test

import (
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/lanehash/lanehash/cache"
	"github.com/lanehash/lanehash/lanes"
	"github.com/lanehash/lanehash/plan"
	"github.com/lanehash/lanehash/proof"
	"github.com/lanehash/lanehash/ssz"
	"github.com/lanehash/lanehash/ssz/consensus/fulu"
	"github.com/lanehash/lanehash/ssz/consensus/gloas"
)

// sparseTrusted is SparseOfBytes of the serialization of v told its
// reference root (WithRoot): the walk validated at memory speed and
// checked against that root instead of a first root of the bytes.
func sparseTrusted[T any](v *T, gs []proof.GIndex, opts ...cache.Option) (*cache.Sparse, [32]byte, error) {
	root, err := ssz.HashTreeRoot(v, ssz.SHA256)
	if err != nil {
		return nil, [32]byte{}, err
	}
	return sparseOfMarshalled(v, gs, append(opts, cache.WithRoot(root))...)
}

// TestSparseWithRootRandomNodes is TestSparseBytesRandomNodes with the
// reference root given (WithRoot): every kept node equals TreeOf's.
func TestSparseWithRootRandomNodes(t *testing.T) {
	t.Run("nestedOuter", func(t *testing.T) { testSparseRandom(t, 21, sparseTrusted[nestedOuter]) })
	t.Run("gappy", func(t *testing.T) { testSparseRandom(t, 22, sparseTrusted[gappy]) })
	t.Run("BeaconBlockBody", func(t *testing.T) { testSparseRandom(t, 23, sparseTrusted[gloas.BeaconBlockBody]) })
	t.Run("fulu.BeaconState", func(t *testing.T) { testSparseRandom(t, 26, sparseTrusted[fulu.BeaconState]) })
	t.Run("gloas.BeaconState", func(t *testing.T) { testSparseRandom(t, 27, sparseTrusted[gloas.BeaconState]) })
}

// TestSparseWithRootRefusals: a root other than the value's is
// ErrUnexpectedRoot and no tree, from the value and from its bytes,
// whatever the paths (none, the root alone, deep ones), with SHA-256
// and Keccak-256; bytes the decoder refuses are RootBytes' error still;
// functions that keep a tree refuse the option.
func TestSparseWithRootRefusals(t *testing.T) {
	s := fulu.SyntheticBeaconState(64, 5)
	b := marshal(t, s)
	for _, h := range []lanes.Hash{lanes.SHA256, lanes.Keccak256} {
		p, err := plan.PlanFor[fulu.BeaconState](plan.WithHash(h))
		if err != nil {
			t.Fatal(err)
		}
		good, err := p.Root(s)
		if err != nil {
			t.Fatal(err)
		}
		bad := good
		bad[31] ^= 1
		for _, paths := range [][]string{nil, {""}, {"Slot"}, {"Validators[63].Slashed", "Balances[0]"}} {
			for name, build := range map[string]func(r [32]byte) (*cache.Sparse, [32]byte, error){
				"SparseOf": func(r [32]byte) (*cache.Sparse, [32]byte, error) {
					return cache.SparseOf(s, paths, plan.WithHash(h), cache.WithRoot(r))
				},
				"SparseOfBytes": func(r [32]byte) (*cache.Sparse, [32]byte, error) {
					return cache.SparseOfBytes[fulu.BeaconState](b, paths, plan.WithHash(h), cache.WithRoot(r))
				},
			} {
				sp, root, err := build(good)
				if err != nil || root != good || sp.Root() != good {
					t.Fatalf("%s %v, %v, the value's root: %x, %v; want %x", name, h, paths, root, err, good)
				}
				for _, path := range paths {
					if pr, err := sp.Prove(path); err != nil || !pr.Verify(good) {
						t.Fatalf("%s %v: proof of %q: %v", name, h, path, err)
					}
				}
				if sp, _, err := build(bad); !errors.Is(err, cache.ErrUnexpectedRoot) || sp != nil {
					t.Errorf("%s %v, %v, another root: %v (tree %v), want ErrUnexpectedRoot", name, h, paths, err, sp != nil)
				}
			}
		}
	}
	cut := b[:len(b)-1]
	p, err := plan.PlanFor[fulu.BeaconState]()
	if err != nil {
		t.Fatal(err)
	}
	_, want := p.RootBytes(cut)
	if _, _, err := cache.SparseOfBytes[fulu.BeaconState](cut, []string{"Slot"}, cache.WithRoot([32]byte{})); !sameBytesError(err, want) {
		t.Errorf("bytes cut short: %v, want RootBytes' %v", err, want)
	}
	if _, err := cache.New[fulu.BeaconState](cache.WithRoot([32]byte{})); !errors.Is(err, cache.ErrOption) {
		t.Errorf("New: %v, want ErrOption", err)
	}
	if _, _, err := cache.TreeOf(s, cache.WithRoot([32]byte{})); !errors.Is(err, cache.ErrOption) {
		t.Errorf("TreeOf: %v, want ErrOption", err)
	}
	if _, err := cache.NewList[fulu.BeaconState](4, cache.WithRoot([32]byte{})); !errors.Is(err, cache.ErrOption) {
		t.Errorf("NewList: %v, want ErrOption", err)
	}
	if _, err := plan.PlanFor[fulu.BeaconState](cache.WithRoot([32]byte{})); !errors.Is(err, plan.ErrOption) {
		t.Errorf("PlanFor: %v, want ErrOption", err)
	}
}

// TestSparseWithRootMutations mutates valid serializations at random:
// told the root of the bytes before the change, SparseOfBytes returns
// RootBytes' error for bytes it rejects and ErrUnexpectedRoot for bytes
// that decode to another value; told the changed bytes' own root, it
// proves as SparseOf of the value they decode to.
func TestSparseWithRootMutations(t *testing.T) {
	r := rand.New(rand.NewPCG(51, 52))
	v := newNestedOuter()
	testSparseWithRootMutations[nestedOuter](t, r, 300, marshal(t, v), [][]string{nil, {""}, {"Head"}, {"Elems[1].A"}, {"Vec[1].L"}, {"Prog[0].A", "PBody.Slot"}, {"Elems[0].Bits"}})
	s := fulu.SyntheticBeaconState(40, 3)
	testSparseWithRootMutations[fulu.BeaconState](t, r, 40, marshal(t, s), [][]string{nil, {"Validators[3].Slashed"}, {"Balances[39]", "JustificationBits"}, {"LatestExecutionPayloadHeader.ExtraData"}})
}

func testSparseWithRootMutations[T any](t *testing.T, r *rand.Rand, rounds int, enc []byte, pathSets [][]string) {
	p, err := plan.PlanFor[T]()
	if err != nil {
		t.Fatal(err)
	}
	orig, err := p.RootBytes(enc)
	if err != nil {
		t.Fatal(err)
	}
	rejected, other := 0, 0
	for round := range rounds {
		b, v, want, werr := mutated(t, r, p, enc, round)
		for _, set := range pathSets {
			sp, root, err := cache.SparseOfBytes[T](b, set, cache.WithRoot(orig))
			switch {
			case werr != nil:
				rejected++
				if !sameBytesError(err, werr) {
					t.Fatalf("round %d, paths %v: %v, want RootBytes's %v", round, set, err, werr)
				}
				continue
			case want != orig:
				other++
				if !errors.Is(err, cache.ErrUnexpectedRoot) || sp != nil {
					t.Fatalf("round %d, paths %v: bytes rooting to %x told %x: %v, want ErrUnexpectedRoot", round, set, want, orig, err)
				}
			case err != nil || root != orig:
				t.Fatalf("round %d, paths %v: unchanged root %x: %x, %v", round, set, orig, root, err)
			}
			// Told its own root, it proves as the value it decodes to.
			sp, root, err = cache.SparseOfBytes[T](b, set, cache.WithRoot(want))
			provesAsValue(t, round, set, v, want, sp, root, err)
		}
	}
	if rejected < rounds/10 || other < rounds/10 {
		t.Fatalf("%d rejected, %d decoding to another value: too few of one kind to test", rejected, other)
	}
}
