package sched

// progressiveRooter runs a ProgressiveNode (EIP-7495 progressive
// containers): every field's roots for all instances first (each by its
// own rooter, fixed fields in lockstep), then per instance
// merkleize_progressive over the active-field positions and
// mix_in_active_fields.
type progressiveRooter struct {
	width  int // len(ActiveFields)
	fields []field
	pos    []int // position of each field in ActiveFields
	active [32]byte
}

func newProgressiveRooter(n *ProgressiveNode, fields []field) *progressiveRooter {
	r := &progressiveRooter{width: len(n.ActiveFields), fields: fields}
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
	field, bufs, err := fieldRoots(x, r.fields, in)
	defer putBufs(bufs)
	if err != nil {
		return err
	}
	width := r.width
	bp := getBuf(ProgressiveBufLen(width))
	defer putBuf(bp)
	buf := *bp
	t := x.e.tree
	for i := 0; i < in.n; i++ {
		clear(buf[:32*width])
		for k, pos := range r.pos {
			copy(buf[32*pos:], field[k][i][:])
		}
		t.MerkleizeProgressive(buf, width)
		copy(buf[32:64], r.active[:])
		t.HashPair(buf)
		dst[i] = [32]byte(buf[:32])
	}
	return nil
}
