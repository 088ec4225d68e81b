package ssz_test

import (
	"encoding/binary"
	"errors"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/lanehash/lanehash/internal/hostile"
	"github.com/lanehash/lanehash/internal/sszrand"
	"github.com/lanehash/lanehash/ssz"
	"github.com/lanehash/lanehash/ssz/consensus/fulu"
	"github.com/lanehash/lanehash/ssz/consensus/gloas"
	"github.com/lanehash/lanehash/ssz/consensus/phase0"
)

// allocTypes are the types the allocation bound is measured over: the
// consensus types a node decodes from peers (the states, megabytes each,
// only when states is set) and random shapes (every kind, nested up to
// three levels: hostile.RandomShape).
func allocTypes(shapes int, states bool) []reflect.Type {
	ts := []reflect.Type{
		reflect.TypeFor[phase0.BeaconBlockBody](),
		reflect.TypeFor[gloas.BeaconBlockBody](),
		reflect.TypeFor[gloas.SignedBeaconBlock](),
	}
	if states {
		ts = append(ts, reflect.TypeFor[fulu.BeaconState](), reflect.TypeFor[gloas.BeaconState]())
	}
	rng := rand.New(rand.NewPCG(20, 5))
	for range shapes {
		ts = append(ts, hostile.ContainerOf(hostile.RandomShape(rng, 3)).Go)
	}
	return ts
}

// mutations returns b truncated and with 4-byte windows overwritten by
// offset-like values (the input's length, a random position, a multiple
// of 4): the inputs that claim elements the bytes do not hold.
func mutations(rng *rand.Rand, b []byte, n int) [][]byte {
	out := [][]byte{b[:len(b)/2]}
	if len(b) > 0 {
		out = append(out, b[:len(b)-1])
	}
	for range n {
		if len(b) < 4 {
			break
		}
		m := append([]byte{}, b...)
		var x uint32
		switch rng.IntN(3) {
		case 0:
			x = uint32(len(b))
		case 1:
			x = uint32(rng.IntN(len(b) + 1))
		default:
			x = 4 * uint32(rng.IntN(len(b)/4+1))
		}
		binary.LittleEndian.PutUint32(m[rng.IntN(len(b)-3):], x)
		out = append(out, m)
	}
	return out
}

// TestUnmarshalAllocBound measures what decoding allocates, over valid
// encodings of random values (lists empty, so every value at its
// minimum size, or up to 6 elements) and their mutations: a decode
// stays within inputFactor bytes per input byte (plus the top value and
// allocFloor), and one that succeeds within valueFactor times the
// decoded value's heap beyond that (-short: no states, 60 shapes, for
// qemu). The old decoder failed it: it built every value's path string
// as it went, which for an anonymous struct type copied the type's
// name per element (100 KB from 243 bytes).
func TestUnmarshalAllocBound(t *testing.T) {
	shapes, muts := 200, 12
	if testing.Short() {
		shapes, muts = 60, 6
	}
	rng := rand.New(rand.NewPCG(1, 2))
	failing, decoded, skipped, values := 0, 0, 0, 0
	for i, gt := range allocTypes(shapes, !testing.Short()) {
		typ, err := ssz.TypeOf(gt)
		if err != nil {
			t.Fatalf("%s: %v", gt, err)
		}
		for _, maxList := range []int{0, 6} {
			fl := sszrand.Filler{Rand: sszrand.NewRand(uint64(i)), MaxList: maxList, MaxBits: 100}
			v := reflect.New(gt).Elem()
			fl.Fill(typ, v)
			b, err := ssz.MarshalValue(typ, v)
			if err != nil {
				// The filler leaves some pointers nil, and a nil
				// compatible union has no encoding.
				if !errors.Is(err, ssz.ErrUnion) {
					t.Fatalf("type %d %s: marshal: %v", i, gt, err)
				}
				skipped++
				continue
			}
			values++
			back, n, err := decodeAlloc(typ, b)
			if err != nil {
				t.Fatalf("type %d %s: a valid encoding (lists up to %d) does not decode: %v", i, gt, maxList, err)
			}
			if err := checkAlloc(typ, b, err, back, n, 0); err != nil {
				t.Errorf("type %d: %v", i, err)
			}
			k := muts
			if len(b) > 64<<10 {
				k = 1 // a state: its decode costs milliseconds
			}
			for _, m := range mutations(rng, b, k) {
				back, n, err := decodeAlloc(typ, m)
				if err == nil {
					decoded++
				} else {
					failing++
				}
				if err := checkAlloc(typ, m, err, back, n, 0); err != nil {
					t.Errorf("type %d, mutated: %v", i, err)
				}
			}
		}
	}
	if failing == 0 || skipped > values {
		t.Fatalf("%d values measured, %d without an encoding, %d mutated inputs failed: too few checks", values, skipped, failing)
	}
	t.Logf("%d values measured (%d without an encoding skipped), %d mutated inputs failed, %d decoded", values, skipped, failing, decoded)
}
