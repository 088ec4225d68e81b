package main

import (
	"fmt"
	"math/rand/v2"
	"unsafe"

	"github.com/lanehash/lanehash/lanes"
	"github.com/lanehash/lanehash/plan"
	"github.com/lanehash/lanehash/sched"
	"github.com/lanehash/lanehash/ssz"
	"github.com/lanehash/lanehash/ssz/consensus/phase0"
)

// The wide trees: one SSZ value whose tree is thousands of chunks wide,
// where a hasher fills its lanes from one level of one tree (the case a
// Keccak-256 x8 per-level hasher was reported up to 2× faster than
// SHA-256 on) rather than from many small containers.

// uint64List is List[uint64, VALIDATOR_REGISTRY_LIMIT], the shape of a
// state's balances. A container of one field has that field's root, so
// its plan and the reference root the list itself.
type uint64List struct {
	Values []uint64 `ssz-max:"1099511627776"`
}

// rootVectorLength is SLOTS_PER_HISTORICAL_ROOT: a state's block roots
// and state roots are Vector[Root, 8192].
const rootVectorLength = 8192

// rootVector is Vector[Root, 8192], wrapped as uint64List is.
type rootVector struct {
	Roots []phase0.Root `ssz-size:"8192,32"`
}

// wideCount is how many Vector[Root, 8192] the wide workload hashes: about
// as many roots as n, and at least one vector.
func wideCount(n int) int { return max(n/rootVectorLength, 1) }

// wideWorkloads returns a List[uint64, 2^40] of n elements and
// wideCount(n) random Vector[Root, 8192].
func wideWorkloads(n int, seed uint64) []workload {
	r := rand.New(rand.NewPCG(seed, 0x771de))
	list := uint64List{Values: make([]uint64, n)}
	for i := range list.Values {
		list.Values[i] = 32e9 - r.Uint64N(1e9) // balances near 32 ETH in Gwei
	}
	vectors := make([]rootVector, wideCount(n))
	for i := range vectors {
		vectors[i].Roots = make([]phase0.Root, rootVectorLength)
		for j := range vectors[i].Roots {
			for k := range vectors[i].Roots[j] {
				vectors[i].Roots[j][k] = byte(r.Uint32())
			}
		}
	}
	return []workload{
		&wideTree[uint64List]{
			label: fmt.Sprintf("List[uint64, 2^40] n=%d", n), unitName: "uint64",
			values: []uint64List{list}, elems: n,
			chunks: func(v *uint64List) []byte { return bytesOf(v.Values) },
			limit:  registryLimit * 8 / 32, list: true,
		},
		&wideTree[rootVector]{
			label: fmt.Sprintf("Vector[Root, 8192] ×%d", len(vectors)), unitName: "root",
			values: vectors, elems: len(vectors) * rootVectorLength,
			chunks: func(v *rootVector) []byte { return bytesOf(v.Roots) },
			limit:  rootVectorLength,
		},
	}
}

// bytesOf is the memory of s: the SSZ chunks of a packed uint64 list on a
// little-endian host (plan refuses big-endian ones) and of a root vector.
func bytesOf[E any](s []E) []byte {
	if len(s) == 0 {
		return nil
	}
	return unsafe.Slice((*byte)(unsafe.Pointer(&s[0])), len(s)*int(unsafe.Sizeof(s[0])))
}

// wideTree is a workload of values of type T that are each one wide
// tree. Its strategies differ in how a tree's pairs reach the kernel:
// one pair per call (a library hashing node by node), one call per level
// (a per-level hasher), or the value's lanehash plan, which for a wide
// tree is the per-level queue too, so the last two should agree.
type wideTree[T any] struct {
	label    string
	unitName string
	values   []T
	elems    int // elements of all values, the objects counted per ns
	// chunks returns the packed chunks of a value's tree; limit is its
	// limit in chunks; list mixes in the length (in elements) when true.
	chunks func(*T) []byte
	limit  uint64
	list   bool
	want   map[lanes.Hash][][32]byte // the reference roots, by hash
}

func (w *wideTree[T]) name() string { return w.label }
func (w *wideTree[T]) unit() string { return w.unitName }
func (w *wideTree[T]) objects() int { return w.elems }
func (w *wideTree[T]) strategies() []string {
	return []string{strategyOneAtATime, strategyPerLevel, strategyLockstep}
}

