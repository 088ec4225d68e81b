//go:build amd64

package avx512floor

import (
	"fmt"
	"os"
	"runtime"
	"sort"
	"strconv"
	"testing"
	"time"
	"unsafe"

	"golang.org/x/sys/cpu"
)

// buffer returns a 64-byte aligned 2 KB buffer for the memory-operand
// streams.
func buffer() *byte {
	b := make([]byte, 2048+64)
	off := (64 - int(uintptr(unsafe.Pointer(&b[0]))%64)) % 64
	for i := range b {
		b[i] = byte(i*131 + 7)
	}
	return &b[off]
}

func requireAVX512(tb testing.TB) {
	tb.Helper()
	if !cpu.X86.HasAVX512F {
		tb.Skip("the streams are AVX-512F zmm code: this CPU has no AVX-512F")
	}
}

// TestStreamsRun runs every stream once, so that a generated stream that
// faults or never returns is caught by go test without FLOOR.
func TestStreamsRun(t *testing.T) {
	requireAVX512(t)
	buf := buffer()
	for _, v := range variants {
		v.f(3, buf)
	}
}

// TestFloor times every stream in short trials round-robin (robust to
// preemption on a shared machine) and prints, per stream, the minimum,
// 10th percentile and median ns per iteration, cycles per iteration at
// addChain's clock, and ops per cycle. FLOOR=1 enables it; FLOOR_N sets
// the trials (default 300).
func TestFloor(t *testing.T) {
	if os.Getenv("FLOOR") == "" {
		t.Skip("timing harness: set FLOOR=1")
	}
	requireAVX512(t)
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	trials := 300
	if s := os.Getenv("FLOOR_N"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 {
			t.Fatalf("FLOOR_N=%q: want a positive count", s)
		}
		trials = n
	}
	buf := buffer()
	iters := make([]uint64, len(variants))
	for i, v := range variants {
		n := uint64(256)
		for {
			t0 := time.Now()
			v.f(n, buf)
			if time.Since(t0) > 100*time.Microsecond {
				break
			}
			n *= 2
		}
		iters[i] = n
	}
	res := make([][]float64, len(variants))
	for r := 0; r < trials; r++ {
		for i, v := range variants {
			t0 := time.Now()
			v.f(iters[i], buf)
			res[i] = append(res[i], float64(time.Since(t0).Nanoseconds())/float64(iters[i]))
		}
	}
	var clk float64 // ns per cycle
	for i, v := range variants {
		sort.Float64s(res[i])
		if v.name == "addChain" {
			clk = res[i][0] / 100
		}
	}
	fmt.Printf("clock %.3f GHz (addChain minimum), %d trials\n", 1/clk, trials)
	fmt.Printf("%-12s %4s %9s %9s %9s %9s %8s\n", "stream", "ops", "min ns", "p10 ns", "med ns", "min cyc", "ops/cyc")
	for i, v := range variants {
		r := res[i]
		mn, p10, med := r[0], r[len(r)/10], r[len(r)/2]
		fmt.Printf("%-12s %4d %9.3f %9.3f %9.3f %9.2f %8.2f\n", v.name, v.ops, mn, p10, med, mn/clk, float64(v.ops)/(mn/clk))
	}
}

// BenchmarkStreams is the same streams through testing.B: ns/op is ns
// per iteration.
func BenchmarkStreams(b *testing.B) {
	requireAVX512(b)
	buf := buffer()
	for _, v := range variants {
		b.Run(v.name, func(b *testing.B) {
			v.f(uint64(b.N), buf)
		})
	}
}
