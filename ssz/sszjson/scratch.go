package sszjson

import (
	"reflect"
	"sync"

	"github.com/lanehash/lanehash/internal/carve"
)

// A list is read in one pass, before its count is known: its elements
// go into a scratch slice of the list's Go type, and its own slice is
// made once, of the exact length, when the closing bracket is reached,
// and the elements copied into it. A decode takes a set of scratch
// slices, one per Go type, from a pool and puts it back when it ends,
// so a program that reads states again and again reads each list into
// memory it already has (until the collector empties the pool). What a
// scratch costs when the set has none big enough is paid from the input
// (afford); a list it cannot pay for is counted first, as a vector too
// short for its input is, then read in place, and its scratch is made
// for the next decode when that can be paid for.

// scratch is a slice lists of one Go type are read into.
type scratch struct {
	// s is an addressable slice of the list's Go type, of length its
	// capacity; its elements are zero between lists.
	s reflect.Value
	// hint is the count of the last list read with it: the size of the
	// chunks the next list's pointees are carved from.
	hint int
	// counted marks a scratch that could not be made as long as the
	// last list read with it: the next list is counted first, without
	// growing it element by element before it gives up.
	counted bool
	// busy marks a scratch a list is being read into: a list nested in
	// one of the same Go type gets a scratch of its own.
	busy bool
}

// scratchSet is a decode's scratch slices, one per list Go type, at
// most maxScratches of them (others are made per list and dropped).
type scratchSet struct {
	types []reflect.Type
	slots []*scratch
}

const maxScratches = 64

// scratchSets holds the sets decodes are not using.
var scratchSets = sync.Pool{New: func() any { return new(scratchSet) }}

// getScratch returns a scratch for lists of Go type t, the list of lb
// at byte i: the decode's own, taking its set from the pool on the
// first list, or nil when the list is to be counted first. A new
// scratch's bookkeeping (scratchBytes) is paid for as its slice is
// (listBudget); past maxScratches Go types, or with a scratch of t in
// use further out, there is none: a scratch made and dropped per list
// would cost the input's bound its bookkeeping on every list.
func (d *decoder) getScratch(t reflect.Type, lb *listBudget, i int) *scratch {
	if d.scratches == nil {
		d.scratches = scratchSets.Get().(*scratchSet)
	}
	set := d.scratches
	for k, st := range set.types {
		if st == t {
			if sc := set.slots[k]; !sc.busy {
				sc.busy = true
				return sc
			}
			return nil
		}
	}
	if len(set.types) == maxScratches || d.budget(lb, i) < scratchBytes {
		return nil
	}
	d.charge(lb, i, scratchBytes)
	sc := &scratch{s: reflect.New(t).Elem(), busy: true}
	set.types = append(set.types, t)
	set.slots = append(set.slots, sc)
	return sc
}

// scratchBytes bounds what a new scratch costs besides its elements:
// the scratch (48 bytes on 64-bit hosts), the slice header reflect.New
// makes (24) and its two entries in the set (24, the set's slices
// growing by doubling: 48).
const scratchBytes = 128

// putScratches returns the decode's scratch set to the pool.
func (d *decoder) putScratches() {
	if d.scratches != nil {
		scratchSets.Put(d.scratches)
		d.scratches = nil
	}
}

// release zeroes the first n elements (those read: the value holds
// what they point to now, and the next list expects zeros) and keeps
// hint (the list's count, or as far as it was read).
func (sc *scratch) release(n, hint int) {
	sc.clear(n)
	sc.hint = hint
	sc.busy = false
}

// copyTo copies the first n elements into v, a slice at least as long.
func (sc *scratch) copyTo(v reflect.Value, n int) {
	sc.s.SetLen(n)
	reflect.Copy(v, sc.s)
	sc.s.SetLen(sc.s.Cap())
}

// clear zeroes the first n elements.
func (sc *scratch) clear(n int) {
	if n > 0 {
		sc.s.SetLen(n)
		sc.s.Clear()
		sc.s.SetLen(sc.s.Cap())
	}
}

