package cache

import (
	"errors"
	"fmt"
	"unsafe"

	"github.com/lanehash/lanehash/internal/elemplan"
	"github.com/lanehash/lanehash/internal/graph"
	"github.com/lanehash/lanehash/plan"

	"github.com/lanehash/lanehash/proof"
	"github.com/lanehash/lanehash/sched"
	"github.com/lanehash/lanehash/ssz"
)

// prog is the static Merkle program of a fixed-size type, read from its
// serialization: which bytes become which leaf chunk, and which pairs are
// hashed in which level. It roots many elements at once, one Pairs batch
// per level over all of them (for a Validator: 5 pairs per element in the
// first level, then 2 and 1), the plain-Go counterpart of plan's lockstep
// programs, used when no plan was registered for the element type.
type prog struct {
	leaves []progLeaf
	consts []progConst // nodes of the same value in every element
	levels [][]progOp
	nodes  int
	root   ref
	// children maps an op's output node to its inputs, for proofs.
	children map[int][2]ref
}

type progLeaf struct{ off, len, node int }

// progConst is a node whose value does not depend on the element: a
// progressive container's active-fields chunk.
type progConst struct {
	node int
	val  [32]byte
}

type progOp struct {
	l, r ref
	out  int
}

// ref is a node of the program, or for ref < 0 the zero-subtree root of
// depth -ref-1.
type ref int

func zeroRef(d int) ref { return ref(-1 - d) }

type progBuilder struct {
	p     *prog
	level map[int]int // level of each op output (leaves: 0)
}

func compileProg(t *ssz.Type) (*prog, error) {
	if !t.Fixed {
		return nil, fmt.Errorf("cache: %s is not fixed-size: %w", t.Kind, ssz.ErrUnsupported)
	}
	b := &progBuilder{p: &prog{children: map[int][2]ref{}}, level: map[int]int{}}
	root, err := b.sub(t, 0)
	if err != nil {
		return nil, err
	}
	b.p.root = root
	return b.p, nil
}

func (b *progBuilder) leaf(off, n int) ref {
	id := b.p.nodes
	b.p.nodes++
	b.p.leaves = append(b.p.leaves, progLeaf{off: off, len: n, node: id})
	b.level[id] = 0
	return ref(id)
}

func (b *progBuilder) constant(v [32]byte) ref {
	id := b.p.nodes
	b.p.nodes++
	b.p.consts = append(b.p.consts, progConst{node: id, val: v})
	b.level[id] = 0
	return ref(id)
}

func (b *progBuilder) lvl(r ref) int {
	if r < 0 {
		return 0
	}
	return b.level[int(r)]
}

func (b *progBuilder) op(l, r ref) ref {
	id := b.p.nodes
	b.p.nodes++
	lv := max(b.lvl(l), b.lvl(r)) + 1
	b.level[id] = lv
	for len(b.p.levels) < lv {
		b.p.levels = append(b.p.levels, nil)
	}
	b.p.levels[lv-1] = append(b.p.levels[lv-1], progOp{l: l, r: r, out: id})
	b.p.children[id] = [2]ref{l, r}
	return ref(id)
}

// merkleize hashes refs padded with zero subtrees to 2^depth.
func (b *progBuilder) merkleize(refs []ref, depth int) ref {
	if len(refs) == 0 {
		return zeroRef(depth)
	}
	for d := 0; d < depth; d++ {
		if len(refs)%2 == 1 {
			refs = append(refs, zeroRef(d))
		}
		next := make([]ref, len(refs)/2)
		for i := range next {
			next[i] = b.op(refs[2*i], refs[2*i+1])
		}
		refs = next
	}
	return refs[0]
}

// merkleizeProgressive is EIP-7916's merkleize_progressive over refs:
// H(subtree of 1 chunk, H(subtree of 4, H(…, zero chunk))).
func (b *progBuilder) merkleizeProgressive(refs []ref) ref {
	var subs []ref
	for size, depth := 1, 0; len(refs) > 0; size, depth = 4*size, depth+2 {
		k := min(size, len(refs))
		subs = append(subs, b.merkleize(refs[:k], depth))
		refs = refs[k:]
	}
	r := zeroRef(0)
	for k := len(subs) - 1; k >= 0; k-- {
		r = b.op(subs[k], r)
	}
	return r
}

