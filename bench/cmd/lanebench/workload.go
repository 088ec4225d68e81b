package main

import (
	"encoding/hex"
	"fmt"
	"reflect"

	"github.com/lanehash/lanehash/internal/plangraph"
	"github.com/lanehash/lanehash/lanes"
	"github.com/lanehash/lanehash/plan"
	"github.com/lanehash/lanehash/sched"
)

// pass is one timed pass over a workload's objects.
type pass func() (outcome, error)

// outcome is what a pass computed and counted.
type outcome struct {
	root     [32]byte
	pairs    uint64
	laneFill float64
}

// workload is a set of objects to hash and the strategies that apply.
type workload interface {
	name() string
	// unit is what one object is, for "ns per …": a validator of a
	// registry or state, a small container, an element of a wide tree.
	unit() string
	objects() int
	strategies() []string
	// prepare builds what a pass needs (plans, buffers) outside the timing.
	prepare(strategy string, h lanes.Hash, kernel string, workers int) (pass, error)
}

// containers is a workload of n fixed-size containers of type T: either
// their n roots (the first is reported), or, when limit is not 0, the
// root of the List[T, limit] holding them.
type containers[T any] struct {
	label    string
	unitName string // "validator" where empty
	items    []T
	limit    uint64
}

func (c *containers[T]) name() string { return c.label }
func (c *containers[T]) unit() string {
	if c.unitName == "" {
		return "validator"
	}
	return c.unitName
}
func (c *containers[T]) objects() int { return len(c.items) }
func (c *containers[T]) strategies() []string {
	return []string{strategyOneAtATime, strategyPerLevel, strategyLockstep}
}

func (c *containers[T]) prepare(strategy string, h lanes.Hash, kernel string, workers int) (pass, error) {
	p, err := plan.PlanFor[T](plan.WithHash(h), plan.WithKernel(kernel), plan.WithWorkers(workers))
	if err != nil {
		return nil, err
	}
	if strategy == strategyLockstep {
		dst := make([][32]byte, len(c.items))
		return func() (outcome, error) {
			p.ResetStats()
			var o outcome
			var err error
			if c.limit != 0 {
				o.root, err = p.ListRoot(c.items, c.limit)
			} else {
				err = p.RootAll(dst, c.items)
				o.root = dst[0]
			}
			s := p.Stats()
			o.pairs, o.laneFill = s.Pairs(), s.LaneFill()
			return o, err
		}, nil
	}
	strat, err := schedStrategy(strategy)
	if err != nil {
		return nil, err
	}
	k, err := lanes.Select(h, kernel)
	if err != nil {
		return nil, err
	}
	g, err := programGraph(plangraph.Of(p))
	if err != nil {
		return nil, err
	}
	var stats sched.Stats
	prep, err := sched.NewExec(k, &stats).PrepareStrategy(g, reflect.TypeFor[T](), strat)
	if err != nil {
		return nil, err
	}
	dst := make([][32]byte, len(c.items))
	return func() (outcome, error) {
		stats.Reset()
		var o outcome
		var err error
		if c.limit != 0 {
			o.root, err = prep.ListRoot(sched.SliceOf(c.items), c.limit, false, workers)
		} else {
			err = prep.Run(dst, sched.SliceOf(c.items), workers)
			o.root = dst[0]
		}
		s := stats.Snapshot()
		o.pairs = s.LockstepPairs + s.TreePairs
		return o, err
	}, nil
}

// single is a workload of one object hashed as a whole by its plan (a
// beacon state): only the lockstep strategy applies.
type single[T any] struct {
	label string
	value *T
	count int // objects it stands for (validators), for ns per object
}

func (s *single[T]) name() string         { return s.label }
func (s *single[T]) unit() string         { return "validator" }
func (s *single[T]) objects() int         { return s.count }
func (s *single[T]) strategies() []string { return []string{strategyLockstep} }

// subject is the value hashed, for checks against the reference.
func (s *single[T]) subject() any { return s.value }

func (s *single[T]) prepare(_ string, h lanes.Hash, kernel string, workers int) (pass, error) {
	p, err := plan.PlanFor[T](plan.WithHash(h), plan.WithKernel(kernel), plan.WithWorkers(workers))
	if err != nil {
		return nil, err
	}
	return func() (outcome, error) {
		p.ResetStats()
		root, err := p.Root(s.value)
		st := p.Stats()
		return outcome{root: root, pairs: st.Pairs(), laneFill: st.LaneFill()}, err
	}, nil
}

func hexRoot(r [32]byte) string { return "0x" + hex.EncodeToString(r[:]) }

func errorf(w workload, strategy, kernel string, workers int, err error) error {
	return fmt.Errorf("%s, %s, %s, %d workers: %w", w.name(), strategy, kernel, workers, err)
}
