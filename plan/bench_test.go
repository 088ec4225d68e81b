package plan

import (
	"encoding/binary"
	"fmt"
	"testing"
	"time"

	"github.com/lanehash/lanehash/lanes"
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
// lockstep, then the list tree) with one and two workers.
func BenchmarkRegistry(b *testing.B) {
	for _, h := range hashes {
		for _, n := range benchCounts {
			for _, workers := range []int{1, 2} {
				b.Run(fmt.Sprintf("hash=%s/kernel=auto/n=%d/workers=%d", h, n, workers), func(b *testing.B) {
					p, err := PlanFor[phase0.Validator](WithHash(h), WithWorkers(workers))
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
}

// reportPlan adds per-validator, per-pair and lane-fill metrics.
func reportPlan(b *testing.B, s Stats, n int) {
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
				prog := programOf(b, p)
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

// BenchmarkRoot hashes one Validator with Root, and, as the baseline,
// pair by pair with the SHA-NI kernel's Pairs entry (pubkey, then the
// levels of 4, 2 and 1 pairs), the way a per-level library hashes one
// small container.
func BenchmarkRoot(b *testing.B) {
	b.Run("hash=sha256/pairwise-shanix2", func(b *testing.B) {
		k, err := lanes.Select(lanes.SHA256, "sha256/shanix2")
		if err != nil {
			b.Skip("no SHA-NI kernel on this CPU: ", err)
		}
		v := phase0.RandomValidators(1, 3)[0]
		var buf [8 * 32]byte
		var pub [64]byte
		for b.Loop() {
			clear(buf[:])
			copy(pub[:48], v.Pubkey[:])
			k.Pairs(buf[:32], pub[:])
			copy(buf[32:64], v.WithdrawalCredentials)
			binary.LittleEndian.PutUint64(buf[64:], uint64(v.EffectiveBalance))
			buf[96] = 0
			if v.Slashed {
				buf[96] = 1
			}
			binary.LittleEndian.PutUint64(buf[128:], uint64(v.ActivationEligibilityEpoch))
			binary.LittleEndian.PutUint64(buf[160:], uint64(v.ActivationEpoch))
			binary.LittleEndian.PutUint64(buf[192:], uint64(v.ExitEpoch))
			binary.LittleEndian.PutUint64(buf[224:], uint64(v.WithdrawableEpoch))
			k.Pairs(buf[:128], buf[:])
			k.Pairs(buf[:64], buf[:128])
			k.Pairs(buf[:32], buf[:64])
		}
		want, err := PlanFor[phase0.Validator]()
		if err != nil {
			b.Fatal(err)
		}
		if r, _ := want.Root(&v); r != [32]byte(buf[:32]) {
			b.Fatalf("pairwise root %x differs from the plan's %x", buf[:32], r)
		}
	})
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

// BenchmarkOverhead interleaves, in every iteration, RootAll over a
// registry and the bare Lockstep calls the same registry needs (one per
// group, on a hot arena), so machine noise hits both alike. It reports
// both per-pair times and their ratio: the cost of gathering, packing,
// unpacking and scheduling on top of the kernel (target ≤ 1.11).
func BenchmarkOverhead(b *testing.B) {
	for _, h := range hashes {
		for _, k := range benchKernels(b, h) {
			if k.Width() < 2 {
				continue
			}
			b.Run(fmt.Sprintf("hash=%s/kernel=%s/n=%d", h, kernelLabel(k), 16384), func(b *testing.B) {
				const n = 16384
				p, err := PlanFor[phase0.Validator](WithHash(h), WithKernel(k.Name()), WithWorkers(1))
				if err != nil {
					b.Fatal(err)
				}
				prog := programOf(b, p)
				arena := make([]byte, prog.Nodes*k.NodeSize())
				vals := phase0.RandomValidators(n, 1)
				dst := make([][32]byte, n)
				groups := (n + k.Width() - 1) / k.Width()
				var full, kernel time.Duration
				for b.Loop() {
					t0 := time.Now()
					if err := p.RootAll(dst, vals); err != nil {
						b.Fatal(err)
					}
					t1 := time.Now()
					for range groups {
						k.Lockstep(arena, prog.Ops)
					}
					t2 := time.Now()
					full += t1.Sub(t0)
					kernel += t2.Sub(t1)
				}
				pairs := float64(b.N) * float64(groups*k.Width()*len(prog.Ops))
				b.ReportMetric(float64(full.Nanoseconds())/pairs, "rootall-ns/pair")
				b.ReportMetric(float64(kernel.Nanoseconds())/pairs, "kernel-ns/pair")
				b.ReportMetric(float64(full)/float64(kernel), "ratio")
			})
		}
	}
}
