package sched_test

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"testing"
	"unsafe"

	"github.com/lanehash/lanehash/internal/graph"
	"github.com/lanehash/lanehash/lanes"
	"github.com/lanehash/lanehash/sched"
	"github.com/lanehash/lanehash/sched/schedtest"
)

// listRoot is the textbook hash_tree_root(List[T, 2^depth]) of elements
// whose roots are roots.
func listRoot(h lanes.Hash, roots [][32]byte, depth int) [32]byte {
	r := merkle(h, roots, depth)
	var n [32]byte
	copy(n[:], le(uint64(len(roots)), 8))
	return schedtest.Sum(h, append(r[:], n[:]...))
}

// balanceProgram is the program of a thing's balance alone, one leaf:
// lists of it are cheap to check against the textbook root.
func balanceProgram(t *testing.T) *graph.Program {
	var th thing
	b := graph.NewBuilder()
	p, err := b.Finish(b.Leaf(0, unsafe.Offsetof(th.Bal), 8))
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestListRootTiles checks ListRoot on lists long enough to be rooted a
// tile at a time, against the textbook list root of the elements' own
// roots: lengths on both sides of the tiling threshold, a partial last
// tile, one and three workers, and a limit whose tree is only a little
// deeper than a tile. The elements are a thing's balance alone (a
// program of one leaf), so the reference is cheap.
func TestListRootTiles(t *testing.T) {
	p := balanceProgram(t)
	tiled := sched.MinTilesPerWorker * sched.ListTile
	things := make([]thing, 3*tiled+sched.ListTile+5)
	rng := rand.New(rand.NewPCG(11, 12))
	for i := range things {
		things[i].Bal = rng.Uint64()
	}
	kernels := []sched.Kernel{schedtest.New(lanes.SHA256, 2), schedtest.New(lanes.SHA256, 16)}
	cases := []struct{ n, workers int }{
		{tiled - 1, 1}, {tiled, 1}, {tiled + sched.ListTile/2 + 3, 1},
		{3*tiled - 1, 3}, {len(things), 3}, {len(things), 2},
		{len(things), math.MaxInt}, // no overflow in the threshold
	}
	depths := func(n int) []int { return []int{40, sched.Depth(uint64(n)) + 1} }
	if testing.Short() {
		// The race detector and qemu run these: one kernel, each
		// boundary once.
		kernels, cases = kernels[1:], cases[1:3]
		depths = func(int) []int { return []int{40} }
	}
	for _, k := range kernels {
		r, err := sched.NewExec(k, nil).Prepare(&graph.ProgramNode{Program: p}, reflect.TypeFor[thing]())
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range cases {
			for _, depth := range depths(c.n) {
				t.Run(fmt.Sprintf("%s/n=%d/workers=%d/depth=%d", kernelName(k), c.n, c.workers, depth), func(t *testing.T) {
					vals := things[:c.n]
					roots := make([][32]byte, c.n)
					for i := range vals {
						roots[i] = chunksOf(le(vals[i].Bal, 8))[0]
					}
					got, err := r.ListRoot(sched.SliceOf(vals), 1<<depth, false, c.workers)
					if err != nil {
						t.Fatal(err)
					}
					if want := listRoot(k.Hash(), roots, depth); got != want {
						t.Fatalf("root %x, want %x", got, want)
					}
				})
			}
		}
	}
}

// TestListRootTileErrors checks that an element error in a later tile
// names the element's index in the whole list, and that with several
// workers the lowest bad element is reported whichever worker fails
// first.
func TestListRootTileErrors(t *testing.T) {
	r := prepare(t, schedtest.New(lanes.SHA256, 4), nil, thingProgram(t, false))
	workers := []int{1, 3}
	if testing.Short() {
		workers = workers[:1]
	}
	n := workers[len(workers)-1]*sched.MinTilesPerWorker*sched.ListTile + 7
	things := randomThings(rand.New(rand.NewPCG(13, 14)), n)
	bad := []int{sched.MinTilesPerWorker*sched.ListTile/2 + 5, n - 2}
	for _, i := range bad {
		things[i].Cred = things[i].Cred[:31]
	}
	for _, workers := range workers {
		_, err := r.ListRoot(sched.SliceOf(things), 1<<40, false, workers)
		var se *sched.Error
		if !errors.As(err, &se) || se.Index != bad[0] || se.Path != "thing.Cred" || se.Kind != graph.KindLength {
			t.Errorf("workers=%d: err = %v, want element %d thing.Cred of kind length", workers, err, bad[0])
		}
	}
}

// TestSeqRootTiles checks a long list inside a value (a state's
// registry: a SeqNode of one instance), which is rooted a tile at a
// time too: its root against the textbook one, and an element error in
// a later tile naming the element in the field path.
func TestSeqRootTiles(t *testing.T) {
	var th thing
	p := balanceProgram(t)
	k := schedtest.New(lanes.SHA256, 4)
	seq := func(p *graph.Program) *sched.Prepared {
		g := &graph.SeqNode{Kind: graph.SeqList, Elem: &graph.ProgramNode{Program: p}, Stride: unsafe.Sizeof(th), Limit: 1 << 40, Path: "things"}
		r, err := sched.NewExec(k, nil).Prepare(g, reflect.TypeFor[[]thing]())
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	r := seq(p)
	tiled := sched.MinTilesPerWorker * sched.ListTile
	cases := []struct{ n, workers int }{{tiled - 1, 1}, {tiled + 1, 1}, {2*tiled + sched.ListTile/3, 2}}
	if testing.Short() {
		cases = cases[1:2]
	}
	things := randomThings(rand.New(rand.NewPCG(15, 16)), cases[len(cases)-1].n)
	for _, c := range cases {
		vals := things[:c.n]
		roots := make([][32]byte, c.n)
		for i := range vals {
			roots[i] = chunksOf(le(vals[i].Bal, 8))[0]
		}
		var got [1][32]byte
		if err := r.Run(got[:], sched.ValueOf(&vals), c.workers); err != nil {
			t.Fatal(err)
		}
		if want := listRoot(k.Hash(), roots, 40); got[0] != want {
			t.Errorf("n=%d workers=%d: root %x, want %x", c.n, c.workers, got[0], want)
		}
	}
	strict := seq(thingProgram(t, false))
	bad := tiled - sched.ListTile + 9
	things[bad].Cred = nil
	for _, workers := range []int{1, cases[len(cases)-1].workers} {
		var got [1][32]byte
		err := strict.Run(got[:], sched.ValueOf(&things), workers)
		var se *sched.Error
		if want := fmt.Sprintf("things[%d].Cred", bad); !errors.As(err, &se) || se.Index != 0 || se.Path != want {
			t.Errorf("workers=%d: err = %v, want value 0 at %s", workers, err, want)
		}
	}
}

// TestTiledListRootAllocs checks that a tiled list root with one worker
// allocates nothing in steady state, as ListRoot's untiled path.
func TestTiledListRootAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("allocation counts are not meaningful under the race detector")
	}
	r := prepare(t, schedtest.New(lanes.SHA256, 4), nil, balanceProgram(t))
	things := make([]thing, sched.MinTilesPerWorker*sched.ListTile+1)
	in := sched.SliceOf(things)
	if _, err := r.ListRoot(in, 1<<40, false, 1); err != nil {
		t.Fatal(err)
	}
	if n := testing.AllocsPerRun(3, func() { _, _ = r.ListRoot(in, 1<<40, false, 1) }); n != 0 {
		t.Errorf("%v allocations per tiled ListRoot, want 0", n)
	}
}

