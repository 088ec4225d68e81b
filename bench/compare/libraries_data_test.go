package compare

import (
	"flag"
	"runtime"
	"strconv"
	"sync"
	"testing"

	"github.com/lanehash/lanehash/ssz/consensus/phase0"
)

// full adds the N = 1,000,000 sizes, which take long to set up and to run;
// the lead's final comparison passes it, everyday runs do not.
var full = flag.Bool("full", false, "also run the N = 1,000,000 registry and state benchmarks")

// benchSeed makes every benchmark hash the same deterministic data.
const benchSeed = 2026

// benchSizes returns the registry sizes to measure.
func benchSizes() []int {
	if *full {
		return []int{10_000, 100_000, 1_000_000}
	}
	return []int{10_000, 100_000}
}

// sizeName writes 10000 as 10k and 1000000 as 1M, for benchmark names.
func sizeName(n int) string {
	switch {
	case n >= 1_000_000 && n%1_000_000 == 0:
		return strconv.Itoa(n/1_000_000) + "M"
	case n >= 1_000 && n%1_000 == 0:
		return strconv.Itoa(n/1_000) + "k"
	}
	return strconv.Itoa(n)
}

var validatorCache sync.Map // int → []phase0.Validator

// benchValidators returns the n deterministic random validators, made once
// per size and shared by every library's benchmark (each converts them to
// its own types once, outside the timing).
func benchValidators(n int) []phase0.Validator {
	if v, ok := validatorCache.Load(n); ok {
		return v.([]phase0.Validator)
	}
	v := phase0.RandomValidators(n, benchSeed)
	validatorCache.Store(n, v)
	return v
}

// withProcs runs the rest of a benchmark with GOMAXPROCS = procs: one core
// for single-threaded libraries, so that no library's garbage collector or
// helper goroutines get a second core the others do not get.
func withProcs(tb testing.TB, procs int) {
	old := runtime.GOMAXPROCS(procs)
	tb.Cleanup(func() { runtime.GOMAXPROCS(old) })
}

// reportPer reports wall time and process CPU time per unit (validator,
// object) under the names ns/<unit> and cpu-ns/<unit>. The machine is
// shared, so wall time includes waiting for a core; CPU time does not
// (for a multi-worker run it is the sum over all cores, so compare its
// wall time, and its CPU time only for overhead).
func reportPer(b *testing.B, cpu0 int64, units int, unit string) {
	per := float64(b.N) * float64(units)
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/per, "ns/"+unit)
	if cpu1 := processCPUTime(); cpu0 > 0 && cpu1 > 0 {
		b.ReportMetric(float64(cpu1-cpu0)/per, "cpu-ns/"+unit)
	}
}