// chunks cuts n serialized bytes at off into leaf chunks.
func (b *progBuilder) chunks(off, n int) []ref {
	var refs []ref
	for c := 0; c < n; c += 32 {
		refs = append(refs, b.leaf(off+c, min(32, n-c)))
	}
	return refs
}

func (b *progBuilder) sub(t *ssz.Type, off int) (ref, error) {
	switch {
	case t.IsBasic():
		return b.leaf(off, int(t.Size)), nil
	case t.Kind == ssz.KindBitvector, t.Kind == ssz.KindVector && t.Elem.IsBasic():
		refs := b.chunks(off, int(t.Size))
		return b.merkleize(refs, sched.Depth(t.ChunkCount())), nil
	case t.Kind == ssz.KindVector:
		refs := make([]ref, 0, t.Length)
		for i := range t.Length {
			r, err := b.sub(t.Elem, off+int(i*t.Elem.Size))
			if err != nil {
				return 0, err
			}
			refs = append(refs, r)
		}
		return b.merkleize(refs, sched.Depth(t.Length)), nil
	case t.Kind == ssz.KindContainer:
		refs := make([]ref, 0, len(t.Fields))
		for _, f := range t.Fields {
			r, err := b.sub(f.Type, off)
			if err != nil {
				return 0, err
			}
			refs = append(refs, r)
			off += int(f.Type.Size)
		}
		return b.merkleize(refs, sched.Depth(uint64(len(refs)))), nil
	case t.Kind == ssz.KindProgressiveContainer:
		// The fields at their active positions, zero chunks between,
		// merkleized progressively and mixed with the active fields.
		refs := make([]ref, len(t.ActiveFields))
		var active [32]byte
		fi := 0
		for pos, on := range t.ActiveFields {
			if !on {
				refs[pos] = zeroRef(0)
				continue
			}
			active[pos/8] |= 1 << (pos % 8)
			f := t.Fields[fi]
			r, err := b.sub(f.Type, off)
			if err != nil {
				return 0, err
			}
			refs[pos] = r
			off += int(f.Type.Size)
			fi++
		}
		return b.op(b.merkleizeProgressive(refs), b.constant(active)), nil
	}
	return 0, fmt.Errorf("cache: fixed-size %s: %w", t.Kind, ssz.ErrUnsupported)
}

// progRun holds the nodes of a batch of elements: node n of element e at
// nodes[(e·nodes+n)·32].
type progRun struct {
	nodes []byte
}

// run roots k elements whose serializations lie size bytes apart in ser,
// writing root e to dst[32e:32e+32]; every level of all k elements is one
// Pairs batch.
func (p *prog) run(h *hasher, r *progRun, ser []byte, size, k int, dst []byte) {
	stride := 32 * p.nodes
	if cap(r.nodes) < k*stride {
		r.nodes = make([]byte, k*stride)
	}
	nodes := r.nodes[:k*stride]
	for e := range k {
		src := ser[e*size:]
		base := e * stride
		for _, lf := range p.leaves {
			c := nodes[base+32*lf.node : base+32*lf.node+32]
			n := copy(c, src[lf.off:lf.off+lf.len])
			clear(c[n:])
		}
		for _, k := range p.consts {
			copy(nodes[base+32*k.node:], k.val[:])
		}
	}
	for _, ops := range p.levels {
		buf := h.gather(k * len(ops))
		for e := range k {
			base := e * stride
			for j, o := range ops {
				at := 64 * (e*len(ops) + j)
				copy(buf[at:at+32], p.read(h, nodes, base, o.l))
				copy(buf[at+32:at+64], p.read(h, nodes, base, o.r))
			}
		}
		out := h.digests(k * len(ops))
		h.pairsInPlace(out, buf)
		for e := range k {
			base := e * stride
			for j, o := range ops {
				copy(nodes[base+32*o.out:base+32*o.out+32], out[32*(e*len(ops)+j):])
			}
		}
	}
	for e := range k {
		copy(dst[32*e:32*e+32], p.read(h, nodes, e*stride, p.root))
	}
}

