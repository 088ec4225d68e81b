package cache_test

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"
	"unsafe"

	"github.com/lanehash/lanehash/cache"
	"github.com/lanehash/lanehash/internal/sszrand"
	"github.com/lanehash/lanehash/internal/sszwalk"
	"github.com/lanehash/lanehash/lanes"
	"github.com/lanehash/lanehash/plan"
	"github.com/lanehash/lanehash/proof"
	"github.com/lanehash/lanehash/ssz"
	"github.com/lanehash/lanehash/ssz/consensus/fulu"
	"github.com/lanehash/lanehash/ssz/consensus/gloas"
	"github.com/lanehash/lanehash/ssz/consensus/phase0"
)

// sameProofs checks that the sparse tree's single proof of every path,
// its multiproof and compact multiproof of all of them equal the full
// tree's (TreeOf) and verify against the reference root want.
func sameProofs[T any](t *testing.T, sp *cache.Sparse, full *cache.Tree[T], want [32]byte, paths []string) {
	t.Helper()
	for _, path := range paths {
		p, err := sp.Prove(path)
		if err != nil || !p.Verify(want) {
			t.Fatalf("%s: sparse proof does not verify (%v)", path, err)
		}
		q, err := full.Prove(path)
		if err != nil || !reflect.DeepEqual(p, q) {
			t.Fatalf("%s: sparse proof %+v, TreeOf's %+v (%v)", path, p, q, err)
		}
	}
	m, err := sp.ProveMulti(paths...)
	if err != nil || !m.Verify(want) {
		t.Fatalf("%v: sparse multiproof does not verify (%v)", paths, err)
	}
	if fm, err := full.ProveMulti(paths...); err != nil || !reflect.DeepEqual(m, fm) {
		t.Fatalf("%v: sparse multiproof differs from TreeOf's (%v)", paths, err)
	}
	c, err := sp.ProveCompact(paths...)
	if err != nil || !c.Verify(want) {
		t.Fatalf("%v: sparse compact proof does not verify (%v)", paths, err)
	}
	if fc, err := full.ProveCompact(paths...); err != nil || !reflect.DeepEqual(c, fc) {
		t.Fatalf("%v: sparse compact proof differs from TreeOf's (%v)", paths, err)
	}
}

// TestSparseStateProofs proves random sets of paths of fulu and gloas
// states from sparse trees: each proof equals TreeOf's and verifies
// against the reference root; a path off the set is either provable
// (its nodes were kept for another path) and equal, or ErrNotKept.
func TestSparseStateProofs(t *testing.T) {
	t.Run("fulu", func(t *testing.T) {
		s := fulu.SyntheticBeaconState(700, 5)
		testSparseState(t, 21, s, randomStatePaths, cache.SparseOf[fulu.BeaconState])
	})
	t.Run("gloas", func(t *testing.T) {
		s := gloas.SyntheticBeaconState(300, 6)
		testSparseState(t, 22, s, gloasStatePaths, cache.SparseOf[gloas.BeaconState])
	})
}

// testSparseState checks the sparse trees sparse builds of s for random
// sets of paths against TreeOf and the reference.
func testSparseState[S any](t *testing.T, seed uint64, s *S, paths func(*rand.Rand, *S, int) []string,
	sparse func(s *S, paths []string, opts ...cache.Option) (*cache.Sparse, [32]byte, error)) {
	r := rand.New(rand.NewPCG(seed, 1))
	want := refRoot(t, s)
	full, root, err := cache.TreeOf(s)
	if err != nil || root != want {
		t.Fatalf("TreeOf: %x, reference %x (%v)", root, want, err)
	}
	for range 25 {
		set := paths(r, s, 1+r.IntN(5))
		sp, root, err := sparse(s, set)
		if err != nil || root != want || sp.Root() != want {
			t.Fatalf("%v: sparse tree %x, reference %x (%v)", set, root, want, err)
		}
		sameProofs(t, sp, full, want, set)
		for _, other := range paths(r, s, 3) {
			p, err := sp.Prove(other)
			switch {
			case err == nil:
				q, _ := full.Prove(other)
				if !reflect.DeepEqual(p, q) {
					t.Fatalf("%s (kept for %v): sparse proof differs from TreeOf's", other, set)
				}
			case !errors.Is(err, cache.ErrNotKept) || !errors.Is(err, proof.ErrIndex):
				t.Fatalf("%s (not in %v): %v, want ErrNotKept and proof.ErrIndex", other, set, err)
			}
		}
	}
}

