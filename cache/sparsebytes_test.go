package cache_test

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/lanehash/lanehash/cache"
	"github.com/lanehash/lanehash/internal/sszrand"
	"github.com/lanehash/lanehash/internal/sszwalk"
	"github.com/lanehash/lanehash/lanes"
	"github.com/lanehash/lanehash/plan"
	"github.com/lanehash/lanehash/proof"
	"github.com/lanehash/lanehash/ssz"
	"github.com/lanehash/lanehash/ssz/consensus/fulu"
	"github.com/lanehash/lanehash/ssz/consensus/gloas"
)

// marshal is the serialization of v; the test fails if it has none.
func marshal[T any](t testing.TB, v *T, opts ...ssz.Option) []byte {
	t.Helper()
	b, err := ssz.Marshal(v, opts...)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestSparseBytesRandomNodes builds sparse trees from the serializations
// of random values of types with every kind the cache models
// (progressive lists and containers with gaps, pointers, unions, bitlists,
// lists of lists, a state) for random generalized indices, valid or not:
// every kept node equals TreeOf's (of the value before it was
// serialized), the root the reference's, and an index TreeOf has no node
// for is an error wrapping proof.ErrIndex, as at SparseOf.
func TestSparseBytesRandomNodes(t *testing.T) {
	t.Run("nestedOuter", func(t *testing.T) { testSparseRandom(t, 11, sparseOfMarshalled[nestedOuter]) })
	t.Run("gappy", func(t *testing.T) { testSparseRandom(t, 12, sparseOfMarshalled[gappy]) })
	t.Run("BeaconBlockBody", func(t *testing.T) { testSparseRandom(t, 13, sparseOfMarshalled[gloas.BeaconBlockBody]) })
	t.Run("ExecutionPayloadEnvelope", func(t *testing.T) {
		testSparseRandom(t, 14, sparseOfMarshalled[gloas.ExecutionPayloadEnvelope])
	})
	t.Run("IndexedPayloadAttestation", func(t *testing.T) {
		testSparseRandom(t, 15, sparseOfMarshalled[gloas.IndexedPayloadAttestation])
	})
	t.Run("fulu.BeaconState", func(t *testing.T) { testSparseRandom(t, 16, sparseOfMarshalled[fulu.BeaconState]) })
	t.Run("gloas.BeaconState", func(t *testing.T) { testSparseRandom(t, 17, sparseOfMarshalled[gloas.BeaconState]) })
}

// sparseOfMarshalled is SparseOfBytes of the serialization of v.
func sparseOfMarshalled[T any](v *T, gs []proof.GIndex, opts ...cache.Option) (*cache.Sparse, [32]byte, error) {
	b, err := ssz.Marshal(v)
	if err != nil {
		return nil, [32]byte{}, err
	}
	return cache.SparseOfBytesGIndices[T](b, gs, opts...)
}

// TestSparseBytesStateProofs proves random sets of paths of fulu and
// gloas states from their serializations, with SHA-256 and Keccak-256
// and the minimal preset: each proof equals TreeOf's and verifies
// against the reference root.
func TestSparseBytesStateProofs(t *testing.T) {
	t.Run("fulu", func(t *testing.T) {
		s := fulu.SyntheticBeaconState(700, 5)
		testSparseState(t, 31, s, randomStatePaths, sparseOfMarshalledPaths[fulu.BeaconState])
	})
	t.Run("gloas", func(t *testing.T) {
		s := gloas.SyntheticBeaconState(300, 6)
		testSparseState(t, 32, s, gloasStatePaths, sparseOfMarshalledPaths[gloas.BeaconState])
	})
	t.Run("keccak", func(t *testing.T) {
		s := fulu.SyntheticBeaconState(200, 9)
		paths := []string{"Validators[17].Slashed", "Balances[150]", "CurrentSyncCommittee.Pubkeys[3]"}
		full, want, err := cache.TreeOf(s, plan.WithHash(lanes.Keccak256))
		if err != nil {
			t.Fatal(err)
		}
		if ref, err := ssz.HashTreeRoot(s, ssz.Hash(lanes.Keccak256)); err != nil || ref != want {
			t.Fatalf("TreeOf %x, reference %x (%v)", want, ref, err)
		}
		sp, root, err := cache.SparseOfBytes[fulu.BeaconState](marshal(t, s), paths, plan.WithHash(lanes.Keccak256))
		if err != nil || root != want || sp.Hash() != lanes.Keccak256 {
			t.Fatalf("SparseOfBytes %x, want %x, hash %v (%v)", root, want, sp.Hash(), err)
		}
		sameProofs(t, sp, full, want, paths)
	})
	t.Run("minimal", func(t *testing.T) {
		spec := ssz.MinimalSpec()
		typ, err := ssz.TypeFor[fulu.BeaconState](ssz.WithSpec(spec))
		if err != nil {
			t.Fatal(err)
		}
		s := new(fulu.BeaconState)
		src := &sszrand.Filler{Rand: rand.New(rand.NewPCG(33, 7)), MaxList: 40, MaxBits: 300}
		if err := sszwalk.Fill(typ, reflect.ValueOf(s).Elem(), src); err != nil {
			t.Fatal(err)
		}
		b := marshal(t, s, ssz.WithSpec(spec))
		if len(s.Validators) == 0 {
			t.Fatal("a state without validators")
		}
		// RANDAOMixes and BlockRoots are 64 long, the sync committee 32.
		paths := []string{fmt.Sprintf("Validators[%d].EffectiveBalance", len(s.Validators)-1), "RANDAOMixes[63]", "CurrentSyncCommittee.Pubkeys[31]", "BlockRoots[7]"}
		full, want, err := cache.TreeOf(s, plan.WithSpec(spec))
		if err != nil {
			t.Fatal(err)
		}
		if ref, err := ssz.HashTreeRoot(s, ssz.SHA256, ssz.WithSpec(spec)); err != nil || ref != want {
			t.Fatalf("TreeOf %x, reference %x (%v)", want, ref, err)
		}
		sp, root, err := cache.SparseOfBytes[fulu.BeaconState](b, paths, plan.WithSpec(spec))
		if err != nil || root != want {
			t.Fatalf("SparseOfBytes %x, want %x (%v)", root, want, err)
		}
		sameProofs(t, sp, full, want, paths)
		// Minimal bytes read as mainnet are another layout: rejected as
		// the mainnet plan rejects them.
		_, _, err = cache.SparseOfBytes[fulu.BeaconState](b, paths)
		p, _ := plan.PlanFor[fulu.BeaconState]()
		if _, werr := p.RootBytes(b); werr == nil || !sameBytesError(err, werr) {
			t.Fatalf("minimal bytes read as mainnet: %v, want RootBytes's %v", err, werr)
		}
	})
}

// sameBytesError reports whether err is the *plan.Error want is: the
// same index, path and ssz sentinels.
func sameBytesError(err, want error) bool {
	var pe, wpe *plan.Error
	if !errors.As(err, &pe) || !errors.As(want, &wpe) || pe.Index != wpe.Index || pe.Path != wpe.Path {
		return false
	}
	some := false
	for _, s := range []error{ssz.ErrListTooLong, ssz.ErrOffset, ssz.ErrSize, ssz.ErrBitlist, ssz.ErrBitvector, ssz.ErrBool, ssz.ErrUnion, ssz.ErrValue} {
		if errors.Is(err, s) != errors.Is(want, s) {
			return false
		}
		some = some || errors.Is(err, s)
	}
	return some
}

// sparseOfMarshalledPaths is SparseOfBytes of the serialization of v.
func sparseOfMarshalledPaths[T any](v *T, paths []string, opts ...cache.Option) (*cache.Sparse, [32]byte, error) {
	b, err := ssz.Marshal(v)
	if err != nil {
		return nil, [32]byte{}, err
	}
	return cache.SparseOfBytes[T](b, paths, opts...)
}

// TestSparseBytesErrors: bytes plan's RootBytes rejects are its error
// (the same *plan.Error path and sentinel), whatever the paths; bytes it
// accepts prove as the value they decode to. The inputs are valid
// serializations cut, extended and with bytes changed at random (lengths,
// offsets, booleans, delimiters, selectors among them).
func TestSparseBytesErrors(t *testing.T) {
	r := rand.New(rand.NewPCG(41, 42))
	t.Run("nestedOuter", func(t *testing.T) {
		v := newNestedOuter()
		testSparseBytesMutations[nestedOuter](t, r, 300, marshal(t, v), [][]string{nil, {"Head"}, {"Elems[1].A"}, {"Vec[1].L"}, {"Prog[0].A", "PBody.Slot"}, {"Elems[1].L[3]"}, {"Elems[0].Bits"}})
	})
	t.Run("BeaconBlockBody", func(t *testing.T) {
		typ, err := ssz.TypeFor[gloas.BeaconBlockBody]()
		if err != nil {
			t.Fatal(err)
		}
		src := &sszrand.Filler{Rand: rand.New(rand.NewPCG(43, 7)), MaxList: 3, MaxBits: 40}
		v := new(gloas.BeaconBlockBody)
		if err := sszwalk.Fill(typ, reflect.ValueOf(v).Elem(), src); err != nil {
			t.Fatal(err)
		}
		testSparseBytesMutations[gloas.BeaconBlockBody](t, r, 300, marshal(t, v), [][]string{nil, {"Graffiti"}, {"Attestations[1].AggregationBits"}, {"ProposerSlashings[0].SignedHeader1.Message.Slot", "Deposits[1].Proof[3]"}, {"SignedExecutionPayloadBid.Message.Value"}})
	})
	t.Run("fulu.BeaconState", func(t *testing.T) {
		s := fulu.SyntheticBeaconState(40, 3)
		testSparseBytesMutations[fulu.BeaconState](t, r, 40, marshal(t, s), [][]string{nil, {"Validators[3].Slashed"}, {"Balances[39]", "JustificationBits"}, {"HistoricalSummaries[0]"}, {"LatestExecutionPayloadHeader.ExtraData"}})
	})
	if _, _, err := cache.SparseOfBytes[nestedOuter](nil, nil, cache.WithMode(cache.Marked)); !errors.Is(err, cache.ErrOption) {
		t.Errorf("WithMode: %v, want ErrOption", err)
	}
	if _, _, err := cache.SparseOfBytes[nestedOuter](marshal(t, newNestedOuter()), []string{"Elems[1]L"}); !errors.Is(err, proof.ErrPath) {
		t.Errorf("bad path: %v, want proof.ErrPath", err)
	}
}

// provesAsValue checks a sparse tree from bytes (sp, root, err) of the
// value v decodes them to, whose root is want: its root and proofs of
// set are SparseOf's of v, or, where SparseOf of v refuses a path
// (proof.ErrIndex), it refuses it too.
func provesAsValue[T any](t *testing.T, round int, set []string, v *T, want [32]byte, sp *cache.Sparse, root [32]byte, err error) {
	t.Helper()
	vsp, _, verr := cache.SparseOf(v, set)
	if verr != nil {
		if !errors.Is(verr, proof.ErrIndex) || !errors.Is(err, proof.ErrIndex) {
			t.Fatalf("round %d, paths %v: SparseOfBytes %v, SparseOf of the decoded value %v", round, set, err, verr)
		}
		return
	}
	if err != nil || root != want {
		t.Fatalf("round %d, paths %v: %x, reference %x (%v)", round, set, root, want, err)
	}
	for _, path := range set {
		got, err := sp.Prove(path)
		exp, _ := vsp.Prove(path)
		if err != nil || !reflect.DeepEqual(got, exp) || !got.Verify(want) {
			t.Fatalf("round %d: %s: proof from bytes %+v, from the value %+v (%v)", round, path, got, exp, err)
		}
	}
}

// mutate returns a copy of enc cut short, extended, or with one to three
// bytes changed at random.
func mutate(r *rand.Rand, enc []byte) []byte {
	b := append([]byte(nil), enc...)
	switch k := r.IntN(5); {
	case k == 0 && len(b) > 0:
		b = b[:r.IntN(len(b))]
	case k == 1:
		b = append(b, make([]byte, 1+r.IntN(8))...)
	default:
		for range 1 + r.IntN(3) {
			if len(b) > 0 {
				b[r.IntN(len(b))] = byte(r.Uint32())
			}
		}
	}
	return b
}

// mutated mutates enc (mutate) and returns the bytes, the value they
// decode to, and their root by p's RootBytes or its error; the decoder
// and RootBytes must agree on accepting them.
func mutated[T any](t *testing.T, r *rand.Rand, p *plan.Plan[T], enc []byte, round int) ([]byte, *T, [32]byte, error) {
	t.Helper()
	b := mutate(r, enc)
	want, werr := p.RootBytes(b)
	v := new(T)
	if derr := ssz.Unmarshal(b, v); (werr == nil) != (derr == nil) {
		t.Fatalf("round %d: RootBytes %v, ssz.Unmarshal %v", round, werr, derr)
	}
	return b, v, want, werr
}

// testSparseBytesMutations checks SparseOfBytes on rounds mutations of
// enc, a valid serialization of T, for each set of paths.
func testSparseBytesMutations[T any](t *testing.T, r *rand.Rand, rounds int, enc []byte, pathSets [][]string) {
	p, err := plan.PlanFor[T]()
	if err != nil {
		t.Fatal(err)
	}
	rejected, accepted := 0, 0
	for round := range rounds {
		b, v, want, werr := mutated(t, r, p, enc, round)
		if werr == nil {
			accepted++
			if ref := refRoot(t, v); ref != want {
				t.Fatalf("round %d: RootBytes %x, reference %x", round, want, ref)
			}
		} else {
			rejected++
		}
		for _, set := range pathSets {
			sp, root, err := cache.SparseOfBytes[T](b, set)
			if werr != nil {
				if !sameBytesError(err, werr) {
					t.Fatalf("round %d, paths %v: %v, want RootBytes's %v", round, set, err, werr)
				}
				continue
			}
			provesAsValue(t, round, set, v, want, sp, root, err)
		}
	}
	if rejected < rounds/10 || accepted < rounds/10 {
		t.Fatalf("%d inputs rejected, %d accepted: too few of one kind to test", rejected, accepted)
	}
}
