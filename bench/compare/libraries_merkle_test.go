package compare

import (
	"crypto/sha256"
	"encoding/binary"
)

// sha256ZeroHashes[d] is the root of a depth-d tree of zero chunks.
var sha256ZeroHashes = func() [65][32]byte {
	var z [65][32]byte
	for d := 1; d < len(z); d++ {
		var pair [64]byte
		copy(pair[:32], z[d-1][:])
		copy(pair[32:], z[d-1][:])
		z[d] = sha256.Sum256(pair[:])
	}
	return z
}()

// merkleizeLevels merkleizes the n chunks at the start of buf to a tree of
// the given depth, level by level with pairs (dst[32i:] = H(src[64i:])),
// padding odd levels with the zero hash of their depth. buf must have room
// for n+1 chunks; its contents are overwritten.
func merkleizeLevels(buf []byte, n, depth int, pairs func(dst, src []byte)) [32]byte {
	if n == 0 {
		return sha256ZeroHashes[depth]
	}
	d := 0
	for ; n > 1; d++ {
		if n%2 == 1 {
			copy(buf[n*32:], sha256ZeroHashes[d][:])
			n++
		}
		pairs(buf[:n*16], buf[:n*32])
		n /= 2
	}
	var node [32]byte
	copy(node[:], buf[:32])
	var pair [64]byte
	for ; d < depth; d++ {
		copy(pair[:32], node[:])
		copy(pair[32:], sha256ZeroHashes[d][:])
		pairs(node[:], pair[:])
	}
	return node
}

// mixInLength returns H(root || length as a little-endian chunk).
func mixInLength(root [32]byte, length uint64, pairs func(dst, src []byte)) [32]byte {
	var pair [64]byte
	copy(pair[:32], root[:])
	binary.LittleEndian.PutUint64(pair[32:], length)
	var out [32]byte
	pairs(out[:], pair[:])
	return out
}
