package ssz

import (
	"bytes"
	"encoding/binary"
	"errors"
	"math/rand/v2"
	"reflect"
	"testing"
)

type varStruct struct {
	A uint16
	B []uint16 `ssz-max:"4"`
	C bool
	D [][]byte `ssz-max:"3,5"`
}

type allKinds struct {
	Flag   bool
	U8     uint8
	U16    uint16
	U32    uint32
	U64    uint64
	U128   [16]byte  `ssz-type:"uint128"`
	U256   [4]uint64 `ssz-type:"uint256"`
	Vec    [3]uint32
	SVec   []uint16    `ssz-size:"5"`
	Bytes  []byte      `ssz-max:"40"`
	BitV   [2]byte     `ssz-type:"bitvector" ssz-bitsize:"12"`
	BitL   []byte      `ssz:"bitlist" ssz-max:"20"`
	PBits  []byte      `ssz-type:"progressive-bitlist"`
	PList  []uint32    `ssz-type:"progressive-list"`
	Nested []varStruct `ssz-max:"3"`
	Fixed  [2]handFixed
	Ptr    *handFixed
	Sel    shape
}

func randomAllKinds(r *rand.Rand) allKinds {
	v := allKinds{
		Flag: r.IntN(2) == 1, U8: uint8(r.Uint32()), U16: uint16(r.Uint32()), U32: r.Uint32(), U64: r.Uint64(),
		U256:  [4]uint64{r.Uint64(), r.Uint64(), r.Uint64(), r.Uint64()},
		Vec:   [3]uint32{r.Uint32(), r.Uint32(), r.Uint32()},
		SVec:  []uint16{1, 2, 3, 4, uint16(r.Uint32())},
		BitV:  [2]byte{byte(r.Uint32()), byte(r.IntN(16))},
		BitL:  []byte{byte(r.Uint32()), 1 << r.IntN(4)},
		PBits: []byte{byte(r.Uint32()) | 0x80},
		Ptr:   &handFixed{A: r.Uint64(), C: true},
		Sel:   shape{Selector: 2, Value: []uint64{r.Uint64()}},
	}
	for i := range v.U128 {
		v.U128[i] = byte(r.Uint32())
	}
	v.Bytes = make([]byte, r.IntN(41))
	for i := range v.Bytes {
		v.Bytes[i] = byte(r.Uint32())
	}
	v.PList = make([]uint32, r.IntN(30))
	for i := range v.PList {
		v.PList[i] = r.Uint32()
	}
	v.Nested = make([]varStruct, r.IntN(4))
	for i := range v.Nested {
		v.Nested[i] = varStruct{A: 1, B: make([]uint16, r.IntN(5)), D: [][]byte{{1, 2}, {}}}
	}
	return v
}

func TestRoundTrip(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 50; i++ {
		v := randomAllKinds(r)
		b, err := Marshal(&v)
		if err != nil {
			t.Fatal(err)
		}
		var back allKinds
		if err := Unmarshal(b, &back); err != nil {
			t.Fatalf("%x: %v", b, err)
		}
		if !reflect.DeepEqual(normalize(v), normalize(back)) {
			t.Fatalf("round trip differs:\n%+v\n%+v", v, back)
		}
		r1, err1 := HashTreeRoot(v, SHA256)
		r2, err2 := HashTreeRoot(&back, SHA256)
		if err1 != nil || err2 != nil || r1 != r2 {
			t.Fatalf("roots %x %v, %x %v", r1, err1, r2, err2)
		}
	}
}

// normalize makes empty slices nil so DeepEqual compares contents only.
func normalize(v allKinds) allKinds {
	for i := range v.Nested {
		if len(v.Nested[i].B) == 0 {
			v.Nested[i].B = nil
		}
		for j := range v.Nested[i].D {
			if len(v.Nested[i].D[j]) == 0 {
				v.Nested[i].D[j] = nil
			}
		}
	}
	if len(v.Bytes) == 0 {
		v.Bytes = nil
	}
	if len(v.PList) == 0 {
		v.PList = nil
	}
	if len(v.Nested) == 0 {
		v.Nested = nil
	}
	return v
}

