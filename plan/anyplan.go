package plan

import (
	"fmt"
	"reflect"
	"unsafe"

	"github.com/lanehash/lanehash/internal/anyplan"
	"github.com/lanehash/lanehash/internal/options"
	"github.com/lanehash/lanehash/sched"
	"github.com/lanehash/lanehash/ssz"
)

func init() {
	anyplan.Compile = compileAny
}

// anyRooter is the plan of a Go type known at run time, for the module
// root's any-typed entry points (anyplan.Rooter): Plan[T]'s methods with
// T's values reached through pointers and reflect.Values.
type anyRooter struct {
	core
}

// compileAny is anyplan.Compile: PlanFor for the Go type t.
func compileAny(t reflect.Type, opts []options.Option) (anyplan.Rooter, error) {
	r := &anyRooter{}
	if err := r.core.init(t, opts); err != nil {
		return nil, err
	}
	return r, nil
}

// Root is Plan.Root of the value at p.
func (r *anyRooter) Root(p unsafe.Pointer) ([32]byte, error) {
	root, err := r.run.Root(sched.ValueAt(r.typ.Go, p), r.workers)
	if err != nil {
		return [32]byte{}, r.valueDefect(err, reflect.NewAt(r.typ.Go, p).Elem())
	}
	return root, nil
}

// input returns the Input of the elements of s, a []T or a []*T, and
// element i as the reflect.Value firstDefect walks.
func (r *anyRooter) input(s reflect.Value) (sched.Input, func(int) reflect.Value) {
	if s.Kind() == reflect.Slice && s.Type().Elem().Kind() == reflect.Pointer && s.Type().Elem().Elem() == r.typ.Go {
		return sched.PtrSliceOfReflect(s), func(i int) reflect.Value {
			if e := s.Index(i); !e.IsNil() {
				return e.Elem()
			}
			return reflect.Zero(r.typ.Go)
		}
	}
	return sched.SliceOfReflect(s), func(i int) reflect.Value { return s.Index(i) }
}

// RootAll is Plan.RootAll or Plan.RootAllPtr, by s's element type.
func (r *anyRooter) RootAll(dst [][32]byte, s reflect.Value) error {
	if len(dst) < s.Len() {
		return fmt.Errorf("plan: dst holds %d roots, src has %d elements", len(dst), s.Len())
	}
	in, at := r.input(s)
	return r.firstDefect(r.run.Run(dst, in, r.workers), at)
}

// ListRoot is Plan.ListRoot or Plan.ListRootPtr, by s's element type.
func (r *anyRooter) ListRoot(s reflect.Value, limit uint64) ([32]byte, error) {
	if uint64(s.Len()) > limit {
		path := fmt.Sprintf("List[%s, %d]", typeName(r.typ.Go), limit)
		return [32]byte{}, valueError(-1, path, ssz.ErrListTooLong, "%d elements, limit %d", s.Len(), limit)
	}
	in, at := r.input(s)
	root, err := r.run.ListRoot(in, limit, false, r.workers)
	if err != nil {
		return [32]byte{}, r.firstDefect(err, at)
	}
	return root, nil
}

// RootBytes is Plan.RootBytes.
func (r *anyRooter) RootBytes(b []byte) ([32]byte, error) { return r.rootBytes(b) }

// RootAllBytes is Plan.RootAllBytes.
func (r *anyRooter) RootAllBytes(dst [][32]byte, b []byte) error {
	if err := r.bytes.RootAll(dst, b, r.workers); err != nil {
		return r.bytesError(err)
	}
	return nil
}
