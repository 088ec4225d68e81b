package sched_test

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"
	"unsafe"

	"github.com/lanehash/lanehash/internal/graph"
	"github.com/lanehash/lanehash/lanes"
	"github.com/lanehash/lanehash/sched"
	"github.com/lanehash/lanehash/sched/schedtest"
)

type inner struct {
	A uint64
	B [40]byte
}

type thing struct {
	Key   [48]byte
	Cred  []byte
	Bal   uint64
	Flag  bool
	In    *inner
	Epoch uint32
}

// chunksOf splits b into zero-padded 32-byte chunks.
func chunksOf(b []byte) [][32]byte {
	var out [][32]byte
	for len(b) > 0 {
		var c [32]byte
		n := copy(c[:], b)
		b = b[n:]
		out = append(out, c)
	}
	return out
}

// merkle is the textbook root of chunks padded to 2^depth zero chunks.
func merkle(h lanes.Hash, chunks [][32]byte, depth int) [32]byte {
	if len(chunks) == 0 {
		// A zero subtree: the same recursion, without the 2^depth work.
		z := [32]byte{}
		for d := 0; d < depth; d++ {
			z = schedtest.Sum(h, append(z[:], z[:]...))
		}
		return z
	}
	if depth == 0 {
		return chunks[0]
	}
	// Half the subtree's width, capped at the chunk count: 2^(depth-1)
	// does not fit an int on 32-bit hosts for deep lists.
	half := len(chunks)
	if depth-1 < 30 {
		half = min(half, 1<<(depth-1))
	}
	l := chunks[:half]
	r := chunks[len(l):]
	a, b := merkle(h, l, depth-1), merkle(h, r, depth-1)
	return schedtest.Sum(h, append(a[:], b[:]...))
}

func le(v uint64, n int) []byte {
	b := make([]byte, 8)
	binary.LittleEndian.PutUint64(b, v)
	return b[:n]
}

// thingRoot is the root of a thing computed field by field.
func thingRoot(h lanes.Hash, t *thing) [32]byte {
	in := t.In
	if in == nil {
		in = &inner{}
	}
	innerRoot := merkle(h, [][32]byte{chunksOf(le(in.A, 8))[0], merkle(h, chunksOf(in.B[:]), 1)}, 1)
	flag := byte(0)
	if t.Flag {
		flag = 1
	}
	fields := [][32]byte{
		merkle(h, chunksOf(t.Key[:]), 1),
		chunksOf(t.Cred)[0],
		chunksOf(le(t.Bal, 8))[0],
		chunksOf([]byte{flag})[0],
		innerRoot,
		chunksOf(le(uint64(t.Epoch), 4))[0],
	}
	return merkle(h, fields, 3)
}

