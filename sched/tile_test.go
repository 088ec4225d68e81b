package sched_test

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"github.com/lanehash/lanehash/internal/graph"
	"github.com/lanehash/lanehash/lanes"
	"github.com/lanehash/lanehash/plan"
	"github.com/lanehash/lanehash/sched"
	"github.com/lanehash/lanehash/ssz"
	"github.com/lanehash/lanehash/ssz/consensus/phase0"
)

// TestTileSpans checks the cut of a batch into runs: consecutive
// instances of at most a tile of chunks together, a wider instance
// alone, nothing left out or repeated.
func TestTileSpans(t *testing.T) {
	const tile = sched.TileChunks
	for _, c := range []struct {
		sizes []int
		want  [][2]int
	}{
		{nil, nil},
		{[]int{0}, [][2]int{{0, 1}}},
		{[]int{tile - 1, 1, 1}, [][2]int{{0, 2}, {2, 3}}},
		{[]int{tile, 0, 1}, [][2]int{{0, 2}, {2, 3}}},
		{[]int{tile + 1, tile + 1}, [][2]int{{0, 1}, {1, 2}}},
		{[]int{1, tile, 1}, [][2]int{{0, 1}, {1, 2}, {2, 3}}},
		{[]int{tile / 2, tile / 2, tile / 2}, [][2]int{{0, 2}, {2, 3}}},
	} {
		var got [][2]int
		err := sched.TileSpans(slices.Clone(c.sizes), true, func(lo, hi int, lengths []uint64) error {
			got = append(got, [2]int{lo, hi})
			if len(lengths) != hi-lo {
				t.Errorf("TileSpans(%v): run [%d, %d) has %d length slots", c.sizes, lo, hi, len(lengths))
			}
			return nil
		})
		if err != nil || !slices.Equal(got, c.want) {
			t.Errorf("TileSpans(%v) = %v, %v; want %v", c.sizes, got, err, c.want)
		}
	}
	// The first failing run stops the cut and is the error returned.
	stop := fmt.Errorf("stop")
	calls := 0
	err := sched.TileSpans([]int{tile, tile, tile}, false, func(lo, hi int, lengths []uint64) error {
		calls++
		if lengths != nil {
			t.Errorf("TileSpans without mix-ins gave run [%d, %d) length slots", lo, hi)
		}
		if lo == 1 {
			return stop
		}
		return nil
	})
	if err != stop || calls != 2 {
		t.Errorf("TileSpans stopped after %d runs with %v, want 2 runs and the second's error", calls, err)
	}
}

// Go types of the wide-tree shapes, each a container of one field, whose
// root is the field's.
type (
	rootVector struct {
		Roots []phase0.Root `ssz-size:"8192,32"`
	}
	rootList struct {
		Roots []phase0.Root `ssz-max:"8192"`
	}
	checkpointList struct {
		Checkpoints []phase0.Checkpoint `ssz-max:"8192"`
	}
	uint64List struct {
		Values []uint64 `ssz-max:"65536"`
	}
	bitList struct {
		Bits []byte `ssz:"bitlist" ssz-max:"2097152"`
	}
	progressiveRoots struct {
		Roots []phase0.Root `ssz-type:"progressive-list"`
	}
	// Vectors, which mix in no length, of a quarter and half a tile:
	// several to a tile (a plan inlines shorter ones into its program).
	shortVectors struct {
		Roots  []phase0.Root `ssz-size:"1024,32"`
		Values []uint64      `ssz-size:"8192"`
	}
)

// checkAgainstReference roots vals with the plan of T on the automatic
// kernel of h, with one worker and with two, and compares every root
// with ssz.HashTreeRoot.
func checkAgainstReference[T any](t *testing.T, h lanes.Hash, vals []T) {
	t.Helper()
	want := make([][32]byte, len(vals))
	for i := range vals {
		var err error
		if want[i], err = ssz.HashTreeRoot(&vals[i], h); err != nil {
			t.Fatal(err)
		}
	}
	got := make([][32]byte, len(vals))
	for _, workers := range []int{1, 2} {
		p, err := plan.PlanFor[T](plan.WithHash(h), plan.WithWorkers(workers))
		if err != nil {
			t.Fatal(err)
		}
		if err := p.RootAll(got, vals); err != nil {
			t.Fatal(err)
		}
		bad := 0
		for i := range vals {
			if got[i] != want[i] && bad < 3 {
				t.Errorf("%T, %d workers, instance %d of %d: root %x, reference %x", vals[i], workers, i, len(vals), got[i], want[i])
				bad++
			}
		}
	}
}

