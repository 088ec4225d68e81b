package sched

import (
	"unsafe"

	"github.com/lanehash/lanehash/internal/graph"
)

// LeafComparer returns a function finding which of m values of program p
// differ from their stored serializations (the ones LeafCopier(p, at)
// wrote), straight from Go memory: a cache's Detect mode compares a
// registry of a million elements on every root, and serializing each
// one to compare it would cost more than the compare. Value i is at
// base+i·stride, or, when ptr, is what the pointer there points to (nil:
// the zero value); a stride of 0 repeats one value (the zero vector an
// empty slice stands for). copies holds the m serializations one after
// another; the function calls differs, in index order, with the index of
// every value that differs (or has no whole copy), while the value's
// memory is still in cache for the caller to serialize it (the compare
// runs ahead of the cache misses; serializing the changed values after
// the pass would take them one miss at a time), and returns the first
// error differs returns. A slice of the wrong length differs (an empty
// one too, unless p reads it as zeros): its serialization reports it. An
// equal value needs no check: its copy passed p's checks when it was
// written.
//
// LeafComparer returns nil when p reads memory other than the value's
// own and the arrays of slices of a fixed length it holds (a
// Validator's WithdrawalCredentials): then serialize and compare. The
// function is not safe for concurrent use.
func (e *Exec) LeafComparer(p *graph.Program, at []int) func(base unsafe.Pointer, stride uintptr, ptr bool, m int, copies []byte, differs func(i int) error) error {
	if len(at) != len(p.Gathers) {
		return nil
	}
	c := &comparer{segs: make([]cmpSeg, 1)}
	seg := map[uint32]int{} // source → its entry in c.segs
	zero := uintptr(1)
	for k, g := range p.Gathers {
		i := 0
		if src := &p.Sources[g.Src]; g.Src != 0 {
			if src.Kind != graph.SourceSlice || src.From != 0 {
				return nil // read through a pointer
			}
			var ok bool
			if i, ok = seg[g.Src]; !ok {
				i = len(c.segs)
				seg[g.Src] = i
				c.segs = append(c.segs, cmpSeg{via: src.Off, want: src.Len, empty: src.ZeroSize != 0})
				c.last = max(c.last, src.Off+unsafe.Sizeof(sliceHeader{})-1)
			}
		} else {
			c.last = max(c.last, g.Off+uintptr(g.Len)-1)
		}
		c.segs[i].st = add(c.segs[i].st, g.Off, at[k], int(g.Len))
		zero = max(zero, g.Off+uintptr(g.Len), c.last+1)
		c.size = max(c.size, at[k]+int(g.Len))
	}
	if c.size == 0 {
		return nil
	}
	c.zero = make([]uint64, zero/8+1) // words: a nil pointer's slice headers are read from it
	return c.compare
}

// comparer is the compare of LeafComparer: the stretches of memory
// that serialize, merged where one continues another, so a Validator is
// compared in a few runs of word loads rather than leaf by leaf.
type comparer struct {
	segs []cmpSeg // segs[0]: the value itself; then one per slice
	size int      // serialized bytes of one value
	last uintptr  // the value's last byte read: its second cache line for a Validator
	zero []uint64 // the zero value, and what an empty slice's array reads as
	sink byte     // keeps compare's touches from being optimized away
}

// cmpSeg is one piece of memory compared: the value itself (segs[0]), or
// the array of the slice whose header is at offset via of the value,
// which must hold want elements (or none, when empty).
type cmpSeg struct {
	via   uintptr
	want  int
	empty bool
	st    []stretch // offsets relative to the piece
}

// stretch is Go memory [g, g+n) that serializes to [s, s+n).
type stretch struct {
	g    uintptr
	s, n int
}

// add appends [g, g+n) → [s, s+n) to st, merging it into a stretch it
// continues on both sides (a Validator's own memory is three stretches:
// its public key; its balance and Slashed, after the credentials' slice
// header; its four epochs, after the padding that follows Slashed).
func add(st []stretch, g uintptr, s, n int) []stretch {
	if k := len(st); k > 0 {
		last := &st[k-1]
		if last.g+uintptr(last.n) == g && last.s+last.n == s {
			last.n += n
			return st
		}
	}
	return append(st, stretch{g: g, s: s, n: n})
}