// TestSparseTiles proves elements of lists of many tiles (2^12 chunks
// each) at every tile edge, past the length and in the zero padding,
// against TreeOf and the reference: from the value (SparseOf) and from
// its serialization (SparseOfBytes).
func TestSparseTiles(t *testing.T) {
	type registry struct {
		Validators []phase0.Validator   `ssz-max:"1099511627776"`
		Balances   []uint64             `ssz-max:"1099511627776"`
		Flags      []byte               `ssz-max:"1099511627776"`
		Ptrs       []*phase0.Checkpoint `ssz-max:"100000"`
		Bits       []byte               `ssz:"bitlist" ssz-max:"1000000"`
		Bodies     []nestedBody         `ssz-max:"10000"`
	}
	const n = 2*32768 + 1234
	v := &registry{Validators: make([]phase0.Validator, n), Balances: make([]uint64, 5*n), Flags: make([]byte, 40*n),
		Ptrs: make([]*phase0.Checkpoint, n), Bits: make([]byte, 70000/8+1), Bodies: make([]nestedBody, 5000)}
	r := rand.New(rand.NewPCG(5, 6))
	for i := range v.Validators {
		v.Validators[i].EffectiveBalance = phase0.Gwei(r.Uint64())
		v.Validators[i].Pubkey[i%48] = byte(i)
	}
	for i := range v.Balances {
		v.Balances[i] = r.Uint64()
	}
	for i := range v.Flags {
		v.Flags[i] = byte(r.Uint32())
	}
	for i := range v.Ptrs {
		if i%3 != 0 { // every third nil: the zero checkpoint
			v.Ptrs[i] = &phase0.Checkpoint{Epoch: phase0.Epoch(i)}
		}
	}
	for i := range v.Bits {
		v.Bits[i] = byte(r.Uint32())
	}
	v.Bits[len(v.Bits)-1] = 0b1101 // the delimiter: 3 bits in the last byte
	for i := range v.Bodies {
		v.Bodies[i] = nestedBody{Slot: uint64(i), Extra: make([]byte, i%7)}
	}
	want := refRoot(t, v)
	full, _, err := cache.TreeOf(v)
	if err != nil {
		t.Fatal(err)
	}
	enc, err := ssz.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var paths []string
	for _, i := range []uint64{0, 1, 4095, 4096, 4097, 32767, 32768, 32769, 65535, 65536, n - 1, n, n + 40000, 1 << 39} {
		paths = append(paths, fmt.Sprintf("Validators[%d]", i), fmt.Sprintf("Balances[%d]", 4*(i%(1<<37))), fmt.Sprintf("Flags[%d]", 32*(i%(1<<34))),
			fmt.Sprintf("Bits[%d]", 256*(i%3900)))
		if i < n {
			paths = append(paths, fmt.Sprintf("Validators[%d].EffectiveBalance", i), fmt.Sprintf("Ptrs[%d].Epoch", i))
		}
		if i < 5000 {
			paths = append(paths, fmt.Sprintf("Bodies[%d].Extra", i), fmt.Sprintf("Bodies[%d].Slot", i))
		}
	}
	for _, set := range [][]string{paths[:1], paths[:7], paths} {
		sp, root, err := cache.SparseOf(v, set)
		if err != nil || root != want {
			t.Fatalf("%v: %x, reference %x (%v)", set, root, want, err)
		}
		sameProofs(t, sp, full, want, set)
		sp, root, err = cache.SparseOfBytes[registry](enc, set)
		if err != nil || root != want {
			t.Fatalf("%v: from bytes %x, reference %x (%v)", set, root, want, err)
		}
		sameProofs(t, sp, full, want, set)
	}
}

// TestSparseRandomNodes builds sparse trees of random values of types
// with every kind the cache models (progressive lists and containers
// with gaps, pointers, zero vectors, bitlists, lists of lists) for random
// generalized indices, valid or not: every kept node equals TreeOf's,
// and an index TreeOf has no node for is an error wrapping
// proof.ErrIndex at SparseOf, as at TreeOf's Node.
func TestSparseRandomNodes(t *testing.T) {
	t.Run("nestedOuter", func(t *testing.T) { testSparseRandom(t, 1, cache.SparseOfGIndices[nestedOuter]) })
	t.Run("gappy", func(t *testing.T) { testSparseRandom(t, 2, cache.SparseOfGIndices[gappy]) })
	t.Run("BeaconBlockBody", func(t *testing.T) { testSparseRandom(t, 3, cache.SparseOfGIndices[gloas.BeaconBlockBody]) })
	t.Run("ExecutionPayloadEnvelope", func(t *testing.T) {
		testSparseRandom(t, 4, cache.SparseOfGIndices[gloas.ExecutionPayloadEnvelope])
	})
	t.Run("IndexedPayloadAttestation", func(t *testing.T) {
		testSparseRandom(t, 5, cache.SparseOfGIndices[gloas.IndexedPayloadAttestation])
	})
	t.Run("fulu.BeaconState", func(t *testing.T) { testSparseRandom(t, 6, cache.SparseOfGIndices[fulu.BeaconState]) })
}

