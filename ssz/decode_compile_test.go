package ssz

import (
	"errors"
	"reflect"
	"testing"
)

type (
	compileEth1 struct {
		DepositRoot  [32]byte
		DepositCount uint64
		BlockHash    [32]byte
	}
	compileValidator struct {
		Pubkey                     [48]byte
		WithdrawalCredentials      []byte `ssz-size:"32"`
		EffectiveBalance           uint64
		Slashed                    bool
		ActivationEligibilityEpoch uint64
		ActivationEpoch            uint64
		ExitEpoch                  uint64
		WithdrawableEpoch          uint64
	}
	compilePadded struct {
		A uint8
		B uint64
	}
)

// TestCompiledPlainAndMerged pins what the compiler decides for the
// shapes the state's decode time rests on: a container whose Go memory
// is its serialization is one copy (plain), as is a vector of such
// values in an array; a validator is five steps (the 48-byte key, the
// credentials carved into a slice, the balance, the bool, the four
// epochs merged into one copy); padding makes a container not plain,
// and so does a host that is not little-endian for multi-byte integers.
func TestCompiledPlainAndMerged(t *testing.T) {
	compile := func(g reflect.Type) *decType {
		typ, err := TypeOf(g)
		if err != nil {
			t.Fatal(err)
		}
		return compileType(typ)
	}
	if d := compile(reflect.TypeFor[compileEth1]()); d.plain != littleEndian {
		t.Errorf("Eth1Data: plain %v on a little-endian host %v", d.plain, littleEndian)
	}
	if d := compile(reflect.TypeFor[[4]compileEth1]()); d.plain != littleEndian {
		t.Errorf("[4]Eth1Data: plain %v", d.plain)
	}
	if d := compile(reflect.TypeFor[compilePadded]()); d.plain {
		t.Error("a padded container compiled as plain")
	}
	d := compile(reflect.TypeFor[compileValidator]())
	if !littleEndian {
		return
	}
	want := []struct {
		kind  fieldKind
		at, n uint64
	}{{fieldCopy, 0, 48}, {fieldBytes, 48, 32}, {fieldCopy, 80, 8}, {fieldBool, 88, 1}, {fieldCopy, 89, 32}}
	if d.plain || len(d.ops) != len(want) || len(d.vars) != 0 {
		t.Fatalf("Validator: plain %v, %d steps, %d variable fields; want %d steps", d.plain, len(d.ops), len(d.vars), len(want))
	}
	for i, w := range want {
		if op := d.ops[i]; op.kind != w.kind || op.at != w.at || op.n != w.n {
			t.Errorf("Validator step %d: kind %d at %d of %d bytes; want kind %d at %d of %d", i, op.kind, op.at, op.n, w.kind, w.at, w.n)
		}
	}
}

// TestUnmarshalValueMismatchedDescriptor: a descriptor made by hand
// whose Go type is not the one it describes (TypeOf never makes one) is
// ErrValue before anything is decoded, never a write of memory the value
// does not have and never a panic.
func TestUnmarshalValueMismatchedDescriptor(t *testing.T) {
	u64 := &Type{Kind: KindUint64, Go: reflect.TypeFor[uint64](), Fixed: true, Size: 8}
	for _, c := range []struct {
		name string
		t    *Type
		in   []byte
	}{
		{"uint64 held in a uint32", &Type{Kind: KindUint64, Go: reflect.TypeFor[uint32](), Fixed: true, Size: 8}, make([]byte, 8)},
		{"vector longer than its array", &Type{Kind: KindVector, Go: reflect.TypeFor[[2]uint64](), Elem: u64, Length: 3, Fixed: true, Size: 24}, make([]byte, 24)},
		{"list of another element type", &Type{Kind: KindList, Go: reflect.TypeFor[[]uint32](), Elem: u64, Limit: 4}, make([]byte, 16)},
		{"bitvector wider than its array", &Type{Kind: KindBitvector, Go: reflect.TypeFor[[1]byte](), Length: 16, Fixed: true, Size: 2}, make([]byte, 2)},
		{"container field of another type", &Type{Kind: KindContainer, Go: reflect.TypeFor[compilePadded](), Fixed: true, Size: 16,
			Fields: []Field{{Name: "A", Index: []int{0}, Type: u64}, {Name: "B", Index: []int{1}, Type: u64}}}, make([]byte, 16)},
		{"container field index out of range", &Type{Kind: KindContainer, Go: reflect.TypeFor[compilePadded](), Fixed: true, Size: 8,
			Fields: []Field{{Name: "C", Index: []int{5}, Type: u64}}}, make([]byte, 8)},
		{"no Go type", &Type{Kind: KindUint64, Fixed: true, Size: 8}, make([]byte, 8)},
		{"uint64 of 4 bytes", &Type{Kind: KindUint64, Go: reflect.TypeFor[uint64](), Fixed: true, Size: 4}, make([]byte, 4)},
		{"bool of 2 bytes", &Type{Kind: KindBool, Go: reflect.TypeFor[bool](), Fixed: true, Size: 2}, make([]byte, 2)},
	} {
		g := c.t.Go
		if g == nil {
			g = reflect.TypeFor[uint64]()
		}
		v := reflect.New(g)
		var err error
		func() {
			defer func() {
				if r := recover(); r != nil {
					t.Errorf("%s: panic %v", c.name, r)
				}
			}()
			err = UnmarshalValue(c.t, c.in, v.Elem())
		}()
		if !errors.Is(err, ErrValue) {
			t.Errorf("%s: %v, want ErrValue", c.name, err)
		}
	}
}

