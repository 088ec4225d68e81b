package lanehash

import (
	"reflect"
	"runtime"
	"testing"

	"github.com/lanehash/lanehash/internal/cputime"
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
// It reports the CPU time of the benchmark's thread per call too
// (cpu-ns/call), steadier than the wall time on a shared machine.
func firstCall[T any](b *testing.B, v *T) {
	t := reflect.TypeFor[T]()
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	var cpu int64
	for b.Loop() {
		if old, loaded := plans.LoadAndDelete(t); loaded {
			nplans.Add(-1)
			for i := range front {
				if f := front[i].Load(); f != nil && f.e == old.(*entry) {
					front[i].Store(nil)
				}
			}
		}
		t0, _ := cputime.Thread()
		if _, err := HashTreeRoot(v); err != nil {
			b.Fatal(err)
		}
		t1, _ := cputime.Thread()
		cpu += t1 - t0
	}
	b.ReportMetric(float64(cpu)/float64(b.N), "cpu-ns/call")
}

// BenchmarkFirstCall measures the first call for a type: compiling its
// plan and rooting one value (the package documentation quotes it).
func BenchmarkFirstCall(b *testing.B) {
	b.Run("Validator", func(b *testing.B) { firstCall(b, &phase0.Validator{}) })
	b.Run("BeaconBlockHeader", func(b *testing.B) { firstCall(b, &phase0.BeaconBlockHeader{}) })
	b.Run("SignedBeaconBlock/fulu", func(b *testing.B) { firstCall(b, &fulu.SignedBeaconBlock{}) })
	b.Run("BeaconState/fulu", func(b *testing.B) { firstCall(b, &fulu.BeaconState{}) })
}
