package compare

import (
	"math/rand/v2"
	"testing"

	fastssz "github.com/ferranbt/fastssz"
	"github.com/karalabe/ssz"
	"github.com/lanehash/lanehash/lanes"
	"github.com/lanehash/lanehash/plan"
	lssz "github.com/lanehash/lanehash/ssz"
	"github.com/lanehash/lanehash/ssz/consensus/phase0"
	dynssz "github.com/pk910/dynamic-ssz"
)

// smallLib is one way of computing one small container's root.
type smallLib struct {
	name string
	root func() ([32]byte, error)
}

// smallCase is one small container value and every library's way of
// hashing it; the reference and the Keccak-256 pair are kept apart because
// the benchmarks time libraries only.
type smallCase struct {
	typ       string
	libs      []smallLib
	reference func() ([32]byte, error)
	keccak    func() ([32]byte, error) // lanehash with Keccak-256
	keccakRef func() ([32]byte, error) // the reference with Keccak-256
}

// rootHasher is a type with a generated HashTreeRoot method: go-eth2-client's
// types, whose methods dynamic-ssz generates.
type rootHasher interface{ HashTreeRoot() ([32]byte, error) }

// newSmallCase builds the libraries' closures for the phase0 value v and
// its conversions: f (fastssz-generated), e (go-eth2-client, with
// dynamic-ssz-generated methods) and k (karalabe/ssz). dynamic-ssz runs
// twice: through the generated method, the way go-eth2-client users hash,
// and through DynSsz.HashTreeRoot, which resolves the type at run time.
func newSmallCase[T any](tb testing.TB, typ string, v *T, f fastssz.HashRoot, e rootHasher, k ssz.Object) smallCase {
	tb.Helper()
	p, err := plan.PlanFor[T](plan.WithWorkers(1))
	if err != nil {
		tb.Fatalf("%s: %v", typ, err)
	}
	pk, err := plan.PlanFor[T](plan.WithWorkers(1), plan.WithHash(lanes.Keccak256))
	if err != nil {
		tb.Fatalf("%s: %v", typ, err)
	}
	ds := dynssz.NewDynSsz(nil)
	hh := NewGohashtreeHasher()
	return smallCase{
		typ: typ,
		libs: []smallLib{
			{"lanehash", func() ([32]byte, error) { return p.Root(v) }},
			{"fastssz", f.HashTreeRoot},
			{"fastssz-gohashtree", func() ([32]byte, error) { return FastsszRoot(hh, f) }},
			{"dynamic-ssz", e.HashTreeRoot},
			{"dynamic-ssz-runtime", func() ([32]byte, error) { return ds.HashTreeRoot(e) }},
			{"karalabe-ssz", func() ([32]byte, error) { return ssz.HashSequential(k), nil }},
		},
		reference: func() ([32]byte, error) { return lssz.HashTreeRoot(v, lssz.SHA256) },
		keccak:    func() ([32]byte, error) { return pk.Root(v) },
		keccakRef: func() ([32]byte, error) { return lssz.HashTreeRoot(v, lssz.Keccak256) },
	}
}

// smallCases returns the five small containers with random field values
// from seed, each ready for every library.
func smallCases(tb testing.TB, seed uint64) []smallCase {
	r := rand.New(rand.NewPCG(seed, 7))
	cp := randomCheckpoint(r)
	fork := &phase0.Fork{Epoch: phase0.Epoch(r.Uint64())}
	fillBytes(r, fork.PreviousVersion[:])
	fillBytes(r, fork.CurrentVersion[:])
	data := &phase0.AttestationData{
		Slot:   phase0.Slot(r.Uint64()),
		Index:  phase0.CommitteeIndex(r.Uint64()),
		Source: randomCheckpoint(r),
		Target: randomCheckpoint(r),
	}
	fillBytes(r, data.BeaconBlockRoot[:])
	hdr := &phase0.BeaconBlockHeader{Slot: phase0.Slot(r.Uint64()), ProposerIndex: phase0.ValidatorIndex(r.Uint64())}
	fillBytes(r, hdr.ParentRoot[:])
	fillBytes(r, hdr.StateRoot[:])
	fillBytes(r, hdr.BodyRoot[:])
	val := &phase0.RandomValidators(1, seed)[0]
	return []smallCase{
		newSmallCase(tb, "Checkpoint", cp, FastsszCheckpoint(cp), Eth2Checkpoint(cp), NewKaralabeCheckpoint(cp)),
		newSmallCase(tb, "Fork", fork, FastsszFork(fork), Eth2Fork(fork), NewKaralabeFork(fork)),
		newSmallCase(tb, "AttestationData", data, FastsszAttestationData(data), Eth2AttestationData(data), NewKaralabeAttestationData(data)),
		newSmallCase(tb, "BeaconBlockHeader", hdr, FastsszBeaconBlockHeader(hdr), Eth2BeaconBlockHeader(hdr), NewKaralabeBeaconBlockHeader(hdr)),
		newSmallCase(tb, "Validator", val, FastsszValidator(val), Eth2Validator(val), NewKaralabeValidator(val)),
	}
}

func randomCheckpoint(r *rand.Rand) *phase0.Checkpoint {
	c := &phase0.Checkpoint{Epoch: phase0.Epoch(r.Uint64())}
	fillBytes(r, c.Root[:])
	return c
}

func fillBytes(r *rand.Rand, b []byte) {
	for i := range b {
		b[i] = byte(r.Uint32())
	}
}
