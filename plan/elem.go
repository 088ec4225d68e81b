package plan

import (
	"reflect"
	"unsafe"

	"github.com/lanehash/lanehash/internal/elemplan"
	"github.com/lanehash/lanehash/lanes"
	"github.com/lanehash/lanehash/sched"
	"github.com/lanehash/lanehash/ssz"
)

func init() {
	elemplan.Compile = compileElem
}

// elemRooter is the plan of a Go type known at run time, rooting values
// given by pointer: the cache's changed elements.
type elemRooter struct {
	core
	t reflect.Type
}

// compileElem is elemplan.Compile.
func compileElem(t reflect.Type, k *lanes.Kernel, spec ssz.SpecValues) (elemplan.Rooter, error) {
	opts := []Option{withKernelImpl(k), WithWorkers(1)}
	if spec != nil {
		opts = append(opts, WithSpec(spec))
	}
	r := &elemRooter{t: t}
	if err := r.core.init(t, opts); err != nil {
		return nil, err
	}
	return r, nil
}

// RootPtrs roots the values ptrs points to; an element the executor
// rejects is reported as RootAllPtr reports it (its index, its path and
// the ssz sentinel).
func (r *elemRooter) RootPtrs(dst [][32]byte, ptrs []unsafe.Pointer) error {
	return r.firstDefect(r.run.Run(dst, sched.PtrsOfType(r.t, ptrs), r.workers),
		func(i int) reflect.Value { return reflect.NewAt(r.t, ptrs[i]).Elem() })
}
