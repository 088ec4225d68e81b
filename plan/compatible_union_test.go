package plan

import (
	"errors"
	"testing"

	"github.com/lanehash/lanehash/internal/spectest"
	"github.com/lanehash/lanehash/lanes"
	"github.com/lanehash/lanehash/ssz"
)

// compatShape is a CompatibleUnion whose options are a program (one
// lockstep batch per selector), a progressive container and a list.
type compatShape = ssz.CompatibleUnion[struct {
	Small spectest.SmallTestStruct          `ssz-index:"3"`
	Var   spectest.ProgressiveVarTestStruct `ssz-index:"7"`
	List  []uint32                          `ssz-index:"127" ssz-max:"40"`
}]

type withCompat struct {
	A uint64
	U compatShape
	L []compatShape                  `ssz-max:"9"`
	P []spectest.CompatibleUnionABCA `ssz-type:"progressive-list"`
}

func TestCompatibleUnionShapesMatchReference(t *testing.T) {
	t.Run("Union", func(t *testing.T) { checkShape[compatShape](t, 41, 30) })
	t.Run("InContainer", func(t *testing.T) { checkShape[withCompat](t, 13, 30) })
	t.Run("ABCA", func(t *testing.T) { checkShape[spectest.CompatibleUnionABCA](t, 50, 300) })
}

// TestCompatibleUnionErrorsNameTheInstance: a selector that is not an
// option, data of another option's type and an option value the option
// rejects are errors of kind ErrUnion (or the option's own kind) at the
// failing instance, wherever it sits in the batch.
func TestCompatibleUnionErrorsNameTheInstance(t *testing.T) {
	p := planOn[compatShape](t, testKernels(t, lanes.SHA256)[0])
	good := func() []compatShape {
		out := make([]compatShape, 10)
		for i := range out {
			out[i] = compatShape{Variant: 3, Data: spectest.SmallTestStruct{A: uint16(i)}}
			if i%2 == 1 {
				out[i] = compatShape{Variant: 127, Data: []uint32{uint32(i)}}
			}
		}
		return out
	}
	dst := make([][32]byte, 10)
	if err := p.RootAll(dst, good()); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		at   int
		bad  compatShape
		want error
	}{
		{"selector 0", 4, compatShape{}, ssz.ErrUnion},
		{"selector 5", 6, compatShape{Variant: 5, Data: spectest.SmallTestStruct{}}, ssz.ErrUnion},
		{"other option's data", 2, compatShape{Variant: 7, Data: spectest.SmallTestStruct{}}, ssz.ErrUnion},
		{"nil data", 9, compatShape{Variant: 3}, ssz.ErrUnion},
		{"list over its limit", 7, compatShape{Variant: 127, Data: make([]uint32, 41)}, ssz.ErrListTooLong},
	} {
		vals := good()
		vals[c.at] = c.bad
		err := p.RootAll(dst, vals)
		var pe *Error
		if !errors.Is(err, c.want) || !errors.As(err, &pe) || pe.Index != c.at {
			t.Errorf("%s at %d: %v", c.name, c.at, err)
		}
	}
}
