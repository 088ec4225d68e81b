package sched

import (
	"reflect"
	"unsafe"

	"github.com/lanehash/lanehash/internal/graph"
)

// unionRooter runs a UnionNode: an ssz.Union (selector 0 may be None)
// or an EIP-8016 CompatibleUnion (selectors without an option, 0 among
// them, are errors). The instances are grouped by selector, every
// option's values are rooted in one batch by the option's rooter (in
// lockstep when the option is a program), and mix_in_selector is one
// Pairs call for all instances. The values sit behind interfaces, so
// each is copied once with reflect to give the option rooter a pointer.
type unionRooter struct {
	n       *graph.UnionNode
	options []rooter // nil where OptionTypes is nil
}

func (r *unionRooter) roots(x *run, dst [][32]byte, in Input) error {
	if in.n == 0 {
		return nil
	}
	lp, vp := uint64Slices.get(in.n), pointerSlices.get(in.n)
	defer uint64Slices.put(lp)
	defer pointerSlices.put(vp)
	sels, vals := *lp, *vp
	ip, pp := intSlices.get(0), pointerSlices.get(0)
	defer intSlices.put(ip)
	defer pointerSlices.put(pp)
	for i := 0; i < in.n; i++ {
		p, err := in.at(i)
		if err != nil {
			return err
		}
		sel, val, err := r.value(p)
		if err != nil {
			return setIndex(err, i)
		}
		sels[i], vals[i] = sel, val
	}
	for sel, opt := range r.options {
		if opt == nil {
			continue
		}
		// This option's values, in scratch kept from option to option.
		idx, ptrs := (*ip)[:0], (*pp)[:0]
		for i, s := range sels {
			if s == uint64(sel) {
				idx = append(idx, i)
				ptrs = append(ptrs, vals[i])
			}
		}
		*ip, *pp = idx, ptrs
		if len(idx) == 0 {
			continue
		}
		bp := getBuf(32 * len(idx))
		roots := rootsView(*bp, len(idx))
		if err := opt.roots(x, roots, Input{ptrs: ptrs, n: len(idx)}); err != nil {
			putBuf(bp)
			if e, ok := err.(*Error); ok && e.Index >= 0 {
				e.Index = idx[e.Index]
			}
			return err
		}
		for j, i := range idx {
			dst[i] = roots[j]
		}
		putBuf(bp)
	}
	for i, v := range vals {
		if v == nil {
			dst[i] = [32]byte{} // the None option's root
		}
	}
	// mix_in_selector is H(root, selector as a 32-byte little-endian
	// integer): the length mix-in with the selector for the length.
	sp := getBuf(64 * in.n)
	defer putBuf(sp)
	x.e.tree.MixInLengths(dst[:in.n], sels, *sp)
	return nil
}

// value checks one union value and returns its selector and a pointer
// to a copy of its option value (nil for None).
func (r *unionRooter) value(p unsafe.Pointer) (uint64, unsafe.Pointer, error) {
	path := r.n.Path
	u := reflect.NewAt(r.n.Type, p).Elem()
	if u.Kind() == reflect.Pointer {
		// A *Union field: nil stands for the zero union, as in the
		// reference (for a CompatibleUnion that is selector 0, an error).
		if u.IsNil() {
			u = reflect.Zero(r.n.Type.Elem())
		} else {
			u = u.Elem()
		}
	}
	sel := int(u.Field(0).Uint())
	val := u.Field(1)
	if sel >= len(r.options) || r.n.Compatible && r.n.OptionTypes[sel] == nil {
		return 0, nil, errorf(-1, path, graph.KindUnion, "selector %d is not an option", sel)
	}
	opt := r.n.OptionTypes[sel]
	if opt == nil {
		if !val.IsNil() {
			return 0, nil, errorf(-1, path, graph.KindUnion, "None option holds a %s", val.Elem().Type())
		}
		return 0, nil, nil
	}
	if val.IsNil() || val.Elem().Type() != opt {
		return 0, nil, errorf(-1, path, graph.KindUnion, "selector %d needs a %s", sel, opt)
	}
	v := reflect.New(opt)
	v.Elem().Set(val.Elem())
	return uint64(sel), v.UnsafePointer(), nil
}
