package sched

import (
	"fmt"
	"unsafe"

	"github.com/lanehash/lanehash/lanes"
)

// Strategy says how the programs of a prepared graph batch their pairs
// for the kernel. Lockstep is what plans run; the other two are what
// SSZ libraries do, kept so that research tools (lanebench) compare the
// three over the same plan graph, the same source resolution and the
// same gathers, differing only in how pairs reach the kernel.
type Strategy uint8

const (
	// Lockstep runs W instances per group, one per lane, blocks of
	// groups per Lockstep call.
	Lockstep Strategy = iota
	// OneAtATime hashes each instance by itself, one Pairs call per
	// level of its tree.
	OneAtATime
	// PerLevel hashes one level of up to perLevelBatch instances' trees
	// in one Pairs call.
	PerLevel
)

// String names the strategy as lanebench reports it.
func (s Strategy) String() string {
	switch s {
	case Lockstep:
		return "lockstep"
	case OneAtATime:
		return "one-at-a-time"
	case PerLevel:
		return "per-level"
	}
	return fmt.Sprintf("Strategy(%d)", uint8(s))
}

// perLevelBatch is how many instances the per-level strategy holds at
// once: enough for full kernel batches, few enough to stay in cache.
const perLevelBatch = 2048

// oneAtATime hashes instances [lo, hi) one by one on the single-instance
// path.
func (r *runner) oneAtATime(dst [][32]byte, in *Input, ext [][][32]byte, lo, hi int) error {
	b := r.one
	a := b.pool.Get().(*arena)
	var c counts
	var err error
	for i := lo; i < hi && err == nil; i++ {
		err = b.single(a, dst, in, ext, i, &c)
	}
	clear(a.bases)
	b.pool.Put(a)
	b.t.stats.add(&c)
	return err
}

// levelScratch is the per-level strategy's working memory for one
// batch: perLevelBatch instances' nodes in ordinary layout, with the
// program's constants in place, and room for the widest level's pairs.
// Leaf padding bytes are never written, so they stay zero from the
// allocation on; the scratch is pooled per runner (per program), so a
// list hashed a tile at a time does not allocate and zero it per tile.
type levelScratch struct {
	lv    [][]lanes.Op
	nodes []byte
	pairs []byte
}

func (r *runner) newLevelScratch() *levelScratch {
	p := r.p
	lv := levels(p)
	widest := 0
	for _, l := range lv {
		widest = max(widest, len(l))
	}
	nodeBytes := 32 * p.Nodes
	s := &levelScratch{
		lv:    lv,
		nodes: make([]byte, perLevelBatch*nodeBytes),
		pairs: make([]byte, 64*max(widest, 1)*perLevelBatch),
	}
	for i := 0; i < perLevelBatch; i++ {
		for _, k := range p.Consts {
			z := k.Chunk(r.one.t.Zero)
			copy(s.nodes[i*nodeBytes+32*int(k.Node):], z[:])
		}
	}
	return s
}

// perLevel hashes instances [lo, hi) level by level: each instance's
// leaves are resolved and gathered into its own run of ordinary-layout
// nodes, then every level of the program is one Pairs call over the
// level's pairs of all instances of the batch. It is a yardstick, not a
// production path.
func (r *runner) perLevel(dst [][32]byte, in *Input, ext [][][32]byte, lo, hi int) error {
	b := r.one
	p := r.p
	sc, _ := r.levels.Get().(*levelScratch)
	if sc == nil {
		sc = r.newLevelScratch()
	}
	defer r.levels.Put(sc)
	lv, nodes, pairs := sc.lv, sc.nodes, sc.pairs
	batch := perLevelBatch
	nodeBytes := 32 * p.Nodes
	a := b.pool.Get().(*arena)
	defer func() {
		clear(a.bases)
		b.pool.Put(a)
	}()
	var c counts
	defer b.t.stats.add(&c)
	for start := lo; start < hi; start += batch {
		m := min(batch, hi-start)
		for i := 0; i < m; i++ {
			if err := b.resolve(a, in, ext, start+i, 0); err != nil {
				return err
			}
			inst := nodes[i*nodeBytes:]
			for _, g := range p.Gathers {
				copyChunk(unsafe.Pointer(&inst[32*g.Node]), unsafe.Add(a.bases[int(g.Src)*b.w], g.Off), g.Len)
			}
		}
		for _, l := range lv {
			perLevelStep(b.k, nodes, pairs, nodeBytes, m, l)
		}
		for i := 0; i < m; i++ {
			copy(dst[start+i][:], nodes[i*nodeBytes+32*int(p.Root):])
		}
		c.treePairs += uint64(m * len(p.Ops))
		c.kernelCalls += uint64(len(lv))
		c.instances += uint64(m)
	}
	return nil
}

// perLevelStep hashes one level's ops for m instances with one Pairs
// call: the inputs are copied side by side, the digests back to their
// nodes.
func perLevelStep(k Kernel, nodes, pairs []byte, nodeBytes, m int, l []lanes.Op) {
	q := 0
	for i := 0; i < m; i++ {
		inst := nodes[i*nodeBytes:]
		for _, op := range l {
			copy(pairs[64*q:], inst[32*op.Left:32*op.Left+32])
			copy(pairs[64*q+32:], inst[32*op.Right:32*op.Right+32])
			q++
		}
	}
	k.Pairs(pairs[:32*q], pairs[:64*q])
	q = 0
	for i := 0; i < m; i++ {
		inst := nodes[i*nodeBytes:]
		for _, op := range l {
			copy(inst[32*op.Out:32*op.Out+32], pairs[32*q:])
			q++
		}
	}
}
