package carve

import (
	"math/rand/v2"
	"testing"
	"unsafe"
)

// piece is a range handed out by Blocks.Alloc, with the byte written
// over it once it was checked zero.
type piece struct {
	p    unsafe.Pointer
	n    uintptr
	mark byte
}

// TestBlocksAlignedZeroDisjoint carves random pieces at every alignment
// and checks each is aligned and zero when handed out, and that none
// overlaps another: each is filled with its own byte, all checked at
// the end.
func TestBlocksAlignedZeroDisjoint(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, total := range []uintptr{0, 1, 100, BlockBytes, 1 << 20} {
		var b Blocks
		var pieces []piece
		for i := 0; i < 2000; i++ {
			align := uintptr(1) << rng.IntN(4)
			n := uintptr(1 + rng.IntN(MaxPiece))
			if i%97 == 0 {
				n = MaxPiece + uintptr(rng.IntN(100)) // a piece of its own
			}
			p := b.Alloc(n, align, total)
			if uintptr(p)%align != 0 {
				t.Fatalf("total %d: piece %d of %d bytes at %p, want aligned to %d", total, i, n, p, align)
			}
			bs := unsafe.Slice((*byte)(p), n)
			for j, c := range bs {
				if c != 0 {
					t.Fatalf("total %d: piece %d of %d bytes has byte %d = %d, want zero", total, i, n, j, c)
				}
			}
			mark := byte(1 + i%255)
			for j := range bs {
				bs[j] = mark
			}
			pieces = append(pieces, piece{p, n, mark})
		}
		for i, pc := range pieces {
			for j, c := range unsafe.Slice((*byte)(pc.p), pc.n) {
				if c != pc.mark {
					t.Fatalf("total %d: piece %d byte %d = %d, want its mark %d: overwritten by another piece", total, i, j, c, pc.mark)
				}
			}
		}
	}
}

// TestBlocksBoundary checks where a block ends: pieces follow each
// other in it (aligned), the one that does not fit in what is left
// starts a new block, and the block is BlockBytes.
func TestBlocksBoundary(t *testing.T) {
	var b Blocks
	// 500-byte pieces at 8-byte alignment sit 504 bytes apart: eight fit
	// in 4 KiB (the eighth ends at 7×504+500 = 4028), the ninth does not.
	first := b.Alloc(500, 8, BlockBytes)
	if b.size != BlockBytes {
		t.Fatalf("block of %d bytes, want %d", b.size, BlockBytes)
	}
	for i := 1; i < 8; i++ {
		p := b.Alloc(500, 8, BlockBytes)
		if want := unsafe.Add(first, i*504); p != want {
			t.Fatalf("piece %d at %p, want %p (the same block, 504 bytes on)", i, p, want)
		}
	}
	next := b.Alloc(500, 8, BlockBytes)
	if b.block == first || b.block != next || b.used != 500 {
		t.Fatalf("new block at %p used %d, want the ninth piece %p at its start, 500 used", b.block, b.used, next)
	}
	// Unaligned pieces pack: 3-byte pieces at alignment 1 are 3 apart, a
	// 4-byte one at alignment 4 skips to the next multiple of 4.
	var c Blocks
	p0 := c.Alloc(3, 1, BlockBytes)
	p1 := c.Alloc(3, 1, BlockBytes)
	p2 := c.Alloc(4, 4, BlockBytes)
	if p1 != unsafe.Add(p0, 3) || p2 != unsafe.Add(p0, 8) {
		t.Fatalf("pieces at +%d, +%d, want +3, +8", uintptr(p1)-uintptr(p0), uintptr(p2)-uintptr(p0))
	}
	// The last bytes of a block are handed out: a piece that fits
	// exactly does not start a new one.
	var d Blocks
	d.Alloc(BlockBytes-MaxPiece, 8, BlockBytes) // a piece of its own: no block yet
	if d.block != nil {
		t.Fatalf("a %d-byte piece (over MaxPiece) made a block", BlockBytes-MaxPiece)
	}
	for i := 0; i < BlockBytes/MaxPiece; i++ {
		d.Alloc(MaxPiece, 8, BlockBytes)
	}
	if d.used != BlockBytes {
		t.Fatalf("%d whole pieces used %d bytes of the block, want all %d", BlockBytes/MaxPiece, d.used, BlockBytes)
	}
}