func TestStrictDecoding(t *testing.T) {
	good, err := Marshal(varStruct{A: 1, B: []uint16{2, 3}, C: true, D: [][]byte{{4}, {5, 6}}})
	if err != nil {
		t.Fatal(err)
	}
	// Layout: A(2) offB(4) C(1) offD(4) | B: 4 bytes | D: offsets 8, elements.
	mutate := func(f func(b []byte) []byte) []byte {
		return f(append([]byte(nil), good...))
	}
	put32 := func(b []byte, at int, v uint32) []byte { binary.LittleEndian.PutUint32(b[at:], v); return b }
	cases := []struct {
		name string
		in   []byte
		err  error
	}{
		{"short", good[:5], ErrSize},
		{"bool 2", mutate(func(b []byte) []byte { b[6] = 2; return b }), ErrBool},
		{"first offset low", mutate(func(b []byte) []byte { return put32(b, 2, 10) }), ErrOffset},
		{"first offset high", mutate(func(b []byte) []byte { return put32(b, 2, 12) }), ErrOffset},
		{"offsets decreasing", mutate(func(b []byte) []byte { return put32(b, 7, 10) }), ErrOffset},
		{"offset beyond end", mutate(func(b []byte) []byte { return put32(b, 7, 1000) }), ErrOffset},
		{"odd list bytes", mutate(func(b []byte) []byte { return put32(b, 7, 14) }), ErrSize},
	}
	for _, c := range cases {
		var v varStruct
		err := Unmarshal(c.in, &v)
		if !errors.Is(err, c.err) {
			t.Errorf("%s: %v, want %v", c.name, err, c.err)
		}
	}
	var v varStruct
	if err := Unmarshal(good, &v); err != nil {
		t.Fatalf("good input: %v", err)
	}
	fixed, _ := Marshal(handFixed{A: 1})
	if err := Unmarshal(append(fixed, 0), &handFixed{}); !errors.Is(err, ErrSize) {
		t.Errorf("trailing byte after a fixed container: %v", err)
	}
	long := varStruct{B: []uint16{1, 2, 3, 4, 5}}
	if _, err := Marshal(long); !errors.Is(err, ErrListTooLong) {
		t.Errorf("Marshal of a long list: %v", err)
	}
	if _, err := HashTreeRoot(long, SHA256); !errors.Is(err, ErrListTooLong) {
		t.Errorf("HashTreeRoot of a long list: %v", err)
	}
	enc := []byte{0, 0, 11, 0, 0, 0, 0, 21, 0, 0, 0, 1, 0, 2, 0, 3, 0, 4, 0, 5, 0}
	if err := Unmarshal(enc, &v); !errors.Is(err, ErrListTooLong) {
		t.Errorf("Unmarshal of a long list: %v", err)
	}
}

type bitsOnly struct {
	V [2]byte `ssz-type:"bitvector" ssz-bitsize:"12"`
	L []byte  `ssz:"bitlist" ssz-max:"9"`
}

func TestStrictBits(t *testing.T) {
	cases := []struct {
		name string
		in   []byte
		err  error
	}{
		{"unused bitvector bit", []byte{0, 0x10, 6, 0, 0, 0, 1}, ErrBitvector},
		{"no delimiter", []byte{0, 0, 6, 0, 0, 0, 0}, ErrBitlist},
		{"empty bitlist", []byte{0, 0, 6, 0, 0, 0}, ErrBitlist},
		{"bitlist over limit", []byte{0, 0, 6, 0, 0, 0, 0, 4}, ErrListTooLong},
	}
	for _, c := range cases {
		var v bitsOnly
		if err := Unmarshal(c.in, &v); !errors.Is(err, c.err) {
			t.Errorf("%s: %v, want %v", c.name, err, c.err)
		}
	}
	var v bitsOnly
	if err := Unmarshal([]byte{0xff, 0x0f, 6, 0, 0, 0, 0, 3}, &v); err != nil {
		t.Errorf("9 bits within the limit: %v", err)
	}
	if _, err := HashTreeRoot(bitsOnly{V: [2]byte{0, 0xf0}}, SHA256); !errors.Is(err, ErrBitvector) {
		t.Errorf("HashTreeRoot with unused bits: %v", err)
	}
	if _, err := Marshal(bitsOnly{L: []byte{1, 0}}); !errors.Is(err, ErrBitlist) {
		t.Errorf("Marshal without delimiter: %v", err)
	}
	// An empty bitlist value is the empty bitlist, encoded as its delimiter.
	if b, err := Marshal(bitsOnly{}); err != nil || !bytes.Equal(b, []byte{0, 0, 6, 0, 0, 0, 1}) {
		t.Errorf("zero value encodes as %x, %v", b, err)
	}
}

