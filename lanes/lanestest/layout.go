package lanestest

import (
	"encoding/binary"

	"github.com/lanehash/lanehash/lanes"
)

// PackReference converts m·W ordinary chunks ([node][lane][32]) into m
// lane-layout nodes of layout l by the definition in package lanes,
// independently of any kernel. In lanes.ChunkLayout that is a copy. In
// lanes.WordLayout, for SHA-256, word j of lane p is the host uint32 at
// byte 4·(j·W+p) holding the big-endian word; for Keccak-256, the host
// uint64 at byte 8·(j·W+p) holding the little-endian word.
func PackReference(h lanes.Hash, l lanes.Layout, w int, chunks []byte) []byte {
	nodes := make([]byte, len(chunks))
	if l == lanes.ChunkLayout {
		copy(nodes, chunks)
		return nodes
	}
	size := 32 * w
	for c := 0; c+32 <= len(chunks); c += 32 {
		node, lane := c/size, c%size/32
		base := node * size
		chunk := chunks[c : c+32]
		if h == lanes.SHA256 {
			for j := 0; j < 8; j++ {
				binary.NativeEndian.PutUint32(nodes[base+4*(j*w+lane):], binary.BigEndian.Uint32(chunk[4*j:]))
			}
		} else {
			for j := 0; j < 4; j++ {
				binary.NativeEndian.PutUint64(nodes[base+8*(j*w+lane):], binary.LittleEndian.Uint64(chunk[8*j:]))
			}
		}
	}
	return nodes
}

// UnpackReference is the inverse of PackReference.
func UnpackReference(h lanes.Hash, l lanes.Layout, w int, nodes []byte) []byte {
	chunks := make([]byte, len(nodes))
	if l == lanes.ChunkLayout {
		copy(chunks, nodes)
		return chunks
	}
	size := 32 * w
	for c := 0; c+32 <= len(nodes); c += 32 {
		node, lane := c/size, c%size/32
		base := node * size
		chunk := chunks[c : c+32]
		if h == lanes.SHA256 {
			for j := 0; j < 8; j++ {
				binary.BigEndian.PutUint32(chunk[4*j:], binary.NativeEndian.Uint32(nodes[base+4*(j*w+lane):]))
			}
		} else {
			for j := 0; j < 4; j++ {
				binary.LittleEndian.PutUint64(chunk[8*j:], binary.NativeEndian.Uint64(nodes[base+8*(j*w+lane):]))
			}
		}
	}
	return chunks
}

// ValidatorOps is the op list of a phase0 Validator in lockstep, over 17
// nodes, the program calibration times (lanes.CalibrationOps): leaves 0
// and 1 are the halves of the 48-byte pubkey, leaves 2..8 the other seven
// fields; node 9 is the pubkey root, 10..13, 14..15 and 16 the levels of
// the 8-field tree, 16 the root.
func ValidatorOps() []lanes.Op { return lanes.CalibrationOps() }
