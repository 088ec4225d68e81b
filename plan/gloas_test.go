package plan

import (
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/lanehash/lanehash/internal/sszrand"
	"github.com/lanehash/lanehash/ssz"
	"github.com/lanehash/lanehash/ssz/consensus/gloas"
)

// TestGloasShapesMatchReference roots random Gloas values (progressive
// containers, lists and bitlists of every size up to a few hundred) on
// every kernel of both hashes.
func TestGloasShapesMatchReference(t *testing.T) {
	minimal := WithSpec(ssz.MinimalSpec())
	t.Run("Attestation", func(t *testing.T) { checkShape[gloas.Attestation](t, 40, 700) })
	t.Run("ExecutionPayloadBid", func(t *testing.T) { checkShape[gloas.ExecutionPayloadBid](t, 30, 30) })
	t.Run("ExecutionRequests", func(t *testing.T) { checkShape[gloas.ExecutionRequests](t, 9, 30) })
	t.Run("BeaconBlockBody", func(t *testing.T) { checkShape[gloas.BeaconBlockBody](t, 3, 6) })
	t.Run("BeaconStateMinimal", func(t *testing.T) { checkShape[gloas.BeaconState](t, 2, 40, minimal) })
}

// TestGloasRootAllBytes roots serialized PayloadAttestations, a
// fixed-size progressive container, straight from their bytes, on every
// kernel of both hashes.
func TestGloasRootAllBytes(t *testing.T) {
	typ, err := ssz.TypeFor[gloas.PayloadAttestation]()
	if err != nil {
		t.Fatal(err)
	}
	fl := sszrand.Filler{Rand: rand.New(rand.NewPCG(3, 4)), MaxList: 8}
	vals := make([]gloas.PayloadAttestation, 37)
	var ser []byte
	for i := range vals {
		fl.Fill(typ, reflect.ValueOf(&vals[i]).Elem())
		b, err := ssz.Marshal(&vals[i])
		if err != nil {
			t.Fatal(err)
		}
		ser = append(ser, b...)
	}
	for _, h := range hashes {
		for _, k := range testKernels(t, h) {
			p := planOn[gloas.PayloadAttestation](t, k)
			dst := make([][32]byte, len(vals))
			if err := p.RootAllBytes(dst, ser); err != nil {
				t.Fatal(err)
			}
			for i := range vals {
				if want := reference(t, &vals[i], h); dst[i] != want {
					t.Errorf("%s: element %d: %x, want %x", kernelName(k), i, dst[i], want)
				}
			}
		}
	}
}

// TestGloasSyntheticBeaconState hashes a whole mainnet gloas state (a
// progressive container with progressive lists) through one plan: 3,000
// validators fill six progressive subtrees (300 with -short, for qemu).
func TestGloasSyntheticBeaconState(t *testing.T) {
	n := 3000
	if testing.Short() {
		n = 300
	}
	st := gloas.SyntheticBeaconState(n, 5)
	for _, h := range hashes {
		want := reference(t, st, h)
		for _, k := range testKernels(t, h) {
			p := planOn[gloas.BeaconState](t, k, WithWorkers(2))
			if got, err := p.Root(st); err != nil || got != want {
				t.Errorf("%s: state root %x, %v; want %x", kernelName(k), got, err, want)
			}
		}
	}
}