// testSparseRandom checks the sparse trees sparse builds of random
// values of T for random generalized indices against TreeOf.
func testSparseRandom[T any](t *testing.T, seed uint64, sparse func(v *T, gs []proof.GIndex, opts ...cache.Option) (*cache.Sparse, [32]byte, error)) {
	typ, err := ssz.TypeFor[T]()
	if err != nil {
		t.Fatal(err)
	}
	zero := zeroHashSet()
	src := &sszrand.Filler{Rand: rand.New(rand.NewPCG(seed, 7)), MaxList: 24, MaxBits: 300}
	r := src.Rand
	for round := range sparseRounds() {
		v := new(T)
		if err := sszwalk.Fill(typ, reflect.ValueOf(v).Elem(), src); err != nil {
			t.Fatal(err)
		}
		want := refRoot(t, v)
		full, root, err := cache.TreeOf(v)
		if err != nil || root != want {
			t.Fatalf("round %d: TreeOf %x, reference %x (%v)", round, root, want, err)
		}
		for range 10 {
			gs, bad := randomGIndices(t, r, full, zero)
			sp, root, err := sparse(v, gs)
			if bad {
				if !errors.Is(err, proof.ErrIndex) {
					t.Fatalf("round %d, %v (one has no node in TreeOf): %v, want proof.ErrIndex", round, gs, err)
				}
				continue
			}
			if err != nil || root != want {
				t.Fatalf("round %d, %v: SparseOf %x, reference %x (%v)", round, gs, root, want, err)
			}
			for _, g := range gs {
				for _, x := range append(proof.BranchIndices(g), g) {
					got, err := sp.Node(x)
					fw, ferr := full.Node(x)
					if err != nil || ferr != nil || got != fw {
						t.Fatalf("round %d, %v: node %d sparse %x (%v), TreeOf %x (%v)", round, gs, x, got, err, fw, ferr)
					}
				}
				p, err := proof.Prove(sp, g)
				if err != nil || !p.Verify(want) {
					t.Fatalf("round %d: proof of %d does not verify (%v)", round, g, err)
				}
			}
			m, err := proof.ProveMulti(sp, gs)
			if err != nil || !m.Verify(want) {
				t.Fatalf("round %d, %v: multiproof does not verify (%v)", round, gs, err)
			}
		}
	}
}

// randomGIndices returns one to four generalized indices of full's tree,
// each found by walking down from the root, mostly into nodes that are
// not zero subtrees (so into the data, not a list's padding), stopping
// at random or, when bad, at an index TreeOf has no node for.
func randomGIndices[T any](t *testing.T, r *rand.Rand, full *cache.Tree[T], zero map[[32]byte]bool) (gs []proof.GIndex, bad bool) {
	t.Helper()
	for range 1 + r.IntN(4) {
		g := proof.GIndex(1)
		for g < 1<<62 && r.IntN(12) != 0 {
			c := 2*g + proof.GIndex(r.IntN(2))
			n, err := full.Node(c)
			if err != nil {
				if !errors.Is(err, proof.ErrIndex) {
					t.Fatalf("TreeOf Node(%d): %v", c, err)
				}
				if r.IntN(4) == 0 {
					g, bad = c, true
				}
				break
			}
			if zero[n] && r.IntN(4) != 0 {
				if n2, err := full.Node(c ^ 1); err == nil && !zero[n2] {
					c ^= 1
				}
			}
			g = c
		}
		gs = append(gs, g)
	}
	return gs, bad
}

// zeroHashSet is the set of SHA-256 zero-subtree roots.
func zeroHashSet() map[[32]byte]bool {
	zero := map[[32]byte]bool{}
	for _, z := range ssz.ZeroHashes(ssz.Hash(lanes.SHA256), 64) {
		zero[z] = true
	}
	return zero
}

