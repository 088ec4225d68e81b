package plan

import (
	"math/rand/v2"
	"reflect"

	"github.com/lanehash/lanehash/internal/sszwalk"
	"github.com/lanehash/lanehash/ssz"
)

// filler makes random valid values of SSZ types: lists within their
// limits (sometimes empty, sometimes long), bitlists with their
// delimiter, bitvectors without stray bits, nil pointers now and then
// (the zero value), empty fixed-size slices (the zero vector).
type filler struct {
	rng *rand.Rand
	// maxList bounds list lengths; big limits are sampled below it.
	maxList int
}

func (f *filler) upTo(limit uint64) int {
	n := uint64(f.maxList)
	if limit < n {
		n = limit
	}
	switch f.rng.IntN(4) {
	case 0:
		return 0
	case 1:
		return int(n)
	}
	return f.rng.IntN(int(n) + 1)
}

// fill sets v, of t's Go type, to a random value (the walk is
// sszwalk.Fill's; the filler is its Source). A filler draws from its
// random source in a fixed order, so a seed always makes the same value:
// regression seeds depend on it.
func (f *filler) fill(t *ssz.Type, v reflect.Value) {
	if err := sszwalk.Fill(t, v, f); err != nil {
		panic(err) // a bug of the filler: it only makes values that fit
	}
}

// Nil leaves one pointer in eight nil (the zero value).
func (f *filler) Nil(*ssz.Type) bool { return f.rng.IntN(8) == 0 }

// Leaf fills booleans, integers and bitfields; vectors and lists of bytes
// go element by element.
func (f *filler) Leaf(t *ssz.Type, v reflect.Value) (bool, error) {
	switch t.Kind {
	case ssz.KindBool:
		v.SetBool(f.rng.IntN(2) == 1)
	case ssz.KindUint8, ssz.KindUint16, ssz.KindUint32, ssz.KindUint64:
		v.SetUint(f.rng.Uint64() >> (f.rng.IntN(2) * 40))
	case ssz.KindUint128, ssz.KindUint256:
		f.bytes(v)
	case ssz.KindBitvector:
		if v.Kind() == reflect.Slice {
			if f.rng.IntN(6) == 0 {
				v.SetZero()
				return true, nil
			}
			v.Set(reflect.MakeSlice(v.Type(), int(t.Size), int(t.Size)))
		}
		f.bytes(v)
		if extra := t.Length % 8; extra != 0 {
			last := v.Index(v.Len() - 1)
			last.SetUint(last.Uint() & (1<<extra - 1))
		}
	case ssz.KindBitlist, ssz.KindProgressiveBitlist:
		limit := t.Limit
		if t.Kind == ssz.KindProgressiveBitlist {
			limit = 1 << 20
		}
		n := f.upTo(limit)
		b := make([]byte, n/8+1)
		for i := range b {
			b[i] = byte(f.rng.Uint32())
		}
		b[n/8] &= 1<<(n%8) - 1
		b[n/8] |= 1 << (n % 8)
		v.Set(reflect.ValueOf(b).Convert(v.Type()))
	default:
		return false, nil
	}
	return true, nil
}

// Elems gives a vector all its elements (one in six held in a slice
// stays empty: the zero vector) and a list a random length.
func (f *filler) Elems(t *ssz.Type) ([]sszwalk.Source, error) {
	n := int(t.Length)
	switch {
	case t.Kind == ssz.KindVector && t.Go.Kind() == reflect.Slice && f.rng.IntN(6) == 0:
		n = 0
	case t.Kind == ssz.KindList:
		n = f.upTo(t.Limit)
	case t.Kind == ssz.KindProgressiveList:
		n = f.upTo(1 << 20)
	}
	return f.repeat(n), nil
}

// Fields fills every field from this filler.
func (f *filler) Fields(t *ssz.Type) ([]sszwalk.Source, error) {
	return f.repeat(len(t.Fields)), nil
}

// Option picks any selector of a Union (None too) and any option of a
// CompatibleUnion.
func (f *filler) Option(t *ssz.Type) (int, sszwalk.Source, error) {
	if t.Kind == ssz.KindUnion {
		return f.rng.IntN(len(t.Options)), f, nil
	}
	var sels []int
	for s, o := range t.Options {
		if o != nil {
			sels = append(sels, s)
		}
	}
	return sels[f.rng.IntN(len(sels))], f, nil
}

// repeat returns n times this filler: every part draws from one source.
func (f *filler) repeat(n int) []sszwalk.Source {
	srcs := make([]sszwalk.Source, n)
	for i := range srcs {
		srcs[i] = f
	}
	return srcs
}

// bytes fills an array or slice of unsigned integers with random bits.
func (f *filler) bytes(v reflect.Value) {
	for i := 0; i < v.Len(); i++ {
		v.Index(i).SetUint(f.rng.Uint64())
	}
}

func newRand(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)) }
