package carve

import (
	"reflect"
	"runtime"
	"testing"
	"unsafe"
)

// node holds a pointer, so a chunk of nodes must be memory the
// collector scans.
type node struct {
	id   uint64
	next *[64]uint64
	pad  [112]byte
}

// TestPointeesChunks checks a sequence's values: zero, one after the
// other in chunks of ChunkBytes/size values made for the values left
// (the last chunk no larger than they need), each handed out once.
func TestPointeesChunks(t *testing.T) {
	typ := reflect.TypeFor[node]()
	size := slotType(typ).Size() // typ's size, or on 32-bit hosts rounded up to 8 bytes
	per := int(ChunkBytes / size)
	const count = 300
	var c Pointees
	var ps []unsafe.Pointer
	for i := 0; i < count; i++ {
		p := c.Next(typ, count-i)
		n := (*node)(p)
		if n.id != 0 || n.next != nil || n.pad != [112]byte{} {
			t.Fatalf("value %d not zero", i)
		}
		n.id = uint64(i + 1)
		ps = append(ps, p)
		if i%per == 0 {
			if want := min(per, count-i); c.n != want {
				t.Fatalf("value %d starts a chunk of %d values, want %d", i, c.n, want)
			}
		} else if p != unsafe.Add(ps[i-1], size) {
			t.Fatalf("value %d not next to value %d in its chunk", i, i-1)
		}
	}
	for i, p := range ps {
		if (*node)(p).id != uint64(i+1) {
			t.Fatalf("value %d overwritten: id %d", i, (*node)(p).id)
		}
	}
}

// TestPointeesAlone checks the values allocated alone: the last of a
// sequence and those larger than a chunk.
func TestPointeesAlone(t *testing.T) {
	var c Pointees
	typ := reflect.TypeFor[node]()
	c.Next(typ, 1)
	if c.chunk != nil {
		t.Fatal("one value left made a chunk")
	}
	big := reflect.TypeFor[[ChunkBytes + 8]byte]()
	p := c.Next(big, 10)
	q := c.Next(big, 9)
	if c.chunk != nil || p == q {
		t.Fatalf("values of %d bytes (over a chunk) carved from a chunk", big.Size())
	}
	got := testing.AllocsPerRun(20, func() {
		var c Pointees
		for i := 0; i < 100; i++ {
			c.Next(typ, 100-i)
		}
	})
	// One chunk: its array and the header reflect.MakeSlice returns.
	if got > 2 {
		t.Fatalf("100 values of %d bytes cost %v allocations, want at most 2 (one chunk)", typ.Size(), got)
	}
}

// TestPointeesTypeChange checks that a chunk serves only its own type:
// a value of another type asked of the same Pointees is not carved from
// it. Were it, a pointer-bearing value would sit in memory the
// collector scans as the chunk's pointer-free type, and what it points
// to would be freed: the test checks that too.
func TestPointeesTypeChange(t *testing.T) {
	plain := reflect.TypeFor[[24]uint64]()
	typ := reflect.TypeFor[node]()
	var c Pointees
	first := c.Next(plain, 100)
	lo, hi := uintptr(first), uintptr(first)+uintptr(c.n)*plain.Size()
	var nodes []*node
	for i := 0; i < 50; i++ {
		p := c.Next(typ, 50-i)
		if uintptr(p) >= lo && uintptr(p) < hi {
			t.Fatalf("a node carved from the chunk of %s", plain)
		}
		n := (*node)(p)
		n.next = new([64]uint64)
		for j := range n.next {
			n.next[j] = uint64(i)<<32 | uint64(j)
		}
		nodes = append(nodes, n)
	}
	// Back to the first type: a new chunk of it, not the node chunk.
	p := c.Next(plain, 10)
	if c.t != plain || c.used != 1 || p != c.chunk {
		t.Fatalf("back to %s: used %d of a chunk of %v, want a new chunk", plain, c.used, c.t)
	}
	checkTargets(t, nodes)
}

// TestPointeesScanned checks that pointer-bearing values keep what
// they point to alive: the chunk is typed memory the collector scans.
func TestPointeesScanned(t *testing.T) {
	typ := reflect.TypeFor[node]()
	var c Pointees
	var nodes []*node
	for i := 0; i < 500; i++ {
		n := (*node)(c.Next(typ, 500-i))
		n.next = new([64]uint64)
		for j := range n.next {
			n.next[j] = uint64(i)<<32 | uint64(j)
		}
		nodes = append(nodes, n)
	}
	checkTargets(t, nodes)
}

// checkTargets collects garbage, allocates over what it freed, and
// checks each node's target still holds what was written.
func checkTargets(t *testing.T, nodes []*node) {
	t.Helper()
	for range 3 {
		runtime.GC()
		junk := make([]*[64]uint64, 4096)
		for i := range junk {
			junk[i] = new([64]uint64)
			for j := range junk[i] {
				junk[i][j] = ^uint64(0)
			}
		}
		runtime.KeepAlive(junk)
	}
	for i, n := range nodes {
		for j, v := range n.next {
			if want := uint64(i)<<32 | uint64(j); v != want {
				t.Fatalf("node %d's target word %d = %#x, want %#x: freed while pointed to", i, j, v, want)
			}
		}
	}
}

// TestPointeeSlots: a chunk's slot for a value of t is t itself on a
// 64-bit host, and on a 32-bit one rounds a value of 8 bytes or more up
// to a multiple of 8, so that every value that may hold a uint64 starts
// 8-byte aligned.
func TestPointeeSlots(t *testing.T) {
	type odd struct {
		A uint64
		B uint32
	}
	type small struct{ A, B uint16 }
	for _, typ := range []reflect.Type{reflect.TypeFor[odd](), reflect.TypeFor[small](), reflect.TypeFor[[20]byte](), reflect.TypeFor[uint64]()} {
		slot := slotType(typ)
		wantSize := typ.Size()
		if unsafe.Sizeof(uintptr(0)) == 4 && typ.Size() >= 8 {
			wantSize = (typ.Size() + 7) &^ 7
		}
		if slot.Size() != wantSize {
			t.Errorf("%v: slot of %d bytes, want %d", typ, slot.Size(), wantSize)
		}
		var c Pointees
		for i := range 5 {
			p := c.Next(typ, 5-i)
			if typ.Size() >= 8 && typ.Align() >= 4 && uintptr(p)%8 != 0 {
				t.Errorf("%v: value %d at %#x, not 8-byte aligned", typ, i, uintptr(p))
			}
		}
	}
}

// TestPointeesUnused checks Unused: nothing before a chunk, a chunk's
// unhanded values as they are handed out, nothing once it is used up
// and after a value allocated alone.
func TestPointeesUnused(t *testing.T) {
	typ := reflect.TypeFor[[2]uint64]()
	var c Pointees
	if u := c.Unused(); u != 0 {
		t.Fatalf("no chunk: %d unused, want 0", u)
	}
	c.Next(typ, 1) // alone
	if u := c.Unused(); u != 0 {
		t.Fatalf("after a value alone: %d unused, want 0", u)
	}
	size := slotType(typ).Size()
	for i := 1; i <= 4; i++ {
		c.Next(typ, 4)
		if u, want := c.Unused(), uintptr(4-i)*size; u != want {
			t.Fatalf("after %d of a chunk of 4: %d unused, want %d", i, u, want)
		}
	}
}
