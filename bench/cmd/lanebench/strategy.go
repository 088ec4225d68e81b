package main

import (
	"fmt"

	"github.com/lanehash/lanehash/internal/graph"
	"github.com/lanehash/lanehash/sched"
)

// The three ways of hashing many small containers that lanebench
// compares. All three run the plan graph of the same plan (through
// package sched, with its source resolution and gathers) over the same
// instances, so they differ only in how pairs are batched for the
// kernel.
const (
	// strategyOneAtATime hashes each container by itself, one tree level
	// at a time: what SSZ libraries do.
	strategyOneAtATime = "one-at-a-time"
	// strategyPerLevel hashes one tree level of many containers in one
	// Pairs call.
	strategyPerLevel = "per-level"
	// strategyLockstep is lanehash's plan: one instance per SIMD lane.
	strategyLockstep = "lockstep"
)

// schedStrategy returns the executor strategy of a strategy name.
func schedStrategy(name string) (sched.Strategy, error) {
	for _, s := range []sched.Strategy{sched.Lockstep, sched.OneAtATime, sched.PerLevel} {
		if s.String() == name {
			return s, nil
		}
	}
	return 0, fmt.Errorf("unknown strategy %q", name)
}

// programGraph returns the plan graph g if it is one fixed-shape
// program, the only shape whose strategies lanebench compares.
func programGraph(g graph.Node) (*graph.ProgramNode, error) {
	pn, ok := g.(*graph.ProgramNode)
	if !ok {
		return nil, fmt.Errorf("no static program: only containers compare strategies")
	}
	if len(pn.Fields) > 0 {
		return nil, fmt.Errorf("program has variable-size parts; only fixed-size types compare strategies")
	}
	return pn, nil
}
