package plan

import (
	"fmt"
	"runtime"
	"testing"

	"github.com/lanehash/lanehash/internal/cputime"
	"github.com/lanehash/lanehash/lanes"
	"github.com/lanehash/lanehash/ssz/consensus/phase0"
)

// BenchmarkOverheadCPU is BenchmarkOverhead measured in the benchmark
// thread's CPU time instead of wall-clock time, so that time the thread
// spends descheduled on a shared machine counts for neither side. It
// reports both per-pair CPU times and their ratio (target ≤ 1.10).
func BenchmarkOverheadCPU(b *testing.B) {
	if _, ok := cputime.Thread(); !ok {
		b.Skip("no per-thread CPU clock on this OS")
	}
	for _, h := range hashes {
		for _, k := range benchKernels(b, h) {
			if k.Width() < 2 {
				continue
			}
			b.Run(fmt.Sprintf("hash=%s/kernel=%s/n=%d", h, kernelLabel(k), 16384), func(b *testing.B) {
				// Each sub-benchmark runs on its own goroutine: lock that one.
				runtime.LockOSThread()
				defer runtime.UnlockOSThread()
				const n = 16384
				p, err := PlanFor[phase0.Validator](WithHash(h), WithKernel(k.Name()), WithWorkers(1))
				if err != nil {
					b.Fatal(err)
				}
				prog := programOf(b, p)
				// The bare kernel runs the program the way the executor
				// does: blocks of g groups, one Lockstep call per block
				// over the ops expanded across the groups, so the ratio
				// is what RootAll adds around the same kernel calls.
				g := max(1, 64/k.Width())
				ops := lanes.NewOps(lanes.ExpandOps(prog.Ops, g))
				arena := make([]byte, prog.Nodes*g*k.NodeSize())
				vals := phase0.RandomValidators(n, 1)
				dst := make([][32]byte, n)
				blocks := (n + g*k.Width() - 1) / (g * k.Width())
				groups := blocks * g
				var full, kernel int64
				for b.Loop() {
					t0, _ := cputime.Thread()
					if err := p.RootAll(dst, vals); err != nil {
						b.Fatal(err)
					}
					t1, _ := cputime.Thread()
					for range blocks {
						k.LockstepOps(arena, ops)
					}
					t2, _ := cputime.Thread()
					full += t1 - t0
					kernel += t2 - t1
				}
				pairs := float64(b.N) * float64(groups*k.Width()*len(prog.Ops))
				b.ReportMetric(float64(full)/pairs, "rootall-cpu-ns/pair")
				b.ReportMetric(float64(kernel)/pairs, "kernel-cpu-ns/pair")
				b.ReportMetric(float64(full)/float64(kernel), "ratio")
			})
		}
	}
}

// BenchmarkListOverheadCPU measures what the list tree adds to the
// element roots: ListRoot of List[Validator, 2^40] (or
// ProgressiveListRoot, the Gloas registry's) against RootAll of the
// same values into a caller's dst, alternating in one loop, in the
// benchmark thread's CPU time, one worker, the automatic kernel (force
// one with LANEHASH_KERNEL). The ideal ratio is 1 + one pair per
// validator over the program's eight.
func BenchmarkListOverheadCPU(b *testing.B) {
	if _, ok := cputime.Thread(); !ok {
		b.Skip("no per-thread CPU clock on this OS")
	}
	for _, c := range []struct {
		n    int
		list string
	}{{1 << 16, "list"}, {1 << 20, "list"}, {1 << 20, "progressive"}} {
		b.Run(fmt.Sprintf("%s/n=%d", c.list, c.n), func(b *testing.B) {
			n := c.n
			p, vals := threadValidators(b, n)
			dst := make([][32]byte, n)
			sideBySideCPU(b, n,
				timedPart{"listroot-cpu-ns/validator", func() error {
					var err error
					if c.list == "progressive" {
						_, err = p.ProgressiveListRoot(vals)
					} else {
						_, err = p.ListRoot(vals, 1<<40)
					}
					return err
				}},
				timedPart{"rootall-cpu-ns/validator", func() error { return p.RootAll(dst, vals) }})
		})
	}
}

// threadValidators sets up a benchmark of n validators in the thread's
// CPU time: it locks the benchmark to its thread (whose clock is the
// measurement) until the run ends, and returns a one-worker Validator
// plan and n random validators (seed 1).
func threadValidators(b *testing.B, n int) (*Plan[phase0.Validator], []phase0.Validator) {
	b.Helper()
	runtime.LockOSThread()
	b.Cleanup(runtime.UnlockOSThread)
	p, err := PlanFor[phase0.Validator](WithWorkers(1))
	if err != nil {
		b.Fatal(err)
	}
	return p, phase0.RandomValidators(n, 1)
}
