package cache

import (
	"math/rand/v2"
	"slices"
	"testing"
	"unsafe"

	"github.com/lanehash/lanehash/ssz"
	"github.com/lanehash/lanehash/ssz/consensus/gloas"
)

// TestProgressiveFallback checks which values stay opaque: on a
// little-endian host a progressive container is a container node (its
// unions stay opaque), and on a big-endian host (simulated: littleEndian
// is what the host check set) the whole value is one opaque node hashed
// by the reference, whose roots still match it after a change.
func TestProgressiveFallback(t *testing.T) {
	type withUnion struct {
		Choice ssz.Union[struct {
			Nothing ssz.None
			Small   uint16
		}] `ssz-index:"0"`
		Env *gloas.ExecutionPayloadEnvelope `ssz-index:"3"`
	}
	v := &withUnion{Env: &gloas.ExecutionPayloadEnvelope{BuilderIndex: 3, Payload: &gloas.ExecutionPayload{BlockNumber: 9}}}
	v.Choice.Selector, v.Choice.Value = 1, uint16(5)
	// A big-endian host cannot pretend to be a little-endian one: there
	// only the opaque case runs.
	for _, le := range slices.Compact([]bool{littleEndian, false}) {
		old := littleEndian
		littleEndian = le
		tr, err := newTreeOf(newConfig(nil), ssz.TypeFor[withUnion])
		littleEndian = old
		if err != nil {
			t.Fatal(err)
		}
		switch top := tr.root.(type) {
		case *container:
			if !le || !top.progressive {
				t.Fatalf("little-endian %v: a container node (progressive %v)", le, top.progressive)
			}
			if _, ok := top.fields[0].kid.(*opaque); !ok {
				t.Fatalf("the union is a %T, want opaque", top.fields[0].kid)
			}
			env, ok := top.fields[1].kid.(*container)
			if !ok || !env.progressive {
				t.Fatalf("the envelope is a %T, want a progressive container", top.fields[1].kid)
			}
		case *opaque:
			if le {
				t.Fatal("little-endian: the value is opaque")
			}
		default:
			t.Fatalf("top node %T", top)
		}
		r := rand.New(rand.NewPCG(3, 4))
		for step := range 4 {
			v.Env.Payload.Transactions = append(v.Env.Payload.Transactions, []byte{byte(step)})
			v.Env.BeaconBlockRoot[r.IntN(32)]++
			got, err := tr.update(unsafe.Pointer(v), v)
			if err != nil {
				t.Fatal(err)
			}
			want, err := ssz.HashTreeRoot(v, ssz.SHA256)
			if err != nil {
				t.Fatal(err)
			}
			if got != want {
				t.Fatalf("little-endian %v, step %d: %x, reference %x", le, step, got, want)
			}
		}
	}
}
