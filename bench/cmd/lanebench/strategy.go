package main

import (
	"fmt"
	"unsafe"

	"github.com/lanehash/lanehash/lanes"
	"github.com/lanehash/lanehash/sched"
)

// The three ways of hashing many small containers that lanebench
// compares. All three run the same static program (from the lockstep
// plan) over the same instances, so they differ only in how pairs are
// batched for the kernel.
const (
	// strategyOneAtATime hashes each container by itself, one tree level
	// at a time: what SSZ libraries do.
	strategyOneAtATime = "one-at-a-time"
	// strategyPerLevel hashes one tree level of many containers in one
	// Pairs call.
	strategyPerLevel = "per-level"
	// strategyLockstep is lanehash's plan: one instance per SIMD lane.
	strategyLockstep = "lockstep"
)

// levelTree is a static program rearranged for ordinary-layout
// execution: its ops grouped into levels whose inputs are all ready
// before the level starts, so each level is one Pairs call.
type levelTree struct {
	prog   *sched.Program
	levels [][]lanes.Op
	consts [][32]byte // zero hash of each Const, by position in prog.Consts
}

func newLevelTree(g sched.Node, zero func(depth int) [32]byte) (*levelTree, error) {
	pn, ok := g.(*sched.ProgramNode)
	if !ok {
		return nil, fmt.Errorf("no static program: only containers compare strategies")
	}
	prog := pn.Program
	for _, s := range prog.Sources {
		if s.Kind == sched.SourceExternal {
			return nil, fmt.Errorf("program has variable-size parts; only fixed-size types compare strategies")
		}
	}
	t := &levelTree{prog: prog}
	level := make([]int, prog.Nodes) // level at which each node is ready
	for _, op := range prog.Ops {
		l := max(level[op.Left], level[op.Right])
		level[op.Out] = l + 1
		for len(t.levels) <= l {
			t.levels = append(t.levels, nil)
		}
		t.levels[l] = append(t.levels[l], op)
	}
	for _, c := range prog.Consts {
		t.consts = append(t.consts, zero(int(c.Depth)))
	}
	return t, nil
}

// gather writes the leaf chunks of the instance at base into nodes (32
// bytes per node, ordinary layout), following the program's sources.
// Padding bytes of leaf chunks are never written, so nodes must start
// zeroed and be reused only for the same program.
func (t *levelTree) gather(nodes []byte, base unsafe.Pointer, bases []unsafe.Pointer) error {
	p := t.prog
	bases[0] = base
	for i, s := range p.Sources[1:] {
		from := bases[s.From]
		switch s.Kind {
		case sched.SourcePointer:
			bases[i+1] = *(*unsafe.Pointer)(unsafe.Add(from, s.Off))
		case sched.SourceSlice:
			h := (*[]byte)(unsafe.Add(from, s.Off)) // only data and length are read
			if len(*h) != s.Len {
				return fmt.Errorf("%s: length %d, want %d", s.Path, len(*h), s.Len)
			}
			bases[i+1] = unsafe.Pointer(unsafe.SliceData(*h))
		}
		if bases[i+1] == nil {
			return fmt.Errorf("%s: nil", s.Path)
		}
	}
	for _, g := range p.Gathers {
		src := unsafe.Slice((*byte)(unsafe.Add(bases[g.Src], g.Off)), g.Len)
		copy(nodes[32*int(g.Node):], src)
	}
	for i, c := range p.Consts {
		copy(nodes[32*int(c.Node):], t.consts[i][:])
	}
	return nil
}

// oneAtATime computes the roots of n instances (base + i·stride), each by
// itself: gather, then one Pairs call per level of its own tree.
func (t *levelTree) oneAtATime(k *lanes.Kernel, dst [][32]byte, base unsafe.Pointer, stride uintptr, n int) error {
	nodes := make([]byte, 32*t.prog.Nodes)
	bases := make([]unsafe.Pointer, len(t.prog.Sources))
	widest := 0
	for _, l := range t.levels {
		widest = max(widest, len(l))
	}
	pairs := make([]byte, 64*widest)
	for i := 0; i < n; i++ {
		if err := t.gather(nodes, unsafe.Add(base, uintptr(i)*stride), bases); err != nil {
			return fmt.Errorf("instance %d: %w", i, err)
		}
		for _, l := range t.levels {
			for j, op := range l {
				copy(pairs[64*j:], nodes[32*op.Left:32*op.Left+32])
				copy(pairs[64*j+32:], nodes[32*op.Right:32*op.Right+32])
			}
			k.Pairs(pairs, pairs[:64*len(l)])
			for j, op := range l {
				copy(nodes[32*op.Out:], pairs[32*j:32*j+32])
			}
		}
		copy(dst[i][:], nodes[32*t.prog.Root:])
	}
	return nil
}

// perLevelBatch is how many instances per-level batching holds at once:
// enough for full kernel batches, small enough to stay in cache.
const perLevelBatch = 2048

// perLevel computes the roots of n instances level by level: each level
// of up to perLevelBatch instances' trees is one Pairs call.
func (t *levelTree) perLevel(k *lanes.Kernel, dst [][32]byte, base unsafe.Pointer, stride uintptr, n int) error {
	nodeBytes := 32 * t.prog.Nodes
	nodes := make([]byte, perLevelBatch*nodeBytes)
	bases := make([]unsafe.Pointer, len(t.prog.Sources))
	widest := 0
	for _, l := range t.levels {
		widest = max(widest, len(l))
	}
	pairs := make([]byte, 64*widest*perLevelBatch)
	for lo := 0; lo < n; lo += perLevelBatch {
		m := min(perLevelBatch, n-lo)
		for i := 0; i < m; i++ {
			if err := t.gather(nodes[i*nodeBytes:], unsafe.Add(base, uintptr(lo+i)*stride), bases); err != nil {
				return fmt.Errorf("instance %d: %w", lo+i, err)
			}
		}
		for _, l := range t.levels {
			p := 0
			for i := 0; i < m; i++ {
				inst := nodes[i*nodeBytes:]
				for _, op := range l {
					copy(pairs[64*p:], inst[32*op.Left:32*op.Left+32])
					copy(pairs[64*p+32:], inst[32*op.Right:32*op.Right+32])
					p++
				}
			}
			k.Pairs(pairs, pairs[:64*p])
			p = 0
			for i := 0; i < m; i++ {
				inst := nodes[i*nodeBytes:]
				for _, op := range l {
					copy(inst[32*op.Out:], pairs[32*p:32*p+32])
					p++
				}
			}
		}
		for i := 0; i < m; i++ {
			copy(dst[lo+i][:], nodes[i*nodeBytes+32*int(t.prog.Root):])
		}
	}
	return nil
}

// pairsPerInstance is the number of pair hashes in one instance's tree.
func (t *levelTree) pairsPerInstance() int { return len(t.prog.Ops) }
