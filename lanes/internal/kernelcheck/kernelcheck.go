// Package kernelcheck is the one argument-checking layer of lanehash's
// kernels: every exported kernel function (the amd64 packages avx2,
// avx512 and shani, and the pure-Go kernels of package lanes) calls it
// before it hashes anything, and nothing above checks again. The
// assembly trusts its counts, so a wrong length would read or write
// outside the slices; these checks turn that into a panic whose error
// value names the function the caller misused and the numbers.
//
// The contract they enforce (docs/kernels.md): Pairs takes whole 64-byte
// pairs and a dst of at least half their length; Pack and Unpack whole
// nodes and a dst at least as long; dst may start at src (in place) but
// overlap it no other way. Lockstep takes an arena of whole nodes and
// (left, right, out) triples naming nodes inside it; an op's out may be
// any node, its own inputs included, since every kernel reads an op's
// whole message before it writes the digest.
//
// The checks inline into the wrappers: a failed check panics with a
// small error value whose message is built only when it is printed, so
// the common path costs a few compares and no call.
package kernelcheck

import "unsafe"

// Pairs checks the buffers of a Pairs call, where pair i of src
// (src[64i:64i+64]) hashes to dst[32i:32i+32], and returns the pair count
// len(src)/64. It panics, naming fn (such as "avx2.SHA256Pairs"), if
// len(src) is not a multiple of 64, dst is shorter than half of src, or
// the written part of dst overlaps src other than at the same start.
func Pairs(fn string, dst, src []byte) int {
	n := len(src) / 64
	if len(src)%64 != 0 || len(dst) < 32*n {
		panic(&PairsError{Func: fn, Dst: len(dst), Src: len(src)})
	}
	if n > 0 && overlapsShifted(dst[:32*n], src) {
		panic(&PairsError{Func: fn, Dst: len(dst), Src: len(src), Overlap: true})
	}
	return n
}

// Lockstep checks a Lockstep call over an arena of nodeBytes-byte nodes
// and returns the op count len(ops)/3. It panics, naming fn, if the
// arena is not a whole number of nodes, len(ops) is not a multiple of 3,
// or an index lies outside the arena; the wrapper hashes nothing before
// the whole list is checked.
func Lockstep(fn string, arena []byte, ops []uint32, nodeBytes int) int {
	if len(ops)%3 != 0 || len(arena)%nodeBytes != 0 {
		panic(&OpsError{Func: fn, Ops: len(ops), Arena: len(arena), NodeBytes: nodeBytes})
	}
	nodes := uint64(len(arena) / nodeBytes)
	for i, x := range ops {
		if uint64(x) >= nodes {
			panic(&OpsError{Func: fn, Ops: len(ops), Arena: len(arena), NodeBytes: nodeBytes, Op: i / 3, Index: x})
		}
	}
	return len(ops) / 3
}

// Nodes checks the buffers of a Pack or Unpack call, which converts whole
// nodeBytes-byte nodes of src into dst, and returns the node count. It
// panics, naming fn, if len(src) is not a multiple of nodeBytes, dst is
// shorter than src, or dst[:len(src)] overlaps src other than at the
// same start.
func Nodes(fn string, dst, src []byte, nodeBytes int) int {
	if len(src)%nodeBytes != 0 || len(dst) < len(src) {
		panic(&NodesError{Func: fn, Dst: len(dst), Src: len(src), NodeBytes: nodeBytes})
	}
	if len(src) > 0 && overlapsShifted(dst[:len(src)], src) {
		panic(&NodesError{Func: fn, Dst: len(dst), Src: len(src), NodeBytes: nodeBytes, Overlap: true})
	}
	return len(src) / nodeBytes
}

// overlapsShifted reports whether the non-empty slices a and b share
// memory without starting at the same address.
func overlapsShifted(a, b []byte) bool {
	pa := uintptr(unsafe.Pointer(unsafe.SliceData(a)))
	pb := uintptr(unsafe.Pointer(unsafe.SliceData(b)))
	return pa != pb && pa < pb+uintptr(len(b)) && pb < pa+uintptr(len(a))
}