// TestSparseErrors: a bad value is the error TreeOf returns for it (the
// same *plan.Error path and sentinel), wherever the defect lies relative
// to the paths; options that keep a tree are ErrOption; nil is ErrValue.
func TestSparseErrors(t *testing.T) {
	defects := map[string]func(v *nestedOuter){
		"list past its limit":        func(v *nestedOuter) { v.Elems = make([]nestedInner, 5) },
		"nested list past its limit": func(v *nestedOuter) { v.Elems[1].L = make([]uint32, 6) },
		"bitlist without delimiter":  func(v *nestedOuter) { v.Elems[0].Bits = []byte{1, 0} },
		"progressive element":        func(v *nestedOuter) { v.Prog[0].Cps = make([]phase0.Checkpoint, 5) },
		"vector element":             func(v *nestedOuter) { v.Vec[1].Bits = []byte{0b11, 0} },
		"pointer field":              func(v *nestedOuter) { v.PBody.Extra = make([]byte, 7) },
	}
	// Elems[3].A and Prog[4].A have no node (past the lengths): the bad
	// value is still the error, as TreeOf fails before any proof.
	pathSets := [][]string{nil, {"Head"}, {"Elems[1].A"}, {"Vec[1].L"}, {"Prog[0].A", "PBody.Slot"}, {"Elems[1].L[3]"}, {"Elems[3].A"}, {"Prog[4].A"}}
	for name, defect := range defects {
		v := newNestedOuter()
		defect(v)
		_, _, want := cache.TreeOf(v)
		var wpe *plan.Error
		if !errors.As(want, &wpe) {
			t.Fatalf("%s: TreeOf: %v, want a *plan.Error", name, want)
		}
		for _, set := range pathSets {
			_, _, err := cache.SparseOf(v, set)
			if !sameValueError(err, want) {
				t.Errorf("%s, paths %v: %v, want TreeOf's %v", name, set, err, want)
			}
		}
	}
	v := newNestedOuter()
	if _, _, err := cache.SparseOf(v, nil, cache.WithMode(cache.Marked)); !errors.Is(err, cache.ErrOption) {
		t.Errorf("WithMode: %v, want ErrOption", err)
	}
	if _, _, err := cache.SparseOf(v, nil, cache.WithUpperLevelsOnly()); !errors.Is(err, cache.ErrOption) {
		t.Errorf("WithUpperLevelsOnly: %v, want ErrOption", err)
	}
	if _, _, err := cache.SparseOf[nestedOuter](nil, nil); !errors.Is(err, ssz.ErrValue) {
		t.Errorf("nil: %v, want ssz.ErrValue", err)
	}
	if _, _, err := cache.SparseOf(v, []string{"Elems[1]L"}); !errors.Is(err, proof.ErrPath) {
		t.Errorf("bad path: %v, want proof.ErrPath", err)
	}
	sp, root, err := cache.SparseOf(v, nil)
	if err != nil || root != refRoot(t, v) || sp.Len() != 1 {
		t.Fatalf("no paths: %x, %d nodes (%v), want the root alone", root, sp.Len(), err)
	}
	if _, err := sp.Prove("Head"); !errors.Is(err, cache.ErrNotKept) {
		t.Errorf("a path not kept: %v, want ErrNotKept", err)
	}
}

// sentinelOf is the ssz sentinel a value error wraps.
func sentinelOf(err error) error {
	for _, s := range []error{ssz.ErrListTooLong, ssz.ErrSize, ssz.ErrBitlist, ssz.ErrBitvector, ssz.ErrBool} {
		if errors.Is(err, s) {
			return s
		}
	}
	return nil
}

// TestSparseKeccak: a sparse tree of a Keccak-256 tree proves as
// TreeOf's does, labelled with its hash.
func TestSparseKeccak(t *testing.T) {
	s := fulu.SyntheticBeaconState(200, 9)
	paths := []string{"Validators[17].Slashed", "Balances[150]", "CurrentSyncCommittee.Pubkeys[3]"}
	full, want, err := cache.TreeOf(s, plan.WithHash(lanes.Keccak256))
	if err != nil {
		t.Fatal(err)
	}
	ref, err := ssz.HashTreeRoot(s, ssz.Hash(lanes.Keccak256))
	if err != nil || ref != want {
		t.Fatalf("TreeOf %x, reference %x (%v)", want, ref, err)
	}
	sp, root, err := cache.SparseOf(s, paths, plan.WithHash(lanes.Keccak256))
	if err != nil || root != want || sp.Hash() != lanes.Keccak256 {
		t.Fatalf("SparseOf %x, want %x, hash %v (%v)", root, want, sp.Hash(), err)
	}
	sameProofs(t, sp, full, want, paths)
	if i := slices.Index(paths, "Balances[150]"); i < 0 {
		t.Fatal("lost a path")
	}
}

// sparseRounds is the number of random values TestSparseRandomNodes
// tries per type (fewer with -short).
func sparseRounds() int {
	if testing.Short() {
		return 4
	}
	return 12
}

