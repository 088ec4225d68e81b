package plan

import (
	"reflect"
	"unsafe"

	"github.com/lanehash/lanehash/sched"
	"github.com/lanehash/lanehash/ssz"
)

// unionRooter hashes ssz.Union values one by one: the option's root,
// then mix_in_selector. Unions are rare and small; their values sit
// behind interfaces, so this path uses reflect and allocates.
type unionRooter struct {
	t       *ssz.Type
	options []rooter // nil for the None option
	path    string
}

func (r *unionRooter) roots(x *run, dst [][32]byte, in sched.Input) error {
	for i := 0; i < in.N; i++ {
		p, err := in.At(i)
		if err != nil {
			return fromSched(err)
		}
		u := reflect.NewAt(r.t.Go, p).Elem()
		sel := int(u.Field(0).Uint())
		val := u.Field(1)
		if sel >= len(r.options) {
			return valueError(i, r.path, ssz.ErrUnion, "selector %d of %d options", sel, len(r.options))
		}
		var pair [64]byte
		if opt := r.t.Options[sel]; opt == nil {
			if !val.IsNil() {
				return valueError(i, r.path, ssz.ErrUnion, "None option holds a %s", val.Elem().Type())
			}
		} else {
			if val.IsNil() || val.Elem().Type() != opt.Go {
				return valueError(i, r.path, ssz.ErrUnion, "selector %d needs a %s", sel, opt.Go)
			}
			v := reflect.New(opt.Go)
			v.Elem().Set(val.Elem())
			var root [1][32]byte
			if err := r.options[sel].roots(x, root[:], sched.Input{Ptrs: []unsafe.Pointer{v.UnsafePointer()}, N: 1}); err != nil {
				return setIndex(err, i)
			}
			copy(pair[:32], root[0][:])
		}
		pair[32] = byte(sel)
		x.tree.HashPair(pair[:])
		dst[i] = [32]byte(pair[:32])
	}
	return nil
}
