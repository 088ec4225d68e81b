// Package sszrand makes random valid values of SSZ types for tests: the
// differential, fuzz and shape tests of plan and the random-value tests of
// cache fill their values with one Filler, so every package tests the same
// kinds of values (lists at and below their limits, nil pointers, zero
// vectors, bitlists with their delimiter).
package sszrand

import (
	"math/rand/v2"
	"reflect"

	"github.com/lanehash/lanehash/internal/sszwalk"
	"github.com/lanehash/lanehash/ssz"
)

// Filler makes random valid values of SSZ types: lists within their
// limits (sometimes empty, sometimes long), bitlists with their
// delimiter, bitvectors without stray bits, nil pointers now and then
// (the zero value), empty fixed-size slices (the zero vector). It is the
// sszwalk.Source of Fill; plan's and cache's tests share it.
type Filler struct {
	// Rand is the random source; New makes one from a seed.
	Rand *rand.Rand
	// MaxList bounds list lengths; big limits are sampled below it.
	MaxList int
	// MaxBits, when set, bounds bitlist lengths instead of MaxList, so
	// bitlists can span several chunks while lists stay short.
	MaxBits int
}

// upTo draws a list length: empty, full (up to most) or between.
func (f *Filler) upTo(limit uint64, most int) int {
	n := uint64(most)
	if limit < n {
		n = limit
	}
	switch f.Rand.IntN(4) {
	case 0:
		return 0
	case 1:
		return int(n)
	}
	return f.Rand.IntN(int(n) + 1)
}

// Fill sets v, of t's Go type, to a random value (the walk is
// sszwalk.Fill's; the filler is its Source). A filler draws from its
// random source in a fixed order, so a seed always makes the same value:
// regression seeds depend on it.
func (f *Filler) Fill(t *ssz.Type, v reflect.Value) {
	if err := sszwalk.Fill(t, v, f); err != nil {
		panic(err) // a bug of the filler: it only makes values that fit
	}
}

// Nil leaves one pointer in eight nil (the zero value).
func (f *Filler) Nil(*ssz.Type) bool { return f.Rand.IntN(8) == 0 }

// Leaf fills booleans, integers and bitfields; vectors and lists of bytes
// go element by element.
func (f *Filler) Leaf(t *ssz.Type, v reflect.Value) (bool, error) {
	switch t.Kind {
	case ssz.KindBool:
		v.SetBool(f.Rand.IntN(2) == 1)
	case ssz.KindUint8, ssz.KindUint16, ssz.KindUint32, ssz.KindUint64:
		v.SetUint(f.Rand.Uint64() >> (f.Rand.IntN(2) * 40))
	case ssz.KindUint128, ssz.KindUint256:
		f.bytes(v)
	case ssz.KindBitvector:
		if v.Kind() == reflect.Slice {
			if f.Rand.IntN(6) == 0 {
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
		maxBits := f.MaxList
		if f.MaxBits > 0 {
			maxBits = f.MaxBits
		}
		n := f.upTo(limit, maxBits)
		b := make([]byte, n/8+1)
		for i := range b {
			b[i] = byte(f.Rand.Uint32())
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
func (f *Filler) Elems(t *ssz.Type) ([]sszwalk.Source, error) {
	n := int(t.Length)
	switch {
	case t.Kind == ssz.KindVector && t.Go.Kind() == reflect.Slice && f.Rand.IntN(6) == 0:
		n = 0
	case t.Kind == ssz.KindList:
		n = f.upTo(t.Limit, f.MaxList)
	case t.Kind == ssz.KindProgressiveList:
		n = f.upTo(1<<20, f.MaxList)
	}
	return f.repeat(n), nil
}

// Fields fills every field from this filler.
func (f *Filler) Fields(t *ssz.Type) ([]sszwalk.Source, error) {
	return f.repeat(len(t.Fields)), nil
}

// Option picks any selector of a Union (None too) and any option of a
// CompatibleUnion.
func (f *Filler) Option(t *ssz.Type) (int, sszwalk.Source, error) {
	if t.Kind == ssz.KindUnion {
		return f.Rand.IntN(len(t.Options)), f, nil
	}
	var sels []int
	for s, o := range t.Options {
		if o != nil {
			sels = append(sels, s)
		}
	}
	return sels[f.Rand.IntN(len(sels))], f, nil
}

// repeat returns n times this filler: every part draws from one source.
func (f *Filler) repeat(n int) []sszwalk.Source {
	srcs := make([]sszwalk.Source, n)
	for i := range srcs {
		srcs[i] = f
	}
	return srcs
}

// bytes fills an array or slice of unsigned integers with random bits.
func (f *Filler) bytes(v reflect.Value) {
	for i := 0; i < v.Len(); i++ {
		v.Index(i).SetUint(f.Rand.Uint64())
	}
}

// NewRand is the random source of a seed, the same for every test that
// names that seed.
func NewRand(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)) }