// reference returns the reference ssz.HashTreeRoot of every value,
// computed once per hash function.
func (w *wideTree[T]) reference(h lanes.Hash) ([][32]byte, error) {
	if roots, ok := w.want[h]; ok {
		return roots, nil
	}
	roots := make([][32]byte, len(w.values))
	for i := range w.values {
		root, err := ssz.HashTreeRoot(&w.values[i], refHash(h))
		if err != nil {
			return nil, fmt.Errorf("reference root of value %d: %w", i, err)
		}
		roots[i] = root
	}
	if w.want == nil {
		w.want = map[lanes.Hash][][32]byte{}
	}
	w.want[h] = roots
	return roots, nil
}

func (w *wideTree[T]) prepare(strategy string, h lanes.Hash, kernel string, workers int) (pass, error) {
	want, err := w.reference(h)
	if err != nil {
		return nil, err
	}
	dst := make([][32]byte, len(w.values))
	// check compares every root of a pass with the reference: a pass that
	// computes a wrong root is an error, not a timing.
	check := func() error {
		for i := range dst {
			if dst[i] != want[i] {
				return fmt.Errorf("value %d: root %x, reference ssz.HashTreeRoot %x", i, dst[i], want[i])
			}
		}
		return nil
	}
	if strategy == strategyLockstep {
		p, err := plan.PlanFor[T](plan.WithHash(h), plan.WithKernel(kernel), plan.WithWorkers(workers))
		if err != nil {
			return nil, err
		}
		return func() (outcome, error) {
			p.ResetStats()
			if err := p.RootAll(dst, w.values); err != nil {
				return outcome{}, err
			}
			s := p.Stats()
			return outcome{root: dst[0], pairs: s.Pairs()}, check()
		}, nil
	}
	lk, err := lanes.Select(h, kernel)
	if err != nil {
		return nil, err
	}
	var k sched.Kernel = lk
	switch strategy {
	case strategyOneAtATime:
		k = onePairKernel{lk}
	case strategyPerLevel:
	default:
		return nil, fmt.Errorf("unknown strategy %q", strategy)
	}
	var stats sched.Stats
	tree := sched.NewTree(k, &stats)
	depth := sched.Depth(w.limit)
	var bufLen int
	for i := range w.values {
		bufLen = max(bufLen, sched.BufLen((len(w.chunks(&w.values[i]))+31)/32))
	}
	buf := make([]byte, bufLen)
	return func() (outcome, error) {
		stats.Reset()
		for i := range w.values {
			data := w.chunks(&w.values[i])
			n := (len(data) + 31) / 32
			// The copy is part of the pass: the plan reads the values
			// from their Go memory too.
			clear(buf[copy(buf, data):])
			if err := tree.MerkleizeParallel(buf, n, depth, workers); err != nil {
				return outcome{}, err
			}
			if w.list {
				mixInLength(k, buf, len(data)/8)
			}
			copy(dst[i][:], buf[:32])
		}
		s := stats.Snapshot()
		return outcome{root: dst[0], pairs: s.TreePairs + boolCount(w.list)*uint64(len(w.values))}, check()
	}, nil
}

// mixInLength replaces the tree root in buf[0:32] by
// hash(root ‖ uint256(length)), the root of a list of that many elements.
func mixInLength(k sched.Kernel, buf []byte, length int) {
	clear(buf[32:64])
	for i := 0; i < 8; i++ {
		buf[32+i] = byte(uint64(length) >> (8 * i))
	}
	k.Pairs(buf[:32], buf[:64])
}

func boolCount(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}

// onePairKernel is a kernel whose Pairs entry hashes one pair per call
// of the underlying kernel: a tree hashed node by node, as SSZ libraries
// built on a one-message hash function do.
type onePairKernel struct{ sched.Kernel }

// Pairs hashes len(src)/64 pairs, one kernel call each.
func (k onePairKernel) Pairs(dst, src []byte) {
	for i := 0; i+64 <= len(src); i += 64 {
		k.Kernel.Pairs(dst[i/2:i/2+32], src[i:i+64])
	}
}

// refHash is the reference implementation's form of hash function h.
func refHash(h lanes.Hash) ssz.Hash {
	if h == lanes.Keccak256 {
		return ssz.Keccak256
	}
	return ssz.SHA256
}
