//go:build amd64 && !purego && unix

package compare

import (
	"testing"

	"github.com/lanehash/lanehash/lanes"
	"github.com/lanehash/lanehash/plan"
	"github.com/lanehash/lanehash/ssz/consensus/phase0"
)

// The per-level baselines on the pair kernels of CPUs without AVX-512:
// the same per-level batcher as perlevel-gohashtree-avx512 (every
// validator's 9 leaf chunks gathered, all pubkey pairs in one call, then
// each container level across all validators, then the list tree level
// by level and the length), on gohashtree's SHA-NI path and on
// lanehash's own Pairs (the two SHA-NI kernels, the AVX2 one and, where
// the CPU has it, the AVX-512 one), beside lanehash's plan with each
// SHA-NI kernel (and the AVX-512 one) forced for Lockstep: lockstep
// against per-level batching on the same kernel's Pairs.

func init() {
	registryLibs = append(registryLibs,
		lanehashKernelRegistryLib("lanehash-shanix2", "sha256/shanix2"),
		lanehashKernelRegistryLib("lanehash-shanix4", "sha256/shanix4"),
		registryLib{name: "perlevel-gohashtree-shani", procs: 1, setup: func(tb testing.TB, vals []phase0.Validator) func() ([32]byte, error) {
			shaniRequire(tb)
			tb.Cleanup(gohashtreePath(tb, "shani"))
			return newPairsPerLevelRegistry(len(vals), avx512GohashtreePairs).rootFunc(vals)
		}},
		registryLib{name: "perlevel-lanehash-shanix2", procs: 1, setup: setupLanehashPerLevel("sha256/shanix2")},
		registryLib{name: "perlevel-lanehash-shanix4", procs: 1, setup: setupLanehashPerLevel("sha256/shanix4")},
		registryLib{name: "perlevel-lanehash-avx2x8", procs: 1, setup: setupLanehashPerLevel("sha256/avx2x8")},
		lanehashKernelRegistryLib("lanehash-avx512x16", "sha256/avx512x16"),
		registryLib{name: "perlevel-lanehash-avx512x16", procs: 1, setup: setupLanehashPerLevel("sha256/avx512x16")},
	)
}

// lanehashKernelRegistryLib is the lanehash plan (one worker) with its
// kernel forced by name.
func lanehashKernelRegistryLib(name, kernel string) registryLib {
	var p *plan.Plan[phase0.Validator]
	return registryLib{
		name:  name,
		procs: 1,
		setup: func(tb testing.TB, vals []phase0.Validator) func() ([32]byte, error) {
			var err error
			if p, err = plan.PlanFor[phase0.Validator](plan.WithWorkers(1), plan.WithKernel(kernel)); err != nil {
				tb.Skip(err)
			}
			return func() ([32]byte, error) { return p.ListRoot(vals, registryLimit) }
		},
		stats: func() plan.Stats { return p.Stats() },
		reset: func() { p.ResetStats() },
	}
}

// setupLanehashPerLevel runs the per-level batcher on the Pairs entry of
// the lanehash kernel of that name (skipping when this CPU lacks it).
func setupLanehashPerLevel(kernel string) func(testing.TB, []phase0.Validator) func() ([32]byte, error) {
	return func(tb testing.TB, vals []phase0.Validator) func() ([32]byte, error) {
		k, err := lanes.Select(lanes.SHA256, kernel)
		if err != nil {
			tb.Skip(err)
		}
		return newPairsPerLevelRegistry(len(vals), k.Pairs).rootFunc(vals)
	}
}

// pairsPerLevelRegistry is perLevelRegistry with one pair function for
// every level, the containers' and the list's.
type pairsPerLevelRegistry struct {
	leaves []byte // [validator][9 chunks][32]
	roots  []byte // validator roots, then the list tree in place; one spare chunk for odd levels
	batch  *perLevelBatched
	pairs  func(dst, src []byte)
}

func newPairsPerLevelRegistry(n int, pairs func(dst, src []byte)) *pairsPerLevelRegistry {
	return &pairsPerLevelRegistry{
		leaves: make([]byte, n*perLevelLeaves*32),
		roots:  make([]byte, (n+1)*32),
		batch:  newPerLevelBatched(n, pairs),
		pairs:  pairs,
	}
}

func (r *pairsPerLevelRegistry) rootFunc(vals []phase0.Validator) func() ([32]byte, error) {
	return func() ([32]byte, error) {
		for i := range vals {
			validatorLeaves(r.leaves[i*perLevelLeaves*32:(i+1)*perLevelLeaves*32], &vals[i])
		}
		n := len(vals)
		if n > 0 {
			r.batch.roots(r.roots[:n*32], r.leaves[:n*perLevelLeaves*32])
		}
		return mixInLength(merkleizeLevels(r.roots, n, 40, r.pairs), uint64(n), r.pairs), nil
	}
}