// diff is the OR of the XORs of sg's stretches of the memory at v and
// of the copy at c: unaligned 8-byte loads inside one piece of memory,
// its bounds known from the program.
func (sg *cmpSeg) diff(v, c unsafe.Pointer) uint64 {
	var d, e uint64 // two chains: the loads of one do not wait on the other's ORs
	for _, r := range sg.st {
		a, b := unsafe.Add(v, r.g), unsafe.Add(c, r.s)
		if r.n < 8 {
			for i := range uintptr(r.n) {
				d |= uint64(*(*byte)(unsafe.Add(a, i)) ^ *(*byte)(unsafe.Add(b, i)))
			}
			continue
		}
		n := uintptr(r.n)
		d |= load64(a, n-8) ^ load64(b, n-8) // the tail, overlapping the word before
		i := uintptr(0)
		for ; i+16 <= n; i += 16 {
			d |= load64(a, i) ^ load64(b, i)
			e |= load64(a, i+8) ^ load64(b, i+8)
		}
		if i+8 <= n {
			d |= load64(a, i) ^ load64(b, i)
		}
	}
	return d | e
}

// equal reports whether the value at p serializes to the copy at cp.
func (c *comparer) equal(p, cp unsafe.Pointer) bool {
	d := c.segs[0].diff(p, cp)
	for i := 1; i < len(c.segs); i++ {
		sg := &c.segs[i]
		h := (*sliceHeader)(unsafe.Add(p, sg.via))
		v := unsafe.Pointer(unsafe.SliceData(c.zero))
		switch {
		case h.len == sg.want:
			v = h.data
		case h.len != 0 || !sg.empty:
			return false
		}
		d |= sg.diff(v, cp)
	}
	return d == 0
}

// compareBlock is how many values' memory is touched at once: a
// registry is a million separately allocated Validators (and as many
// credential arrays), and a compare waits for its value's cache miss.
// compare runs a pipeline over blocks of values: it touches the values
// of block k+2 and the arrays they point at of block k+1 (whose values
// arrived meanwhile) while it compares block k, so the misses of three
// blocks are in flight while one block is compared, and no compare waits
// on a miss it could have started earlier.
const compareBlock = 16

// compare is the function LeafComparer returns.
func (c *comparer) compare(base unsafe.Pointer, stride uintptr, ptr bool, m int, copies []byte, differs func(i int) error) error {
	all := m
	m = max(0, min(m, len(copies)/c.size))
	zero := unsafe.Pointer(unsafe.SliceData(c.zero))
	cp := unsafe.Pointer(unsafe.SliceData(copies))
	var sink byte
	var ring [3][compareBlock]unsafe.Pointer
	blocks := (m + compareBlock - 1) / compareBlock
	count := func(k int) int { return min(compareBlock, m-k*compareBlock) }
	for k := -2; k < blocks; k++ {
		if t := k + 2; t < blocks { // the values of block k+2
			ps := &ring[t%3]
			for j := range count(t) {
				p := unsafe.Add(base, uintptr(t*compareBlock+j)*stride)
				if ptr {
					if p = *(*unsafe.Pointer)(p); p == nil {
						p = zero
					}
				}
				ps[j] = p
				sink ^= *(*byte)(p) ^ *(*byte)(unsafe.Add(p, c.last))
			}
		}
		if t := k + 1; t >= 0 && t < blocks && len(c.segs) > 1 { // the arrays of block k+1
			ps := &ring[t%3]
			for _, sg := range c.segs[1:] {
				for j := range count(t) {
					if h := (*sliceHeader)(unsafe.Add(ps[j], sg.via)); h.len > 0 {
						sink ^= *(*byte)(h.data)
					}
				}
			}
		}
		if k < 0 {
			continue
		}
		ps := &ring[k%3]
		for j := range count(k) {
			i := k*compareBlock + j
			if c.equal(ps[j], unsafe.Add(cp, i*c.size)) {
				continue
			}
			if err := differs(i); err != nil {
				c.sink = sink
				return err
			}
		}
	}
	c.sink = sink
	for i := m; i < all; i++ {
		if err := differs(i); err != nil { // no whole copy to be equal to
			return err
		}
	}
	return nil
}
