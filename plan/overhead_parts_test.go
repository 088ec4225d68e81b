package plan

import (
	"fmt"
	"reflect"
	"testing"

	"github.com/lanehash/lanehash/lanes"
	"github.com/lanehash/lanehash/sched"
	"github.com/lanehash/lanehash/ssz/consensus/phase0"
)

// noHashKernel is a lanes kernel whose Lockstep does nothing: running a
// program on it measures everything the executor does around the
// kernel (resolving, gathering, packing, unpacking, scheduling).
type noHashKernel struct{ *lanes.Kernel }

func (noHashKernel) Lockstep([]byte, []lanes.Op) {}

// BenchmarkExecutor runs the phase0 Validator program over a registry
// on a kernel whose Lockstep does nothing, reporting the executor's own
// cost per instance, which BenchmarkOverhead sees as the excess over
// the kernel: with the registry in cache (n=256) and streamed from
// memory (n=16384).
func BenchmarkExecutor(b *testing.B) {
	for _, h := range hashes {
		for _, k := range benchKernels(b, h) {
			if k.Width() < 2 {
				continue
			}
			for _, n := range []int{256, 16384} {
				b.Run(fmt.Sprintf("hash=%s/kernel=%s/n=%d", h, kernelLabel(k), n), func(b *testing.B) {
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
					for b.Loop() {
						if err := r.Run(dst, in, 1); err != nil {
							b.Fatal(err)
						}
					}
					b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/instance")
				})
			}
		}
	}
}
