package cache

import (
	"reflect"
	"sync"
	"sync/atomic"

	"github.com/lanehash/lanehash/internal/elemplan"
	"github.com/lanehash/lanehash/lanes"
	"github.com/lanehash/lanehash/ssz"
)

// A tree hashes the values of many of its types through their plans
// (elemPlan, rooterOf), and compiling them is most of what a tree costs
// to build: about 1.5 ms for a fulu BeaconState's, on AMD EPYC Zen 5,
// against 1.4 ms for plan's root of a 16-validator state. A Tree keeps
// its plans for its life, but SparseOf builds a tree for one walk, so
// every proof of a small state paid the compilation again. The plans a
// finished walk used go back on a shelf per (type, kernel) for the next
// tree to take. A compiled plan keeps scratch space and is not safe for
// concurrent use, so a shelf hands each plan to one tree at a time
// (sync.Pool: the collector may drop what sits on it, and the next tree
// compiles again).

// planKey names a shelf: an SSZ type as a tree describes it (spec values
// applied; ssz.TypeFor returns one descriptor per type and spec) and the
// kernel its plans hash with.
type planKey struct {
	t *ssz.Type
	k *lanes.Kernel
}

// planShelf keeps the compiled plans of one type and kernel that no tree
// holds.
type planShelf struct {
	// none: no plan compiles for the type (the answer does not change
	// for a type and kernel), so trees do not try again.
	none atomic.Bool
	free sync.Pool // *elemRooter
}

// maxPlanShelves bounds the shelves: a program describing ever new types
// (reflect.StructOf, ever new spec values) empties the table when it is
// full rather than growing it; the plans on it are compiled again.
const maxPlanShelves = 512

var planShelves struct {
	sync.Mutex
	m map[planKey]*planShelf
}

// shelfOf returns the shelf of t's plans with kernel k.
func shelfOf(t *ssz.Type, k *lanes.Kernel) *planShelf {
	key := planKey{t, k}
	planShelves.Lock()
	defer planShelves.Unlock()
	if sh := planShelves.m[key]; sh != nil {
		return sh
	}
	if planShelves.m == nil || len(planShelves.m) >= maxPlanShelves {
		planShelves.m = map[planKey]*planShelf{}
	}
	sh := &planShelf{}
	planShelves.m[key] = sh
	return sh
}

// inlineShape names the shape of a one-chunk field type (inlineField):
// its Go type and its SSZ description, which together decide its plan.
// Every field of a container has a descriptor of its own, so a block's
// tree would compile a plan of phase0.Root for each of its eight Root
// fields; keyed by shape, it compiles one.
type inlineShape struct {
	g reflect.Type
	s string
}

// maxInlineShapes bounds the table of shapes, as maxPlanShelves bounds
// the shelves.
const maxInlineShapes = 512

var inlineShapes struct {
	sync.Mutex
	m map[inlineShape]*ssz.Type
}

// planType is the descriptor whose plan roots values of t: for a
// one-chunk field type, the first descriptor of its shape (the plans of
// equal shapes are one plan); for any other, t.
func planType(t *ssz.Type) *ssz.Type {
	if !inlineField(t) {
		return t
	}
	key := inlineShape{t.Go, t.String()}
	inlineShapes.Lock()
	defer inlineShapes.Unlock()
	if u := inlineShapes.m[key]; u != nil {
		return u
	}
	if inlineShapes.m == nil || len(inlineShapes.m) >= maxInlineShapes {
		inlineShapes.m = map[inlineShape]*ssz.Type{}
	}
	inlineShapes.m[key] = t
	return t
}

// planOf returns the tree's plan of t (for a pointer type, of the type it
// points to) hashing with the tree's kernel, taken once per tree: from
// its shelf, or compiled; nil when no plan compiles for t. Its layout is
// nil when the plan is not one program of leaves. The plan is the tree's
// until returnPlans.
func (c *ctx) planOf(t *ssz.Type) *elemRooter {
	t = planType(t)
	if r, ok := c.plans[t]; ok {
		return r
	}
	r := c.takePlan(t)
	if c.plans == nil {
		c.plans = map[*ssz.Type]*elemRooter{}
	}
	c.plans[t] = r
	return r
}

// takePlan takes a plan of t from its shelf, or compiles one.
func (c *ctx) takePlan(t *ssz.Type) *elemRooter {
	if elemplan.Compile == nil {
		return nil
	}
	sh := shelfOf(t, c.k)
	if sh.none.Load() {
		return nil
	}
	if r, _ := sh.free.Get().(*elemRooter); r != nil {
		return r
	}
	p, err := elemplan.Compile(plannedType(t), c.k)
	if err != nil {
		sh.none.Store(true)
		return nil
	}
	return &elemRooter{p: p, lay: p.Layout()}
}

// returnPlans puts every plan the tree took back on its shelf. Only a
// tree no one uses again returns its plans (SparseOf's, when its walk is
// done): a plan on a shelf may be another tree's the moment after.
func (c *ctx) returnPlans() {
	for t, r := range c.plans {
		if r != nil {
			shelfOf(t, c.k).free.Put(r)
		}
	}
	c.plans = nil
}