// TestUnmarshalValueInconsistentSizes: a descriptor made by hand whose
// size is not its parts' (a vector of 2 uint64 of 24 bytes, a byte
// vector in a slice of 64 bytes for 32 elements, a vector whose Length ×
// element size wraps to its Size, a list of elements of no bytes) is
// never decoded, which would write past the Go value, slice past the
// input or divide by zero: it is ErrValue, never a panic.
func TestUnmarshalValueInconsistentSizes(t *testing.T) {
	u64 := &Type{Kind: KindUint64, Go: reflect.TypeFor[uint64](), Fixed: true, Size: 8}
	u8 := &Type{Kind: KindUint8, Go: reflect.TypeFor[uint8](), Fixed: true, Size: 1}
	bytes := &Type{Kind: KindVector, Go: reflect.TypeFor[[]byte](), Elem: u8, Length: 32, Fixed: true, Size: 64}
	words := &Type{Kind: KindVector, Go: reflect.TypeFor[[2]uint64](), Elem: u64, Length: 2, Fixed: true, Size: 24}
	for _, c := range []struct {
		name string
		t    *Type
		in   []byte
	}{
		{"vector of 2 words in 24 bytes", words, make([]byte, 24)},
		{"container of that vector", &Type{Kind: KindContainer, Go: reflect.TypeFor[struct{ W [2]uint64 }](), Fixed: true, Size: 24,
			Fields: []Field{{Name: "W", Index: []int{0}, Type: words}}}, make([]byte, 24)},
		{"byte vector of 32 in 64 bytes", bytes, make([]byte, 64)},
		{"container of it", &Type{Kind: KindContainer, Go: reflect.TypeFor[struct{ B []byte }](), Fixed: true, Size: 64,
			Fields: []Field{{Name: "B", Index: []int{0}, Type: bytes}}}, make([]byte, 64)},
		{"vector whose length × 8 wraps to 0", &Type{Kind: KindVector, Go: reflect.TypeFor[[]uint64](), Elem: u64, Length: 1 << 61, Fixed: true}, nil},
		{"list of elements of no bytes", &Type{Kind: KindList, Go: reflect.TypeFor[[]uint8](), Limit: 9,
			Elem: &Type{Kind: KindUint8, Go: reflect.TypeFor[uint8](), Fixed: true}}, []byte{1, 2}},
		{"bitvector of 9 bits in 1 byte", &Type{Kind: KindBitvector, Go: reflect.TypeFor[[1]byte](), Length: 9, Fixed: true, Size: 1}, []byte{1}},
		{"list marked fixed", &Type{Kind: KindList, Go: reflect.TypeFor[[]uint64](), Elem: u64, Limit: 4, Fixed: true, Size: 8}, make([]byte, 8)},
	} {
		v := reflect.New(c.t.Go)
		if err := CheckDescriptor(c.t); !errors.Is(err, ErrValue) {
			t.Errorf("%s: CheckDescriptor: %v, want ErrValue", c.name, err)
		}
		if err := UnmarshalValue(c.t, c.in, v.Elem()); !errors.Is(err, ErrValue) {
			t.Errorf("%s: UnmarshalValue: %v, want ErrValue", c.name, err)
		}
	}
}