// TestBlocksTotal checks a new block's size: BlockBytes, or the
// caller's total rounded up to 8 when that is less, but never less
// than the piece.
func TestBlocksTotal(t *testing.T) {
	for _, c := range []struct {
		n, total, size uintptr
	}{
		{10, 100, 104},
		{10, 0, 16},
		{200, 100, 200},
		{201, 100, 208},
		{1, BlockBytes - 1, BlockBytes},
		{1, 1 << 30, BlockBytes},
		{MaxPiece, 3, MaxPiece},
	} {
		var b Blocks
		b.Alloc(c.n, 1, c.total)
		if b.size != c.size {
			t.Errorf("a %d-byte piece with total %d made a %d-byte block, want %d", c.n, c.total, b.size, c.size)
		}
	}
	// A block of a small total serves the pieces that fit it, then a
	// new one of the same size follows.
	var b Blocks
	p := b.Alloc(40, 8, 100)
	q := b.Alloc(64, 8, 100)
	if q != unsafe.Add(p, 40) {
		t.Fatalf("second piece at +%d, want +40 in the 104-byte block", uintptr(q)-uintptr(p))
	}
	b.Alloc(8, 8, 100)
	if b.used != 8 || b.size != 104 {
		t.Fatalf("after 104 bytes, a new block used %d of %d, want 8 of 104", b.used, b.size)
	}
}

// TestBlocksEmptyAndLarge checks the pieces not carved: no bytes are
// Empty, and a piece over MaxPiece is its own zeroed, 8-byte aligned
// allocation that leaves the current block as it was.
func TestBlocksEmptyAndLarge(t *testing.T) {
	var b Blocks
	if p := b.Alloc(0, 8, BlockBytes); p != Empty() {
		t.Fatalf("no bytes at %p, want Empty %p", p, Empty())
	}
	if b.block != nil {
		t.Fatal("no bytes made a block")
	}
	small := b.Alloc(16, 8, BlockBytes)
	block, used := b.block, b.used
	for _, n := range []uintptr{MaxPiece + 1, 4 * BlockBytes} {
		p := b.Alloc(n, 8, BlockBytes)
		if uintptr(p)%8 != 0 {
			t.Fatalf("%d bytes at %p, want 8-byte aligned", n, p)
		}
		if uintptr(p) >= uintptr(block) && uintptr(p) < uintptr(block)+BlockBytes {
			t.Fatalf("%d bytes carved from the block", n)
		}
		for j, c := range unsafe.Slice((*byte)(p), n) {
			if c != 0 {
				t.Fatalf("%d bytes: byte %d = %d, want zero", n, j, c)
			}
		}
		if b.block != block || b.used != used {
			t.Fatalf("%d bytes moved the block", n)
		}
	}
	if p := b.Alloc(16, 8, BlockBytes); p != unsafe.Add(small, 16) {
		t.Fatalf("small piece after large ones at +%d, want +16 in the same block", uintptr(p)-uintptr(small))
	}
}

// TestBlocksAllocations checks what carving saves: a block's worth of
// small pieces costs one allocation, pieces of no bytes none.
func TestBlocksAllocations(t *testing.T) {
	got := testing.AllocsPerRun(20, func() {
		var b Blocks
		for i := 0; i < BlockBytes/32; i++ {
			b.Alloc(32, 8, BlockBytes)
			b.Alloc(0, 8, BlockBytes)
		}
	})
	if got != 1 {
		t.Fatalf("%d 32-byte pieces cost %v allocations, want 1", BlockBytes/32, got)
	}
}
