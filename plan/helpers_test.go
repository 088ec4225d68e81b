package plan

import (
	"testing"

	"github.com/lanehash/lanehash/internal/graph"
	"github.com/lanehash/lanehash/lanes"
	"github.com/lanehash/lanehash/sched"
	"github.com/lanehash/lanehash/sched/schedtest"
	"github.com/lanehash/lanehash/ssz"
)

var hashes = []lanes.Hash{lanes.SHA256, lanes.Keccak256}

// testKernels returns, for hash h, every lanes kernel this CPU runs
// (each forced by name) plus reference kernels of widths 4 and 16, so
// the lockstep paths are checked at widths this machine may lack.
func testKernels(t testing.TB, h lanes.Hash) []sched.Kernel {
	t.Helper()
	var ks []sched.Kernel
	for _, info := range lanes.Kernels() {
		if info.Hash != h || !info.Available {
			continue
		}
		k, err := lanes.Select(h, info.Name)
		if err != nil {
			t.Fatal(err)
		}
		ks = append(ks, k)
	}
	return append(ks, schedtest.New(h, 4), schedtest.New(h, 16))
}

func kernelName(k sched.Kernel) string {
	return k.(interface{ Name() string }).Name()
}

// planOn builds the plan of T hashing with k.
func planOn[T any](t testing.TB, k sched.Kernel, opts ...Option) *Plan[T] {
	t.Helper()
	p, err := PlanFor[T](append(opts, withKernelImpl(k))...)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// programOf returns the lockstep program of p's plan graph, or nil
// when its root is not one program.
func programOf[T any](t testing.TB, p *Plan[T]) *graph.Program {
	t.Helper()
	if n, ok := p.graph.(*graph.ProgramNode); ok {
		return n.Program
	}
	return nil
}

// reference returns the reference root of v.
func reference(t testing.TB, v any, h lanes.Hash, opts ...ssz.Option) [32]byte {
	t.Helper()
	r, err := ssz.HashTreeRoot(v, h, opts...)
	if err != nil {
		t.Fatal(err)
	}
	return r
}
