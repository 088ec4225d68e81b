package cache

import (
	"unsafe"

	"github.com/lanehash/lanehash/internal/elemplan"
)

// flat is the comparison of a fixed-size element whose Go value holds its
// serialization in a few stretches of plain memory: in the value itself,
// and in the arrays of byte slices of a fixed length that it holds (a
// Validator's WithdrawalCredentials, as the ecosystem's types declare it).
// Detect compares those stretches word by word with the element's stored
// copy, straight from Go memory, and serializes (with every value check)
// only an element that differs. An equal element needs no check: its
// stored copy passed them when it was written.
type flat struct {
	segs   []flatSeg // segs[0]: the value itself; then one per byte slice
	goSize uintptr   // bytes of the Go value
	zeros  []byte    // what an empty slice stands for: the zero vector
}

// flatSeg is the compares of one piece of memory: the value itself
// (flat.segs[0]), or the array of the slice whose header is at Go offset
// via, which must hold want elements, size bytes (or none: the zero
// vector).
type flatSeg struct {
	via  uintptr
	want int
	size int
	st   []stretch // the memory compared, offsets relative to the piece
}

// stretch is Go memory [g, g+n) that serializes to [s, s+n).
type stretch struct {
	g uintptr
	s int
	n int
}

// compileFlat returns the comparison of elements of layout l (a pointer at
// the top is followed by the caller), or nil when l reads memory through a
// pointer (then the element is serialized and compared).
func compileFlat(l *elemplan.Layout, goSize uintptr) *flat {
	if goSize == 0 || l.Size == 0 || !l.Flat {
		return nil // nothing to touch or compare (the serialized path copes)
	}
	f := &flat{goSize: goSize, segs: []flatSeg{{st: stretches(nil, l.Direct)}}}
	for _, sl := range l.Slices {
		sg := flatSeg{via: sl.Via, want: sl.Want, st: stretches(nil, sl.St)}
		for _, r := range sl.St {
			sg.size = max(sg.size, int(r.Go)+r.Len)
		}
		f.segs = append(f.segs, sg)
		if sg.size > len(f.zeros) {
			f.zeros = make([]byte, sg.size)
		}
	}
	return f
}

// stretches appends the program's leaf stretches to st, merged where
// one continues another in memory and in the serialization.
func stretches(st []stretch, ls []elemplan.Stretch) []stretch {
	for _, r := range ls {
		st = add(st, r.Go, r.Ser, r.Len)
	}
	return st
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

// diff is the OR of the XORs of sg's compares of the memory at v against
// the copy at c. The loads are unaligned 8-byte loads inside one piece of
// memory each, bounds checked once per stretch at compile time.
func (sg *flatSeg) diff(v, c unsafe.Pointer) uint64 {
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

// equal reports whether the Go value at p serializes to c (its stored
// copy), without serializing it. A slice of the wrong length is unequal:
// the serialization that follows reports it.
func (f *flat) equal(p unsafe.Pointer, c []byte) bool {
	cp := unsafe.Pointer(unsafe.SliceData(c))
	d := f.segs[0].diff(p, cp)
	for i := 1; i < len(f.segs); i++ {
		sg := &f.segs[i]
		h := (*sliceHeader)(unsafe.Add(p, sg.via))
		v := unsafe.Pointer(unsafe.SliceData(f.zeros))
		switch h.len {
		case sg.want:
			v = h.data
		case 0:
		default:
			return false
		}
		d |= sg.diff(v, cp)
	}
	return d == 0
}

// detectBlock is how many elements' memory is touched at once: a
// registry is a million separately allocated Validators (and as many
// credential arrays), and a compare waits for its element's cache miss.
// detectFlat runs a pipeline over blocks of elements: it touches the
// values of block k+2 and the arrays they point at of block k+1 (whose
// values arrived meanwhile) while it compares block k, so the misses of
// three blocks are in flight while one block is compared, and no compare
// waits on a miss it could have started earlier.
const detectBlock = 16

// detectFlat compares the elements [0, m) with their stored copies and
// appends the indices of those that differ to dirty, storing their new
// serialization; an element that differs and fails a value check is an
// error and leaves its copy as it was.
func (s *seq) detectFlat(base unsafe.Pointer, zeroVec bool, m int, dirty []int) ([]int, error) {
	f := s.flat
	size := s.size
	last := f.goSize - 1 // the value's last byte: its second cache line for a Validator
	var buf [512]byte
	var sink byte
	var ring [3][detectBlock]unsafe.Pointer
	blocks := (m + detectBlock - 1) / detectBlock
	count := func(k int) int { return min(detectBlock, m-k*detectBlock) }
	for k := -2; k < blocks; k++ {
		if t := k + 2; t < blocks { // the values of block k+2
			ps := &ring[t%3]
			for j := range count(t) {
				p := s.value(base, zeroVec, t*detectBlock+j)
				ps[j] = p
				sink ^= *(*byte)(p) ^ *(*byte)(unsafe.Add(p, last))
			}
		}
		if t := k + 1; t >= 0 && t < blocks && len(f.segs) > 1 { // the arrays of block k+1
			ps := &ring[t%3]
			for _, sg := range f.segs[1:] {
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
			i := k*detectBlock + j
			dst := s.copy[i*size : (i+1)*size]
			if f.equal(ps[j], dst) {
				continue
			}
			b := buf[:]
			if size > len(buf) {
				b = make([]byte, size)
			}
			b = b[:size]
			if err := s.encode(b, base, zeroVec, i); err != nil {
				return dirty, err
			}
			copy(dst, b)
			dirty = append(dirty, i)
		}
	}
	s.sink = sink
	return dirty, nil
}
