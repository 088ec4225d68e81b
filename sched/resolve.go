package sched

import (
	"strconv"
	"unsafe"

	"github.com/lanehash/lanehash/internal/graph"
)

// The resolved source addresses of a group live in arena.bases laid out
// [source][lane]: a gather's lane loop then reads one contiguous run of
// W pointers.

// resolveGroup finds the base address of every source of instances
// first..first+count-1 and runs the program's checks on them. Sources
// are the outer loop, so each source's kind is switched on once per
// group. On any failure it re-resolves the group instance by instance,
// so the error reported is the one of the lowest index, as resolve
// finds it.
func (r *block) resolveGroup(a *arena, in *Input, ext [][][32]byte, first, count int) error {
	w := r.w
	inst := a.bases[:count]
	if in.direct() {
		for lane := range inst {
			inst[lane] = unsafe.Add(in.base, uintptr(first+lane)*in.stride)
		}
	} else {
		for lane := range inst {
			p, err := in.at(first + lane)
			if err != nil {
				return err
			}
			inst[lane] = p
		}
	}
	srcs := r.p.Sources
	ok := true
	for s := 1; s < len(srcs); s++ {
		src := &srcs[s]
		from := a.bases[int(src.From)*w:][:count]
		to := a.bases[s*w:][:count]
		off := src.Off
		switch src.Kind {
		case graph.SourcePointer:
			for lane, f := range from {
				q := *(*unsafe.Pointer)(unsafe.Add(f, off))
				if q == nil {
					ok = ok && src.ZeroSize != 0
					q = r.zero
				}
				to[lane] = q
			}
		case graph.SourceSlice:
			want := src.Len
			for lane, f := range from {
				h := *(*sliceHeader)(unsafe.Add(f, off)) // one read: the checked length is the used one
				q := h.data
				if h.len != want {
					ok = ok && h.len == 0 && src.ZeroSize != 0
					q = r.zero
				}
				to[lane] = q
			}
		case graph.SourceExternal:
			roots := ext[src.Ext][first:][:count]
			for lane := range to {
				to[lane] = unsafe.Pointer(&roots[lane])
			}
		}
	}
	for k := range r.p.Checks {
		c := &r.p.Checks[k]
		var bad byte
		for _, b := range a.bases[int(c.Src)*w:][:count] {
			bad |= *(*byte)(unsafe.Add(b, c.Off))
		}
		ok = ok && bad&c.Mask == 0
	}
	if ok {
		return nil
	}
	for lane := 0; lane < count; lane++ {
		if err := r.resolve(a, in, ext, first+lane, lane); err != nil {
			return err
		}
	}
	return nil
}

// resolve finds the base address of every source of instance i for lane
// lane, and runs the program's checks on it.
func (r *block) resolve(a *arena, in *Input, ext [][][32]byte, i, lane int) error {
	base, err := in.at(i)
	if err != nil {
		return err
	}
	w := r.w
	srcs := r.p.Sources
	a.bases[lane] = base
	for s := 1; s < len(srcs); s++ {
		src := &srcs[s]
		from := a.bases[int(src.From)*w+lane]
		var q unsafe.Pointer
		if src.Kind == graph.SourceExternal {
			q = unsafe.Pointer(&ext[src.Ext][i])
		} else {
			var err *Error
			if q, err = sourceAt(src, from, r.zero, i); err != nil {
				return err
			}
		}
		a.bases[s*w+lane] = q
	}
	for k := range r.p.Checks {
		c := &r.p.Checks[k]
		if b := *(*byte)(unsafe.Add(a.bases[int(c.Src)*w+lane], c.Off)); b&c.Mask != 0 {
			return checkError(i, c, b)
		}
	}
	return nil
}

// checkError is the error of instance i whose byte b fails check c.
func checkError(i int, c *graph.Check, b byte) *Error {
	return &Error{Index: i, Path: c.Path, Msg: "byte 0x" + strconv.FormatUint(uint64(b)|0x100, 16)[1:] + ": bits " + strconv.FormatUint(uint64(b&c.Mask), 2) + " must be zero", Kind: c.Kind}
}

// sourceAt returns the address of pointer or slice source src of the
// instance whose enclosing value is at from (instance i, for the error):
// the pointer's target or the slice's array, zero for a nil pointer or
// an empty slice where the type allows the zero value, else the error
// RootAll reports. The batch resolver and the single-instance path share
// it, so one instance fails the same way on both.
func sourceAt(src *graph.Source, from, zero unsafe.Pointer, i int) (unsafe.Pointer, *Error) {
	switch src.Kind {
	case graph.SourcePointer:
		q := *(*unsafe.Pointer)(unsafe.Add(from, src.Off))
		if q != nil {
			return q, nil
		}
		if src.ZeroSize == 0 {
			return nil, &Error{Index: i, Path: src.Path, Kind: graph.KindNil, Msg: "nil pointer"}
		}
		return zero, nil
	case graph.SourceSlice:
		h := *(*sliceHeader)(unsafe.Add(from, src.Off))
		switch {
		case h.len == src.Len:
			return h.data, nil
		case h.len == 0 && src.ZeroSize != 0:
			return zero, nil
		}
		return nil, &Error{Index: i, Path: src.Path, Kind: graph.KindLength, Msg: "length " + strconv.Itoa(h.len) + ", want " + strconv.Itoa(src.Len)}
	}
	return nil, nil
}
