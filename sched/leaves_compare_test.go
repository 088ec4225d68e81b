package sched_test

import (
	"bytes"
	"errors"
	"slices"
	"testing"
	"unsafe"

	"github.com/lanehash/lanehash/internal/graph"
	"github.com/lanehash/lanehash/lanes"
	"github.com/lanehash/lanehash/sched"
	"github.com/lanehash/lanehash/sched/schedtest"
)

// flatThing is a Validator-like value whose program reads only its own
// memory and the arrays of its slices: Cred may be empty (the zero
// vector), Root only when its program says so.
type flatThing struct {
	Key    [48]byte
	Cred   []byte
	Bal    uint64
	Flag   bool
	Epochs [3]uint64
	Root   []byte
	Tail   uint16
}

// flatProgram builds flatThing's program by hand, as plan does, and the
// serialized offset of each gather's leaf (fields in order); an empty
// Root is an error unless rootEmpty.
func flatProgram(t *testing.T, rootEmpty bool) (*graph.Program, []int) {
	var th flatThing
	b := graph.NewBuilder()
	cred := b.Slice(0, unsafe.Offsetof(th.Cred), 32, 32, "flatThing.Cred")
	zs := uintptr(0)
	if rootEmpty {
		zs = 32
	}
	root := b.Slice(0, unsafe.Offsetof(th.Root), 32, zs, "flatThing.Root")
	b.Check(0, unsafe.Offsetof(th.Flag), 0xfe, graph.KindBool, "flatThing.Flag")
	leaves := []graph.Ref{
		b.Merkle([]graph.Ref{b.Leaf(0, unsafe.Offsetof(th.Key), 32), b.Leaf(0, unsafe.Offsetof(th.Key)+32, 16)}, 1),
		b.Leaf(cred, 0, 32),
		b.Leaf(0, unsafe.Offsetof(th.Bal), 8),
		b.Leaf(0, unsafe.Offsetof(th.Flag), 1),
	}
	for e := range th.Epochs {
		leaves = append(leaves, b.Leaf(0, unsafe.Offsetof(th.Epochs)+8*uintptr(e), 8))
	}
	leaves = append(leaves, b.Leaf(root, 0, 32), b.Leaf(0, unsafe.Offsetof(th.Tail), 2))
	p, err := b.Finish(b.Merkle(leaves, 4))
	if err != nil {
		t.Fatal(err)
	}
	at := []int{0, 32, 48, 80, 88, 89, 97, 105, 113, 145}
	return p, at
}

const flatSize = 147

func newFlatThings(n int) []flatThing {
	vals := make([]flatThing, n)
	for i := range vals {
		v := &vals[i]
		for j := range v.Key {
			v.Key[j] = byte(i + j)
		}
		v.Cred = bytes.Repeat([]byte{byte(i)}, 32)
		v.Root = bytes.Repeat([]byte{byte(3 * i)}, 32)
		v.Bal, v.Flag, v.Epochs, v.Tail = uint64(i)<<40|7, i%2 == 1, [3]uint64{uint64(i), 1 << 63, ^uint64(i)}, uint16(i)
	}
	return vals
}

// TestLeafComparer checks the compare against an independent oracle:
// an element differs when its serialization by LeafCopier fails or is
// not its stored copy. Every byte of an element's serialized memory is
// changed in place, in values and in pointed-to values (some nil), and
// slices are emptied and given a wrong length; the zero value (a nil
// pointer) serializes in one program and is an error in the other.
func TestLeafComparer(t *testing.T) {
	for _, rootEmpty := range []bool{true, false} {
		testLeafComparer(t, rootEmpty)
	}
}

