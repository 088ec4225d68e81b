package ssz

import (
	"bytes"
	"errors"
	"reflect"
	"testing"

	"github.com/holiman/uint256"
)

type shape = Union[struct {
	Nothing None
	Small   uint16
	Big     []uint64 `ssz-max:"4"`
}]

func TestUnionByHand(t *testing.T) {
	var zero [32]byte
	sel := func(s byte) [32]byte { return [32]byte{s} }

	got, err := HashTreeRoot(shape{Selector: 1, Value: uint16(0x0102)}, SHA256)
	if err != nil {
		t.Fatal(err)
	}
	if want := shaPair(u64Chunk(0x0102), sel(1)); got != want {
		t.Errorf("selector 1: %x, want %x", got, want)
	}
	got, err = HashTreeRoot(shape{}, SHA256)
	if err != nil {
		t.Fatal(err)
	}
	if want := shaPair(zero, sel(0)); got != want {
		t.Errorf("None: %x, want %x", got, want)
	}
	got, err = HashTreeRoot(&shape{Selector: 2, Value: []uint64{9}}, SHA256)
	if err != nil {
		t.Fatal(err)
	}
	// List[uint64, 4] is one chunk, so its root is the chunk mixed with 1.
	if want := shaPair(shaPair(u64Chunk(9), u64Chunk(1)), sel(2)); got != want {
		t.Errorf("selector 2: %x, want %x", got, want)
	}
}

func TestUnionCodec(t *testing.T) {
	for _, v := range []shape{{}, {Selector: 1, Value: uint16(7)}, {Selector: 2, Value: []uint64{1, 2}}} {
		b, err := Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		var back shape
		if err := Unmarshal(b, &back); err != nil {
			t.Fatalf("%x: %v", b, err)
		}
		if !reflect.DeepEqual(back, v) {
			t.Errorf("round trip %+v → %x → %+v", v, b, back)
		}
	}
	if b, _ := Marshal(shape{Selector: 1, Value: uint16(7)}); !bytes.Equal(b, []byte{1, 7, 0}) {
		t.Errorf("encoding %x, want 010700", b)
	}
	for _, bad := range [][]byte{{}, {3}, {0, 0}, {1, 7}, {1, 7, 0, 0}, {2, 1}} {
		var v shape
		if err := Unmarshal(bad, &v); err == nil {
			t.Errorf("%x decoded", bad)
		}
	}
	for _, bad := range []shape{{Selector: 3}, {Selector: 0, Value: uint16(1)}, {Selector: 1, Value: uint32(1)}, {Selector: 1}} {
		if _, err := Marshal(bad); !errors.Is(err, ErrUnion) {
			t.Errorf("Marshal(%+v) = %v, want ErrUnion", bad, err)
		}
		if _, err := HashTreeRoot(bad, SHA256); !errors.Is(err, ErrUnion) {
			t.Errorf("HashTreeRoot(%+v) = %v, want ErrUnion", bad, err)
		}
	}
}

type progContainer struct {
	A uint16 `ssz-index:"0"`
	B uint32 `ssz-index:"2"`
}

type progList struct {
	L []uint64 `ssz-type:"progressive-list"`
}

// TestProgressiveByHand builds EIP-7495/7916 trees by hand: the first
// subtree has one leaf, the next four, then sixteen, each root being
// H(subtree, rest): data on the left, the spine on the right.
func TestProgressiveByHand(t *testing.T) {
	var zero [32]byte
	z1 := shaPair(zero, zero)

	got, err := HashTreeRoot(progContainer{A: 5, B: 6}, SHA256)
	if err != nil {
		t.Fatal(err)
	}
	// Leaves [A, 0, B]: subtree 1 = A, subtree 2 = leaves [0, B, 0, 0].
	sub2 := shaPair(shaPair(zero, u64Chunk(6)), z1)
	tree := shaPair(u64Chunk(5), shaPair(sub2, zero))
	active := [32]byte{0b101}
	if want := shaPair(tree, active); got != want {
		t.Errorf("progressive container: %x, want %x", got, want)
	}

	got, err = HashTreeRoot(progList{L: []uint64{1, 2, 3, 4, 5}}, SHA256)
	if err != nil {
		t.Fatal(err)
	}
	var c0 [32]byte
	copy(c0[:], []byte{1, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0, 0, 4})
	sub2 = shaPair(shaPair(u64Chunk(5), zero), z1)
	tree = shaPair(c0, shaPair(sub2, zero))
	// A container of one field has that field's root as its own.
	if want := shaPair(tree, u64Chunk(5)); got != want {
		t.Errorf("progressive list: %x, want %x", got, want)
	}
}

