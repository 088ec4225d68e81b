package ssz_test

import (
	"errors"
	"reflect"
	"testing"
	"unsafe"

	"github.com/lanehash/lanehash/internal/hostile"
	"github.com/lanehash/lanehash/internal/longnames"
	"github.com/lanehash/lanehash/internal/sszrand"
	"github.com/lanehash/lanehash/ssz"
	"github.com/lanehash/lanehash/ssz/consensus/electra"
	"github.com/lanehash/lanehash/ssz/consensus/gloas"
)

type encInner struct {
	A uint16
	B []uint8  `ssz-max:"4"`
	V []uint32 `ssz-size:"3"`
	F bool
}

type encUnion = ssz.Union[struct {
	N ssz.None
	I encInner
}]

type encOuter struct {
	X    uint64
	L    []encInner `ssz-max:"8"`
	Arr  [2]encInner
	P    *encInner
	U    []encUnion `ssz-max:"4"`
	Bv   []byte     `ssz-size:"2" ssz-bitsize:"12"`
	Bl   []byte     `ssz:"bitlist" ssz-max:"16"`
	Nums []uint64   `ssz-max:"64"`
	Bs   []bool     `ssz-max:"64"`
}

// twoBad holds two bad parts when both bools are: the variable-size
// field comes first in field order, second in the serialization.
type twoBad struct {
	V []bool `ssz-max:"4"`
	F bool
}

// wideUnion's type name (its options' struct spelled out) is longer than
// the bound on joined paths; selector 0 is no option of it.
type wideUnion = ssz.CompatibleUnion[struct {
	OptionOneWhoseNameIsLongEnoughToPushTheTypeNamePastTheBoundOnPaths   uint8
	OptionTwoWhoseNameIsLongEnoughToPushTheTypeNamePastTheBoundOnPaths   uint16
	OptionThreeWhoseNameIsLongEnoughToPushTheTypeNamePastTheBoundOnPaths uint32
	OptionFourWhoseNameIsLongEnoughToPushTheTypeNamePastTheBoundOnPaths  uint64
}]

