package sched

import (
	"unsafe"

	"github.com/lanehash/lanehash/internal/graph"
)

// LeafCopier returns a function writing the leaf bytes of one value of
// program p (which must have no external sources) to dst: it resolves p's
// sources for the value at v as a run does (a nil pointer or an empty
// slice reads as zero bytes where the program allows it, else an *Error
// of instance 0), runs p's checks, and copies the Len bytes of gather k to
// dst[at[k]:]. With at[k] the serialized offset of gather k's leaf it
// writes the value's serialization, from the same program and the same
// resolution that root the value: the stored copy a cache compares.
// p's checks cover what Go memory can hold and a serialization cannot
// (a boolean byte above 1, bitvector padding), so what is written is a
// valid serialization. The function keeps scratch space: it is not
// safe for concurrent use.
func (e *Exec) LeafCopier(p *graph.Program, at []int) func(dst []byte, v unsafe.Pointer) error {
	vr := newValueReader(p)
	return func(dst []byte, v unsafe.Pointer) error {
		if err := vr.resolve(v); err != nil {
			return err
		}
		for k, g := range p.Gathers {
			copy(dst[at[k]:at[k]+int(g.Len)], unsafe.Slice((*byte)(unsafe.Add(vr.a.bases[g.Src], g.Off)), g.Len))
		}
		return nil
	}
}

// NodeComputer returns a function computing every node of program p
// (which must have no external sources) for the one value at v: node n
// to dst[32n:32n+32], dst holding 32·p.Nodes bytes. The value is read
// as a run reads it (p's sources and checks); the pairs are hashed level
// by level with the kernel's Pairs entry, as the single-instance path
// does. It is how a proof reads the inner nodes of one value (an
// element of a cached list) from the program that roots it, all of them
// for the price of one root. The function keeps scratch space: it is
// not safe for concurrent use.
func (e *Exec) NodeComputer(p *graph.Program) func(dst []byte, v unsafe.Pointer) error {
	vr := newValueReader(p)
	lv := levels(p)
	var buf []byte
	return func(dst []byte, v unsafe.Pointer) error {
		if err := vr.resolve(v); err != nil {
			return err
		}
		clear(dst[:32*p.Leaves])
		for _, g := range p.Gathers {
			copy(dst[32*g.Node:32*g.Node+g.Len], unsafe.Slice((*byte)(unsafe.Add(vr.a.bases[g.Src], g.Off)), g.Len))
		}
		for _, c := range p.Consts {
			z := c.Chunk(e.tree.Zero)
			copy(dst[32*c.Node:], z[:])
		}
		for _, ops := range lv {
			if cap(buf) < 96*len(ops) {
				buf = make([]byte, 96*len(ops))
			}
			pairs, out := buf[:64*len(ops)], buf[64*len(ops):96*len(ops)]
			for j, op := range ops {
				copy(pairs[64*j:], dst[32*op.Left:32*op.Left+32])
				copy(pairs[64*j+32:], dst[32*op.Right:32*op.Right+32])
			}
			e.tree.k.Pairs(out, pairs)
			for j, op := range ops {
				copy(dst[32*op.Out:32*op.Out+32], out[32*j:])
			}
		}
		if e.stats != nil {
			e.stats.treePairs.Add(uint64(len(p.Ops)))
			e.stats.kernelCalls.Add(uint64(len(lv)))
		}
		return nil
	}
}

// valueReader resolves the sources of a program for one value at a time,
// as a run resolves them for one lane (pointers, slices, checks).
type valueReader struct {
	b    *block
	a    *arena
	ptrs []unsafe.Pointer
	in   Input
}

func newValueReader(p *graph.Program) *valueReader {
	var zero uintptr = 1
	for _, s := range p.Sources {
		zero = max(zero, s.ZeroSize)
	}
	r := &valueReader{
		b:    &block{p: p, w: 1, zero: zeroValue(zero)},
		a:    &arena{bases: make([]unsafe.Pointer, len(p.Sources))},
		ptrs: make([]unsafe.Pointer, 1),
	}
	r.in = Input{ptrs: r.ptrs, n: 1}
	return r
}

// resolve finds the base address of every source for the value at v
// (then in r.a.bases) and runs the program's checks.
func (r *valueReader) resolve(v unsafe.Pointer) error {
	r.ptrs[0] = v
	return r.b.resolve(r.a, &r.in, nil, 0, 0)
}
