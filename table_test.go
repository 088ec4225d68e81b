package lanehash

import (
	"reflect"
	"testing"

	"github.com/lanehash/lanehash/ssz"
	"github.com/lanehash/lanehash/ssz/consensus/fulu"
	"github.com/lanehash/lanehash/ssz/consensus/phase0"
)

// TestBounded roots more types than MaxPlans and checks that the table
// never holds more, and that an evicted type is compiled again and
// still roots right.
func TestBounded(t *testing.T) {
	defer func(n int64) { maxPlans = n }(maxPlans)
	maxPlans = 64
	first := reflect.ArrayOf(1, reflect.TypeFor[uint64]())
	for n := 1; n <= int(maxPlans)+40; n++ {
		at := reflect.ArrayOf(n, reflect.TypeFor[uint64]())
		v := reflect.New(at)
		v.Elem().Index(n - 1).SetUint(uint64(n))
		got, err := HashTreeRoot(v.Interface())
		if err != nil {
			t.Fatalf("[%d]uint64: %v", n, err)
		}
		want, err := ssz.HashTreeRoot(v.Interface(), ssz.SHA256)
		if err != nil || got != want {
			t.Fatalf("[%d]uint64: %x; reference %x, %v", n, got, want, err)
		}
		if c := nplans.Load(); c > maxPlans {
			t.Fatalf("after %d types the table counts %d plans, over %d", n, c, maxPlans)
		}
	}
	held := 0
	plans.Range(func(any, any) bool { held++; return true })
	if int64(held) > maxPlans {
		t.Fatalf("the table holds %d plans, over %d", held, maxPlans)
	}
	v := reflect.New(first)
	if _, err := HashTreeRoot(v.Interface()); err != nil {
		t.Fatalf("a type rooted again after the table filled: %v", err)
	}
}

// firstCall is the cost of a call that compiles: the type's entry is
// dropped before each call.
func firstCall[T any](b *testing.B, v *T) {
	t := reflect.TypeFor[T]()
	for b.Loop() {
		if _, loaded := plans.LoadAndDelete(t); loaded {
			nplans.Add(-1)
		}
		if _, err := HashTreeRoot(v); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkFirstCall measures the first call for a type: compiling its
// plan and rooting one value (the package documentation quotes it).
func BenchmarkFirstCall(b *testing.B) {
	b.Run("Validator", func(b *testing.B) { firstCall(b, &phase0.Validator{}) })
	b.Run("BeaconBlockHeader", func(b *testing.B) { firstCall(b, &phase0.BeaconBlockHeader{}) })
	b.Run("SignedBeaconBlock/fulu", func(b *testing.B) { firstCall(b, &fulu.SignedBeaconBlock{}) })
	b.Run("BeaconState/fulu", func(b *testing.B) { firstCall(b, &fulu.BeaconState{}) })
}
