package plan

import (
	"math/bits"
	"reflect"
	"unsafe"

	"github.com/lanehash/lanehash/sched"
	"github.com/lanehash/lanehash/ssz"
)

// packedRooter hashes packed basic vectors and lists, bitvectors and
// bitlists (plain and progressive) as wide trees: the value's bytes are
// copied into scratch and merkleized level by level with Pairs.
type packedRooter struct {
	t        *ssz.Type
	array    bool   // Go array (bytes in place) rather than slice
	elemSize uint64 // SSZ (and Go) size of one element; 1 for bitfields
	depth    int    // depth of the limit's chunk tree
	path     string
}

func newPackedRooter(t *ssz.Type, path string) *packedRooter {
	r := &packedRooter{t: t, array: t.Go.Kind() == reflect.Array, elemSize: 1, path: path}
	if t.Elem != nil {
		r.elemSize = t.Elem.Size
	}
	switch t.Kind {
	case ssz.KindVector:
		r.depth = sched.Depth((t.Length*r.elemSize + 31) / 32)
	case ssz.KindList:
		hi, lo := bits.Mul64(t.Limit, r.elemSize)
		// Limit·elemSize may pass 2^64 bytes; the chunk count does not.
		chunks := hi<<59 | lo>>5
		if lo%32 != 0 {
			chunks++
		}
		r.depth = sched.Depth(chunks)
	case ssz.KindBitvector:
		r.depth = sched.Depth((t.Length + 255) / 256)
	case ssz.KindBitlist:
		r.depth = sched.Depth(t.Limit/256 + (t.Limit%256+255)/256)
	}
	return r
}

// contents returns the value's bytes and its element count.
func (r *packedRooter) contents(p unsafe.Pointer) ([]byte, uint64) {
	if r.array {
		n := r.t.Go.Len()
		return unsafe.Slice((*byte)(p), uintptr(n)*r.t.Go.Elem().Size()), uint64(n)
	}
	h := (*sliceHeader)(p)
	if h.len == 0 {
		return nil, 0
	}
	return unsafe.Slice((*byte)(h.data), uint64(h.len)*r.elemSize), uint64(h.len)
}

// sliceHeader is the memory layout of a Go slice.
type sliceHeader struct {
	data unsafe.Pointer
	len  int
	cap  int
}

func (r *packedRooter) roots(x *run, dst [][32]byte, in sched.Input) error {
	if in.N > 1 && !r.progressive() {
		return r.rootsBatch(x, dst, in)
	}
	for i := 0; i < in.N; i++ {
		p, err := in.At(i)
		if err != nil {
			return fromSched(err)
		}
		if dst[i], err = r.root(x, p); err != nil {
			return setIndex(err, i)
		}
	}
	return nil
}

func (r *packedRooter) progressive() bool {
	return r.t.Kind == ssz.KindProgressiveList || r.t.Kind == ssz.KindProgressiveBitlist
}

func (r *packedRooter) bitlist() bool {
	return r.t.Kind == ssz.KindBitlist || r.t.Kind == ssz.KindProgressiveBitlist
}

func (r *packedRooter) mixesLength() bool {
	return r.t.Kind != ssz.KindVector && r.t.Kind != ssz.KindBitvector
}

// packedValue is one value's data, checked.
type packedValue struct {
	data   []byte // the bytes to chunk (nil for a zero vector)
	length uint64 // element or bit count, mixed in for lists
	chunks int    // leaf chunks the data fills
}

