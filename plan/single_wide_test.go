package plan

import (
	"reflect"
	"testing"

	"github.com/lanehash/lanehash/internal/sszrand"
	"github.com/lanehash/lanehash/lanes"
	"github.com/lanehash/lanehash/ssz"
	"github.com/lanehash/lanehash/ssz/consensus/phase0"
)

// wideMixed is a container whose program has wide levels beside narrow
// ones: a 64-chunk vector's subtree next to small fields and a
// validator's own tree.
type wideMixed struct {
	Slot  uint64
	Roots [64]phase0.Root
	Val   phase0.Validator
	Flags [3]bool
	Tail  [17]uint64
}

// TestSingleRootWide roots one value at a time of types whose program
// has wide levels (a vector of 250, 100 and 256 chunks, 33 and 17
// chunks at the boundaries of one and two 16-lane groups, a container
// mixing wide and narrow levels) with Root on every SHA-256 kernel here
// and the automatic one — which may send the wide levels of a lone
// instance to its wide Pairs kernel and the rest to SHA-NI — and compares
// each root with the reference and with RootAll's.
func TestSingleRootWide(t *testing.T) {
	types := []reflect.Type{
		reflect.TypeFor[[1000]uint64](),
		reflect.TypeFor[[100]phase0.Root](),
		reflect.TypeFor[[256]phase0.Root](),
		reflect.TypeFor[[33]phase0.Root](),
		reflect.TypeFor[[17]phase0.Root](),
		reflect.TypeFor[[130]uint64](),
		reflect.TypeFor[wideMixed](),
	}
	auto, err := lanes.Select(lanes.SHA256, "")
	if err != nil {
		t.Fatal(err)
	}
	kernels := append(testKernels(t, lanes.SHA256), auto)
	const values = 4
	for ti, gt := range types {
		typ, err := ssz.TypeOf(gt)
		if err != nil {
			t.Fatalf("%v: %v", gt, err)
		}
		fl := sszrand.Filler{Rand: sszrand.NewRand(uint64(97*ti + 5)), MaxList: 4, MaxBits: 64}
		vals := reflect.New(reflect.ArrayOf(values, gt)).Elem()
		want := make([][32]byte, values)
		for i := range values {
			if i > 0 { // value 0 stays the zero value
				fl.Fill(typ, vals.Index(i))
			}
			if want[i], err = ssz.HashTreeRootValue(typ, vals.Index(i), lanes.SHA256); err != nil {
				t.Fatalf("%v value %d: reference: %v", gt, i, err)
			}
		}
		for _, k := range kernels {
			var c core
			if err := c.init(gt, []Option{withKernelImpl(k)}); err != nil {
				t.Fatalf("%v on %s: %v", gt, kernelName(k), err)
			}
			for i := range values {
				got, err := c.rootOfValue(vals.Index(i))
				if err != nil || got != want[i] {
					t.Errorf("%v on %s, value %d: Root %x, %v; reference %x", gt, kernelName(k), i, got, err, want[i])
				}
			}
		}
	}
}

// BenchmarkRootWide roots one value of a type whose program has wide
// levels with Root on the automatic kernel: a Vector[uint64, 1000] (250
// chunks), a Vector[Root, 100] and the wideMixed container.
func BenchmarkRootWide(b *testing.B) {
	benchRootWide[[1000]uint64](b, "Vector[uint64,1000]")
	benchRootWide[[100]phase0.Root](b, "Vector[Root,100]")
	benchRootWide[wideMixed](b, "wideMixed")
}

func benchRootWide[T any](b *testing.B, name string) {
	b.Run("type="+name, func(b *testing.B) {
		p, err := PlanFor[T]()
		if err != nil {
			b.Fatal(err)
		}
		typ, err := ssz.TypeOf(reflect.TypeFor[T]())
		if err != nil {
			b.Fatal(err)
		}
		var v T
		fl := sszrand.Filler{Rand: sszrand.NewRand(3), MaxList: 4, MaxBits: 64}
		fl.Fill(typ, reflect.ValueOf(&v).Elem())
		b.ReportAllocs()
		for b.Loop() {
			if _, err := p.Root(&v); err != nil {
				b.Fatal(err)
			}
		}
	})
}
