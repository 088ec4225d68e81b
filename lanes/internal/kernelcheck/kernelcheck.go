// Package kernelcheck holds the argument checks the amd64 kernel packages
// (avx2, avx512, shani) make before they hand raw pointers to assembly.
// The assembly trusts its counts, so a wrong length would read or write
// outside the slices; these checks turn that into a panic that names the
// exported function the caller misused.
//
// The checks inline into the wrappers: a failed check panics with a
// small error value whose message is built only when it is printed, so
// the common path costs a few compares and no call.
package kernelcheck

// Pairs checks the buffers of a Pairs call, where pair i of src
// (src[64i:64i+64]) hashes to dst[32i:32i+32], and returns the pair count
// len(src)/64. It panics, naming fn (such as "avx2.SHA256Pairs"), if
// len(src) is not a multiple of 64 or dst is shorter than half of src.
func Pairs(fn string, dst, src []byte) int {
	n := len(src) / 64
	if len(src)%64 != 0 || len(dst) < 32*n {
		panic(&PairsError{Func: fn, Dst: len(dst), Src: len(src)})
	}
	return n
}

// Lockstep checks a Lockstep call over an arena of nodeBytes-byte nodes
// and returns the op count len(ops)/3. It panics, naming fn, if len(ops)
// is not a multiple of 3 or an index lies outside the whole nodes of the
// arena; the wrapper hashes nothing before the whole list is checked.
func Lockstep(fn string, arena []byte, ops []uint32, nodeBytes int) int {
	if len(ops)%3 != 0 {
		panic(&OpsError{Func: fn, Ops: len(ops)})
	}
	nodes := uint64(len(arena) / nodeBytes)
	for i, x := range ops {
		if uint64(x) >= nodes {
			panic(&OpsError{Func: fn, Ops: len(ops), Op: i / 3, Index: x, Nodes: nodes})
		}
	}
	return len(ops) / 3
}

// Nodes checks the buffers of a Pack or Unpack call, which converts whole
// nodeBytes-byte nodes of src into dst, and returns the node count. It
// panics, naming fn, if len(src) is not a multiple of nodeBytes or dst is
// shorter than src.
func Nodes(fn string, dst, src []byte, nodeBytes int) int {
	if len(src)%nodeBytes != 0 || len(dst) < len(src) {
		panic(&NodesError{Func: fn, Dst: len(dst), Src: len(src), NodeBytes: nodeBytes})
	}
	return len(src) / nodeBytes
}
