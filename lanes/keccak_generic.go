package lanes

import "encoding/binary"

// keccak256PairsGeneric is the pure-Go Pairs form. Each pair is read
// whole before its digest is written, so dst may alias src at the same
// start.
func keccak256PairsGeneric(dst, src []byte) {
	var m [8]uint64
	var d [4]uint64
	var st keccakStates
	for i := 0; i+64 <= len(src); i += 64 {
		p := src[i : i+64]
		for j := range m {
			m[j] = binary.LittleEndian.Uint64(p[8*j:])
		}
		keccak256Of64(&d, &m, &st)
		q := dst[i/2 : i/2+32]
		for j := range d {
			binary.LittleEndian.PutUint64(q[8*j:], d[j])
		}
	}
}

// keccak256LockstepGeneric is the pure-Go Lockstep form with W = 1: a
// node is 4 host uint64 words.
func keccak256LockstepGeneric(arena []byte, ops []uint32) {
	var m [8]uint64
	var d [4]uint64
	var st keccakStates
	for i := 0; i+3 <= len(ops); i += 3 {
		l, r, o := int(ops[i])*32, int(ops[i+1])*32, int(ops[i+2])*32
		for j := 0; j < 4; j++ {
			m[j] = binary.NativeEndian.Uint64(arena[l+8*j:])
			m[4+j] = binary.NativeEndian.Uint64(arena[r+8*j:])
		}
		keccak256Of64(&d, &m, &st)
		out := arena[o : o+32]
		for j := range d {
			binary.NativeEndian.PutUint64(out[8*j:], d[j])
		}
	}
}

// keccak256PackGeneric converts 32-byte chunks into W = 1 lane-layout
// nodes: each little-endian word becomes a host uint64 (a plain copy on
// little-endian machines).
func keccak256PackGeneric(dst, src []byte) {
	for i := 0; i+8 <= len(src); i += 8 {
		binary.NativeEndian.PutUint64(dst[i:], binary.LittleEndian.Uint64(src[i:]))
	}
}

// keccak256UnpackGeneric is the inverse of keccak256PackGeneric.
func keccak256UnpackGeneric(dst, src []byte) {
	for i := 0; i+8 <= len(src); i += 8 {
		binary.LittleEndian.PutUint64(dst[i:], binary.NativeEndian.Uint64(src[i:]))
	}
}