// TestDecTypeMemoBound compiles more descriptors than the decoder's
// memo keeps: it stays at its bound, and every decode is still right.
func TestDecTypeMemoBound(t *testing.T) {
	const bound = 16
	defer decTypes.SetBound(decTypes.SetBound(bound))
	for k := 1; k <= 100; k++ {
		st := reflect.StructOf([]reflect.StructField{
			{Name: "A", Type: reflect.TypeFor[[]uint64](), Tag: `ssz-max:"64"`},
			{Name: "B", Type: reflect.ArrayOf(k, reflect.TypeFor[byte]())},
		})
		typ, err := TypeOf(st)
		if err != nil {
			t.Fatal(err)
		}
		in := make([]byte, 4+k+8)
		in[0] = byte(4 + k)
		in[4] = byte(k)
		in[4+k] = 7
		v := reflect.New(st).Elem()
		if err := UnmarshalValue(typ, in, v); err != nil || v.Field(1).Index(0).Uint() != uint64(k) || v.Field(0).Index(0).Uint() != 7 {
			t.Fatalf("type %d: %v, %v", k, err, v)
		}
		if n := decTypes.Len(); n > bound {
			t.Fatalf("%d descriptors compiled and kept, bound %d", n, bound)
		}
	}
}

// TestMarshalValueInconsistentDescriptors: the compiled encoder laid a
// container out by its descriptor's sizes and wrote a field the
// descriptor misdescribes through the reflect encoder at its Go size, so
// a field of declared size 100 on a uint16 sliced past the buffer (a
// panic) and one of kind uint64 and size 1 shifted every offset after it
// (breaker22enc). A descriptor made by hand that contradicts its Go type
// or itself is an ErrValue for MarshalValue, MarshalAppendValue and
// SizeValue alike, as for UnmarshalValue.
func TestMarshalValueInconsistentDescriptors(t *testing.T) {
	type pair struct {
		A uint16
		B []byte
	}
	goPair := reflect.TypeFor[pair]()
	bytes := &Type{Kind: KindList, Go: reflect.TypeFor[[]byte](), Limit: 8,
		Elem: &Type{Kind: KindUint8, Go: reflect.TypeFor[uint8](), Fixed: true, Size: 1}}
	withA := func(a *Type) *Type {
		return &Type{Kind: KindContainer, Go: goPair, Size: a.Size + 4,
			Fields: []Field{{Name: "A", Index: []int{0}, Type: a}, {Name: "B", Index: []int{1}, Type: bytes}}}
	}
	u64 := &Type{Kind: KindUint64, Go: reflect.TypeFor[uint64](), Fixed: true, Size: 8}
	words := &Type{Kind: KindVector, Go: reflect.TypeFor[[2]uint64](), Elem: u64, Length: 2, Fixed: true, Size: 24}
	for _, c := range []struct {
		name string
		t    *Type
	}{
		{"uint16 field of size 100", withA(&Type{Kind: KindUint16, Go: reflect.TypeFor[uint16](), Fixed: true, Size: 100})},
		{"uint16 field of kind uint64, size 1", withA(&Type{Kind: KindUint64, Go: reflect.TypeFor[uint16](), Fixed: true, Size: 1})},
		{"uint16 field of kind uint64, size 2", withA(&Type{Kind: KindUint64, Go: reflect.TypeFor[uint16](), Fixed: true, Size: 2})},
		{"vector of 2 words in 24 bytes", words},
		{"container of that vector", &Type{Kind: KindContainer, Go: reflect.TypeFor[struct{ W [2]uint64 }](), Fixed: true, Size: 24,
			Fields: []Field{{Name: "W", Index: []int{0}, Type: words}}}},
	} {
		v := reflect.New(c.t.Go)
		if c.t.Go == goPair {
			v.Interface().(*pair).B = []byte{0xaa}
		}
		b, err := MarshalValue(c.t, v.Elem())
		if !errors.Is(err, ErrValue) {
			t.Errorf("%s: MarshalValue: %x, %v; want ErrValue", c.name, b, err)
		}
		if n, serr := SizeValue(c.t, v); serr == nil || serr.Error() != err.Error() {
			t.Errorf("%s: SizeValue: %d, %v; want MarshalValue's error", c.name, n, serr)
		}
		dst := []byte{1, 2, 3}
		if got, aerr := MarshalAppendValue(dst, c.t, v); aerr == nil || len(got) != 3 {
			t.Errorf("%s: MarshalAppendValue: %x, %v; want dst back and an error", c.name, got, aerr)
		}
	}
}
