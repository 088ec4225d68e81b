package plan

import (
	"fmt"
	"reflect"
	"runtime"
	"testing"

	"github.com/lanehash/lanehash/internal/cputime"
	"github.com/lanehash/lanehash/lanes"
	"github.com/lanehash/lanehash/sched"
	"github.com/lanehash/lanehash/ssz/consensus/phase0"
)

// noHashKernel is a lanes kernel whose Lockstep does nothing: running a
// program on it measures everything the executor does around the
// kernel (resolving, gathering, packing, unpacking, scheduling).
type noHashKernel struct{ *lanes.Kernel }

func (noHashKernel) Lockstep([]byte, []lanes.Op) {}

// LockstepOps does nothing too: *lanes.Kernel has it, and the runner
// prefers it to Lockstep, so without this the embedded kernel's would
// be promoted and the benchmark would hash after all.
func (noHashKernel) LockstepOps([]byte, lanes.Ops) {}

// BenchmarkExecutor runs the phase0 Validator program over a registry
// on a kernel whose Lockstep does nothing, reporting the executor's own
// cost per instance, which BenchmarkOverheadCPU sees as the excess over
// the kernel: with the registry in cache (n=256) and streamed from
// memory (n=16384). cpu-ns/instance is the benchmark thread's CPU time,
// the figure to compare on a shared machine.
func BenchmarkExecutor(b *testing.B) {
	for _, h := range hashes {
		for _, k := range benchKernels(b, h) {
			if k.Width() < 2 {
				continue
			}
			for _, n := range []int{256, 16384} {
				b.Run(fmt.Sprintf("hash=%s/kernel=%s/n=%d", h, kernelLabel(k), n), func(b *testing.B) {
					// Each sub-benchmark runs on its own goroutine: lock that one.
					runtime.LockOSThread()
					defer runtime.UnlockOSThread()
					p, err := PlanFor[phase0.Validator](WithHash(h), WithKernel(k.Name()), WithWorkers(1))
					if err != nil {
						b.Fatal(err)
					}
					r, err := sched.NewExec(noHashKernel{k}, nil).Prepare(p.graph, reflect.TypeFor[phase0.Validator]())
					if err != nil {
						b.Fatal(err)
					}
					vals := phase0.RandomValidators(n, 1)
					in := sched.SliceOf(vals)
					dst := make([][32]byte, n)
					b.ReportAllocs()
					// The thread clock is read around the whole loop, not
					// each call: a read is a system call, a few percent of
					// a call of 256 instances.
					t0, ok := cputime.Thread()
					for b.Loop() {
						if err := r.Run(dst, in, 1); err != nil {
							b.Fatal(err)
						}
					}
					t1, _ := cputime.Thread()
					b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/instance")
					if ok {
						b.ReportMetric(float64(t1-t0)/float64(b.N)/float64(n), "cpu-ns/instance")
					}
				})
			}
		}
	}
}