type hostile struct {
	L [][]byte `ssz-max:"1099511627776,1099511627776"`
}

// TestHostileLengths feeds lengths and offsets that claim huge lists and
// checks that decoding fails without allocating for them.
func TestHostileLengths(t *testing.T) {
	in := []byte{4, 0, 0, 0, 0xfc, 0xff, 0xff, 0xff}
	allocs := testing.AllocsPerRun(10, func() {
		var v hostile
		if err := Unmarshal(in, &v); !errors.Is(err, ErrOffset) {
			t.Fatalf("%v, want ErrOffset", err)
		}
	})
	if allocs > 20 {
		t.Errorf("%v allocations for an 8-byte input", allocs)
	}
}

func TestValueChecks(t *testing.T) {
	typ, err := TypeFor[varStruct]()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := HashTreeRootValue(typ, reflect.ValueOf(uint8(1)), SHA256); !errors.Is(err, ErrValue) {
		t.Errorf("wrong value type: %v", err)
	}
	if _, err := HashTreeRootValue(typ, reflect.ValueOf(varStruct{}), Hash(7)); !errors.Is(err, ErrValue) {
		t.Errorf("unknown hash: %v", err)
	}
	if err := Unmarshal(nil, varStruct{}); !errors.Is(err, ErrValue) {
		t.Errorf("non-pointer: %v", err)
	}
	if err := UnmarshalValue(typ, nil, reflect.ValueOf(varStruct{})); !errors.Is(err, ErrValue) {
		t.Errorf("unsettable: %v", err)
	}
	if _, err := HashTreeRoot(nil, SHA256); !errors.Is(err, ErrValue) {
		t.Errorf("nil: %v", err)
	}
	wrong := struct {
		V []uint16 `ssz-size:"3"`
	}{V: []uint16{1}}
	if _, err := Marshal(wrong); !errors.Is(err, ErrSize) {
		t.Errorf("short fixed slice: %v", err)
	}
}

type listOfVar struct {
	L []varStruct `ssz-max:"3"`
}

func TestErrorPathHasIndex(t *testing.T) {
	v := listOfVar{L: []varStruct{{}, {B: make([]uint16, 5)}}}
	for _, err := range []error{
		func() error { _, err := Marshal(v); return err }(),
		func() error { _, err := HashTreeRoot(v, SHA256); return err }(),
	} {
		var e *Error
		if !errors.As(err, &e) || e.Path != "listOfVar.L[1].B" || !errors.Is(err, ErrListTooLong) {
			t.Errorf("error %v, want ErrListTooLong at listOfVar.L[1].B", err)
		}
	}
	// Element 1's B holds five uint16 (limit 4).
	enc := []byte{4, 0, 0, 0, // offset of L
		8, 0, 0, 0, 19, 0, 0, 0, // offsets of the two elements
		0, 0, 11, 0, 0, 0, 0, 11, 0, 0, 0, // element 0: empty B and D
		0, 0, 11, 0, 0, 0, 0, 21, 0, 0, 0, 1, 0, 2, 0, 3, 0, 4, 0, 5, 0} // element 1
	var back listOfVar
	err := Unmarshal(enc, &back)
	var e *Error
	if !errors.As(err, &e) || e.Path != "listOfVar.L[1].B" {
		t.Errorf("decode error %v, want one at listOfVar.L[1].B", err)
	}
}
