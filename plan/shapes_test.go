package plan

import (
	"fmt"
	"github.com/lanehash/lanehash/internal/options"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/holiman/uint256"
	"github.com/lanehash/lanehash/internal/spectest"
	"github.com/lanehash/lanehash/internal/sszrand"
	"github.com/lanehash/lanehash/ssz"
	"github.com/lanehash/lanehash/ssz/consensus/phase0"
)

// Shapes the consensus types do not have.

type inner struct {
	X uint32
	Y [3]uint16
}

type Embedded struct {
	E1 uint64
	E2 []byte `ssz-size:"40"`
}

type oddShapes struct {
	*Embedded
	A     [2]uint64 `ssz-type:"uint128"`
	B     [16]byte  `ssz-type:"uint128"`
	C     uint256.Int
	D     *uint256.Int
	E     [5]bool
	F     []*inner `ssz-size:"3"`
	G     [33]byte `ssz-type:"bitvector" ssz-bitsize:"260"`
	H     *inner
	Flags []byte `ssz-size:"2" ssz-type:"bitvector" ssz-bitsize:"13"`
}

type shapeUnion = ssz.Union[struct {
	Nothing ssz.None
	Small   uint16
	Big     []uint64 `ssz-max:"40"`
	Box     *inner
}]

type varShapes struct {
	A  shapeUnion
	B  []*uint256.Int `ssz-max:"9"`
	C  [][]uint32     `ssz-max:"5,70"`
	D  [2]spectest.VarTestStruct
	E  []bool `ssz-max:"300"`
	F  oddShapes
	G  []oddShapes `ssz-max:"33"`
	H  []byte      `ssz:"bitlist" ssz-max:"2049"`
	Ps progressiveShape
}

type progressiveShape struct {
	A uint64                   `ssz-index:"0"`
	B []uint16                 `ssz-index:"2" ssz-type:"progressive-list"`
	C *inner                   `ssz-index:"3"`
	D []*inner                 `ssz-index:"7" ssz-max:"20"`
	E spectest.SmallTestStruct `ssz-index:"8"`
}

// checkShape hashes n random values of T with every kernel of both hash
// functions and compares each root, the list root and (for fixed-size
// T) the roots from serialized bytes with the reference.
func checkShape[T any](t *testing.T, n, maxList int, opts ...Option) {
	typ, err := ssz.TypeFor[T](specOpts(opts)...)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(uint64(n), 99))
	fl := sszrand.Filler{Rand: rng, MaxList: maxList}
	vals := make([]T, n)
	for i := range vals {
		fl.Fill(typ, reflect.ValueOf(&vals[i]).Elem())
	}
	for _, h := range hashes {
		want := make([][32]byte, n)
		for i := range vals {
			want[i] = reference(t, &vals[i], h, specOpts(opts)...)
		}
		limit := uint64(n) + 3
		listType, err := ssz.TypeOfTagged(reflect.TypeFor[[]T](), reflect.StructTag(fmt.Sprintf(`ssz-max:"%d"`, limit)), specOpts(opts)...)
		if err != nil {
			t.Fatal(err)
		}
		wantList, err := ssz.HashTreeRootValue(listType, reflect.ValueOf(vals), h)
		if err != nil {
			t.Fatal(err)
		}
		progType, err := ssz.TypeOfTagged(reflect.TypeFor[[]T](), `ssz-type:"progressive-list"`, specOpts(opts)...)
		if err != nil {
			t.Fatal(err)
		}
		wantProg, err := ssz.HashTreeRootValue(progType, reflect.ValueOf(vals), h)
		if err != nil {
			t.Fatal(err)
		}
		var ser []byte
		if typ.Fixed {
			for i := range vals {
				b, err := ssz.Marshal(&vals[i], specOpts(opts)...)
				if err != nil {
					t.Fatal(err)
				}
				ser = append(ser, b...)
			}
		}
		for _, k := range testKernels(t, h) {
			t.Run(kernelName(k), func(t *testing.T) {
				p := planOn[T](t, k, opts...)
				got := make([][32]byte, n)
				if err := p.RootAll(got, vals); err != nil {
					t.Fatal(err)
				}
				for i := range got {
					if got[i] != want[i] {
						t.Fatalf("value %d: root %x, want %x", i, got[i], want[i])
					}
				}
				lr, err := p.ListRoot(vals, limit)
				if err != nil || lr != wantList {
					t.Fatalf("ListRoot = %x, %v; want %x", lr, err, wantList)
				}
				pr, err := p.ProgressiveListRoot(vals)
				if err != nil || pr != wantProg {
					t.Fatalf("ProgressiveListRoot = %x, %v; want %x", pr, err, wantProg)
				}
				if typ.Fixed {
					clear(got)
					if err := p.RootAllBytes(got, ser); err != nil {
						t.Fatal(err)
					}
					for i := range got {
						if got[i] != want[i] {
							t.Fatalf("value %d from bytes: root %x, want %x", i, got[i], want[i])
						}
					}
				}
			})
		}
	}
}