// TestSparseConcurrent shares one sparse tree among goroutines proving
// from it, while others build sparse trees of the same value and of its
// serialization (-race in CI): every proof equals the one made alone,
// every root the first.
func TestSparseConcurrent(t *testing.T) {
	s := fulu.SyntheticBeaconState(300, 4)
	paths := []string{"Validators[7].Slashed", "Balances[200]", "Slot", "CurrentSyncCommittee.Pubkeys[9]"}
	sp, root, err := cache.SparseOf(s, paths)
	if err != nil {
		t.Fatal(err)
	}
	want, err := sp.ProveMulti(paths...)
	if err != nil {
		t.Fatal(err)
	}
	enc, err := ssz.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	errs := make(chan error, 8)
	for g := range 8 {
		go func() {
			for range 20 {
				if g%2 == 0 {
					if m, err := sp.ProveMulti(paths...); err != nil || !reflect.DeepEqual(m, want) {
						errs <- fmt.Errorf("goroutine %d: shared tree's multiproof differs (%v)", g, err)
						return
					}
					continue
				}
				own, r, err := cache.SparseOf(s, paths[g%len(paths):])
				if g%4 == 3 {
					own, r, err = cache.SparseOfBytes[fulu.BeaconState](enc, paths[g%len(paths):])
				}
				if err != nil || r != root || own.Root() != root {
					errs <- fmt.Errorf("goroutine %d: SparseOf (or from bytes) %x, want %x (%v)", g, r, root, err)
					return
				}
				if m, err := own.ProveMulti(paths[g%len(paths):]...); err != nil || !m.Verify(root) {
					errs <- fmt.Errorf("goroutine %d: own tree's multiproof does not verify (%v)", g, err)
					return
				}
			}
			errs <- nil
		}()
	}
	for range 8 {
		if err := <-errs; err != nil {
			t.Error(err)
		}
	}
}

type orderElem struct {
	A uint64
	B bool
}

type orderOuter struct {
	L []orderElem `ssz-max:"8"`
	X []bool      `ssz-max:"8"`
	Y []uint64    `ssz-max:"2"`
}

// TestSparseErrorOrder: with several bad parts, or a bad part and a
// path that has no node, SparseOf reports the error TreeOf reports (its
// first bad part, the same *plan.Error), whichever paths are asked and
// whichever part they lead to first; a top-level array of containers
// included.
func TestSparseErrorOrder(t *testing.T) {
	setByte := func(b *bool, x byte) { *(*byte)(unsafe.Pointer(b)) = x }
	values := map[string]func() *orderOuter{
		"two bad booleans": func() *orderOuter {
			v := &orderOuter{L: make([]orderElem, 4), X: []bool{true}}
			setByte(&v.L[2].B, 2)
			setByte(&v.X[0], 3)
			return v
		},
		"a bad boolean and a list past its limit": func() *orderOuter {
			v := &orderOuter{L: make([]orderElem, 4), Y: make([]uint64, 3)}
			setByte(&v.L[1].B, 2)
			return v
		},
		"two bad elements": func() *orderOuter {
			v := &orderOuter{L: make([]orderElem, 6)}
			setByte(&v.L[0].B, 2)
			setByte(&v.L[5].B, 2)
			return v
		},
	}
	pathSets := [][]string{nil, {"L[0]"}, {"L[0].A"}, {"L[1]"}, {"L[3].B"}, {"L[2].B"}, {"X[0]"}, {"Y.__len__"}, {"L[7].A"}, {"Y[1]", "L[4]"}}
	for name, value := range values {
		v := value()
		_, _, want := cache.TreeOf(v)
		for _, set := range pathSets {
			_, _, err := cache.SparseOf(v, set)
			if !sameValueError(err, want) {
				t.Errorf("%s, paths %v: %v, want TreeOf's %v", name, set, err, want)
			}
		}
	}
	arr := &[4]orderElem{}
	setByte(&arr[2].B, 2)
	_, _, want := cache.TreeOf(arr)
	for _, set := range [][]string{nil, {"[0]"}, {"[2]"}, {"[2].B"}, {"[3].A"}} {
		if _, _, err := cache.SparseOf(arr, set); !sameValueError(err, want) {
			t.Errorf("[4]orderElem, paths %v: %v, want TreeOf's %v", set, err, want)
		}
	}
}

// sameValueError reports whether err and want are the same value error:
// a *plan.Error of the same index and path wrapping the same sentinel.
func sameValueError(err, want error) bool {
	var pe, wpe *plan.Error
	return errors.As(err, &pe) && errors.As(want, &wpe) && pe.Index == wpe.Index && pe.Path == wpe.Path &&
		sentinelOf(err) != nil && sentinelOf(err) == sentinelOf(want)
}