// TestProgressiveListRootTiles checks a long progressive list (EIP-7916,
// the Gloas registry), whose subtrees of a tile's width and more are
// rooted a tile at a time, against the spec's recursion over the
// elements' own roots, through ListRoot and as a list inside a value;
// and that an element error names its index in the whole list.
func TestProgressiveListRootTiles(t *testing.T) {
	tiled := sched.MinTilesPerWorker * sched.ListTile
	cases := []struct{ n, workers int }{{tiled - 1, 1}, {tiled + 5, 1}, {2*tiled + 3*sched.ListTile + 1, 2}}
	if testing.Short() {
		cases = cases[1:2]
	}
	things := randomThings(rand.New(rand.NewPCG(19, 20)), cases[len(cases)-1].n)
	k := schedtest.New(lanes.SHA256, 4)
	r := prepare(t, k, nil, balanceProgram(t))
	var th thing
	g := &graph.SeqNode{Kind: graph.SeqProgressiveList, Elem: &graph.ProgramNode{Program: balanceProgram(t)}, Stride: unsafe.Sizeof(th), Path: "things"}
	seq, err := sched.NewExec(k, nil).Prepare(g, reflect.TypeFor[[]thing]())
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cases {
		vals := things[:c.n]
		roots := make([][32]byte, c.n)
		for i := range vals {
			roots[i] = chunksOf(le(vals[i].Bal, 8))[0]
		}
		p := progressive(k.Hash(), roots, 1)
		var n [32]byte
		copy(n[:], le(uint64(c.n), 8))
		want := schedtest.Sum(k.Hash(), append(p[:], n[:]...))
		got, err := r.ListRoot(sched.SliceOf(vals), 0, true, c.workers)
		if err != nil || got != want {
			t.Errorf("ListRoot n=%d workers=%d: root %x, %v; want %x", c.n, c.workers, got, err, want)
		}
		var one [1][32]byte
		if err := seq.Run(one[:], sched.ValueOf(&vals), c.workers); err != nil || one[0] != want {
			t.Errorf("in a value, n=%d workers=%d: root %x, %v; want %x", c.n, c.workers, one[0], err, want)
		}
	}
	strict := prepare(t, k, nil, thingProgram(t, false))
	for _, bad := range []int{1000, tiled - 3} { // a small subtree, a tiled one
		vals := randomThings(rand.New(rand.NewPCG(21, 22)), tiled+5)
		vals[bad].Cred = nil
		vals[len(vals)-1].Cred = nil
		_, err := strict.ListRoot(sched.SliceOf(vals), 0, true, 1)
		var se *sched.Error
		if !errors.As(err, &se) || se.Index != bad || se.Path != "thing.Cred" {
			t.Errorf("bad element %d: err = %v, want element %d thing.Cred", bad, err, bad)
		}
	}
}