// measure checks the value at p and returns its data.
func (r *packedRooter) measure(p unsafe.Pointer) (packedValue, error) {
	data, count := r.contents(p)
	t := r.t
	v := packedValue{data: data, length: count}
	switch t.Kind {
	case ssz.KindVector, ssz.KindBitvector:
		want := t.Length
		if t.Kind == ssz.KindBitvector {
			want = t.Size
		}
		if count == 0 && !r.array {
			// The zero vector: no data, a zero tree.
			return packedValue{}, nil
		}
		if count != want {
			return v, valueError(-1, r.path, ssz.ErrSize, "length %d, want %d", count, want)
		}
		if extra := t.Length % 8; t.Kind == ssz.KindBitvector && extra != 0 && data[count-1]>>extra != 0 {
			return v, valueError(-1, r.path, ssz.ErrBitvector, "bits set beyond bit %d", t.Length)
		}
	case ssz.KindList:
		if count > t.Limit {
			return v, valueError(-1, r.path, ssz.ErrListTooLong, "length %d, limit %d", count, t.Limit)
		}
	case ssz.KindBitlist, ssz.KindProgressiveBitlist:
		// Empty bytes stand for the empty bitlist, as in the reference.
		if count > 0 && data[count-1] == 0 {
			return v, valueError(-1, r.path, ssz.ErrBitlist, "no delimiter bit")
		}
		v.length = 0
		if count > 0 {
			v.length = 8*(count-1) + uint64(bits.Len8(data[count-1])) - 1
		}
		if t.Kind == ssz.KindBitlist && v.length > t.Limit {
			return v, valueError(-1, r.path, ssz.ErrListTooLong, "%d bits, limit %d", v.length, t.Limit)
		}
		v.chunks = int(v.length+255) / 256
		return v, nil
	}
	v.chunks = (len(data) + 31) / 32
	return v, nil
}

// fill copies the value's chunks into buf (zero-padding the last one,
// dropping a bitlist's delimiter bit).
func (r *packedRooter) fill(buf []byte, v packedValue) {
	n := copy(buf[:32*v.chunks], v.data)
	clear(buf[n : 32*v.chunks])
	if i := v.length / 8; r.bitlist() && i < uint64(32*v.chunks) {
		// The delimiter bit was copied with the data: clear it.
		buf[i] &^= 1 << (v.length % 8)
	}
}

// root hashes one value.
func (r *packedRooter) root(x *run, p unsafe.Pointer) ([32]byte, error) {
	v, err := r.measure(p)
	if err != nil {
		return [32]byte{}, err
	}
	size := sched.BufLen(v.chunks)
	if r.progressive() {
		size = sched.ProgressiveBufLen(v.chunks)
	}
	bp := getBuf(size)
	defer putBuf(bp)
	buf := *bp
	r.fill(buf, v)
	if r.progressive() {
		x.tree.MerkleizeProgressive(buf, v.chunks)
	} else if err := x.tree.MerkleizeParallel(buf, v.chunks, r.depth, x.workers); err != nil {
		return [32]byte{}, err
	}
	if r.mixesLength() {
		x.tree.MixInLength(buf, v.length)
	}
	return [32]byte(buf[:32]), nil
}

// rootsBatch hashes many values' trees level by level together (the
// level queue), then mixes in all lengths with one call.
func (r *packedRooter) rootsBatch(x *run, dst [][32]byte, in sched.Input) error {
	vals := make([]packedValue, in.N)
	sizes := make([]int, in.N)
	total := 0
	for i := range vals {
		p, err := in.At(i)
		if err != nil {
			return fromSched(err)
		}
		if vals[i], err = r.measure(p); err != nil {
			return setIndex(err, i)
		}
		sizes[i] = vals[i].chunks
		total += sizes[i]
	}
	ap, bp := getBuf(sched.BatchBufLen(total, in.N)), getBuf(sched.BatchBufLen(total, in.N))
	defer putBuf(ap)
	defer putBuf(bp)
	at := 0
	for _, v := range vals {
		r.fill((*ap)[32*at:], v)
		at += v.chunks
	}
	x.tree.MerkleizeBatch(dst[:in.N], *ap, *bp, sizes, r.depth)
	if r.mixesLength() {
		lengths := make([]uint64, in.N)
		for i, v := range vals {
			lengths[i] = v.length
		}
		sp := getBuf(64 * in.N)
		defer putBuf(sp)
		x.tree.MixInLengths(dst[:in.N], lengths, *sp)
	}
	return nil
}
