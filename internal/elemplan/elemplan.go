// Package elemplan lets package cache hash the fixed-size elements of its
// lists in lockstep with the plan of their type, compiled for a Go type
// it knows only at run time (a Validator inside a BeaconState), without a
// reflect-typed constructor in package plan's public API.
package elemplan

import (
	"errors"
	"unsafe"

	"github.com/lanehash/lanehash/internal/graph"
	"github.com/lanehash/lanehash/lanes"
	"github.com/lanehash/lanehash/ssz"
)

// Rooter roots values of one Go type given as pointers to them. Its
// errors are *plan.Error values whose Path is relative to the value
// (".WithdrawalCredentials", "" for the value itself).
type Rooter interface {
	// RootPtrs writes the root of *ptrs[i] to dst[i]; every pointer is
	// non-nil and points to a value of the rooter's type.
	RootPtrs(dst [][32]byte, ptrs []unsafe.Pointer) error
	// RootBytes is the root of the value serialized in b, and
	// RootAllBytes the roots of a list of values serialized in b, as
	// plan's RootBytes and RootAllBytes: as strict as the decoder, their
	// errors *plan.Error values (the whole list's Index -1, an element's
	// its index) whose Path starts with the type's name.
	RootBytes(b []byte) ([32]byte, error)
	RootAllBytes(dst [][32]byte, b []byte) error
	// Nodes computes every node of the Merkle tree of *ptr, or of the
	// value serialized in ser when ser is not nil, by the program of the
	// type's plan, into dst (grown as needed): node n at
	// dst[32n:32n+32]. Locate finds the node at generalized index g (1
	// is the root) in that same program (ser: the serialization's). Both
	// fail with an error wrapping ErrNoNode when the plan is not one
	// program (a field hashed by a node of its own); Locate with one
	// wrapping graph.ErrNotInProgram for an index below a chunk.
	Nodes(dst []byte, ptr unsafe.Pointer, ser []byte) ([]byte, error)
	Locate(g uint64, ser bool) (graph.Located, error)
	// Layout returns the serialization layout of the type, or nil when
	// the type is not fixed-size or its plan is not one program of leaves
	// (a field hashed by a node of its own).
	Layout() *Layout
}

// ErrNoNode is Rooter.Node's error for an index that its type's program
// does not compute.
var ErrNoNode = errors.New("elemplan: no such node in the type's program")

// Compile returns the Rooter of the plan of SSZ type t (t.Go its Go
// type; tags and spec values applied already), hashing with k (the
// kernel of the caller's tree, so both hash alike) on one worker.
// Package plan sets it when it is initialized; it is nil in a binary
// without plan.
var Compile func(t *ssz.Type, k *lanes.Kernel) (Rooter, error)

// Layout is how the Go memory of a fixed-size value becomes its
// serialization, derived from the two programs of its type's plan (the
// one reading Go memory and the one reading the serialization, leaf by
// leaf), so the cache compares and stores what plan roots.
type Layout struct {
	// Size is the serialized size.
	Size int
	// Ops is the number of pairs hashed per value.
	Ops int
	// Encode writes the serialization of *v to dst[:Size], after the
	// program's value checks (a boolean above 1, bitvector padding);
	// the error is the plan's (*plan.Error, element 0). It keeps scratch
	// space: not safe for concurrent use.
	Encode func(dst []byte, v unsafe.Pointer) error
	// Compare is sched's LeafComparer of the type's Go program: it
	// calls differs with each of the m values at base (stride apart, or
	// pointed to from there when ptr) whose Go memory differs from its
	// serialization in copies; nil when the program reads memory
	// through a pointer. Not safe for concurrent use.
	Compare func(base unsafe.Pointer, stride uintptr, ptr bool, m int, copies []byte, differs func(i int) error) error
}
