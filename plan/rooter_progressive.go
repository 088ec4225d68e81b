package plan

import (
	"github.com/lanehash/lanehash/sched"
	"github.com/lanehash/lanehash/ssz"
)

// progressiveRooter hashes EIP-7495 progressive containers: every
// field's roots for all instances first (each by its own rooter, fixed
// fields in lockstep), then per instance merkleize_progressive over the
// active-field positions and mix_in_active_fields.
type progressiveRooter struct {
	t      *ssz.Type
	fields []external
	pos    []int // position of each field in ActiveFields
	active [32]byte
}

func newProgressiveRooter(t *ssz.Type, fields []external) *progressiveRooter {
	r := &progressiveRooter{t: t, fields: fields}
	for i, on := range t.ActiveFields {
		if on {
			r.pos = append(r.pos, i)
			r.active[i/8] |= 1 << (i % 8)
		}
	}
	return r
}

func (r *progressiveRooter) roots(x *run, dst [][32]byte, in sched.Input) error {
	if in.N == 0 {
		return nil
	}
	field := make([][][32]byte, len(r.fields))
	for k, f := range r.fields {
		buf := getBuf(32 * in.N)
		defer putBuf(buf)
		field[k] = rootsView(*buf, in.N)
		child, ptrs, err := childInput(in, f.steps, f.zero)
		if err != nil {
			return err
		}
		err = f.r.roots(x, field[k], child)
		putPtrs(ptrs)
		if err != nil {
			return err
		}
	}
	width := len(r.t.ActiveFields)
	bp := getBuf(sched.ProgressiveBufLen(width))
	defer putBuf(bp)
	buf := *bp
	for i := 0; i < in.N; i++ {
		clear(buf[:32*width])
		for k, pos := range r.pos {
			copy(buf[32*pos:], field[k][i][:])
		}
		x.tree.MerkleizeProgressive(buf, width)
		copy(buf[32:64], r.active[:])
		x.tree.HashPair(buf)
		dst[i] = [32]byte(buf[:32])
	}
	return nil
}