// grow makes sc's slice hold want elements (more than k), keeping the
// first k, when the decoder can pay for it (listBudget, at byte i),
// and reports whether it did.
func (d *decoder) grow(sc *scratch, want, k int, lb *listBudget, i int) bool {
	t := sc.s.Type()
	size := uint64(max(t.Elem().Size(), 1))
	if want <= k || d.budget(lb, i)/size < uint64(want) {
		return false
	}
	n := want
	cost := heldBytes(uint64(n) * size)
	if d.budget(lb, i) < cost {
		return false
	}
	d.charge(lb, i, cost)
	s := reflect.MakeSlice(t, n, n)
	sc.s.SetLen(k)
	reflect.Copy(s, sc.s)
	sc.s.Set(s)
	return true
}

// heldBytes bounds what an allocation of n bytes made by
// reflect.MakeSlice holds: n rounded up to the allocator's size class
// (at most 16 bytes more up to 128 bytes, an eighth more up to 32 KiB,
// a page of 8 KiB more beyond) and the slice header MakeSlice allocates
// beside it (32 bytes with its own class).
func heldBytes(n uint64) uint64 {
	waste := uint64(8 << 10)
	if n <= 32<<10 {
		waste = n/8 + 16
	}
	return n + waste + 32
}

// listBudget is where a list's JSON starts and what the decoder had
// paid from the input (funded) when it started.
type listBudget struct {
	lo int
	f0 uint64
}

// The reader's allocations besides the value (a list's scratch, the
// unused tail of a pointee chunk, the unescape buffer) are paid for by
// the input: each list may spend, itself and the lists and strings in
// it together, as many bytes as it has JSON read so far. A list's part
// read so far holds what it has spent (every string there has been
// unescaped already, or never will be; every list there is read), so a
// list's spending comes to at most its JSON, and the lists and strings
// at the top level are apart: all of it stays within the input's size.
// Besides that, scratchAllowance is granted once per decode, so lists
// are read in one pass from their start even the first time (their
// first elements and a chunk of their pointees need no JSON read before
// them).
const scratchAllowance = carve.ChunkBytes

// funded is what the decoder has paid from the input so far.
func (d *decoder) funded() uint64 { return d.spent + d.unescaped - d.granted }

// budget is the bytes the list of lb may spend at byte i: its JSON read
// less what it has spent, and the allowance left.
func (d *decoder) budget(lb *listBudget, i int) uint64 {
	read, paid := uint64(i-lb.lo), d.funded()-lb.f0
	left := scratchAllowance - d.granted
	if read > paid {
		left += read - paid
	}
	return left
}

// charge spends n bytes the list of lb can pay for at byte i (budget):
// from its JSON read first, then from the allowance.
func (d *decoder) charge(lb *listBudget, i int, n uint64) {
	read, paid := uint64(i-lb.lo), d.funded()-lb.f0
	if fromInput := uint64(0); read > paid {
		fromInput = read - paid
		if n > fromInput {
			d.granted += n - fromInput
		}
	} else {
		d.granted += n
	}
	d.spent += n
}

// chunkLeft is the count of values a new pointee chunk is made for
// (carve.Pointees.Next's left) at byte i of the list of lb: want (the
// rest of a list as long as the last one read, or as many as were read
// so far when the list is longer), but no more than the
// decoder can pay for the chunk's tail, all but one of its values of
// slot bytes (should the list end after this one), which it charges; at
// least 1 (a value allocated alone).
func (d *decoder) chunkLeft(want int, lb *listBudget, i int, slot uintptr) int {
	if want <= 1 || slot == 0 {
		return 1
	}
	m := min(uint64(want), 1+d.budget(lb, i)/uint64(slot), uint64(carve.ChunkBytes/slot))
	if m > 1 {
		d.charge(lb, i, (m-1)*uint64(slot))
	}
	return int(max(m, 1))
}
