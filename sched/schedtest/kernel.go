// Package schedtest provides reference lockstep kernels of any lane
// width for tests: each lane is hashed on its own with crypto/sha256 or
// golang.org/x/crypto/sha3, so programs and schedulers can be checked at
// widths no assembly kernel of this machine has, independently of the
// kernels under test.
package schedtest

import (
	"crypto/sha256"
	"encoding/binary"
	"fmt"

	"golang.org/x/crypto/sha3"

	"github.com/lanehash/lanehash/lanes"
)

// Kernel is a slow, obviously correct kernel of width W in the lane
// layout documented by package lanes.
type Kernel struct {
	h lanes.Hash
	w int
}

// New returns the reference kernel of hash function h and width w.
func New(h lanes.Hash, w int) *Kernel { return &Kernel{h: h, w: w} }

// Name describes the kernel, for example "sha256/refx4".
func (k *Kernel) Name() string { return fmt.Sprintf("%s/refx%d", k.h, k.w) }

// Hash returns the kernel's hash function.
func (k *Kernel) Hash() lanes.Hash { return k.h }

// Width returns the kernel's lane width.
func (k *Kernel) Width() int { return k.w }

// Sum returns H(pair) computed by the standard libraries.
func Sum(h lanes.Hash, pair []byte) [32]byte {
	if h == lanes.Keccak256 {
		d := sha3.NewLegacyKeccak256()
		d.Write(pair)
		var out [32]byte
		d.Sum(out[:0])
		return out
	}
	return sha256.Sum256(pair)
}

// Pairs hashes len(src)/64 pairs; dst may alias src at the same start.
func (k *Kernel) Pairs(dst, src []byte) {
	for i := 0; i < len(src)/64; i++ {
		s := Sum(k.h, src[64*i:64*i+64])
		copy(dst[32*i:], s[:])
	}
}

// Lockstep runs ops over the lane-layout arena.
func (k *Kernel) Lockstep(arena []byte, ops []lanes.Op) {
	node := 32 * k.w
	var pair [64]byte
	for _, op := range ops {
		for p := 0; p < k.w; p++ {
			k.chunk(pair[:32], arena[int(op.Left)*node:], p)
			k.chunk(pair[32:], arena[int(op.Right)*node:], p)
			s := Sum(k.h, pair[:])
			k.store(arena[int(op.Out)*node:], p, s[:])
		}
	}
}

// Pack converts [node][lane][32] chunks into lane-layout nodes.
func (k *Kernel) Pack(dst, src []byte) {
	node := 32 * k.w
	for m := 0; m < len(src)/node; m++ {
		for p := 0; p < k.w; p++ {
			k.store(dst[m*node:], p, src[m*node+32*p:m*node+32*p+32])
		}
	}
}

// Unpack converts lane-layout nodes into [node][lane][32] chunks.
func (k *Kernel) Unpack(dst, src []byte) {
	node := 32 * k.w
	for m := 0; m < len(src)/node; m++ {
		for p := 0; p < k.w; p++ {
			k.chunk(dst[m*node+32*p:m*node+32*p+32], src[m*node:], p)
		}
	}
}

// chunk reads lane p of a lane-layout node into out (32 bytes).
func (k *Kernel) chunk(out, node []byte, p int) {
	if k.h == lanes.Keccak256 {
		for j := 0; j < 4; j++ {
			v := binary.NativeEndian.Uint64(node[8*(j*k.w+p):])
			binary.LittleEndian.PutUint64(out[8*j:], v)
		}
		return
	}
	for j := 0; j < 8; j++ {
		v := binary.NativeEndian.Uint32(node[4*(j*k.w+p):])
		binary.BigEndian.PutUint32(out[4*j:], v)
	}
}

// store writes the 32-byte chunk in into lane p of a lane-layout node.
func (k *Kernel) store(node []byte, p int, in []byte) {
	if k.h == lanes.Keccak256 {
		for j := 0; j < 4; j++ {
			binary.NativeEndian.PutUint64(node[8*(j*k.w+p):], binary.LittleEndian.Uint64(in[8*j:]))
		}
		return
	}
	for j := 0; j < 8; j++ {
		binary.NativeEndian.PutUint32(node[4*(j*k.w+p):], binary.BigEndian.Uint32(in[4*j:]))
	}
}
