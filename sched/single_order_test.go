package sched

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/lanehash/lanehash/internal/graph"
	"github.com/lanehash/lanehash/lanes"
)

// randomTree builds a program of random shape over n leaf chunks: a
// random Merkle depth, random pairs of earlier nodes, and zero padding,
// so that levels are of odd and even sizes and ops read leaves,
// constants and other ops.
func randomTree(rng *rand.Rand, n int) *graph.Program {
	b := graph.NewBuilder()
	refs := make([]graph.Ref, n)
	for i := range refs {
		refs[i] = b.Leaf(0, uintptr(rng.IntN(64)), 1+rng.IntN(32))
	}
	for len(refs) > 1 {
		i := rng.IntN(len(refs) - 1)
		var r graph.Ref
		if rng.IntN(3) == 0 {
			r = b.Merkle([]graph.Ref{refs[i]}, 1+rng.IntN(3))
		} else {
			r = b.Pair(refs[i], refs[i+1])
			refs = append(refs[:i+1], refs[i+2:]...)
		}
		refs[i] = r
	}
	p, err := b.Finish(refs[0])
	if err != nil {
		panic(err)
	}
	return p
}

// TestOrderSingle checks every order the single-instance path chooses
// from, on random trees: each is a permutation of the program's ops in
// which every op comes after the ops computing its inputs, so it
// computes the same nodes; orderSingle returns the one of least modeled
// time, and that time.
func TestOrderSingle(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 2))
	for trial := range 300 {
		p := randomTree(rng, 1+rng.IntN(40))
		if err := p.Validate(); err != nil {
			t.Fatal(err)
		}
		lv := levels(p)
		cands := map[string][]lanes.Op{
			"concatLevels":   concatLevels(lv),
			"joinLevels":     joinLevels(lv),
			"criticalFirst4": criticalFirst(p, 4),
			"criticalFirst3": criticalFirst(p, 3),
			"criticalFirst2": criticalFirst(p, 2),
		}
		chosen, cost := orderSingle(p)
		if len(p.Ops) > 0 && cost != stepsTime(p.Nodes, singleSteps(chosen), true) {
			t.Fatalf("trial %d: orderSingle reports %d, its order models %d", trial, cost, stepsTime(p.Nodes, singleSteps(chosen), true))
		}
		for name, ops := range cands {
			if err := validOrder(p, ops); err != nil {
				t.Fatalf("trial %d, %s: %v (program %v)", trial, name, err, p.Ops)
			}
			if c := stepsTime(p.Nodes, singleSteps(ops), true); c < cost {
				t.Fatalf("trial %d: chose an order of cost %d, %s costs %d", trial, cost, name, c)
			}
		}
		if err := validOrder(p, chosen); err != nil {
			t.Fatalf("trial %d, orderSingle: %v", trial, err)
		}
	}
}

// validOrder reports whether ops is p's ops, each once, each after the
// ops computing its inputs.
func validOrder(p *graph.Program, ops []lanes.Op) error {
	if len(ops) != len(p.Ops) {
		return fmt.Errorf("%d ops, program has %d", len(ops), len(p.Ops))
	}
	pending := make(map[lanes.Op]int)
	for _, op := range p.Ops {
		pending[op]++
	}
	ready := make([]bool, p.Nodes)
	for n := range ready {
		ready[n] = true
	}
	for _, op := range p.Ops {
		ready[op.Out] = false
	}
	for i, op := range ops {
		if pending[op] == 0 {
			return fmt.Errorf("op %d %v is not one of the program's, or repeated", i, op)
		}
		pending[op]--
		if !ready[op.Left] || !ready[op.Right] {
			return fmt.Errorf("op %d %v reads a node not computed yet", i, op)
		}
		ready[op.Out] = true
	}
	return nil
}

