package sched_test

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/lanehash/lanehash/internal/graph"
	"github.com/lanehash/lanehash/sched"
)

// TestStrategiesAgree runs one program graph with each strategy, on
// every test kernel, for counts around the block and batch sizes and
// with one and three workers: every root must equal the textbook root,
// so the strategies differ only in how pairs reach the kernel.
func TestStrategiesAgree(t *testing.T) {
	g := &graph.ProgramNode{Program: thingProgram(t, true)}
	rng := rand.New(rand.NewPCG(13, 14))
	for _, k := range testKernels(t) {
		for _, s := range []sched.Strategy{sched.Lockstep, sched.OneAtATime, sched.PerLevel} {
			p, err := sched.NewExec(k, nil).PrepareStrategy(g, reflect.TypeFor[thing](), s)
			if err != nil {
				t.Fatal(err)
			}
			counts := []int{1, 7, sched.BlockLanes + 3}
			if !testing.Short() {
				counts = append(counts, 2100) // past one per-level batch
			}
			for _, n := range counts {
				for _, workers := range []int{1, 3} {
					t.Run(fmt.Sprintf("%s/%s/n=%d/workers=%d", kernelName(k), s, n, workers), func(t *testing.T) {
						things := randomThings(rng, n)
						things[n/2].In = nil
						dst := make([][32]byte, n)
						if err := p.Run(dst, sched.SliceOf(things), workers); err != nil {
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
}

// TestPrepareRejectsMalformedGraphs checks that Prepare refuses a
// program node whose fields do not match its external leaves, or that
// has no program, instead of failing while it runs.
func TestPrepareRejectsMalformedGraphs(t *testing.T) {
	e := sched.NewExec(testKernels(t)[0], nil)
	b := graph.NewBuilder()
	ext, _ := b.External("thing.Ext")
	p, err := b.Finish(ext)
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range []graph.Node{&graph.ProgramNode{}, &graph.ProgramNode{Program: p}} {
		if _, err := e.Prepare(g, reflect.TypeFor[thing]()); err == nil {
			t.Errorf("Prepare(%+v): no error", g)
		}
	}
}
