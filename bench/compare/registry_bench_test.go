package compare

import (
	"testing"

	fastssz "github.com/ferranbt/fastssz"
	"github.com/karalabe/ssz"
	"github.com/lanehash/lanehash/plan"
	"github.com/lanehash/lanehash/ssz/consensus/phase0"
)

// registryLib is one way of computing hash_tree_root(List[Validator, 2^40]).
// setup converts the validators into the library's types (untimed) and
// returns the timed call.
type registryLib struct {
	name  string
	procs int // GOMAXPROCS while it runs
	setup func(tb testing.TB, vals []phase0.Validator) func() ([32]byte, error)
	// stats, when set, returns the counters of the plan setup built last
	// (lanehash only), for the lane-fill and pairs metrics.
	stats func() plan.Stats
	reset func()
}

// registryLibs lists the libraries compared on registries; architecture
// specific ones append themselves (libraries_perlevel_test.go).
var registryLibs = []registryLib{
	lanehashRegistryLib("lanehash", 1),
	lanehashRegistryLib("lanehash-2workers", 2),
	{name: "dynamic-ssz", procs: 1, setup: setupDynsszRegistry},
	{name: "fastssz", procs: 1, setup: setupFastsszRegistry(NewFastsszHasher)},
	{name: "fastssz-gohashtree", procs: 1, setup: setupFastsszRegistry(NewGohashtreeHasher)},
	{name: "karalabe-ssz", procs: 1, setup: setupKaralabeRegistry},
}

// lanehashRegistryLib hashes with a plan of the automatic kernel and the
// given workers (and as many cores).
func lanehashRegistryLib(name string, workers int) registryLib {
	var p *plan.Plan[phase0.Validator]
	return registryLib{
		name:  name,
		procs: workers,
		setup: func(tb testing.TB, vals []phase0.Validator) func() ([32]byte, error) {
			var err error
			if p, err = plan.PlanFor[phase0.Validator](plan.WithWorkers(workers)); err != nil {
				tb.Fatal(err)
			}
			return func() ([32]byte, error) { return p.ListRoot(vals, registryLimit) }
		},
		stats: func() plan.Stats { return p.Stats() },
		reset: func() { p.ResetStats() },
	}
}

func setupDynsszRegistry(_ testing.TB, vals []phase0.Validator) func() ([32]byte, error) {
	ev := Eth2Validators(vals)
	return func() ([32]byte, error) { return DynsszRegistryRoot(ev) }
}

func setupFastsszRegistry(newHasher func() *fastssz.Hasher) func(testing.TB, []phase0.Validator) func() ([32]byte, error) {
	return func(_ testing.TB, vals []phase0.Validator) func() ([32]byte, error) {
		hh := newHasher()
		fv := FastsszValidators(vals)
		return func() ([32]byte, error) { return FastsszRegistryRoot(hh, fv) }
	}
}

func setupKaralabeRegistry(_ testing.TB, vals []phase0.Validator) func() ([32]byte, error) {
	reg := NewKaralabeRegistry(vals)
	return func() ([32]byte, error) { return ssz.HashSequential(reg), nil }
}

// BenchmarkRegistry times hash_tree_root of a registry of N random phase0
// validators per library and reports ns/validator. Each library's root is
// checked against lanehash's before timing (roots_test.go checks both
// against the reference). Read with benchstat -col /lib.
func BenchmarkRegistry(b *testing.B) {
	for _, lib := range registryLibs {
		b.Run("lib="+lib.name, func(b *testing.B) {
			for _, n := range benchSizes() {
				b.Run("n="+sizeName(n), func(b *testing.B) {
					vals := benchValidators(n)
					want := lanehashRegistryRoot(b, vals)
					run := lib.setup(b, vals)
					withProcs(b, lib.procs)
					if got, err := run(); err != nil || got != want {
						b.Fatalf("root %x, %v; lanehash says %x", got, err, want)
					}
					if lib.reset != nil {
						lib.reset()
					}
					cpu0 := processCPUTime()
					for b.Loop() {
						if _, err := run(); err != nil {
							b.Fatal(err)
						}
					}
					reportPer(b, cpu0, n, "validator")
					if lib.stats != nil {
						st := lib.stats()
						b.ReportMetric(st.LaneFill(), "lanefill")
						b.ReportMetric(float64(st.Pairs())/float64(b.N)/float64(n), "pairs/validator")
					}
				})
			}
		})
	}
}

// lanehashRegistryRoot is the root every library's must equal in a benchmark.
func lanehashRegistryRoot(tb testing.TB, vals []phase0.Validator) [32]byte {
	tb.Helper()
	p, err := plan.PlanFor[phase0.Validator]()
	if err != nil {
		tb.Fatal(err)
	}
	root, err := p.ListRoot(vals, registryLimit)
	if err != nil {
		tb.Fatal(err)
	}
	return root
}