// TestStepsTime checks the step model: up to four independent ops are
// one step, a fifth starts the next, an op reading the step before
// starts a new step after that step's latency, a step reading nothing
// recent starts after the unit's issue interval, and the level-by-level
// steps keep a level's lone op out of the next level's pairs. A step
// of one or two ops reading a two-op step's outs, or of two reading a
// three-op step's, starts carrySooner sooner (Single takes them from
// the kernel's registers); other steps do not, and Pairs calls never
// do.
func TestStepsTime(t *testing.T) {
	a := lanes.Op{Left: 0, Right: 1, Out: 4}
	b := lanes.Op{Left: 2, Right: 3, Out: 5}
	c := lanes.Op{Left: 4, Right: 5, Out: 6}
	d := lanes.Op{Left: 0, Right: 2, Out: 7}
	e := lanes.Op{Left: 1, Right: 3, Out: 8}
	f := lanes.Op{Left: 1, Right: 2, Out: 9}
	cases := []struct {
		name   string
		steps  [][]lanes.Op
		want   int
		levels bool // Pairs calls: no step takes the last one's registers
	}{
		{"two independent ops", singleSteps([]lanes.Op{a, b}), latencyTwo, false},
		{"a pair and its parent", singleSteps([]lanes.Op{a, b, c}), latencyTwo + latencyOne - carrySooner, false},
		{"a pair and its parent reading them the other way round", singleSteps([]lanes.Op{a, b, {Left: 5, Right: 4, Out: 6}}), latencyTwo + latencyOne - carrySooner, false},
		{"a pair writing one chunk and a parent of it twice", singleSteps([]lanes.Op{a, {Left: 2, Right: 3, Out: 4}, {Left: 4, Right: 4, Out: 6}}), latencyTwo + latencyOne - carrySooner, false},
		{"a pair, then three ops reading it", singleSteps([]lanes.Op{a, b, {Left: 4, Right: 0, Out: 6}, {Left: 5, Right: 1, Out: 7}, {Left: 0, Right: 1, Out: 8}}), latencyTwo + latencyThree, false},
		{"three independent ops", singleSteps([]lanes.Op{a, b, d}), latencyThree, false},
		{"four independent ops", singleSteps([]lanes.Op{a, b, d, e}), latencyFour, false},
		{"five independent ops", singleSteps([]lanes.Op{a, b, d, e, f}), issueFour + latencyOne, false},
		{"three independent ops, then one reading the first", singleSteps([]lanes.Op{a, b, d, c}), latencyThree + latencyOne, false},
		{"three independent ops, then two reading them", singleSteps([]lanes.Op{a, b, d, c, {Left: 7, Right: 0, Out: 9}}), latencyThree + latencyTwo - carrySooner, false},
		{"a pair, then its parent beside an op of leaves", singleSteps([]lanes.Op{a, b, c, d}), 2*latencyTwo - carrySooner, false},
		{"a chain broken at the third op", singleSteps([]lanes.Op{a, d, {Left: 7, Right: 1, Out: 5}}), latencyTwo + latencyOne - carrySooner, false},
		{"a chain of three", singleSteps([]lanes.Op{a, {Left: 4, Right: 1, Out: 5}, {Left: 5, Right: 0, Out: 6}}), 3 * latencyOne, false},
		{"levels: a lone op stays alone", levelSteps([][]lanes.Op{{a}, {b}}), issueOne + latencyOne, true},
		{"levels: a pair and its parent", levelSteps([][]lanes.Op{{a, b}, {c}}), latencyTwo + latencyOne, true},
	}
	for _, c := range cases {
		if got := stepsTime(10, c.steps, !c.levels); got != c.want {
			t.Errorf("%s: %d, want %d", c.name, got, c.want)
		}
	}
	if n := len(singleSteps([]lanes.Op{a, b, c})); n != 2 {
		t.Errorf("Single forms %d steps of a pair and its parent, want 2", n)
	}
	if n := len(singleSteps([]lanes.Op{a, b, d, e, f})); n != 2 {
		t.Errorf("Single forms %d steps of five independent ops, want 2 (four and one)", n)
	}
}

// TestOrderSingleLargeProgram checks that a program of more than
// maxSearchOps ops is ordered by its levels only (list scheduling
// scans every op per op placed, so a 30,000-op program took seconds to
// plan), and that the order is still a valid one of least modeled time
// among the level orders.
func TestOrderSingleLargeProgram(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 1))
	p := randomTree(rng, 3*maxSearchOps)
	if len(p.Ops) <= maxSearchOps {
		t.Fatalf("random tree of %d ops, want more than %d", len(p.Ops), maxSearchOps)
	}
	chosen, cost := orderSingle(p)
	if err := validOrder(p, chosen); err != nil {
		t.Fatal(err)
	}
	lv := levels(p)
	levelOrders := [][]lanes.Op{concatLevels(lv), joinLevels(lv)}
	best := -1
	for i, ops := range levelOrders {
		if c := stepsTime(p.Nodes, singleSteps(ops), true); best < 0 || c < stepsTime(p.Nodes, singleSteps(levelOrders[best]), true) {
			best = i
		}
	}
	if want := stepsTime(p.Nodes, singleSteps(levelOrders[best]), true); cost != want {
		t.Fatalf("cost %d, best level order costs %d", cost, want)
	}
	for i, op := range chosen {
		if op != levelOrders[best][i] {
			t.Fatalf("op %d is %v, the best level order has %v: a searched order was used", i, op, levelOrders[best][i])
		}
	}
}
