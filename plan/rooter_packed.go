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
	for i := 0; i < in.N; i++ {
		p, err := in.At(i)
		if err != nil {
			return fromSched(err)
		}
		if dst[i], err = r.root(x, p); err != nil {
			if pe, ok := err.(*Error); ok {
				pe.Index = i
			}
			return err
		}
	}
	return nil
}

// root hashes one value.
func (r *packedRooter) root(x *run, p unsafe.Pointer) ([32]byte, error) {
	data, count := r.contents(p)
	t := r.t
	length := count // mixed in for lists
	switch t.Kind {
	case ssz.KindVector, ssz.KindBitvector:
		want := t.Length
		if t.Kind == ssz.KindBitvector {
			want = t.Size
		}
		if count == 0 && !r.array {
			return x.tree.Zero(r.depth), nil
		}
		if count != want {
			return [32]byte{}, valueError(-1, r.path, ssz.ErrSize, "length %d, want %d", count, want)
		}
		if extra := t.Length % 8; t.Kind == ssz.KindBitvector && extra != 0 && data[count-1]>>extra != 0 {
			return [32]byte{}, valueError(-1, r.path, ssz.ErrBitvector, "bits set beyond bit %d", t.Length)
		}
	case ssz.KindList, ssz.KindProgressiveList:
		if t.Kind == ssz.KindList && count > t.Limit {
			return [32]byte{}, valueError(-1, r.path, ssz.ErrListTooLong, "length %d, limit %d", count, t.Limit)
		}
	case ssz.KindBitlist, ssz.KindProgressiveBitlist:
		// Empty bytes stand for the empty bitlist, as in the reference.
		if count > 0 && data[count-1] == 0 {
			return [32]byte{}, valueError(-1, r.path, ssz.ErrBitlist, "no delimiter bit")
		}
		length = 0
		if count > 0 {
			length = 8*(count-1) + uint64(bits.Len8(data[count-1])) - 1
		}
		if t.Kind == ssz.KindBitlist && length > t.Limit {
			return [32]byte{}, valueError(-1, r.path, ssz.ErrListTooLong, "%d bits, limit %d", length, t.Limit)
		}
	}
	n := (len(data) + 31) / 32
	progressive := t.Kind == ssz.KindProgressiveList || t.Kind == ssz.KindProgressiveBitlist
	size := sched.BufLen(n)
	if progressive {
		size = sched.ProgressiveBufLen(n)
	}
	bp := getBuf(size)
	defer putBuf(bp)
	buf := *bp
	copy(buf, data)
	clear(buf[len(data) : 32*n])
	if t.Kind == ssz.KindBitlist || t.Kind == ssz.KindProgressiveBitlist {
		// Drop the delimiter bit; a byte holding only the delimiter is
		// no data at all.
		if count > 0 {
			buf[count-1] &^= 1 << (bits.Len8(data[count-1]) - 1)
		}
		n = int(length+255) / 256
	}
	switch {
	case progressive:
		x.tree.MerkleizeProgressive(buf, n)
	default:
		if err := x.tree.MerkleizeParallel(buf, n, r.depth, x.workers); err != nil {
			return [32]byte{}, err
		}
	}
	if t.Kind != ssz.KindVector && t.Kind != ssz.KindBitvector {
		x.tree.MixInLength(buf, length)
	}
	return [32]byte(buf[:32]), nil
}