// randomRoots returns n random roots.
func randomRoots(rng *rand.Rand, n int) []phase0.Root {
	rs := make([]phase0.Root, n)
	for i := range rs {
		for j := range rs[i] {
			rs[i][j] = byte(rng.Uint32())
		}
	}
	return rs
}

// TestWideTreesMatchReference roots batches cut into tiles on both sides
// of the boundary against the reference: tile−1, tile and tile+1
// one-chunk instances (one run, then a run and one more), instances of
// tile−1, tile and tile+1 chunks next to small ones, and wide vectors
// (one, and several each rooted alone), for vectors and lists of roots,
// lists of containers (whose elements are batched in lockstep), packed
// lists, bitlists and progressive lists, with one and two workers.
func TestWideTreesMatchReference(t *testing.T) {
	const tile = sched.TileChunks
	rng := rand.New(rand.NewPCG(31, 32))
	// lengths are the instances' element counts; each shape turns them
	// into chunks its own way, so the counts are also scaled per shape.
	counts := [][]int{
		{1},
		repeat(1, tile-1), repeat(1, tile), repeat(1, tile+1),
		{tile - 1, 1, 1}, {tile, 1}, {1, tile}, {tile + 1, tile - 1, 2},
		{tile / 2, tile / 2, tile / 2}, {0, 3, 0, 5},
	}
	hashes, vectors := []lanes.Hash{lanes.SHA256, lanes.Keccak256}, []int{1, 2, 3}
	if testing.Short() {
		// Under the race detector and qemu: each boundary once.
		counts = [][]int{repeat(1, tile+1), {tile - 1, 1, 1}, {tile + 1, tile - 1, 2}, {0, 3, 0, 5}}
		// (TestLevelQueueIsTiled roots three wide vectors.)
		hashes, vectors = hashes[:1], nil
	}
	for _, h := range hashes {
		t.Run(h.String(), func(t *testing.T) {
			for _, n := range vectors {
				vs := make([]rootVector, n)
				for i := range vs {
					vs[i].Roots = randomRoots(rng, 8192)
				}
				if n == 3 {
					vs[1].Roots = nil // the zero vector, between wide ones
				}
				checkAgainstReference(t, h, vs)
			}
			// A tile of vectors and one more.
			svs := make([]shortVectors, 5)
			for i := range svs {
				svs[i].Roots = randomRoots(rng, 1024)
				svs[i].Values = make([]uint64, 8192)
				for j := range svs[i].Values {
					svs[i].Values[j] = rng.Uint64()
				}
			}
			checkAgainstReference(t, h, svs)
			for _, c := range counts {
				roots := make([]rootList, len(c))
				progressive := make([]progressiveRoots, len(c))
				cps := make([]checkpointList, len(c))
				u64s := make([]uint64List, len(c))
				bits := make([]bitList, len(c))
				for i, m := range c {
					roots[i].Roots = randomRoots(rng, m)
					progressive[i].Roots = roots[i].Roots
					cps[i].Checkpoints = make([]phase0.Checkpoint, m)
					for j := range cps[i].Checkpoints {
						cps[i].Checkpoints[j].Epoch = phase0.Epoch(rng.Uint64())
					}
					// 4 uint64 and 256 bits to a chunk: the same
					// chunk counts as the roots.
					u64s[i].Values = make([]uint64, 4*m)
					for j := range u64s[i].Values {
						u64s[i].Values[j] = rng.Uint64()
					}
					bits[i].Bits = make([]byte, 32*m+1)
					for j := range bits[i].Bits {
						bits[i].Bits[j] = byte(rng.Uint32())
					}
					bits[i].Bits[32*m] = 1 // the delimiter: 256·m bits
				}
				checkAgainstReference(t, h, roots)
				checkAgainstReference(t, h, progressive)
				checkAgainstReference(t, h, cps)
				checkAgainstReference(t, h, u64s)
				checkAgainstReference(t, h, bits)
			}
		})
	}
}