// prepare readies program p, a program of thing, on an executor of k.
func prepare(t *testing.T, k sched.Kernel, stats *sched.Stats, p *graph.Program) *sched.Prepared {
	t.Helper()
	r, err := sched.NewExec(k, stats).Prepare(&graph.ProgramNode{Program: p}, reflect.TypeFor[thing]())
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// thingProgram builds the program of thing by hand, the way plan does.
func thingProgram(t *testing.T, nilZero bool) *graph.Program {
	var th thing
	b := graph.NewBuilder()
	key := b.Merkle([]graph.Ref{
		b.Leaf(0, unsafe.Offsetof(th.Key), 32),
		b.Leaf(0, unsafe.Offsetof(th.Key)+32, 16),
	}, 1)
	cred := b.Slice(0, unsafe.Offsetof(th.Cred), 32, 0, "thing.Cred")
	zs := uintptr(0)
	if nilZero {
		zs = unsafe.Sizeof(inner{})
	}
	in := b.Pointer(0, unsafe.Offsetof(th.In), zs, "thing.In")
	var i inner
	innerRoot := b.Merkle([]graph.Ref{
		b.Leaf(in, unsafe.Offsetof(i.A), 8),
		b.Merkle([]graph.Ref{b.Leaf(in, unsafe.Offsetof(i.B), 32), b.Leaf(in, unsafe.Offsetof(i.B)+32, 8)}, 1),
	}, 1)
	root := b.Merkle([]graph.Ref{
		key,
		b.Leaf(cred, 0, 32),
		b.Leaf(0, unsafe.Offsetof(th.Bal), 8),
		b.Leaf(0, unsafe.Offsetof(th.Flag), 1),
		innerRoot,
		b.Leaf(0, unsafe.Offsetof(th.Epoch), 4),
	}, 3)
	p, err := b.Finish(root)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func randomThings(rng *rand.Rand, n int) []thing {
	out := make([]thing, n)
	for i := range out {
		t := &out[i]
		for j := range t.Key {
			t.Key[j] = byte(rng.Uint32())
		}
		t.Cred = make([]byte, 32)
		for j := range t.Cred {
			t.Cred[j] = byte(rng.Uint32())
		}
		t.Bal = rng.Uint64()
		t.Flag = rng.IntN(2) == 1
		t.In = &inner{A: rng.Uint64()}
		for j := range t.In.B {
			t.In.B[j] = byte(rng.Uint32())
		}
		t.Epoch = rng.Uint32()
	}
	return out
}

// testKernels are reference kernels of several widths plus every lanes
// kernel this CPU runs.
func testKernels(t *testing.T) []sched.Kernel {
	var ks []sched.Kernel
	for _, h := range []lanes.Hash{lanes.SHA256, lanes.Keccak256} {
		for _, w := range []int{1, 2, 4, 16} {
			ks = append(ks, schedtest.New(h, w))
		}
	}
	for _, info := range lanes.Kernels() {
		if !info.Available {
			continue
		}
		k, err := lanes.Select(info.Hash, info.Name)
		if err != nil {
			t.Fatal(err)
		}
		ks = append(ks, k)
	}
	return ks
}

func kernelName(k sched.Kernel) string {
	if n, ok := k.(interface{ Name() string }); ok {
		return n.Name()
	}
	return fmt.Sprintf("%s/x%d", k.Hash(), k.Width())
}

func TestRunnerMatchesFieldByFieldRoots(t *testing.T) {
	p := thingProgram(t, false)
	if len(p.Ops) != 9 {
		t.Errorf("ops = %d, want 9 (1 key, 1 inner bytes, 1 inner, 6 container)", len(p.Ops))
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for _, k := range testKernels(t) {
		w := k.Width()
		r := prepare(t, k, nil, p)
		for _, n := range []int{0, 1, w - 1, w, w + 1, 2*w + 1, 3*w + 5, sched.BlockLanes, 2*sched.BlockLanes + w + 3} {
			for _, workers := range []int{1, 3} {
				t.Run(fmt.Sprintf("%s/n=%d/workers=%d", kernelName(k), n, workers), func(t *testing.T) {
					things := randomThings(rng, n)
					dst := make([][32]byte, n)
					if err := r.Run(dst, sched.SliceOf(things), workers); err != nil {
						t.Fatal(err)
					}
					for i := range things {
						if want := thingRoot(k.Hash(), &things[i]); dst[i] != want {
							t.Fatalf("root %d = %x, want %x", i, dst[i], want)
						}
					}
				})
			}
		}
	}
}

func TestRunnerIndirectAndExternal(t *testing.T) {
	// A program whose second field is an external root (the first 32
	// bytes of Key, a ChunkNode field): check that external roots land
	// in the right lane, through a PtrsOf input.
	b := graph.NewBuilder()
	var th thing
	ext, _ := b.External("thing.Ext")
	root := b.Merkle([]graph.Ref{b.Leaf(0, unsafe.Offsetof(th.Bal), 8), ext}, 1)
	p, err := b.Finish(root)
	if err != nil {
		t.Fatal(err)
	}
	g := &graph.ProgramNode{Program: p, Fields: []graph.Field{{
		Steps:    []graph.Step{{Off: unsafe.Offsetof(th.Key)}},
		Node:     &graph.ChunkNode{Len: 32},
		ZeroSize: unsafe.Sizeof(th.Key),
	}}}
	rng := rand.New(rand.NewPCG(3, 4))
	for _, k := range testKernels(t) {
		r, err := sched.NewExec(k, nil).Prepare(g, reflect.TypeFor[thing]())
		if err != nil {
			t.Fatal(err)
		}
		n := 2*k.Width() + sched.BlockLanes + 1
		things := randomThings(rng, n)
		ptrs := make([]*thing, n)
		for i := range things {
			ptrs[i] = &things[i]
		}
		dst := make([][32]byte, n)
		if err := r.Run(dst, sched.PtrsOf(ptrs), 1); err != nil {
			t.Fatal(err)
		}
		for i := range things {
			want := merkle(k.Hash(), [][32]byte{chunksOf(le(things[i].Bal, 8))[0], [32]byte(things[i].Key[:32])}, 1)
			if dst[i] != want {
				t.Fatalf("%s: root %d = %x, want %x", kernelName(k), i, dst[i], want)
			}
		}
	}
}

func TestRunnerErrors(t *testing.T) {
	k := schedtest.New(lanes.SHA256, 4)
	rng := rand.New(rand.NewPCG(5, 6))
	strict := prepare(t, k, nil, thingProgram(t, false))
	lenient := prepare(t, k, nil, thingProgram(t, true))
	run := func(r *sched.Prepared, things []thing) error {
		dst := make([][32]byte, len(things))
		return r.Run(dst, sched.SliceOf(things), 1)
	}
	things := randomThings(rng, 7)
	things[5].Cred = things[5].Cred[:31]
	var se *sched.Error
	if err := run(strict, things); !errors.As(err, &se) || se.Index != 5 || se.Path != "thing.Cred" {
		t.Errorf("short slice: err = %v, want element 5 thing.Cred", err)
	}
	things = randomThings(rng, 7)
	things[6].In = nil
	if err := run(strict, things); !errors.As(err, &se) || se.Index != 6 || se.Path != "thing.In" {
		t.Errorf("nil pointer: err = %v, want element 6 thing.In", err)
	}
	dst := make([][32]byte, 7)
	if err := lenient.Run(dst, sched.SliceOf(things), 1); err != nil {
		t.Fatalf("nil pointer as zero value: %v", err)
	}
	if want := thingRoot(lanes.SHA256, &things[6]); dst[6] != want {
		t.Errorf("nil pointer as zero value: root %x, want %x", dst[6], want)
	}
	// A nil element is the zero thing; the strict program rejects that
	// thing's empty Cred, naming the element and the field.
	ptrs := []*thing{&things[0], nil}
	if err := strict.Run(dst, sched.PtrsOf(ptrs), 1); !errors.As(err, &se) || se.Index != 1 || se.Path != "thing.Cred" || se.Kind != graph.KindLength {
		t.Errorf("nil element: err = %v, want element 1 thing.Cred of kind length", err)
	}
	if err := lenient.Run(dst, sched.PtrsOf([]*thing{nil}), 1); err == nil {
		t.Errorf("nil element, lenient program: no error for the zero thing's empty Cred")
	}
}

// TestRunnerStats checks the counters and the block split: 10 instances
// on 4 lanes are one block of two groups (8 instances, one Lockstep
// call) and one partial group (2 instances, one call): 3 groups of 4
// lanes, 2 kernel calls.
func TestRunnerStats(t *testing.T) {
	k := schedtest.New(lanes.SHA256, 4)
	var stats sched.Stats
	r := prepare(t, k, &stats, thingProgram(t, false))
	things := randomThings(rand.New(rand.NewPCG(7, 8)), 10)
	dst := make([][32]byte, 10)
	if err := r.Run(dst, sched.SliceOf(things), 1); err != nil {
		t.Fatal(err)
	}
	s := stats.Snapshot()
	if s.Groups != 3 || s.Instances != 10 || s.LockstepPairs != 90 || s.LanePairs != 108 || s.KernelCalls != 2 {
		t.Errorf("stats = %+v, want 3 groups, 10 instances, 90 of 108 lane pairs, 2 calls", s)
	}
}

func TestRunnerChecks(t *testing.T) {
	b := graph.NewBuilder()
	var th thing
	b.Check(0, unsafe.Offsetof(th.Key)+47, 0xf0, graph.KindBitvector, "thing.Key")
	p, err := b.Finish(b.Merkle([]graph.Ref{b.Leaf(0, unsafe.Offsetof(th.Key)+32, 16)}, 0))
	if err != nil {
		t.Fatal(err)
	}
	r := prepare(t, schedtest.New(lanes.SHA256, 4), nil, p)
	things := make([]thing, 6)
	things[4].Key[47] = 0x10
	dst := make([][32]byte, 6)
	var se *sched.Error
	err = r.Run(dst, sched.SliceOf(things), 1)
	if !errors.As(err, &se) || se.Index != 4 || se.Kind != graph.KindBitvector {
		t.Fatalf("err = %v, want element 4 of the check's kind", err)
	}
	things[4].Key[47] = 0x0f
	if err := r.Run(dst, sched.SliceOf(things), 1); err != nil {
		t.Fatal(err)
	}
	if dst[4][15] != 0x0f {
		t.Fatalf("leaf root %x, want the gathered bytes", dst[4])
	}
}
