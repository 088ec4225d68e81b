package sched_test

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"
	"unsafe"

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
	half := 1 << (depth - 1)
	l := chunks[:min(half, len(chunks))]
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

// thingProgram builds the program of thing by hand, the way plan does.
func thingProgram(t *testing.T, nilZero bool) *sched.Program {
	var th thing
	b := sched.NewBuilder()
	key := b.Merkle([]sched.Ref{
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
	innerRoot := b.Merkle([]sched.Ref{
		b.Leaf(in, unsafe.Offsetof(i.A), 8),
		b.Merkle([]sched.Ref{b.Leaf(in, unsafe.Offsetof(i.B), 32), b.Leaf(in, unsafe.Offsetof(i.B)+32, 8)}, 1),
	}, 1)
	root := b.Merkle([]sched.Ref{
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
		tree := sched.NewTree(k, nil)
		r := sched.NewRunner(tree, p)
		for _, n := range []int{0, 1, w - 1, w, w + 1, 2*w + 1, 3*w + 5, sched.BlockLanes, 2*sched.BlockLanes + w + 3} {
			for _, workers := range []int{1, 3} {
				t.Run(fmt.Sprintf("%s/n=%d/workers=%d", kernelName(k), n, workers), func(t *testing.T) {
					things := randomThings(rng, n)
					dst := make([][32]byte, n)
					if err := r.Run(dst, sched.SliceOf(things), nil, workers); err != nil {
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
	// A program whose second field is an external root: check that
	// external roots land in the right lane.
	b := sched.NewBuilder()
	var th thing
	ext, _ := b.External("thing.Ext")
	root := b.Merkle([]sched.Ref{b.Leaf(0, unsafe.Offsetof(th.Bal), 8), ext}, 1)
	p, err := b.Finish(root)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(3, 4))
	for _, k := range testKernels(t) {
		r := sched.NewRunner(sched.NewTree(k, nil), p)
		n := 2*k.Width() + 1
		things := randomThings(rng, n)
		ptrs := make([]*thing, n)
		roots := make([][32]byte, n)
		for i := range things {
			ptrs[i] = &things[i]
			for j := range roots[i] {
				roots[i][j] = byte(rng.Uint32())
			}
		}
		dst := make([][32]byte, n)
		in := sched.PtrsOf(ptrs)
		if err := r.Run(dst, in, [][][32]byte{roots}, 1); err != nil {
			t.Fatal(err)
		}
		for i := range things {
			want := merkle(k.Hash(), [][32]byte{chunksOf(le(things[i].Bal, 8))[0], roots[i]}, 1)
			if dst[i] != want {
				t.Fatalf("%s: root %d = %x, want %x", kernelName(k), i, dst[i], want)
			}
		}
	}
}

func TestRunnerErrors(t *testing.T) {
	k := schedtest.New(lanes.SHA256, 4)
	tree := sched.NewTree(k, nil)
	rng := rand.New(rand.NewPCG(5, 6))
	strict := sched.NewRunner(tree, thingProgram(t, false))
	lenient := sched.NewRunner(tree, thingProgram(t, true))
	run := func(r *sched.Runner, things []thing) error {
		dst := make([][32]byte, len(things))
		return r.Run(dst, sched.SliceOf(things), nil, 1)
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
	if err := lenient.Run(dst, sched.SliceOf(things), nil, 1); err != nil {
		t.Fatalf("nil pointer as zero value: %v", err)
	}
	if want := thingRoot(lanes.SHA256, &things[6]); dst[6] != want {
		t.Errorf("nil pointer as zero value: root %x, want %x", dst[6], want)
	}
	ptrs := []*thing{&things[0], nil}
	in := sched.PtrsOf(ptrs)
	if err := strict.Run(dst, in, nil, 1); !errors.As(err, &se) || se.Index != 1 || se.Path != "" {
		t.Errorf("nil element: err = %v, want element 1", err)
	}
}

func TestRunnerStats(t *testing.T) {
	k := schedtest.New(lanes.SHA256, 4)
	var stats sched.Stats
	r := sched.NewRunner(sched.NewTree(k, &stats), thingProgram(t, false))
	things := randomThings(rand.New(rand.NewPCG(7, 8)), 10)
	dst := make([][32]byte, 10)
	if err := r.Run(dst, sched.SliceOf(things), nil, 1); err != nil {
		t.Fatal(err)
	}
	s := stats.Snapshot()
	if s.Groups != 3 || s.Instances != 10 || s.LockstepPairs != 90 || s.LanePairs != 108 || s.KernelCalls != 3 {
		t.Errorf("stats = %+v, want 3 groups, 10 instances, 90 of 108 lane pairs, 3 calls", s)
	}
}

func TestRunnerChecks(t *testing.T) {
	b := sched.NewBuilder()
	var th thing
	b.Check(0, unsafe.Offsetof(th.Key)+47, 0xf0, sched.KindBitvector, "thing.Key")
	p, err := b.Finish(b.Merkle([]sched.Ref{b.Leaf(0, unsafe.Offsetof(th.Key)+32, 16)}, 0))
	if err != nil {
		t.Fatal(err)
	}
	r := sched.NewRunner(sched.NewTree(schedtest.New(lanes.SHA256, 4), nil), p)
	things := make([]thing, 6)
	things[4].Key[47] = 0x10
	dst := make([][32]byte, 6)
	var se *sched.Error
	err = r.Run(dst, sched.SliceOf(things), nil, 1)
	if !errors.As(err, &se) || se.Index != 4 || se.Kind != sched.KindBitvector {
		t.Fatalf("err = %v, want element 4 of the check's kind", err)
	}
	things[4].Key[47] = 0x0f
	if err := r.Run(dst, sched.SliceOf(things), nil, 1); err != nil {
		t.Fatal(err)
	}
	if dst[4][15] != 0x0f {
		t.Fatalf("leaf root %x, want the gathered bytes", dst[4])
	}
}
