package plan

import (
	"fmt"
	"strings"
	"testing"

	"github.com/lanehash/lanehash/internal/graph"
	"github.com/lanehash/lanehash/internal/plangraph"
	"github.com/lanehash/lanehash/ssz/consensus/phase0"
)

func TestValidatorProgramHashesEightPairs(t *testing.T) {
	p, err := PlanFor[phase0.Validator]()
	if err != nil {
		t.Fatal(err)
	}
	pn, ok := p.graph.(*graph.ProgramNode)
	if !ok {
		t.Fatalf("Validator compiled to %T, want one lockstep program", p.graph)
	}
	prog := pn.Program
	if len(prog.Ops) != 8 || prog.Leaves != 9 || len(pn.Fields) != 0 {
		t.Errorf("Validator program: %d ops, %d leaves, %d fields; want 8, 9, 0", len(prog.Ops), prog.Leaves, len(pn.Fields))
	}
}

func TestRootAllValidatorsMatchesReference(t *testing.T) {
	for _, h := range hashes {
		for _, k := range testKernels(t, h) {
			w := k.Width()
			counts := []int{0, 1, w - 1, w, w + 1, 2*w + 1, 255, 256, 257}
			p := planOn[phase0.Validator](t, k, WithWorkers(2))
			for _, n := range counts {
				t.Run(fmt.Sprintf("%s/n=%d", kernelName(k), n), func(t *testing.T) {
					vals := phase0.RandomValidators(n, uint64(n)+7)
					dst := make([][32]byte, n)
					if err := p.RootAll(dst, vals); err != nil {
						t.Fatal(err)
					}
					ptrs := make([]*phase0.Validator, n)
					for i := range vals {
						ptrs[i] = &vals[i]
					}
					dstPtr := make([][32]byte, n)
					if err := p.RootAllPtr(dstPtr, ptrs); err != nil {
						t.Fatal(err)
					}
					for i := range vals {
						want := reference(t, &vals[i], h)
						if dst[i] != want || dstPtr[i] != want {
							t.Fatalf("validator %d: RootAll %x, RootAllPtr %x, want %x", i, dst[i], dstPtr[i], want)
						}
					}
					if n > 0 {
						one, err := p.Root(&vals[n-1])
						if err != nil || one != dst[n-1] {
							t.Fatalf("Root = %x, %v; want %x", one, err, dst[n-1])
						}
					}
				})
			}
		}
	}
}

func TestProgramInspection(t *testing.T) {
	p, err := PlanFor[phase0.Validator]()
	if err != nil {
		t.Fatal(err)
	}
	if d := p.Describe(); !strings.HasPrefix(d, "program: 9 leaves, 0 consts, 8 ops, 2 sources") {
		t.Fatalf("Validator Describe() = %q, want the 8-op program", d)
	}
	if n, ok := plangraph.Of(p).(*graph.ProgramNode); !ok || len(n.Program.Ops) != 8 {
		t.Fatalf("plangraph.Of(Validator plan) = %#v, want the 8-op program", plangraph.Of(p))
	}
	u, err := PlanFor[uint64]()
	if err != nil {
		t.Fatal(err)
	}
	if d := u.Describe(); d != "chunk: 8 bytes at 0 (basic true)\n" {
		t.Fatalf("uint64 Describe() = %q, want a chunk (its root is its own bytes)", d)
	}
}