// specOpts returns the ssz options matching plan options (the spec).
func specOpts(opts []Option) []ssz.Option {
	var c options.Config
	for _, o := range opts {
		o(&c)
	}
	if c.Spec == nil {
		return nil
	}
	return []ssz.Option{ssz.WithSpec(c.Spec)}
}

func TestShapesMatchReference(t *testing.T) {
	minimal := WithSpec(ssz.MinimalSpec())
	t.Run("Small", func(t *testing.T) { checkShape[spectest.SmallTestStruct](t, 37, 8) })
	t.Run("Fixed", func(t *testing.T) { checkShape[spectest.FixedTestStruct](t, 37, 8) })
	t.Run("Single", func(t *testing.T) { checkShape[spectest.SingleFieldTestStruct](t, 5, 8) })
	t.Run("Var", func(t *testing.T) { checkShape[spectest.VarTestStruct](t, 21, 40) })
	t.Run("Complex", func(t *testing.T) { checkShape[spectest.ComplexTestStruct](t, 19, 40) })
	t.Run("Bits", func(t *testing.T) { checkShape[spectest.BitsStruct](t, 19, 40) })
	t.Run("ProgressiveBits", func(t *testing.T) { checkShape[spectest.ProgressiveBitsStruct](t, 9, 700) })
	t.Run("Progressive", func(t *testing.T) { checkShape[spectest.ProgressiveTestStruct](t, 9, 30) })
	t.Run("Odd", func(t *testing.T) { checkShape[oddShapes](t, 35, 8) })
	t.Run("Var2", func(t *testing.T) { checkShape[varShapes](t, 11, 40) })
	t.Run("ProgressiveContainer", func(t *testing.T) { checkShape[progressiveShape](t, 17, 30) })
	t.Run("Uint64", func(t *testing.T) { checkShape[uint64](t, 70, 8) })
	t.Run("Bool", func(t *testing.T) { checkShape[bool](t, 33, 8) })
	t.Run("Root", func(t *testing.T) { checkShape[phase0.Root](t, 33, 8) })
	t.Run("Attestation", func(t *testing.T) { checkShape[phase0.Attestation](t, 40, 3000) })
	t.Run("PendingAttestation", func(t *testing.T) { checkShape[phase0.PendingAttestation](t, 20, 3000) })
	t.Run("BeaconBlock", func(t *testing.T) { checkShape[phase0.BeaconBlock](t, 3, 5) })
	t.Run("Deposit", func(t *testing.T) { checkShape[phase0.Deposit](t, 17, 5) })
	t.Run("HistoricalBatchMinimal", func(t *testing.T) { checkShape[phase0.HistoricalBatch](t, 3, 5, minimal) })
	t.Run("BeaconStateMinimal", func(t *testing.T) { checkShape[phase0.BeaconState](t, 2, 40, minimal) })
}

// TestSyntheticBeaconState hashes whole states (mainnet sizes) through
// one plan.
func TestSyntheticBeaconState(t *testing.T) {
	st := phase0.SyntheticBeaconState(300, 5)
	for _, h := range hashes {
		want := reference(t, st, h)
		for _, k := range testKernels(t, h) {
			p := planOn[phase0.BeaconState](t, k, WithWorkers(2))
			got, err := p.Root(st)
			if err != nil || got != want {
				t.Errorf("%s: state root %x, %v; want %x", kernelName(k), got, err, want)
			}
		}
	}
}
