package sched

import (
	"unsafe"

	"github.com/lanehash/lanehash/internal/chunk"
)

// gather copies the leaf bytes of the first count lanes into the
// staging buffer. Gathers are the outer loop, so the size switch runs
// once per gather and group and the lane loop is a run of fixed-size
// moves from one contiguous run of resolved addresses. Each lane's
// address is computed from its index: stepping a pointer past the last
// lane would point past the staging buffer, which Go forbids.
func (r *block) gather(a *arena, count int) {
	st := unsafe.Pointer(unsafe.SliceData(a.staging))
	w := r.w
	w32 := uintptr(32 * w)
	for k := range r.p.Gathers {
		g := &r.p.Gathers[k]
		dst := unsafe.Add(st, uintptr(g.Node)*w32)
		ptrs := a.bases[int(g.Src)*w:][:count]
		off := g.Off
		switch g.Len {
		case 32:
			for lane, p := range ptrs {
				d := unsafe.Add(dst, 32*lane)
				chunk.Copy(d, unsafe.Add(p, off))
			}
		case 8:
			for lane, p := range ptrs {
				d := unsafe.Add(dst, 32*lane)
				*(*[8]byte)(d) = *(*[8]byte)(unsafe.Add(p, off))
			}
		case 16:
			for lane, p := range ptrs {
				d := unsafe.Add(dst, 32*lane)
				*(*[16]byte)(d) = *(*[16]byte)(unsafe.Add(p, off))
			}
		case 1:
			for lane, p := range ptrs {
				d := unsafe.Add(dst, 32*lane)
				*(*byte)(d) = *(*byte)(unsafe.Add(p, off))
			}
		default:
			n := g.Len
			for lane, p := range ptrs {
				d := unsafe.Add(dst, 32*lane)
				copy(unsafe.Slice((*byte)(d), n), unsafe.Slice((*byte)(unsafe.Add(p, off)), n))
			}
		}
	}
}
