package sched

import (
	"strconv"
	"unsafe"

	"github.com/lanehash/lanehash/internal/chunk"

	"github.com/lanehash/lanehash/internal/graph"
	"github.com/lanehash/lanehash/lanes"
)

// A single instance is hashed with the kernel's Pairs entry, one call
// per level of the program, in ordinary layout: a lone instance must
// not pay for W lanes of which one carries work. The layout is planned
// once per program (singlePlan): every input of a level's pairs has a
// home of its own in the arena's flat buffer, where the gathers write
// the leaves, where the constants stay from the arena's creation on,
// and where each level's digests are copied for the levels that read
// them. Nothing else is copied per call. Each level's Pairs function is
// resolved once, for the level's size (pairsFor): the calls go straight
// to the kernel that hashes them.

// singlePlan is the flat-buffer layout of a program's single-instance
// path.
type singlePlan struct {
	size    int            // bytes of the flat buffer
	gathers []graph.Gather // Node is replaced by the byte offset of the home
	consts  []singleConst  // constant chunks, written once per arena
	levels  []singleLevel  // Pairs calls in order
	root    uint32         // offset of the root chunk in the flat buffer
}

// singleConst places constant c's chunk at offset at.
type singleConst struct {
	at uint32
	c  graph.Const
}

// singleLevel is one Pairs call, from n pairs at in to n digests at
// out, followed by the copies of those digests to their homes.
type singleLevel struct {
	in, out, n uint32
	moves      []singleMove
	pairs      func(dst, src []byte) // the kernel's Pairs for n pairs
}

// singleMove copies a 32-byte chunk within the flat buffer.
type singleMove struct{ from, to uint32 }

// planSingle lays out the flat buffer of p's single-instance path on
// kernel k.
func planSingle(p *graph.Program, k Kernel) *singlePlan {
	lv := levels(p)
	sp := &singlePlan{}
	// homes[node] lists the offsets of the pair halves that read node.
	homes := make([][]uint32, p.Nodes)
	at := uint32(0)
	ins := make([]uint32, len(lv))
	for l, ops := range lv {
		ins[l] = at
		for j, op := range ops {
			homes[op.Left] = append(homes[op.Left], at+64*uint32(j))
			homes[op.Right] = append(homes[op.Right], at+64*uint32(j)+32)
		}
		at += 64 * uint32(len(ops))
	}
	// The root chunk needs a home of its own unless the last level's
	// lone digest is the root: it is read from that level's output.
	last := len(lv) - 1
	direct := last >= 0 && len(lv[last]) == 1 && lv[last][0].Out == p.Root
	if !direct {
		homes[p.Root] = append(homes[p.Root], at)
		sp.root = at
		at += 32
	}
	for _, g := range p.Gathers {
		for _, h := range homes[g.Node] {
			g := g
			g.Node = h
			sp.gathers = append(sp.gathers, g)
		}
	}
	for _, c := range p.Consts {
		for _, h := range homes[c.Node] {
			sp.consts = append(sp.consts, singleConst{at: h, c: c})
		}
	}
	for l, ops := range lv {
		out := at
		at += 32 * uint32(len(ops))
		level := singleLevel{in: ins[l], out: out, n: uint32(len(ops)), pairs: pairsFor(k, len(ops))}
		for j, op := range ops {
			for _, h := range homes[op.Out] {
				level.moves = append(level.moves, singleMove{from: out + 32*uint32(j), to: h})
			}
		}
		sp.levels = append(sp.levels, level)
	}
	if direct {
		sp.root = sp.levels[last].out
	}
	sp.size = int(at)
	return sp
}

// levels groups a program's ops by their height above the leaves: the
// ops of one level are independent and can go out in one Pairs call.
func levels(p *graph.Program) [][]lanes.Op {
	height := make([]int, p.Nodes)
	var out [][]lanes.Op
	for _, op := range p.Ops {
		h := max(height[op.Left], height[op.Right]) + 1
		height[op.Out] = h
		for len(out) < h {
			out = append(out, nil)
		}
		out[h-1] = append(out[h-1], op)
	}
	return out
}

