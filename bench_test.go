package lanehash_test

import (
	"runtime"
	"testing"

	"github.com/lanehash/lanehash"
	"github.com/lanehash/lanehash/internal/cputime"
	"github.com/lanehash/lanehash/plan"
	"github.com/lanehash/lanehash/ssz/consensus/fulu"
	"github.com/lanehash/lanehash/ssz/consensus/phase0"
)

// sideBySide measures a held Plan.Root and lanehash.HashTreeRoot of the
// same value, as sub-benchmarks of one benchmark so that one run (and
// -count) interleaves them.
func sideBySide[T any](b *testing.B, v *T) {
	p, err := plan.PlanFor[T]()
	if err != nil {
		b.Fatal(err)
	}
	want, err := p.Root(v)
	if err != nil {
		b.Fatal(err)
	}
	if got, err := lanehash.HashTreeRoot(v); err != nil || got != want {
		b.Fatalf("HashTreeRoot %x, %v; Plan.Root %x", got, err, want)
	}
	b.Run("plan.Root", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			_, _ = p.Root(v)
		}
	})
	b.Run("lanehash.HashTreeRoot", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			_, _ = lanehash.HashTreeRoot(v)
		}
	})
}

// BenchmarkHashTreeRoot compares lanehash.HashTreeRoot, after its first
// call, with a held plan's Root of the same value.
func BenchmarkHashTreeRoot(b *testing.B) {
	b.Run("Validator", func(b *testing.B) {
		sideBySide(b, &phase0.Validator{EffectiveBalance: 32e9, ExitEpoch: 1 << 60, Pubkey: phase0.BLSPubKey{1}})
	})
	b.Run("BeaconBlockHeader", func(b *testing.B) {
		sideBySide(b, &phase0.BeaconBlockHeader{Slot: 12345, ProposerIndex: 7, ParentRoot: phase0.Root{1}})
	})
	b.Run("BeaconState/fulu/65536", func(b *testing.B) {
		sideBySide(b, fulu.SyntheticBeaconState(1<<16, 1))
	})
}

// cpuRatio measures a held Plan.Root and lanehash.HashTreeRoot of the
// same value in CPU time of the benchmark's thread, alternating chunks
// of calls, and reports each side's CPU ns per call and their ratio. On
// a shared machine, time descheduled counts for neither side, and the
// alternation gives both the same share of cache and frequency
// disturbance. GOMAXPROCS is 1 for the run, so that a state's root stays
// on the measured thread (both sides compute with the plan's default
// workers, GOMAXPROCS).
func cpuRatio[T any](b *testing.B, v *T, chunk int) {
	if _, ok := cputime.Thread(); !ok {
		b.Skip("this OS has no per-thread CPU clock (cputime.Thread)")
	}
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	p, err := plan.PlanFor[T]()
	if err != nil {
		b.Fatal(err)
	}
	want, err := p.Root(v)
	if err != nil {
		b.Fatal(err)
	}
	if got, err := lanehash.HashTreeRoot(v); err != nil || got != want {
		b.Fatalf("HashTreeRoot %x, %v; Plan.Root %x", got, err, want)
	}
	var tp, tl int64
	for b.Loop() {
		t0, _ := cputime.Thread()
		for range chunk {
			_, _ = p.Root(v)
		}
		t1, _ := cputime.Thread()
		for range chunk {
			_, _ = lanehash.HashTreeRoot(v)
		}
		t2, _ := cputime.Thread()
		tp, tl = tp+t1-t0, tl+t2-t1
	}
	n := float64(b.N * chunk)
	b.ReportMetric(float64(tp)/n, "plan-cpu-ns/call")
	b.ReportMetric(float64(tl)/n, "lanehash-cpu-ns/call")
	b.ReportMetric(float64(tl)/float64(tp), "ratio")
	b.ReportMetric(0, "ns/op") // the wall time covers both sides: not a figure of either
}

// BenchmarkCPURatio is the ≤ 1.1× bar of lanehash.HashTreeRoot against a
// held plan, in CPU time (see cpuRatio).
func BenchmarkCPURatio(b *testing.B) {
	b.Run("Validator", func(b *testing.B) {
		cpuRatio(b, &phase0.Validator{EffectiveBalance: 32e9, ExitEpoch: 1 << 60, Pubkey: phase0.BLSPubKey{1}}, 256)
	})
	b.Run("BeaconBlockHeader", func(b *testing.B) {
		cpuRatio(b, &phase0.BeaconBlockHeader{Slot: 12345, ProposerIndex: 7, ParentRoot: phase0.Root{1}}, 256)
	})
	b.Run("BeaconState/fulu/65536", func(b *testing.B) {
		cpuRatio(b, fulu.SyntheticBeaconState(1<<16, 1), 1)
	})
}
