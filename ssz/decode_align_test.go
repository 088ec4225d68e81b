package ssz_test

import (
	"reflect"
	"strconv"
	"sync/atomic"
	"testing"
	"unsafe"

	"github.com/lanehash/lanehash/ssz"
	"github.com/lanehash/lanehash/ssz/sszjson"
)

// alignOdd is 12 bytes on 386 (uint64 aligned to 4 there): a chunk of
// them puts every other one 4 bytes off an 8-byte boundary.
type alignOdd struct {
	A uint64
	B uint32
}

type alignHeld struct {
	Small []uint32    `ssz-max:"8"`
	Words []uint64    `ssz-max:"8"`
	Odds  []*alignOdd `ssz-max:"8"`
	U128  [][2]uint64 `ssz-max:"8" ssz-type:"?,uint128"`
}

// TestDecodedWordsAligned: the first word of every slice of 64-bit words
// and every pointee whose first field is a uint64 that ssz.Unmarshal and
// sszjson.Unmarshal carve is 8-byte aligned, as Go aligns any allocated
// struct, array or slice, which sync/atomic's 64-bit functions need on
// 386 and 32-bit ARM (on 386 a carved []uint64 after an odd []uint32,
// and every other 12-byte pointee of a chunk, lay 4 bytes off: break23c).
func TestDecodedWordsAligned(t *testing.T) {
	v := alignHeld{
		Small: []uint32{7},
		Words: []uint64{1, 2},
		Odds:  []*alignOdd{{1, 2}, {3, 4}, {5, 6}},
		U128:  [][2]uint64{{1, 2}},
	}
	enc, err := ssz.Marshal(&v)
	if err != nil {
		t.Fatal(err)
	}
	js, err := sszjson.Marshal(&v)
	if err != nil {
		t.Fatal(err)
	}
	for _, dec := range []struct {
		name string
		fn   func(*alignHeld) error
	}{
		{"ssz", func(o *alignHeld) error { return ssz.Unmarshal(enc, o) }},
		{"sszjson", func(o *alignHeld) error { return sszjson.Unmarshal(js, o) }},
	} {
		var o alignHeld
		if err := dec.fn(&o); err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(o, v) {
			t.Fatalf("%s: decoded %+v", dec.name, o)
		}
		check := func(what string, p unsafe.Pointer) {
			if uintptr(p)%8 != 0 {
				t.Errorf("%s: %s at %#x is not 8-byte aligned (atomic.AddUint64 on it panics on 32-bit hosts)", dec.name, what, uintptr(p))
			}
		}
		check("Words[0]", unsafe.Pointer(&o.Words[0]))
		check("U128[0]", unsafe.Pointer(&o.U128[0]))
		for i, p := range o.Odds {
			check("Odds["+strconv.Itoa(i)+"]", unsafe.Pointer(p))
		}
		func() {
			defer func() {
				if r := recover(); r != nil {
					t.Errorf("%s: atomic.AddUint64 on decoded Words[0] or Odds[1].A panicked: %v", dec.name, r)
				}
			}()
			atomic.AddUint64(&o.Words[0], 1)
			atomic.AddUint64(&o.Odds[1].A, 1)
		}()
	}
}