// newFlat returns a single-instance flat buffer with its constants in
// place.
func (r *block) newFlat() []byte {
	flat := make([]byte, r.layout.size)
	for _, c := range r.layout.consts {
		z := c.c.Chunk(r.t.Zero)
		copy(flat[c.at:], z[:])
	}
	return flat
}

// single hashes instance i alone into dst[i]; see hashOne.
func (r *block) single(a *arena, dst [][32]byte, in *Input, ext [][][32]byte, i int, c *counts) error {
	root, err := r.hashOne(a, in, ext, i, c)
	if err == nil {
		dst[i] = root
	}
	return err
}

// hashOne returns the root of instance i alone, level by level with the
// kernel's Pairs, in a's flat buffer.
func (r *block) hashOne(a *arena, in *Input, ext [][][32]byte, i int, c *counts) ([32]byte, error) {
	if err := r.resolve(a, in, ext, i, 0); err != nil {
		return [32]byte{}, err
	}
	sp := r.layout
	flat := a.flat
	fp := unsafe.Pointer(unsafe.SliceData(flat))
	w := r.w
	for k := range sp.gathers {
		g := &sp.gathers[k]
		copyChunk(unsafe.Add(fp, g.Node), unsafe.Add(a.bases[int(g.Src)*w], g.Off), g.Len)
	}
	for k := range sp.levels {
		l := &sp.levels[k]
		l.pairs(flat[l.out:l.out+32*l.n], flat[l.in:l.in+64*l.n])
		for _, m := range l.moves {
			chunk.Copy(unsafe.Add(fp, m.to), unsafe.Add(fp, m.from))
		}
	}
	c.treePairs += uint64(len(r.p.Ops))
	c.kernelCalls += uint64(len(sp.levels))
	c.instances++
	return *(*[32]byte)(unsafe.Add(fp, sp.root)), nil
}

// Root returns the root of the one instance of in: Run for a single
// value, with the root returned rather than written through a slice, so
// that a caller's root need not live on the heap. A program without
// fields (every fixed-size container of basic fields and vectors) goes
// straight to its single-instance path: one Pairs call per level on the
// kernel the executor's kernel names for one instance, no other setup.
// workers matters only to graphs whose fields are rooted apart.
func (p *Prepared) Root(in Input, workers int) ([32]byte, error) {
	if in.n != 1 || in.typ != p.typ || p.single == nil {
		return p.rootRun(in, workers)
	}
	in.zero = p.zero
	if in.base == nil && in.ptrs == nil {
		in.base = p.zero // ValueOf(nil): the zero value
	}
	return p.single.single().root(&in)
}

// rootRun is Root through Run, for every graph and input Root does not
// take straight to a program's single-instance path.
func (p *Prepared) rootRun(in Input, workers int) ([32]byte, error) {
	if in.n != 1 && in.typ == p.typ { // Run refuses another type (KindType)
		return [32]byte{}, &Error{Index: -1, Kind: graph.KindLength, Msg: "Root takes one instance, input has " + strconv.Itoa(in.n)}
	}
	out := p.outs.Get().(*[1][32]byte)
	err := p.Run(out[:], in, workers)
	root := out[0]
	p.outs.Put(out)
	if err != nil {
		return [32]byte{}, err
	}
	return root, nil
}

// root returns the root of the one instance of in on the
// single-instance path (what Run does for one instance, the root
// returned).
func (r *runner) root(in *Input) ([32]byte, error) {
	b := r.one
	a := b.pool.Get().(*arena)
	var c counts
	root, err := b.hashOne(a, in, nil, 0, &c)
	clear(a.bases)
	b.pool.Put(a)
	if err == nil {
		b.t.stats.addSingle(c.kernelCalls, c.treePairs)
	}
	return root, err
}

// copyChunk copies n (1..32) bytes from src to dst, with single moves
// for the common leaf sizes.
func copyChunk(dst, src unsafe.Pointer, n uint32) {
	switch n {
	case 32:
		chunk.Copy(dst, src)
	case 8:
		*(*[8]byte)(dst) = *(*[8]byte)(src)
	case 16:
		*(*[16]byte)(dst) = *(*[16]byte)(src)
	case 1:
		*(*byte)(dst) = *(*byte)(src)
	default:
		copy(unsafe.Slice((*byte)(dst), n), unsafe.Slice((*byte)(src), n))
	}
}
