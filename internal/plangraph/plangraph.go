// Package plangraph lets the module's research tools (lanebench, the
// plan benchmarks) reach the plan graph a *plan.Plan runs, without
// making the executor's types part of package plan's public API.
package plangraph

import (
	"github.com/lanehash/lanehash/internal/graph"
)

// Of returns the root of the plan graph of p, a *plan.Plan[T], or nil
// for anything else. Package plan sets it when it is initialized.
var Of func(p any) graph.Node
