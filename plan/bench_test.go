package plan

import (
	"fmt"
	"testing"
	"time"

	"github.com/lanehash/lanehash/lanes"
	"github.com/lanehash/lanehash/sched"
	"github.com/lanehash/lanehash/ssz/consensus/phase0"
)

// benchKernels returns the automatic kernel and every lane kernel of h
// this CPU runs.
func benchKernels(b *testing.B, h lanes.Hash) []*lanes.Kernel {
	var ks []*lanes.Kernel
	for _, info := range lanes.Kernels() {
		if info.Hash != h || !info.Available {
			continue
		}
		k, err := lanes.Select(h, info.Name)
		if err != nil {
			b.Fatal(err)
		}
		ks = append(ks, k)
	}
	return ks
}

// kernelLabel is a kernel's name without the hash prefix.
func kernelLabel(k *lanes.Kernel) string {
	name := k.Name()
	for i := 0; i < len(name); i++ {
		if name[i] == '/' {
			return name[i+1:]
		}
	}
	return name
}

var benchCounts = []int{1000, 100_000}

// BenchmarkRootAll hashes a registry of random phase0 validators into a
// caller's dst (one worker), reporting ns per validator, ns per pair
// hashed and the lane fill.
func BenchmarkRootAll(b *testing.B) {
	for _, h := range hashes {
		for _, k := range benchKernels(b, h) {
			for _, n := range benchCounts {
				b.Run(fmt.Sprintf("hash=%s/kernel=%s/n=%d", h, kernelLabel(k), n), func(b *testing.B) {
					p, err := PlanFor[phase0.Validator](WithHash(h), WithKernel(k.Name()), WithWorkers(1))
					if err != nil {
						b.Fatal(err)
					}
					vals := phase0.RandomValidators(n, 1)
					dst := make([][32]byte, n)
					b.ReportAllocs()
					p.ResetStats()
					b.ResetTimer()
					for b.Loop() {
						if err := p.RootAll(dst, vals); err != nil {
							b.Fatal(err)
						}
					}
					reportPlan(b, p.Stats(), n)
				})
			}
		}
	}
}

// BenchmarkRegistry hashes List[Validator, 2^40] (the element roots in
// lockstep, then the list tree), one worker.
func BenchmarkRegistry(b *testing.B) {
	for _, h := range hashes {
		for _, n := range benchCounts {
			b.Run(fmt.Sprintf("hash=%s/kernel=auto/n=%d", h, n), func(b *testing.B) {
				p, err := PlanFor[phase0.Validator](WithHash(h), WithWorkers(1))
				if err != nil {
					b.Fatal(err)
				}
				vals := phase0.RandomValidators(n, 1)
				b.ReportAllocs()
				p.ResetStats()
				b.ResetTimer()
				for b.Loop() {
					if _, err := p.ListRoot(vals, 1<<40); err != nil {
						b.Fatal(err)
					}
				}
				reportPlan(b, p.Stats(), n)
			})
		}
	}
}

// reportPlan adds per-validator, per-pair and lane-fill metrics.
func reportPlan(b *testing.B, s sched.Snapshot, n int) {
	elapsed := float64(b.Elapsed().Nanoseconds())
	runs := float64(b.N)
	b.ReportMetric(elapsed/runs/float64(n), "ns/validator")
	if pairs := s.Pairs(); pairs > 0 {
		b.ReportMetric(elapsed/float64(pairs), "ns/pair")
	}
	b.ReportMetric(s.LaneFill(), "lanefill")
}

// BenchmarkLockstepKernel runs only the kernel's Lockstep over the
// Validator program's ops (no gathering, packing or unpacking): the
// kernel's own ns/pair, the floor RootAll is measured against.
func BenchmarkLockstepKernel(b *testing.B) {
	for _, h := range hashes {
		for _, k := range benchKernels(b, h) {
			b.Run(fmt.Sprintf("hash=%s/kernel=%s", h, kernelLabel(k)), func(b *testing.B) {
				p, err := PlanFor[phase0.Validator](WithHash(h), WithKernel(k.Name()))
				if err != nil {
					b.Fatal(err)
				}
				prog := p.root.(*programRooter).runner.Program()
				arena := make([]byte, prog.Nodes*k.NodeSize())
				for i := range arena {
					arena[i] = byte(i * 7)
				}
				start := time.Now()
				for b.Loop() {
					k.Lockstep(arena, prog.Ops)
				}
				pairs := float64(b.N) * float64(len(prog.Ops)*k.Width())
				b.ReportMetric(float64(time.Since(start).Nanoseconds())/pairs, "ns/pair")
			})
		}
	}
}

// BenchmarkRoot hashes one Validator.
func BenchmarkRoot(b *testing.B) {
	for _, h := range hashes {
		b.Run(fmt.Sprintf("hash=%s/kernel=auto", h), func(b *testing.B) {
			p, err := PlanFor[phase0.Validator](WithHash(h))
			if err != nil {
				b.Fatal(err)
			}
			v := phase0.RandomValidators(1, 3)[0]
			b.ReportAllocs()
			for b.Loop() {
				if _, err := p.Root(&v); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
