package sched

import (
	"reflect"
	"testing"
	"unsafe"

	"github.com/lanehash/lanehash/internal/graph"
)

// TestUnionValuePointer checks what the union rooter hands an option's
// rooter: for options of every shape an interface may hold in its data
// word or behind it (pointers, structs and arrays of one pointer, zero
// sizes, scalars, slices, strings, arrays), a pointer at a value equal
// to the one the union holds, read without a copy.
func TestUnionValuePointer(t *testing.T) {
	type box struct{ A, B uint64 }
	type onePtr struct{ P *box }
	type empty struct{}
	x := &box{A: 7, B: 9}
	values := []any{
		x,
		(*box)(nil),
		onePtr{P: x},
		[1]*box{x},
		struct{ P [1]*box }{[1]*box{x}},
		empty{},
		[0]uint64{},
		uint8(200),
		uint64(1 << 60),
		true,
		[]uint16{1, 2, 3},
		[]byte(nil),
		"not a hashable option, but a shape all the same",
		[3]uint32{4, 5, 6},
		box{A: 1, B: 2},
		map[int]int{1: 2},
	}
	for _, v := range values {
		typ := reflect.TypeOf(v)
		type union struct {
			Selector uint8
			Value    any
		}
		r := newUnionRooter(&graph.UnionNode{Type: reflect.TypeFor[union](), OptionTypes: []reflect.Type{nil, typ}}, []rooter{nil, nil})
		u := &union{Selector: 1, Value: v}
		sel, p, err := r.value(unsafe.Pointer(u))
		if err != nil || sel != 1 {
			t.Fatalf("%T: selector %d, %v", v, sel, err)
		}
		if got := reflect.NewAt(typ, p).Elem().Interface(); !reflect.DeepEqual(got, v) {
			t.Errorf("%T: the option read through the pointer is %#v, the union holds %#v", v, got, v)
		}
		if typ.Size() > 0 && !r.inWord[1] {
			// Behind the word, the pointer is the interface's own copy.
			if e := (*eface)(unsafe.Pointer(&u.Value)); p != e.data {
				t.Errorf("%T: pointer %p, the interface's data %p: a copy was made", v, p, e.data)
			}
		}
	}
}
