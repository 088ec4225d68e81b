// Package anyplan lets the module root's lanehash package compile the
// plan of a Go type known only at run time (the dynamic type of an any)
// without a generic type parameter and without making such an entry part
// of package plan's public API: plan.PlanFor[T] stays the one exported
// way to build a plan, and the any-typed drop-in calls plan's compiler
// through Compile.
package anyplan

import (
	"reflect"
	"unsafe"

	"github.com/lanehash/lanehash/internal/options"
)

// Rooter is the compiled plan of one Go type T, with the roots of
// plan.Plan[T] for callers that hold T's values as pointers and
// reflect.Values. It is safe for concurrent use. Errors are plan's
// (*plan.Error, plan.ErrOption, ssz sentinels), as the generic methods
// return them.
type Rooter interface {
	// Root is Plan.Root of the value of type T at p; p must not be nil
	// and must point to a T (the caller vouches for it).
	Root(p unsafe.Pointer) ([32]byte, error)
	// RootAll is Plan.RootAll (s a []T) or Plan.RootAllPtr (s a []*T).
	RootAll(dst [][32]byte, s reflect.Value) error
	// ListRoot is Plan.ListRoot or Plan.ListRootPtr, as RootAll.
	ListRoot(s reflect.Value, limit uint64) ([32]byte, error)
	// RootBytes is Plan.RootBytes.
	RootBytes(b []byte) ([32]byte, error)
	// RootAllBytes is Plan.RootAllBytes.
	RootAllBytes(dst [][32]byte, b []byte) error
}

// Compile compiles the plan of Go type t with opts, as PlanFor does for
// T; package plan sets it when it is initialized.
var Compile func(t reflect.Type, opts []options.Option) (Rooter, error)
