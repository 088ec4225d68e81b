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
// Pairs call for all instances. The values sit behind interfaces; the
// option rooter reads each where its interface holds it (see value).
type unionRooter struct {
	n       *graph.UnionNode
	options []rooter // nil where OptionTypes is nil
	// inWord marks the options whose values an interface holds in its
	// data word (pointer-shaped types) rather than behind it.
	inWord []bool
}

// newUnionRooter is a union's rooter over its options' rooters.
func newUnionRooter(n *graph.UnionNode, options []rooter) *unionRooter {
	r := &unionRooter{n: n, options: options, inWord: make([]bool, len(options))}
	for i, t := range n.OptionTypes {
		if t != nil {
			r.inWord[i] = heldInWord(t)
		}
	}
	return r
}

// heldInWord reports whether an interface holding a value of type t
// holds the value itself in its data word, as it does for
// pointer-shaped types, rather than a pointer to it. A zero value tells
// the two apart: held in the word it is a nil word; held behind it the
// word points at a zero value (never nil, even for a type of size 0).
func heldInWord(t reflect.Type) bool {
	z := reflect.Zero(t).Interface()
	return (*eface)(unsafe.Pointer(&z)).data == nil
}

// eface is the layout of an interface value: a type (or method table)
// word, then the data word.
type eface struct {
	typ, data unsafe.Pointer
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
// to its option value (nil for None), which the caller only reads.
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
	// A pointer to the value, read where the interface holds it: its
	// data word for a pointer-shaped type, the memory the word points
	// at otherwise (a copy the interface owns, never written). u is
	// addressable here: a nil *Union, the one unaddressable case, holds
	// no value.
	e := (*eface)(unsafe.Pointer(val.UnsafeAddr()))
	if r.inWord[sel] {
		return uint64(sel), unsafe.Pointer(&e.data), nil
	}
	return uint64(sel), e.data, nil
}
