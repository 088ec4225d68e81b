package plan

import (
	"testing"
	"time"

	"github.com/lanehash/lanehash/internal/graph"
	"github.com/lanehash/lanehash/lanes"
	"github.com/lanehash/lanehash/ssz/consensus/phase0"
)

// chainLength is the number of dependent steps of a single instance's
// program: the height of its root above the leaves, counting a pair of
// a field rooted inside the program (a pubkey, a checkpoint) as a step.
func chainLength(p *graph.Program) int {
	height := make([]int, p.Nodes)
	for _, op := range p.Ops {
		height[op.Out] = max(height[op.Left], height[op.Right]) + 1
	}
	return height[p.Root]
}

// levelSizes is the number of pairs at each height of p (the ops a
// single instance's path sends in one Pairs call, level by level), and
// p's ops level after level.
func levelSizes(p *graph.Program) ([]int, []lanes.Op) {
	height := make([]int, p.Nodes)
	var n []int
	for _, op := range p.Ops {
		h := max(height[op.Left], height[op.Right]) + 1
		height[op.Out] = h
		for len(n) < h {
			n = append(n, 0)
		}
		n[h-1]++
	}
	var ops []lanes.Op
	for h := 1; h <= len(n); h++ {
		for _, op := range p.Ops {
			if height[op.Out] == h {
				ops = append(ops, op)
			}
		}
	}
	return n, ops
}

// BenchmarkSmallFloor roots one small container with Root (one worker,
// automatic kernel) and, in the same iteration, runs its latency floor:
// as many dependent one-pair Pairs calls (each reads the digest the last
// one wrote) as the program's dependency chain is long, on the kernel
// the automatic kernel runs a single instance on. "x-floor" is Root's
// time over the floor's, both under the same machine load. The levels'
// floor ("levels-ns", "x-levels") is the program's Pairs calls alone:
// one call per level of that level's pairs, in place so that each reads
// the last one's digests, on the function the kernel
// names for that size (PairsFor), with no gathering, moves or entry
// cost. The throughput floor ("tput-ns", "x-tput") is the program's
// pairs hashed two at a time with nothing depending on anything (the
// kernel's two-stream rate): a root cannot cost less than the larger of
// the two floors. "single-ns" is the program in one Single call of that
// kernel, its ops level after level, over one chunk per node (on a
// kernel without a native Single entry, one Pairs call per op). ns/op
// is 64 roots and their floors.
func BenchmarkSmallFloor(b *testing.B) {
	r := phase0.RandomValidators(1, 3)[0]
	cp := phase0.Checkpoint{Epoch: 7, Root: phase0.Root{1, 2, 3}}
	data := phase0.AttestationData{Slot: 9, Index: 3, BeaconBlockRoot: phase0.Root{4}, Source: &cp, Target: &cp}
	hdr := phase0.BeaconBlockHeader{Slot: 11, ProposerIndex: 5, ParentRoot: phase0.Root{6}, StateRoot: phase0.Root{7}, BodyRoot: phase0.Root{8}}
	b.Run("type=Validator", func(b *testing.B) { benchSmallFloor(b, &r) })
	b.Run("type=BeaconBlockHeader", func(b *testing.B) { benchSmallFloor(b, &hdr) })
	b.Run("type=AttestationData", func(b *testing.B) { benchSmallFloor(b, &data) })
	b.Run("type=Checkpoint", func(b *testing.B) { benchSmallFloor(b, &cp) })
}

func benchSmallFloor[T any](b *testing.B, v *T) {
	p, err := PlanFor[T](WithWorkers(1))
	if err != nil {
		b.Fatal(err)
	}
	prog := programOf(b, p)
	if prog == nil {
		b.Fatal("not one program")
	}
	steps := chainLength(prog)
	auto, err := lanes.Select(lanes.SHA256, "")
	if err != nil {
		b.Fatal(err)
	}
	one := auto.ForInstances(1)
	var buf [64]byte
	sizes, byLevel := levelSizes(prog)
	flat, flatOps := make([]byte, 32*prog.Nodes), lanes.NewOps(byLevel)
	calls := make([]func(dst, src []byte), len(sizes))
	widest := 0
	for l, n := range sizes {
		calls[l] = one.PairsFor(n)
		widest = max(widest, n)
	}
	pairs := make([]byte, 64*widest)
	two, twoOut := make([]byte, 128), make([]byte, 64)
	pairs2 := one.PairsFor(2)
	var tRoot, tFloor, tLevels, tTput, tSingle time.Duration
	b.ReportAllocs()
	// Reps of each per clock reading: on a virtual machine without a
	// fast clock, reading it costs more than a small root.
	const reps = 64
	for b.Loop() {
		t0 := time.Now()
		for range reps {
			if _, err := p.Root(v); err != nil {
				b.Fatal(err)
			}
		}
		t1 := time.Now()
		for range reps * steps {
			one.Pairs(buf[:32], buf[:])
		}
		t2 := time.Now()
		for range reps {
			for l, n := range sizes {
				// In place: each level reads the digests the last one
				// wrote, a dependency chain as in Root.
				calls[l](pairs[:32*n], pairs[:64*n])
			}
		}
		t3 := time.Now()
		for range reps * len(prog.Ops) {
			pairs2(twoOut, two) // independent calls: the two-stream rate
		}
		t4 := time.Now()
		for range reps {
			one.Single(flat, flatOps)
		}
		// Each call hashed two pairs: half the time is the program's.
		tRoot, tFloor, tLevels, tTput = tRoot+t1.Sub(t0), tFloor+t2.Sub(t1), tLevels+t3.Sub(t2), tTput+t4.Sub(t3)/2
		tSingle += time.Since(t4)
	}
	runs := float64(b.N) * reps
	b.ReportMetric(float64(tRoot.Nanoseconds())/runs, "ns/root")
	b.ReportMetric(float64(tFloor.Nanoseconds())/runs, "floor-ns")
	b.ReportMetric(float64(tRoot)/float64(tFloor), "x-floor")
	b.ReportMetric(float64(tLevels.Nanoseconds())/runs, "levels-ns")
	b.ReportMetric(float64(tRoot)/float64(tLevels), "x-levels")
	b.ReportMetric(float64(tTput.Nanoseconds())/runs, "tput-ns")
	b.ReportMetric(float64(tSingle.Nanoseconds())/runs, "single-ns")
	b.ReportMetric(float64(tRoot)/float64(tTput), "x-tput")
	b.ReportMetric(float64(steps), "chain")
	b.ReportMetric(float64(len(prog.Ops)), "pairs")
}
