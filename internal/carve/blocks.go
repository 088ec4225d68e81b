package carve

import "unsafe"

// Pointer-free pieces of up to MaxPiece bytes are carved from blocks of
// BlockBytes (or fewer, for a decode that needs less); a larger piece
// has an allocation of its own, as it would cost most of a block. So a
// piece kept alive keeps at most BlockBytes alive, and a block's unused
// tail is under MaxPiece bytes when it is left for a new one.
const (
	MaxPiece   = 512
	BlockBytes = 4 << 10
)

// Blocks carves pointer-free pieces from blocks of memory the collector
// does not scan (package doc). The zero value is ready; a decode uses
// one for all its pieces.
type Blocks struct {
	// block is the current block, size bytes, 8-byte aligned, handed
	// out up to used. Its pointer is written once per block, the counts
	// per piece: a pointer written per piece would cost a write barrier
	// each while the collector marks.
	block      unsafe.Pointer
	used, size uintptr
}

// Alloc returns n zero bytes of pointer-free memory aligned to align, a
// power of two from 1 to 8: Empty for no bytes; for up to MaxPiece,
// carved from the current block, or from a new one when it has not n
// bytes left past the alignment; for more, an allocation of its own
// (8-byte aligned). A new block is BlockBytes, or, when total (the most
// the caller expects to carve in all: package ssz passes its input's
// length) is less, total rounded up to 8 bytes but never less than n:
// a small decode does not pay for a whole block.
func (b *Blocks) Alloc(n, align, total uintptr) unsafe.Pointer {
	if n == 0 {
		return Empty()
	}
	if n > MaxPiece {
		return unsafe.Pointer(unsafe.SliceData(make([]uint64, (n+7)/8)))
	}
	at := (b.used + align - 1) &^ (align - 1)
	if at+n > b.size {
		size := max((n+7)&^7, min(BlockBytes, (total+7)&^7))
		b.block = unsafe.Pointer(unsafe.SliceData(make([]uint64, size/8)))
		b.size, at = size, 0
	}
	b.used = at + n
	return unsafe.Add(b.block, at)
}
