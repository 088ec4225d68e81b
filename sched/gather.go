package sched

import (
	"strconv"
	"unsafe"
)

// resolve finds the base address of every source of instance i for lane
// lane, and runs the program's checks on it.
func (r *Runner) resolve(a *arena, in *Input, ext [][][32]byte, i, lane int) error {
	base, err := in.At(i)
	if err != nil {
		return err
	}
	srcs := r.p.Sources
	bases := a.bases[lane*len(srcs) : (lane+1)*len(srcs)]
	bases[0] = base
	for s := 1; s < len(srcs); s++ {
		src := &srcs[s]
		from := bases[src.From]
		switch src.Kind {
		case SourcePointer:
			q := *(*unsafe.Pointer)(unsafe.Add(from, src.Off))
			if q == nil {
				if src.ZeroSize == 0 {
					return &Error{Index: i, Path: src.Path, Msg: "nil pointer"}
				}
				q = r.zero
			}
			bases[s] = q
		case SourceSlice:
			h := (*sliceHeader)(unsafe.Add(from, src.Off))
			switch {
			case h.len == src.Len:
				bases[s] = h.data
			case h.len == 0 && src.ZeroSize != 0:
				bases[s] = r.zero
			default:
				return &Error{Index: i, Path: src.Path, Msg: "length " + strconv.Itoa(h.len) + ", want " + strconv.Itoa(src.Len)}
			}
		case SourceExternal:
			bases[s] = unsafe.Pointer(&ext[src.Ext][i])
		}
	}
	for k := range r.p.Checks {
		c := &r.p.Checks[k]
		if b := *(*byte)(unsafe.Add(bases[c.Src], c.Off)); b&c.Mask != 0 {
			return &Error{Index: i, Path: c.Path, Msg: "bits " + strconv.FormatUint(uint64(b&c.Mask), 2) + " must be zero", Err: c.Err}
		}
	}
	return nil
}

// gather copies the leaf bytes of the first count lanes into the
// staging buffer. Gathers are the outer loop, so the size switch runs
// once per gather and group and the lane loop is a run of fixed-size
// moves.
func (r *Runner) gather(a *arena, count int) {
	st := unsafe.Pointer(unsafe.SliceData(a.staging))
	ns := len(r.p.Sources)
	w32 := uintptr(32 * r.w)
	bases := a.bases[:count*ns]
	for k := range r.p.Gathers {
		g := &r.p.Gathers[k]
		dst := unsafe.Add(st, uintptr(g.Node)*w32)
		src := int(g.Src)
		switch g.Len {
		case 32:
			// Two 16-byte moves: a [32]byte assignment compiles to a
			// memmove call.
			for lane := 0; lane < count; lane++ {
				d, s := unsafe.Add(dst, 32*lane), unsafe.Add(bases[lane*ns+src], g.Off)
				*(*[16]byte)(d) = *(*[16]byte)(s)
				*(*[16]byte)(unsafe.Add(d, 16)) = *(*[16]byte)(unsafe.Add(s, 16))
			}
		case 8:
			for lane := 0; lane < count; lane++ {
				*(*[8]byte)(unsafe.Add(dst, 32*lane)) = *(*[8]byte)(unsafe.Add(bases[lane*ns+src], g.Off))
			}
		case 16:
			for lane := 0; lane < count; lane++ {
				*(*[16]byte)(unsafe.Add(dst, 32*lane)) = *(*[16]byte)(unsafe.Add(bases[lane*ns+src], g.Off))
			}
		case 1:
			for lane := 0; lane < count; lane++ {
				*(*byte)(unsafe.Add(dst, 32*lane)) = *(*byte)(unsafe.Add(bases[lane*ns+src], g.Off))
			}
		default:
			for lane := 0; lane < count; lane++ {
				copy(unsafe.Slice((*byte)(unsafe.Add(dst, 32*lane)), g.Len), unsafe.Slice((*byte)(unsafe.Add(bases[lane*ns+src], g.Off)), g.Len))
			}
		}
	}
}

// sliceHeader is the memory layout of a Go slice.
type sliceHeader struct {
	data unsafe.Pointer
	len  int
	cap  int
}
