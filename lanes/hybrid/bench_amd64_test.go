//go:build !purego

package hybrid_test

import (
	"runtime"
	"testing"

	"github.com/lanehash/lanehash/internal/cputime"
	"github.com/lanehash/lanehash/lanes/avx512"
	"github.com/lanehash/lanehash/lanes/hybrid"
	"github.com/lanehash/lanehash/lanes/lanestest"
	"github.com/lanehash/lanehash/lanes/shani"
)

// The kernel beside the two it would have to beat, avx512x16 (full-width
// AVX-512, Zen 5) and shanix4 (Zen 4, where four SHA-NI streams win), in
// one run for benchstat: Pairs at a pair count the widths divide (240 =
// 12·20 = 15·16, also 10·24 and 20·12 for other mixes; 65520 likewise)
// and Lockstep on the Validator op list calibration times. cpu-ns/pair is the benchmark
// thread's CPU time, which other processes on a loaded machine do not
// inflate.

type benchFuncs struct {
	name     string
	width    int
	pairs    func(dst, src []byte)
	lockstep func(arena []byte, ops []uint32)
}

func benchTargets(b *testing.B) []benchFuncs {
	if m := hybrid.Missing(); m != "" {
		b.Skip("CPU or OS lacks " + m)
	}
	return []benchFuncs{
		{"hybrid", hybrid.SHA256Lanes, hybrid.SHA256Pairs, hybrid.SHA256Lockstep},
		{"avx512x16", avx512.SHA256Lanes, avx512.SHA256Pairs, avx512.SHA256Lockstep},
		{"shanix4", shani.SHA256LanesX4, shani.SHA256PairsX4, shani.SHA256LockstepX4},
	}
}

func perPair(b *testing.B, pairs int, cpu0 int64) {
	if end, ok := cputime.Thread(); ok {
		b.ReportMetric(float64(end-cpu0)/float64(b.N)/float64(pairs), "cpu-ns/pair")
	}
}

func startCPU(b *testing.B) int64 {
	runtime.LockOSThread()
	b.Cleanup(runtime.UnlockOSThread)
	t, _ := cputime.Thread()
	return t
}

func BenchmarkPairs(b *testing.B) {
	for _, k := range benchTargets(b) {
		for _, n := range []int{240, 65520} {
			b.Run("kernel="+k.name+"/pairs="+itoa(n), func(b *testing.B) {
				src := make([]byte, 64*n)
				for i := range src {
					src[i] = byte(i)
				}
				dst := make([]byte, 32*n)
				cpu := startCPU(b)
				for b.Loop() {
					k.pairs(dst, src)
				}
				perPair(b, n, cpu)
			})
		}
	}
}

func BenchmarkLockstep(b *testing.B) {
	var ops []uint32
	for _, op := range lanestest.ValidatorOps() {
		ops = append(ops, op.Left, op.Right, op.Out)
	}
	for _, k := range benchTargets(b) {
		b.Run("kernel="+k.name, func(b *testing.B) {
			arena := make([]byte, 17*32*k.width)
			for i := range arena {
				arena[i] = byte(i)
			}
			cpu := startCPU(b)
			for b.Loop() {
				k.lockstep(arena, ops)
			}
			perPair(b, len(ops)/3*k.width, cpu)
		})
	}
}

func itoa(n int) string {
	s := ""
	for ; n > 0; n /= 10 {
		s = string(rune('0'+n%10)) + s
	}
	return s
}

// BenchmarkPackUnpack packs 9 leaf nodes and unpacks one, what a
// Lockstep block of the Validator program adds around the kernel, per
// instance (cpu-ns/pair here: per instance).
func BenchmarkPackUnpack(b *testing.B) {
	for _, k := range []struct {
		name   string
		width  int
		pack   func(dst, src []byte)
		unpack func(dst, src []byte)
	}{
		{"hybrid", hybrid.SHA256Lanes, hybrid.SHA256Pack, hybrid.SHA256Unpack},
		{"avx512x16", avx512.SHA256Lanes, avx512.SHA256Pack, avx512.SHA256Unpack},
	} {
		b.Run("kernel="+k.name, func(b *testing.B) {
			if m := hybrid.Missing(); m != "" {
				b.Skip("CPU or OS lacks " + m)
			}
			leaves := make([]byte, 9*32*k.width)
			arena := make([]byte, 9*32*k.width)
			out := make([]byte, 32*k.width)
			cpu := startCPU(b)
			for b.Loop() {
				k.pack(arena, leaves)
				k.unpack(out, arena[:32*k.width])
			}
			perPair(b, k.width, cpu)
		})
	}
}
