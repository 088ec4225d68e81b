// Package plan is lanehash's public API: it compiles a Go type into a
// static hashing plan once and computes SSZ hash_tree_root for many
// values of that type at SIMD speed.
//
//	p, err := plan.PlanFor[phase0.Validator]()
//	roots := make([][32]byte, len(validators))
//	err = p.RootAll(roots, validators)
//	registry, err := p.ListRoot(validators, 1<<40)
//
// A fixed-size type (a Validator) compiles to one lockstep program: which
// bytes of a value become which leaf chunk, which pairs are hashed, which
// nodes are zero-hash constants. RootAll runs it for W values at once,
// one per SIMD lane, where W is the kernel's width (16 for SHA-256 with
// AVX-512). A type with variable-size parts (lists, bitlists, unions,
// progressive types) compiles to a fixed part plus a graph node per variable
// field: the fields of all values are hashed first (element lists in
// lockstep, wide trees level by level with the kernel's pair entry) and
// their roots enter the fixed part as leaves. Fixed parts too wide for
// one program (a BeaconState's 8192 block roots) are wide trees as well.
//
// The compiled form is a plan graph (see Describe) that package sched
// executes; this package is the API and the compiler.
//
// Values are read straight from Go memory, following the Go layout of
// the ecosystem's types: byte arrays and fixed-size byte slices, pointers
// to structs, slices of structs and of pointers. RootAllPtr, ListRootPtr
// and ProgressiveListRootPtr take a []*T (how clients hold a registry).
// Those three are the one way to root a []*T: a Plan[*T] hashes the
// same (a type parameter may be a pointer type) but is a second plan to
// build and keep. Integers are read in the host's byte order, so PlanFor
// refuses big-endian hosts (ErrBigEndian).
//
// Serialized values need no decoding: RootBytes roots any value of T
// straight from its SSZ bytes (a checkpoint state checked against its
// block header before it is trusted), and RootAllBytes a serialized
// list of T. They accept exactly what ssz.Unmarshal accepts and reject
// the rest with the decoder's sentinel and path; lists of fixed-size
// elements run as lockstep lanes over the bytes, packed lists are their
// own chunks, variable-size parts are found through their offsets, and
// a call allocates in proportion to the depth of T, not to the size of
// the value (see docs/bytes.md).
//
// Nil: a nil pointer is the zero value of what it points to, everywhere
// (Root(nil), a nil element of RootAllPtr or ListRootPtr, of a
// Plan[*T], of a []*T or *T field), as the reference ssz.HashTreeRoot
// and the rest of the ecosystem treat it.
//
// Every root equals the reference ssz.HashTreeRoot; bad values (a list
// over its limit, a fixed-size slice of the wrong length, a bitlist
// without its delimiter) are errors of type *Error naming the element
// and the field, never panics. Plans are safe for concurrent use.
//
// Options (WithHash, WithKernel, WithWorkers, WithSpec) are the one
// option model of plan and cache: cache.New takes these same Options
// (cache.Option is Option), with the same inference of the hash from a
// kernel name and the same ErrOption, so one list configures a plan and
// a cached tree alike. They are defined here, not in cache, because
// dependencies point down (cache uses plan).
//
// Allocations: with one worker (WithWorkers(1)), steady-state Root,
// RootAll, RootAllPtr, ListRoot and ListRootPtr of a fixed-size type
// allocate nothing. More workers add a few allocations per call (the
// goroutines), and types with variable-size parts allocate a few
// bookkeeping slices per call; neither grows with the number of values.
package plan