func testLeafComparer(t *testing.T, rootEmpty bool) {
	e := sched.NewExec(schedtest.New(lanes.SHA256, 1), nil)
	p, at := flatProgram(t, rootEmpty)
	cmp, cp := e.LeafComparer(p, at), e.LeafCopier(p, at)
	if cmp == nil {
		t.Fatal("no comparer for a program of the value's memory and its slices")
	}
	if e.LeafComparer(thingProgram(t, true), []int{0, 32, 48, 80, 88, 89, 97, 129, 137}) != nil {
		t.Fatal("a comparer for a program reading through a pointer")
	}
	differing := func(base unsafe.Pointer, stride uintptr, ptr bool, m int, copies []byte) []int {
		t.Helper()
		var got []int
		if err := cmp(base, stride, ptr, m, copies, func(i int) error { got = append(got, i); return nil }); err != nil {
			t.Fatal(err)
		}
		return got
	}
	var zero flatThing
	vals := newFlatThings(53) // more than a few blocks, one partial
	ptrs := make([]*flatThing, len(vals))
	for i := range vals {
		ptrs[i] = &vals[i]
	}
	ptrs[5] = nil       // the zero value
	vals[9].Cred = nil  // the zero vector
	vals[10].Root = nil // an error: Root may not be empty
	elem := func(ptr bool, i int) unsafe.Pointer {
		if !ptr {
			return unsafe.Pointer(&vals[i])
		}
		if ptrs[i] == nil {
			return unsafe.Pointer(&zero)
		}
		return unsafe.Pointer(ptrs[i])
	}
	store := func(ptr bool) []byte {
		copies := make([]byte, len(vals)*flatSize)
		for i := range vals {
			if err := cp(copies[i*flatSize:(i+1)*flatSize], elem(ptr, i)); err != nil {
				clear(copies[i*flatSize : (i+1)*flatSize]) // what a copy of the value cannot be
			}
		}
		return copies
	}
	oracle := func(ptr bool, copies []byte, m int) []int {
		var want []int
		buf := make([]byte, flatSize)
		for i := range m {
			if err := cp(buf, elem(ptr, i)); err != nil || (i+1)*flatSize > len(copies) || !bytes.Equal(buf, copies[i*flatSize:(i+1)*flatSize]) {
				want = append(want, i)
			}
		}
		return want
	}
	for _, ptr := range []bool{false, true} {
		base, stride := unsafe.Pointer(&vals[0]), unsafe.Sizeof(vals[0])
		if ptr {
			base, stride = unsafe.Pointer(&ptrs[0]), unsafe.Sizeof(ptrs[0])
		}
		copies := store(ptr)
		check := func(what string, m int, copies []byte) {
			t.Helper()
			got := differing(base, stride, ptr, m, copies)
			if want := oracle(ptr, copies, m); !slices.Equal(got, want) {
				t.Fatalf("rootEmpty %v, ptr %v, %s: differing %v, want %v", rootEmpty, ptr, what, got, want)
			}
		}
		check("stored", len(vals), copies)
		check("copies for 40 of 53", len(vals), copies[:40*flatSize+3])
		check("20 of 53", 20, copies)
		for _, i := range []int{0, 15, 16, 31, 32, 52} {
			v := (*flatThing)(elem(ptr, i))
			mem := [][]byte{
				unsafe.Slice((*byte)(unsafe.Pointer(v)), unsafe.Offsetof(v.Cred)),
				unsafe.Slice((*byte)(unsafe.Pointer(&v.Bal)), 9),
				unsafe.Slice((*byte)(unsafe.Pointer(&v.Epochs)), 24),
				unsafe.Slice((*byte)(unsafe.Pointer(&v.Tail)), 2),
				v.Cred, v.Root,
			}
			for _, m := range mem {
				for off := range m {
					old := m[off]
					m[off] ^= 0x80
					if !slices.Contains(oracle(ptr, copies, len(vals)), i) {
						t.Fatalf("ptr %v: the oracle misses a change of element %d", ptr, i)
					}
					check("a changed byte", len(vals), copies)
					m[off] = old
				}
			}
			cred, root := v.Cred, v.Root
			v.Cred = nil
			check("an emptied Cred", len(vals), copies)
			v.Cred = cred[:31]
			check("a Cred of the wrong length", len(vals), copies)
			v.Cred, v.Root = cred, nil
			check("an emptied Root", len(vals), copies)
			v.Root = root
		}
		copies[5*flatSize+100] = 1
		check("a changed copy of the zero value", len(vals), copies)
		copies[40*flatSize] ^= 1
		var calls []int
		stop := errors.New("stop")
		if err := cmp(base, stride, ptr, len(vals), copies, func(i int) error {
			calls = append(calls, i)
			if i == 40 {
				return stop
			}
			return nil
		}); err != stop || calls[len(calls)-1] != 40 {
			t.Fatalf("ptr %v: differs' error at element 40: %v after calls %v, want the error, 40 last", ptr, err, calls)
		}
	}
	// The zero vector: stride 0 repeats one value, here the zero value.
	zs := make([]byte, 20*flatSize)
	want := func(i ...int) []int {
		if !rootEmpty {
			return []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19}
		}
		return i
	}
	if got := differing(unsafe.Pointer(&zero), 0, false, 20, zs); !slices.Equal(got, want()) {
		t.Fatalf("rootEmpty %v, zero vector: differing %v, want %v", rootEmpty, got, want())
	}
	zs[7*flatSize+40] = 1
	if got := differing(unsafe.Pointer(&zero), 0, false, 20, zs); !slices.Equal(got, want(7)) {
		t.Fatalf("rootEmpty %v, zero vector with one copy changed: differing %v, want %v", rootEmpty, got, want(7))
	}
	var nilPtr *flatThing
	if got := differing(unsafe.Pointer(&nilPtr), 0, true, 20, zs); !slices.Equal(got, want(7)) {
		t.Fatalf("rootEmpty %v, zero vector of nil pointers with one copy changed: differing %v, want %v", rootEmpty, got, want(7))
	}
}