type withPtr struct {
	A uint64
	P *handFixed
	L []*handFixed `ssz-max:"3"`
}

func TestNilPointerIsZero(t *testing.T) {
	a, err := HashTreeRoot(withPtr{A: 1, L: []*handFixed{nil}}, SHA256)
	if err != nil {
		t.Fatal(err)
	}
	b, err := HashTreeRoot(withPtr{A: 1, P: &handFixed{}, L: []*handFixed{{}}}, SHA256)
	if err != nil {
		t.Fatal(err)
	}
	if a != b {
		t.Error("nil pointer hashes differently from the zero value")
	}
	ea, _ := Marshal(withPtr{A: 1, L: []*handFixed{nil}})
	eb, _ := Marshal(withPtr{A: 1, P: &handFixed{}, L: []*handFixed{{}}})
	if !bytes.Equal(ea, eb) {
		t.Error("nil pointer encodes differently from the zero value")
	}
	var nilPtr *withPtr
	if _, err := HashTreeRoot(nilPtr, SHA256); err != nil {
		t.Errorf("nil top-level pointer: %v", err)
	}
}

type u256Bytes struct {
	X [32]byte `ssz-type:"uint256"`
	Y [16]byte `ssz-type:"uint128"`
}
type u256Limbs struct {
	X [4]uint64 `ssz-type:"uint256"`
	Y [2]uint64 `ssz-type:"uint128"`
}
type u256Int struct {
	X *uint256.Int
	Y [2]uint64 `ssz-type:"uint128"`
}
type u256Value struct {
	X uint256.Int
	Y [16]byte `ssz-type:"uint128"`
}

func TestUint256Forms(t *testing.T) {
	x := uint256.NewInt(0).Lsh(uint256.NewInt(0x1234), 130) // spans limbs
	var xb [32]byte
	x.WriteToArray32(&xb)
	for i, j := 0, 31; i < j; i, j = i+1, j-1 {
		xb[i], xb[j] = xb[j], xb[i] // big-endian to SSZ little-endian
	}
	yb := [16]byte{0: 0x11, 8: 0x22}
	values := []any{
		u256Bytes{X: xb, Y: yb},
		u256Limbs{X: *x, Y: [2]uint64{0x11, 0x22}},
		u256Int{X: x, Y: [2]uint64{0x11, 0x22}},
		u256Value{X: *x, Y: yb},
	}
	var roots [][32]byte
	var encs [][]byte
	for _, v := range values {
		r, err := HashTreeRoot(v, SHA256)
		if err != nil {
			t.Fatalf("%T: %v", v, err)
		}
		e, err := Marshal(v)
		if err != nil {
			t.Fatalf("%T: %v", v, err)
		}
		roots, encs = append(roots, r), append(encs, e)
		back := reflect.New(reflect.TypeOf(v))
		if err := Unmarshal(e, back.Interface()); err != nil {
			t.Fatalf("%T: %v", v, err)
		}
		if !reflect.DeepEqual(back.Elem().Interface(), v) {
			t.Errorf("%T: round trip gave %+v", v, back.Elem().Interface())
		}
	}
	if !bytes.Equal(encs[0][:32], xb[:]) {
		t.Errorf("uint256 bytes %x, want %x", encs[0][:32], xb)
	}
	for i := range values {
		if roots[i] != roots[0] || !bytes.Equal(encs[i], encs[0]) {
			t.Errorf("%T disagrees with %T", values[i], values[0])
		}
	}
	if r, _ := HashTreeRoot(u256Int{}, SHA256); r != mustRoot(t, u256Bytes{}) {
		t.Error("nil *uint256.Int is not zero")
	}
}

func mustRoot(t *testing.T, v any) [32]byte {
	t.Helper()
	r, err := HashTreeRoot(v, SHA256)
	if err != nil {
		t.Fatal(err)
	}
	return r
}
