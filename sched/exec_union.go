package sched

import (
	"reflect"
	"unsafe"
)

// unionRooter runs a UnionNode value by value: the option's root, then
// mix_in_selector. Unions are rare and small; their values sit behind
// interfaces, so this path uses reflect and allocates.
type unionRooter struct {
	n       *UnionNode
	options []rooter // nil for the None option
}

func (r *unionRooter) roots(x *run, dst [][32]byte, in Input) error {
	path := r.n.Path
	for i := 0; i < in.n; i++ {
		p, err := in.at(i)
		if err != nil {
			return err
		}
		u := reflect.NewAt(r.n.Type, p).Elem()
		if u.Kind() == reflect.Pointer {
			// A *Union field: nil stands for the zero union, as in the
			// reference.
			if u.IsNil() {
				u = reflect.Zero(r.n.Type.Elem())
			} else {
				u = u.Elem()
			}
		}
		sel := int(u.Field(0).Uint())
		val := u.Field(1)
		if sel >= len(r.options) {
			return errorf(i, path, KindUnion, "selector %d of %d options", sel, len(r.options))
		}
		var pair [64]byte
		if opt := r.n.OptionTypes[sel]; opt == nil {
			if !val.IsNil() {
				return errorf(i, path, KindUnion, "None option holds a %s", val.Elem().Type())
			}
		} else {
			if val.IsNil() || val.Elem().Type() != opt {
				return errorf(i, path, KindUnion, "selector %d needs a %s", sel, opt)
			}
			v := reflect.New(opt)
			v.Elem().Set(val.Elem())
			var root [1][32]byte
			if err := r.options[sel].roots(x, root[:], Input{ptrs: []unsafe.Pointer{v.UnsafePointer()}, n: 1}); err != nil {
				return setIndex(err, i)
			}
			copy(pair[:32], root[0][:])
		}
		pair[32] = byte(sel)
		x.e.tree.HashPair(pair[:])
		dst[i] = [32]byte(pair[:32])
	}
	return nil
}