// TestMarshalErrorsMatchReference refuses values bad at many depths
// (lists too long, vectors of the wrong length, bitfield padding and
// delimiters, bool bytes above 1, union selectors), the bad part inside
// lists, arrays, pointers and unions, and one under names long enough
// for the path bound (internal/sszpath) to elide: the encoder's error,
// whose path it joins only when it fails, names the path and sentinel
// the reference root names, which builds its paths on the way down; so
// does a value with two bad parts and an error of the root itself under
// a name past the bound.
func TestMarshalErrorsMatchReference(t *testing.T) {
	good := func() *encOuter {
		in := func(k int) encInner { return encInner{A: uint16(k), B: []uint8{1}, V: []uint32{1, 2, 3}, F: k%2 == 0} }
		return &encOuter{
			X: 1, L: []encInner{in(0), in(1), in(2)}, Arr: [2]encInner{in(3), in(4)}, P: &encInner{V: []uint32{4, 5, 6}},
			U:  []encUnion{{}, {Selector: 1, Value: in(5)}},
			Bv: []byte{0xff, 0x0f}, Bl: []byte{0x05}, Nums: []uint64{1, 2, 3}, Bs: []bool{true, false, true},
		}
	}
	setBool := func(b *bool, c byte) { *(*byte)(unsafe.Pointer(b)) = c }
	for name, bad := range map[string]func(v *encOuter){
		"list too long":          func(v *encOuter) { v.L[2].B = make([]uint8, 5) },
		"vector short":           func(v *encOuter) { v.L[1].V = []uint32{1} },
		"vector in array":        func(v *encOuter) { v.Arr[1].V = []uint32{1, 2} },
		"vector behind pointer":  func(v *encOuter) { v.P.V = []uint32{1, 2, 3, 4} },
		"bool in list element":   func(v *encOuter) { setBool(&v.L[0].F, 2) },
		"bool in list of bools":  func(v *encOuter) { setBool(&v.Bs[2], 0x80) },
		"bool in union option":   func(v *encOuter) { x := v.U[1].Value.(encInner); setBool(&x.F, 7); v.U[1].Value = x },
		"union selector":         func(v *encOuter) { v.U[0].Selector = 3 },
		"union option type":      func(v *encOuter) { v.U[1].Value = uint8(1) },
		"bitvector padding":      func(v *encOuter) { v.Bv[1] = 0x1f },
		"bitlist delimiter":      func(v *encOuter) { v.Bl = []byte{0x05, 0x00} },
		"bitlist too long":       func(v *encOuter) { v.Bl = []byte{0xff, 0xff, 0x02} },
		"outer list too long":    func(v *encOuter) { v.L = make([]encInner, 9) },
		"union list element vec": func(v *encOuter) { x := v.U[1].Value.(encInner); x.V = nil; x.V = []uint32{9}; v.U[1].Value = x },
	} {
		for _, byValue := range []bool{false, true} {
			v := good()
			if _, err := ssz.Marshal(v); err != nil {
				t.Fatalf("the good value: %v", err)
			}
			bad(v)
			var x any = v
			if byValue {
				x = *v
			}
			_, merr := ssz.Marshal(x)
			_, rerr := ssz.HashTreeRoot(x, ssz.SHA256)
			sameError(t, name, merr, rerr)
		}
	}
	// Two bad parts, a variable-size field before a fixed-size one: the
	// encoder writes the fixed-size fields first, but names the first
	// bad part in field order, as the reference does.
	two := &twoBad{V: []bool{false, true}}
	setBool(&two.V[0], 2)
	setBool(&two.F, 3)
	_, merr := ssz.Marshal(two)
	_, rerr := ssz.HashTreeRoot(two, ssz.SHA256)
	sameError(t, "two bad parts", merr, rerr)
	// An error of the root itself, under a type name past the bound on
	// joined paths: the name whole, as the reference gives it.
	_, merr = ssz.Marshal(&wideUnion{})
	_, rerr = ssz.HashTreeRoot(&wideUnion{}, ssz.SHA256)
	sameError(t, "the root's own error", merr, rerr)
	// Long names: element 2's list is over its limit of 4.
	v := longnames.New(3)
	reflect.ValueOf(v).Elem().Field(0).Index(2).Field(0).Set(reflect.ValueOf(make([]uint64, 5)))
	_, merr = ssz.Marshal(v)
	_, rerr = ssz.HashTreeRoot(v, ssz.SHA256)
	sameError(t, "long names", merr, rerr)
}

// sameError checks that the encoder's error is an *ssz.Error with the
// reference's path and sentinel.
func sameError(t *testing.T, name string, merr, rerr error) {
	t.Helper()
	var me, re *ssz.Error
	if !errors.As(merr, &me) || !errors.As(rerr, &re) {
		t.Fatalf("%s: Marshal %v, HashTreeRoot %v: want two *ssz.Error", name, merr, rerr)
	}
	if me.Path != re.Path || valueSentinel(merr) == nil || valueSentinel(merr) != valueSentinel(rerr) {
		t.Errorf("%s: Marshal %q (%v), the reference %q (%v)", name, me.Path, merr, re.Path, rerr)
	}
}

// valueSentinel is the ssz sentinel of a bad value err wraps.
func valueSentinel(err error) error {
	for _, s := range []error{ssz.ErrListTooLong, ssz.ErrSize, ssz.ErrBitlist, ssz.ErrBitvector, ssz.ErrBool, ssz.ErrUnion, ssz.ErrValue, ssz.ErrOffset} {
		if errors.Is(err, s) {
			return s
		}
	}
	return nil
}

// TestEncodeAllocations counts what encoding a value passed by pointer
// allocates once its type is compiled: Marshal the buffer alone, Size
// and MarshalAppend into a buffer large enough nothing, for a state and
// a block body.
func TestEncodeAllocations(t *testing.T) {
	if hostile.RaceEnabled {
		t.Skip("the race detector allocates")
	}
	body := new(electra.BeaconBlockBody)
	typ, err := ssz.TypeOf(reflect.TypeFor[electra.BeaconBlockBody]())
	if err != nil {
		t.Fatal(err)
	}
	(&sszrand.Filler{Rand: sszrand.NewRand(7), MaxList: 16, MaxBits: 300}).Fill(typ, reflect.ValueOf(body).Elem())
	for _, v := range []any{gloas.SyntheticBeaconState(1<<10, 1), body} {
		buf, err := ssz.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		for name, f := range map[string]func(){
			"Marshal":       func() { _, _ = ssz.Marshal(v) },
			"Size":          func() { _, _ = ssz.Size(v) },
			"MarshalAppend": func() { _, _ = ssz.MarshalAppend(buf[:0], v) },
		} {
			want := 0.0
			if name == "Marshal" {
				want = 1
			}
			if got := testing.AllocsPerRun(5, f); got != want {
				t.Errorf("%T: %s allocates %v times, want %v", v, name, got, want)
			}
		}
	}
}