func (p *prog) read(h *hasher, nodes []byte, base int, r ref) []byte {
	if r < 0 {
		return h.zero[-int(r)-1][:]
	}
	return nodes[base+32*int(r) : base+32*int(r)+32]
}

// runOne computes every node of one element whose serialization is ser.
func (p *prog) runOne(h *hasher, ser []byte) []byte {
	var r progRun
	var root [32]byte
	p.run(h, &r, ser, len(ser), 1, root[:])
	return r.nodes
}

// progRooter roots, serializes and proves into the elements of a
// fixed-size type that plan does not compile into one program of leaves
// (a fixed-size progressive container, whose active-fields chunk plan's
// programs cannot hold yet): the type's layout and its static program.
// Every other fixed-size type goes through plan (autoRooter).
type progRooter struct {
	lay *layout
	p   *prog
	h   *hasher
	run progRun
	ser []byte
}

func newProgRooter(t *ssz.Type, h *hasher) *progRooter {
	lay := compileLayout(t, "")
	if lay == nil {
		return nil
	}
	p, err := compileProg(t)
	if err != nil {
		return nil
	}
	return &progRooter{lay: lay, p: p, h: h}
}

// encode is layout.encode with its error in the shape of an element
// plan's (a *plan.Error of element 0, its path relative to the element).
func (r *progRooter) encode(dst []byte, v unsafe.Pointer) error {
	err := r.lay.encode(dst, v)
	var se *ssz.Error
	if errors.As(err, &se) {
		return &plan.Error{Index: 0, Path: se.Path, Err: se.Err}
	}
	return err
}

func (r *progRooter) roots(elems []unsafe.Pointer, dst []byte) error {
	size := r.lay.size
	for at := 0; at < len(elems); at += 4096 {
		part := elems[at:min(at+4096, len(elems))]
		if cap(r.ser) < len(part)*size {
			r.ser = make([]byte, len(part)*size)
		}
		ser := r.ser[:len(part)*size]
		for j, e := range part {
			if err := r.encode(ser[j*size:], e); err != nil {
				var pe *plan.Error
				if errors.As(err, &pe) {
					pe.Index = at + j
				}
				return err
			}
		}
		r.p.run(r.h, &r.run, ser, size, len(part), dst[32*at:])
	}
	return nil
}

func (r *progRooter) nodes(dst []byte, v unsafe.Pointer, ser []byte) ([]byte, error) {
	if ser == nil {
		ser = make([]byte, r.lay.size)
		if err := r.encode(ser, v); err != nil {
			return nil, err
		}
	}
	return r.p.runOne(r.h, ser), nil
}

// locate finds node g of the program: an op output or leaf, or a zero
// subtree.
func (r *progRooter) locate(g proof.GIndex, _ bool) (graph.Located, error) {
	cur := r.p.root
	for d := g.Depth() - 1; d >= 0; d-- {
		right := uint64(g)>>d&1 == 1
		if cur < 0 {
			zd := -int(cur) - 1
			if zd == 0 {
				return graph.Located{}, graph.ErrNotInProgram
			}
			cur = zeroRef(zd - 1)
			continue
		}
		kids, ok := r.p.children[int(cur)]
		if !ok {
			return graph.Located{}, graph.ErrNotInProgram
		}
		if right {
			cur = kids[1]
		} else {
			cur = kids[0]
		}
	}
	if cur < 0 {
		return graph.Located{Zero: -int(cur) - 1}, nil
	}
	return graph.Located{Node: uint32(cur), Zero: -1}, nil
}

func (r *progRooter) layout() *elemplan.Layout {
	l := &elemplan.Layout{Size: r.lay.size, Ops: r.p.nodes - len(r.p.leaves), Encode: r.encode}
	l.Flat = walkFlat(l, r.lay, 0, 0)
	return l
}