// repeat returns n copies of v.
func repeat(v, n int) []int {
	s := make([]int, n)
	for i := range s {
		s[i] = v
	}
	return s
}

// widestKernel is a kernel that records the widest Pairs call it ran, in
// chunks of input: the level queue's working set.
type widestKernel struct {
	sched.Kernel
	widest int
}

func (k *widestKernel) Pairs(dst, src []byte) {
	k.widest = max(k.widest, len(src)/32)
	k.Kernel.Pairs(dst, src)
}

// TestLevelQueueIsTiled checks what the level queue batches: wide trees
// are merkleized one at a time (no Pairs call spans more than one
// instance's leaves), small ones together up to a whole tile (lanes
// stay full), for vectors and lists of composite elements and packed
// lists, and a packed value wider than a tile is hashed a tile at a
// time; the roots match the reference. Before tiling, three
// Vector[Root, 8192] went through one queue of 24,576 chunks.
func TestLevelQueueIsTiled(t *testing.T) {
	const tile = sched.TileChunks
	rng := rand.New(rand.NewPCG(41, 42))
	vectors := make([]rootVector, 3)
	for i := range vectors {
		vectors[i].Roots = randomRoots(rng, 8192)
	}
	short := make([]rootList, tile/16+1)
	for i := range short {
		short[i].Roots = randomRoots(rng, 16)
	}
	balances := make([]uint64List, 3)
	for i := range balances {
		balances[i].Values = make([]uint64, 50_000)
		for j := range balances[i].Values {
			balances[i].Values[j] = rng.Uint64()
		}
	}
	for _, c := range []struct {
		name   string
		g      graph.Node
		typ    reflect.Type
		in     sched.Input
		vals   []any // the values, for the reference
		widest int   // chunks of the widest Pairs call
	}{
		{
			"Vector[Root,8192]x3",
			&graph.SeqNode{Kind: graph.SeqVector, Elem: &graph.ChunkNode{Len: 32}, Stride: 32, Length: 8192, Path: "rootVector.Roots"},
			reflect.TypeFor[rootVector](), sched.SliceOf(vectors), anys(vectors), 8192,
		},
		{
			"List[Root,8192]x257of16",
			&graph.SeqNode{Kind: graph.SeqList, Elem: &graph.ChunkNode{Len: 32}, Stride: 32, Limit: 8192, Path: "rootList.Roots"},
			reflect.TypeFor[rootList](), sched.SliceOf(short), anys(short), tile,
		},
		{
			"List[uint64,65536]x3of50000",
			&graph.PackedNode{Kind: graph.PackedList, ElemSize: 8, Limit: 65536, Path: "uint64List.Values"},
			reflect.TypeFor[uint64List](), sched.SliceOf(balances), anys(balances), tile,
		},
	} {
		t.Run(c.name, func(t *testing.T) {
			lk, err := lanes.Select(lanes.SHA256, "")
			if err != nil {
				t.Fatal(err)
			}
			k := &widestKernel{Kernel: lk}
			p, err := sched.NewExec(k, nil).Prepare(c.g, c.typ)
			if err != nil {
				t.Fatal(err)
			}
			got := make([][32]byte, c.in.Len())
			if err := p.Run(got, c.in, 1); err != nil {
				t.Fatal(err)
			}
			if k.widest != c.widest {
				t.Errorf("widest Pairs call: %d chunks, want %d", k.widest, c.widest)
			}
			for i, v := range c.vals {
				if want, err := ssz.HashTreeRoot(v, lanes.SHA256); err != nil || got[i] != want {
					t.Fatalf("instance %d: root %x, reference %x (%v)", i, got[i], want, err)
				}
			}
		})
	}
}

// anys returns pointers to the elements of s, for the reference.
func anys[T any](s []T) []any {
	out := make([]any, len(s))
	for i := range s {
		out[i] = &s[i]
	}
	return out
}
