package sched

import (
	"github.com/lanehash/lanehash/internal/graph"
	"github.com/lanehash/lanehash/lanes"
)

// aheadPieces is how many kernel calls a block's op list is cut into so
// that the next block's memory can be asked for between them. Resolving
// and gathering a block otherwise waits for each instance's first touch
// (the slice header of a Validator's withdrawal credentials, then the
// 32 bytes behind it): on the 1M-validator registry about 7% of the
// time. Hints issued all at once before one kernel call fill the miss
// buffers and stall; a quarter of them before each quarter of the op
// list are in flight while the kernel works.
const aheadPieces = 4

// splitAhead returns the block's op list cut into aheadPieces checked
// lists, and the offsets of the pointer and slice fields of an instance
// whose memory is asked for ahead. The list is expanded op by op over
// the G groups (lanes.ExpandOps), and each cut falls between two ops of
// the program, at a multiple of G: the kernels that run consecutive ops
// side by side (pairs of independent ops) see the same pairs as in one
// call. A one-group block (a tail of fewer than 2·W instances) is not
// cut: its consecutive ops may depend on each other, and a cut could
// leave an op alone that would have paired. It returns nil lists where
// nothing would be asked for: no prefetch instruction on this build, a
// kernel without LockstepOps, one group, or fewer program ops than
// pieces.
func (r *block) splitAhead() ([]lanes.Ops, []uintptr) {
	progOps := len(r.p.Ops)
	if !canPrefetch || r.opsK == nil || r.g < 2 || progOps < aheadPieces {
		return nil, nil
	}
	pieces := make([]lanes.Ops, aheadPieces)
	for i := range pieces {
		lo := progOps * i / aheadPieces * r.g
		hi := progOps * (i + 1) / aheadPieces * r.g
		pieces[i] = lanes.NewOps(r.ops[lo:hi])
	}
	var fields []uintptr
	for _, s := range r.p.Sources[1:] {
		if s.From == 0 && (s.Kind == graph.SourcePointer || s.Kind == graph.SourceSlice) {
			// A pointer and a slice's data pointer both sit at Off.
			fields = append(fields, s.Off)
		}
	}
	return pieces, fields
}

// lockstep runs the block's op list over a.nodes. When the input is a
// plain slice, it asks for memory of the blocks after this one between
// pieces of the list: a part of the instances' own bytes two blocks
// ahead, and a part of the memory behind the next block's pointer and
// slice fields (whose addresses the previous block asked for) before
// each piece. The hints never change what is hashed: the next block
// resolves and gathers exactly as without them.
func (r *block) lockstep(a *arena, in *Input, first, count int) {
	next := first + count
	if r.pieces == nil || !in.direct() || next >= in.n {
		r.opsK.LockstepOps(a.nodes, r.checked)
		return
	}
	// The instances of the next block, whose fields are asked for, and
	// the span of bytes of the one after it.
	m := min(count, in.n-next)
	after := min(next+count, in.n)
	span := uintptr(min(count, in.n-after)) * in.stride
	base := uintptr(in.base)
	parts := len(r.pieces)
	for i, piece := range r.pieces {
		lo, hi := span*uintptr(i)/uintptr(parts), span*uintptr(i+1)/uintptr(parts)
		prefetchLines(base+uintptr(after)*in.stride+lo, hi-lo)
		f, t := next+m*i/parts, next+m*(i+1)/parts
		for _, off := range r.ahead {
			prefetchField(base+uintptr(f)*in.stride, in.stride, t-f, off)
		}
		r.opsK.LockstepOps(a.nodes, piece)
	}
}
