package plan

import (
	"math/rand/v2"
	"reflect"

	"github.com/holiman/uint256"

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

// fill sets v, of t's Go type, to a random value.
func (f *filler) fill(t *ssz.Type, v reflect.Value) {
	if v.Kind() == reflect.Pointer {
		if f.rng.IntN(8) == 0 {
			v.SetZero()
			return
		}
		v.Set(reflect.New(v.Type().Elem()))
		if t.Kind == ssz.KindUint256 {
			u := v.Interface().(*uint256.Int)
			for i := range u {
				u[i] = f.rng.Uint64()
			}
			return
		}
		elem := *t
		elem.Go = v.Type().Elem()
		f.fill(&elem, v.Elem())
		return
	}
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
				return
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
	case ssz.KindVector:
		if v.Kind() == reflect.Slice {
			if f.rng.IntN(6) == 0 {
				v.SetZero()
				return
			}
			v.Set(reflect.MakeSlice(v.Type(), int(t.Length), int(t.Length)))
		}
		for i := 0; i < v.Len(); i++ {
			f.fill(t.Elem, v.Index(i))
		}
	case ssz.KindList, ssz.KindProgressiveList:
		limit := t.Limit
		if t.Kind == ssz.KindProgressiveList {
			limit = 1 << 20
		}
		n := f.upTo(limit)
		v.Set(reflect.MakeSlice(v.Type(), n, n))
		for i := 0; i < n; i++ {
			f.fill(t.Elem, v.Index(i))
		}
	case ssz.KindContainer, ssz.KindProgressiveContainer:
		for i := range t.Fields {
			f.fill(t.Fields[i].Type, settableField(v, &t.Fields[i]))
		}
	case ssz.KindUnion:
		sel := f.rng.IntN(len(t.Options))
		v.Field(0).SetUint(uint64(sel))
		if o := t.Options[sel]; o != nil {
			val := reflect.New(o.Go).Elem()
			f.fill(o, val)
			v.Field(1).Set(val)
		} else {
			v.Field(1).SetZero()
		}
	case ssz.KindCompatibleUnion:
		var sels []int
		for s, o := range t.Options {
			if o != nil {
				sels = append(sels, s)
			}
		}
		sel := sels[f.rng.IntN(len(sels))]
		val := reflect.New(t.Options[sel].Go).Elem()
		f.fill(t.Options[sel], val)
		v.Field(0).SetUint(uint64(sel))
		v.Field(1).Set(val)
	}
}

// bytes fills an array or slice of unsigned integers with random bits.
func (f *filler) bytes(v reflect.Value) {
	for i := 0; i < v.Len(); i++ {
		v.Index(i).SetUint(f.rng.Uint64())
	}
}

// settableField returns field fd of struct v, allocating embedded
// pointers on the way (or leaving them nil, now and then, elsewhere).
func settableField(v reflect.Value, fd *ssz.Field) reflect.Value {
	for i, x := range fd.Index {
		if i > 0 && v.Kind() == reflect.Pointer {
			if v.IsNil() {
				v.Set(reflect.New(v.Type().Elem()))
			}
			v = v.Elem()
		}
		v = v.Field(x)
	}
	return v
}

func newRand(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)) }