// TestReadOnlyValueRefused: a value reached through an unexported field
// of a value that is not addressable can be neither read nor copied
// through reflect; MarshalValue, SizeValue and HashTreeRootValue
// panicked on it (reflect.Value.Set). It is an ErrValue; the same field
// of an addressable value encodes.
func TestReadOnlyValueRefused(t *testing.T) {
	type outer struct{ in encInner }
	o := outer{in: encInner{A: 1, V: []uint32{1, 2, 3}}}
	st, err := ssz.TypeFor[encInner]()
	if err != nil {
		t.Fatal(err)
	}
	hidden := reflect.ValueOf(o).Field(0)
	if _, err := ssz.MarshalValue(st, hidden); !errors.Is(err, ssz.ErrValue) {
		t.Errorf("MarshalValue: %v, want ErrValue", err)
	}
	if _, err := ssz.SizeValue(st, hidden); !errors.Is(err, ssz.ErrValue) {
		t.Errorf("SizeValue: %v, want ErrValue", err)
	}
	if _, err := ssz.HashTreeRootValue(st, hidden, ssz.SHA256); !errors.Is(err, ssz.ErrValue) {
		t.Errorf("HashTreeRootValue: %v, want ErrValue", err)
	}
	want, err := ssz.Marshal(&o.in)
	if err != nil {
		t.Fatal(err)
	}
	if got, err := ssz.MarshalValue(st, reflect.ValueOf(&o).Elem().Field(0)); err != nil || string(got) != string(want) {
		t.Errorf("addressable unexported field: %x, %v; want %x", got, err, want)
	}
}

// encGiant holds zero vectors of 2^62 bytes each: one is a serialization
// whose size fits an int but no Go slice.
type encGiant struct {
	V [][]byte `ssz-size:"?,4611686018427387904" ssz-max:"8"`
}

// TestSerializationPastAllocation: a serialization whose size fits an
// int but not what make can allocate (2^62 + 4 bytes) panicked in make
// (breaker22enc); Marshal, MarshalAppend and Size refuse it with
// ErrSize at the root, dst untouched. (On a 32-bit host the type itself
// is refused, ErrOverflow: its element's size does not fit an int.)
func TestSerializationPastAllocation(t *testing.T) {
	want := ssz.ErrSize
	if unsafe.Sizeof(uintptr(0)) != 8 {
		want = ssz.ErrOverflow
	}
	g := &encGiant{V: make([][]byte, 1)}
	if _, err := ssz.Marshal(g); !errors.Is(err, want) {
		t.Errorf("Marshal: %v, want %v", err, want)
	}
	if n, err := ssz.Size(g); !errors.Is(err, want) {
		t.Errorf("Size: %d, %v; want %v", n, err, want)
	}
	dst := []byte{1, 2, 3, 4}[:2]
	if got, err := ssz.MarshalAppend(dst, g); !errors.Is(err, want) || len(got) != 2 || cap(got) != 4 {
		t.Errorf("MarshalAppend: len %d cap %d, %v; want dst as it was and %v", len(got), cap(got), err, want)
	}
}

// TestSizeOfPointerAllocatesNothing: Size of a pointer to anything but a
// struct first described the pointer type, whose refusal built an error
// (9 allocations for a *uint64, breaker22enc).
func TestSizeOfPointerAllocatesNothing(t *testing.T) {
	u, arr, in := uint64(7), [3]uint16{1, 2, 3}, &encInner{V: []uint32{1, 2, 3}}
	for name, v := range map[string]any{"*uint64": &u, "*[3]uint16": &arr, "*encInner": in} {
		if _, err := ssz.Size(v); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if n := testing.AllocsPerRun(20, func() { _, _ = ssz.Size(v) }); n != 0 {
			t.Errorf("Size(%s) allocates %.0f times", name, n)
		}
	}
}
