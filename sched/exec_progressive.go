package sched

import "github.com/lanehash/lanehash/internal/graph"

// progressiveRooter runs a ProgressiveNode (EIP-7495 progressive
// containers): every field's roots for all instances first (each by its
// own rooter, fixed fields in lockstep), then merkleize_progressive over
// the active-field positions of all instances together and
// mix_in_active_fields.
type progressiveRooter struct {
	width  int // len(ActiveFields)
	fields []field
	// owns: one instance hashes its fields' small trees together
	// (ownFieldRoots).
	owns   bool
	pos    []int // position of each field in ActiveFields
	active [32]byte
}

func newProgressiveRooter(n *graph.ProgressiveNode, fields []field) *progressiveRooter {
	r := &progressiveRooter{width: len(n.ActiveFields), fields: fields, owns: queueWeight(fields) >= 2}
	for i, on := range n.ActiveFields {
		if on {
			r.pos = append(r.pos, i)
			r.active[i/8] |= 1 << (i % 8)
		}
	}
	return r
}

func (r *progressiveRooter) roots(x *run, dst [][32]byte, in Input) error {
	if in.n == 0 {
		return nil
	}
	set, err := ownFieldRoots(x, r.fields, in, r.owns)
	defer set.put()
	if err != nil {
		return err
	}
	field := set.roots
	// Every instance's tree has width chunks, the field roots at their
	// active positions and zero chunks between: all instances' trees go
	// through the progressive level queue together, and the active
	// fields are mixed in with one call.
	width, total := r.width, r.width*in.n
	ap, bp := getBuf(batchBufLen(total, in.n)), getBuf(max(batchBufLen(total, in.n), 64*in.n))
	defer putBuf(ap)
	defer putBuf(bp)
	a := *ap
	clear(a[:32*total])
	for i := 0; i < in.n; i++ {
		for k, pos := range r.pos {
			copy(a[32*(i*width+pos):], field[k][i][:])
		}
	}
	sizes := make([]int, in.n)
	for i := range sizes {
		sizes[i] = width
	}
	t := x.e.tree
	t.MerkleizeProgressiveBatch(dst[:in.n], a, *bp, sizes)
	t.MixInActiveFields(dst[:in.n], r.active, *bp)
	return nil
}
