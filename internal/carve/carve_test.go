package carve

import (
	"testing"
	"unsafe"
)

// TestSetSlice checks the slice SetSlice makes: its elements at data,
// length and capacity n, so appending copies instead of writing past
// it into memory carved for something else.
func TestSetSlice(t *testing.T) {
	var b Blocks
	var s []uint32
	data := b.Alloc(3*4, 4, BlockBytes)
	next := b.Alloc(4, 4, BlockBytes)
	SetSlice(unsafe.Pointer(&s), data, 3)
	if len(s) != 3 || cap(s) != 3 || unsafe.Pointer(&s[0]) != data {
		t.Fatalf("slice of len %d cap %d at %p, want 3, 3 at %p", len(s), cap(s), unsafe.SliceData(s), data)
	}
	s[2] = 7
	s = append(s, 9)
	if *(*uint32)(next) != 0 || unsafe.Pointer(&s[0]) == data || s[2] != 7 {
		t.Fatal("append wrote into the block instead of copying")
	}
}

// TestEmpty checks the empty-slice sentinel: a slice set to it is
// empty, not nil.
func TestEmpty(t *testing.T) {
	s := []byte{1}
	SetSlice(unsafe.Pointer(&s), Empty(), 0)
	if s == nil || len(s) != 0 || cap(s) != 0 {
		t.Fatalf("empty slice: nil %v, len %d, cap %d; want not nil, 0, 0", s == nil, len(s), cap(s))
	}
	var ptrs []*int
	SetSlice(unsafe.Pointer(&ptrs), Empty(), 0)
	if ptrs == nil || len(ptrs) != 0 {
		t.Fatal("empty slice of pointers is nil")
	}
}
