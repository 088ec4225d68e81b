package ssz_test

import (
	"bytes"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/lanehash/lanehash/internal/hostile"
	"github.com/lanehash/lanehash/internal/sszrand"
	"github.com/lanehash/lanehash/ssz"
	"github.com/lanehash/lanehash/ssz/consensus/gloas"
	"github.com/lanehash/lanehash/ssz/consensus/phase0"
)

// fuzzAllocTypes are the types FuzzUnmarshalAlloc decodes into: the
// hostile types whose elements are backed by their serialized size (the
// Go-only ones may legitimately decode a prefix far larger than its
// bytes before failing, so TestUnmarshalHostileAlloc checks them), block
// bodies and random shapes.
func fuzzAllocTypes() []reflect.Type {
	// The first fuzzHostileTypes are the hostile ones.
	ts := []reflect.Type{
		reflect.TypeFor[allocListBig](),
		reflect.TypeFor[allocProgBig](),
		reflect.TypeFor[allocCompat](),
		reflect.TypeFor[allocProgContainer](),
		reflect.TypeFor[allocBitlist](),
		reflect.TypeFor[phase0.BeaconBlockBody](),
		reflect.TypeFor[gloas.BeaconBlockBody](),
	}
	rng := rand.New(rand.NewPCG(8, 20))
	for range 25 {
		ts = append(ts, hostile.ContainerOf(hostile.RandomShape(rng, 3)).Go)
	}
	return ts
}

// fuzzHostileTypes is how many of fuzzAllocTypes are hostile types.
const fuzzHostileTypes = 5

// FuzzUnmarshalAlloc decodes arbitrary bytes into one of fuzzAllocTypes
// (chosen by sel) under the allocation bound of checkAlloc: a failing
// input allocates at most inputFactor bytes per byte plus a constant,
// a decoding one that plus valueFactor times its value's heap. A value
// that decodes must encode back to the same bytes (the decoder is
// strict). Seeds: the hostile inputs and a random valid value of each
// type.
func FuzzUnmarshalAlloc(f *testing.F) {
	types := fuzzAllocTypes()
	index := map[reflect.Type]int{}
	for i, gt := range types {
		index[gt] = i
	}
	for _, c := range hostileAllocs() {
		if i, ok := index[c.typ]; ok {
			f.Add(uint8(i), c.in)
		}
	}
	for i, gt := range types {
		typ, err := ssz.TypeOf(gt)
		if err != nil {
			f.Fatal(err)
		}
		// The hostile types' elements are megabytes: their valid seeds
		// hold empty lists (they have their hostile seeds besides).
		maxList := 3
		if i < fuzzHostileTypes {
			maxList = 0
		}
		v := reflect.New(gt).Elem()
		(&sszrand.Filler{Rand: sszrand.NewRand(uint64(i)), MaxList: maxList, MaxBits: 40}).Fill(typ, v)
		if b, err := ssz.MarshalValue(typ, v); err == nil {
			f.Add(uint8(i), b)
		}
	}
	f.Fuzz(func(t *testing.T, sel uint8, data []byte) {
		typ, err := ssz.TypeOf(types[int(sel)%len(types)])
		if err != nil {
			t.Fatal(err)
		}
		v, n, err := decodeAlloc(typ, data)
		if err := checkAlloc(typ, data, err, v, n, 0); err != nil {
			t.Fatal(err)
		}
		if err != nil {
			return
		}
		back, err := ssz.MarshalValue(typ, v)
		if err != nil || !bytes.Equal(back, data) {
			t.Fatalf("decoded %d bytes do not encode back (%d bytes, %v)", len(data), len(back), err)
		}
	})
}
