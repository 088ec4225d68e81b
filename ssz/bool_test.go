package ssz_test

import (
	"errors"
	"testing"
	"unsafe"

	"github.com/lanehash/lanehash/ssz"
)

type boolInner struct {
	F bool
}

type boolOuter struct {
	B bool
	V [3]bool
	L []bool `ssz-max:"40"`
	P *boolInner
	E []boolInner `ssz-max:"4"`
}

// TestBoolByteAboveOne: a Go bool whose byte is above 1 (memory an unsafe
// decoder wrote; Go itself never makes one) is no boolean. The reference
// root and the codec refuse it with ErrBool and its path, wherever it
// is, whether the value is passed by pointer or by value, as the decoder
// refuses the byte and plan and cache refuse the bool; reflect alone
// would have called it true.
func TestBoolByteAboveOne(t *testing.T) {
	set := func(b *bool, c byte) { *(*byte)(unsafe.Pointer(b)) = c }
	cases := []badBool[boolOuter]{
		{"boolOuter.B", func(v *boolOuter) { set(&v.B, 2) }},
		{"boolOuter.V[2]", func(v *boolOuter) { set(&v.V[2], 0x80) }},
		{"boolOuter.L[1]", func(v *boolOuter) { set(&v.L[1], 0xff) }},
		{"boolOuter.P.F", func(v *boolOuter) { set(&v.P.F, 3) }},
		{"boolOuter.E[1].F", func(v *boolOuter) { set(&v.E[1].F, 9) }},
	}
	good := func() *boolOuter {
		return &boolOuter{B: true, V: [3]bool{false, true, false}, L: []bool{true, false, true}, P: &boolInner{true}, E: []boolInner{{true}, {false}}}
	}
	refusedEach(t, good, cases)
}

// badBool is a bool byte above 1 that bad writes into a good value, and
// the path the error names.
type badBool[T any] struct {
	path string
	bad  func(v *T)
}

// refusedEach checks that good() is a valid value and that each case's
// bad value is refused at its path (refusedAt).
func refusedEach[T any](t *testing.T, good func() *T, cases []badBool[T]) {
	t.Helper()
	if _, err := ssz.HashTreeRoot(good(), ssz.SHA256); err != nil {
		t.Fatalf("valid value: %v", err)
	}
	for _, c := range cases {
		v := good()
		c.bad(v)
		refusedAt(t, c.path, v)
	}
}

// refusedAt checks that the reference root (by pointer and by value,
// both hashes) and Marshal refuse v with an *ssz.Error wrapping ErrBool
// at path.
func refusedAt[T any](t *testing.T, path string, v *T) {
	t.Helper()
	for name, call := range map[string]func() error{
		"HashTreeRoot(ptr)":   func() error { _, err := ssz.HashTreeRoot(v, ssz.SHA256); return err },
		"HashTreeRoot(value)": func() error { _, err := ssz.HashTreeRoot(*v, ssz.Keccak256); return err },
		"Marshal(ptr)":        func() error { _, err := ssz.Marshal(v); return err },
		"Marshal(value)":      func() error { _, err := ssz.Marshal(*v); return err },
	} {
		err := call()
		var se *ssz.Error
		if !errors.Is(err, ssz.ErrBool) || !errors.As(err, &se) || se.Path != path {
			t.Errorf("%s, %s: %v, want an *ssz.Error wrapping ErrBool at %s", path, name, err, path)
		}
	}
}

// boolUnions holds a bool inside a union's option and inside a
// compatible union's data: values boxed in an interface, which reflect
// cannot address.
type boolUnions struct {
	U ssz.Union[struct {
		None  ssz.None
		Inner boolInner
		Flag  bool
	}]
	C ssz.CompatibleUnion[struct {
		Inner boolInner `ssz-index:"2"`
	}]
}

// TestBoolByteAboveOneInUnion: a bool byte above 1 inside a union's
// value or a compatible union's data is refused like any other (the
// option is read from a copy, whose bytes reflect can address), not
// hashed as true.
func TestBoolByteAboveOneInUnion(t *testing.T) {
	bad := func(c byte) boolInner {
		var in boolInner
		*(*byte)(unsafe.Pointer(&in.F)) = c
		return in
	}
	badFlag := func(c byte) bool {
		var b bool
		*(*byte)(unsafe.Pointer(&b)) = c
		return b
	}
	good := func() *boolUnions {
		v := &boolUnions{}
		v.U.Selector, v.U.Value = 1, boolInner{true}
		v.C.Variant, v.C.Data = 2, boolInner{false}
		return v
	}
	cases := []badBool[boolUnions]{
		{"boolUnions.U.Value.F", func(v *boolUnions) { v.U.Value = bad(2) }},
		{"boolUnions.U.Value", func(v *boolUnions) { v.U.Selector, v.U.Value = 2, badFlag(0x81) }},
		{"boolUnions.C.Data.F", func(v *boolUnions) { v.C.Data = bad(7) }},
	}
	refusedEach(t, good, cases)
}
