package lanes

import "crypto/sha256"

// The one-stream kernel, sha256/stdlibx1: one pair at a time through
// crypto/sha256, which runs the best code the standard library has for
// this CPU (SHA-NI, AVX2 with BMI2, scalar assembly, or Go). It is the
// narrow kernel where no SHA-NI kernel is available (the AVX2-only
// class): a lone pair through it costs one compression of one stream,
// where avx2x8 pays a whole 8-lane pass (docs/kernels.md, "The one-stream
// kernel"). Width 1 in chunk layout: a node is one chunk in ordinary
// byte order, so Pack and Unpack are copies.

// sha256PairsStdlib hashes pair by pair. In place (dst starting at src)
// digest i lands on bytes 32i..32i+32, which for i ≥ 1 lie in pairs
// already hashed, and for i = 0 in the pair just read.
func sha256PairsStdlib(dst, src []byte) {
	for i := 0; 64*i < len(src); i++ {
		d := sha256.Sum256(src[64*i : 64*i+64])
		copy(dst[32*i:32*i+32], d[:])
	}
}

// sha256LockstepStdlib runs each op on its one lane: the message is
// copied whole before the digest is written, so an Out that is its own
// Left or Right reads as the contract says.
func sha256LockstepStdlib(arena []byte, ops []uint32) {
	var msg [64]byte
	for i := 0; i+3 <= len(ops); i += 3 {
		l, r, o := int(ops[i]), int(ops[i+1]), int(ops[i+2])
		copy(msg[:32], arena[32*l:32*l+32])
		copy(msg[32:], arena[32*r:32*r+32])
		d := sha256.Sum256(msg[:])
		copy(arena[32*o:32*o+32], d[:])
	}
}

// copyNodes is Pack and Unpack of a chunk-layout kernel of width 1.
func copyNodes(dst, src []byte) { copy(dst, src) }
