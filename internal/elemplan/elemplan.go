// Package elemplan lets package cache hash the fixed-size elements of its
// lists in lockstep with the plan of their type, compiled for a Go type
// it knows only at run time (a Validator inside a BeaconState), without a
// reflect-typed constructor in package plan's public API.
package elemplan

import (
	"errors"
	"reflect"
	"unsafe"

	"github.com/lanehash/lanehash/lanes"
	"github.com/lanehash/lanehash/ssz"
)

// Rooter roots values of one Go type given as pointers to them.
type Rooter interface {
	// RootPtrs writes the root of *ptrs[i] to dst[i]; every pointer is
	// non-nil and points to a value of the rooter's type.
	RootPtrs(dst [][32]byte, ptrs []unsafe.Pointer) error
	// Node returns the node at generalized index g (1 is the root) of
	// the Merkle tree of *ptr, or of the value serialized in ser when ser
	// is not nil, computed by the program of the type's plan. It fails with an error wrapping ErrNoNode when g is not a node
	// of that one program (below a chunk, or inside a field the plan
	// hashes by a node of its own); the caller then has no inner node to
	// give.
	Node(g uint64, ptr unsafe.Pointer, ser []byte) ([32]byte, error)
}

// ErrNoNode is Rooter.Node's error for an index that its type's program
// does not compute.
var ErrNoNode = errors.New("elemplan: no such node in the type's program")

// Compile returns the Rooter of the plan of Go type t, hashing with k
// (the kernel of the caller's tree, so both hash alike) on one worker,
// with spec's values for dynssz tags (nil: mainnet). Package plan sets it
// when it is initialized; it is nil in a binary without plan.
var Compile func(t reflect.Type, k *lanes.Kernel, spec ssz.SpecValues) (Rooter, error)
