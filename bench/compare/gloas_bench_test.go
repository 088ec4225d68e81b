package compare

import (
	"sync"
	"testing"

	"github.com/lanehash/lanehash/plan"
	"github.com/lanehash/lanehash/ssz/consensus/fulu"
	"github.com/lanehash/lanehash/ssz/consensus/gloas"
	"github.com/lanehash/lanehash/ssz/consensus/phase0"
)

// gloasRegistryLibs compare the Gloas registry (ProgressiveList[Validator])
// with the same validators as the fulu registry (List[Validator, 2^40]),
// one core each.
var gloasRegistryLibs = []registryLib{
	{name: "lanehash-progressive", procs: 1, setup: func(tb testing.TB, vals []phase0.Validator) func() ([32]byte, error) {
		p := validatorPlan(tb)
		return func() ([32]byte, error) { return p.ProgressiveListRoot(vals) }
	}},
	{name: "lanehash-list2^40", procs: 1, setup: func(tb testing.TB, vals []phase0.Validator) func() ([32]byte, error) {
		p := validatorPlan(tb)
		return func() ([32]byte, error) { return p.ListRoot(vals, registryLimit) }
	}},
	{name: "go-eth2-client-progressive", procs: 1, setup: func(_ testing.TB, vals []phase0.Validator) func() ([32]byte, error) {
		ev := Eth2Validators(vals)
		return func() ([32]byte, error) { return DynsszProgressiveRegistryRoot(ev) }
	}},
}

func validatorPlan(tb testing.TB) *plan.Plan[phase0.Validator] {
	p, err := plan.PlanFor[phase0.Validator](plan.WithWorkers(1))
	if err != nil {
		tb.Fatal(err)
	}
	return p
}

// BenchmarkGloasRegistry times the registry of N random validators as
// Gloas hashes it (a progressive list) and as fulu does (a list padded to
// 2^40), and go-eth2-client's generated progressive code; each root is
// checked before timing (the two lanehash forms against the reference
// in gloas_roots_test.go and roots_test.go). Read with benchstat -col /lib.
func BenchmarkGloasRegistry(b *testing.B) {
	for _, n := range benchSizes() {
		b.Run("n="+sizeName(n), func(b *testing.B) {
			vals := benchValidators(n)
			var want [32]byte
			for i, lib := range gloasRegistryLibs {
				b.Run("lib="+lib.name, func(b *testing.B) {
					run := lib.setup(b, vals)
					withProcs(b, lib.procs)
					got, err := run()
					if err != nil {
						b.Fatal(err)
					}
					switch i {
					case 0:
						want = got
					case 2:
						if got != want {
							b.Fatalf("root %x, lanehash says %x", got, want)
						}
					}
					cpu0 := processCPUTime()
					for b.Loop() {
						if _, err := run(); err != nil {
							b.Fatal(err)
						}
					}
					reportPer(b, cpu0, n, "validator")
				})
			}
		})
	}
}

var gloasStateCache sync.Map // int → *gloas.BeaconState

func benchGloasState(n int) *gloas.BeaconState {
	if s, ok := gloasStateCache.Load(n); ok {
		return s.(*gloas.BeaconState)
	}
	s := gloas.SyntheticBeaconState(n, benchSeed)
	gloasStateCache.Store(n, s)
	return s
}

// BenchmarkGloasState times a synthetic mainnet gloas BeaconState of N
// validators through a lanehash plan and go-eth2-client's generated
// HashTreeRoot (roots checked equal before timing), and the fulu state
// of the same seed (the same registry and history) through a lanehash
// plan, all on one core. Read with benchstat -col /lib.
func BenchmarkGloasState(b *testing.B) {
	for _, n := range benchSizes() {
		b.Run("state=synthetic-"+sizeName(n), func(b *testing.B) {
			g := benchGloasState(n)
			gp, err := plan.PlanFor[gloas.BeaconState](plan.WithWorkers(1))
			if err != nil {
				b.Fatal(err)
			}
			want, err := gp.Root(g)
			if err != nil {
				b.Fatal(err)
			}
			libs := []struct {
				name  string
				setup func(b *testing.B) func() ([32]byte, error)
			}{
				{"lanehash-gloas", func(*testing.B) func() ([32]byte, error) {
					return func() ([32]byte, error) { return gp.Root(g) }
				}},
				{"go-eth2-client-gloas", func(b *testing.B) func() ([32]byte, error) {
					es, err := Eth2GloasBeaconState(g)
					if err != nil {
						b.Fatal(err)
					}
					if got, err := es.HashTreeRoot(); err != nil || got != want {
						b.Fatalf("root %x, %v; lanehash says %x", got, err, want)
					}
					return es.HashTreeRoot
				}},
				{"lanehash-fulu", func(b *testing.B) func() ([32]byte, error) {
					f := fulu.SyntheticBeaconState(n, benchSeed)
					fp, err := plan.PlanFor[fulu.BeaconState](plan.WithWorkers(1))
					if err != nil {
						b.Fatal(err)
					}
					return func() ([32]byte, error) { return fp.Root(f) }
				}},
			}
			for _, lib := range libs {
				b.Run("lib="+lib.name, func(b *testing.B) {
					run := lib.setup(b)
					withProcs(b, 1)
					cpu0 := processCPUTime()
					for b.Loop() {
						if _, err := run(); err != nil {
							b.Fatal(err)
						}
					}
					reportPer(b, cpu0, n, "validator")
				})
			}
		})
	}
}
