//go:build amd64 && !purego && linux && cgo

package compare

import (
	"testing"
	_ "unsafe" // for go:linkname

	"github.com/lanehash/lanehash/ssz/consensus/phase0"
	_ "github.com/pk910/hashtree-bindings" // for the go:linkname views below
)

// The AVX2-only CPU class (Intel client cores from Haswell to Comet Lake
// and their Xeon E siblings: AVX2, no SHA-NI, no AVX-512) cannot be
// borrowed here, but every contender can be made to run as it would
// there. lanehash hides SHA-NI with LANEHASH_HIDE=shani (the variable is
// read once per process, so its rows come from their own process). The
// libraries pick their SHA-256 kernel from package variables set from
// CPUID: gohashtree (used by karalabe/ssz and fastssz-gohashtree) and
// hashtree-bindings (used by dynamic-ssz). The "@avx2" rows clear those
// variables' SHA-NI and AVX-512 flags for the duration of one
// sub-benchmark, exactly as the kernel benchmarks do for gohashtree
// (gohashtreePath), so each library runs its own AVX2 code. This is for
// measurement only: nothing outside the tests does it.

var (
	//go:linkname htbHasShani github.com/pk910/hashtree-bindings.hasShani
	htbHasShani bool
	//go:linkname htbHasAVX512 github.com/pk910/hashtree-bindings.hasAVX512
	htbHasAVX512 bool
	//go:linkname htbHasAVX2 github.com/pk910/hashtree-bindings.hasAVX2
	htbHasAVX2 bool
)

// avx2OnlyHashers forces both hashtree libraries onto their AVX2 path
// and returns a function restoring their own choice; it skips when
// either has no AVX2 path on this CPU.
func avx2OnlyHashers(tb testing.TB) (restore func()) {
	tb.Helper()
	if !htbHasAVX2 {
		tb.Skip("hashtree-bindings has no AVX2 path on this CPU (it needs AVX2 and BMI2)")
	}
	restoreGht := gohashtreePath(tb, "avx2")
	shani, avx512 := htbHasShani, htbHasAVX512
	htbHasShani, htbHasAVX512 = false, false
	return func() {
		htbHasShani, htbHasAVX512 = shani, avx512
		restoreGht()
	}
}

// onAVX2 wraps a library's setup (of a registry or of a state) so that
// it runs on the AVX2 paths of the hashtree libraries until the
// sub-benchmark or test ends.
func onAVX2[V any](setup func(testing.TB, V) func() ([32]byte, error)) func(testing.TB, V) func() ([32]byte, error) {
	return func(tb testing.TB, v V) func() ([32]byte, error) {
		tb.Cleanup(avx2OnlyHashers(tb))
		return setup(tb, v)
	}
}

func init() {
	registryLibs = append(registryLibs,
		registryLib{name: "dynamic-ssz@avx2", procs: 1, setup: onAVX2(setupDynsszRegistry)},
		registryLib{name: "karalabe-ssz@avx2", procs: 1, setup: onAVX2(setupKaralabeRegistry)},
		registryLib{name: "fastssz-gohashtree@avx2", procs: 1, setup: onAVX2(setupFastsszRegistry(NewGohashtreeHasher))},
		registryLib{name: "perlevel-gohashtree-avx2", procs: 1, setup: onAVX2(func(tb testing.TB, vals []phase0.Validator) func() ([32]byte, error) {
			return newPairsPerLevelRegistry(len(vals), avx512GohashtreePairs).rootFunc(vals)
		})},
	)
	mainnetStateLibs = append(mainnetStateLibs,
		stateLib{"dynamic-ssz@avx2", 1, onAVX2(setupEth2GeneratedState)},
		stateLib{"fastssz-gohashtree@avx2", 1, onAVX2(setupFastsszState(NewGohashtreeHasher))},
		stateLib{"karalabe-ssz@avx2", 1, onAVX2(setupKaralabeState)},
	)
}

// TestAVX2OnlyHashersSwitch checks that the @avx2 rows really leave the
// libraries with only their AVX2 path while they run, and give them their
// own choice back afterwards; root agreement is TestRegistryRootsAgree's.
func TestAVX2OnlyHashersSwitch(t *testing.T) {
	before := [...]bool{htbHasShani, htbHasAVX512, htbHasAVX2, ghtHasShani, ghtHasAVX512, ghtHasAVX2}
	t.Run("forced", func(t *testing.T) {
		restore := avx2OnlyHashers(t)
		defer restore()
		if htbHasShani || htbHasAVX512 || !htbHasAVX2 {
			t.Errorf("hashtree-bindings flags shani=%v avx512=%v avx2=%v; want only avx2", htbHasShani, htbHasAVX512, htbHasAVX2)
		}
		if ghtHasShani || ghtHasAVX512 || !ghtHasAVX2 {
			t.Errorf("gohashtree flags shani=%v avx512=%v avx2=%v; want only avx2", ghtHasShani, ghtHasAVX512, ghtHasAVX2)
		}
	})
	after := [...]bool{htbHasShani, htbHasAVX512, htbHasAVX2, ghtHasShani, ghtHasAVX512, ghtHasAVX2}
	if after != before {
		t.Errorf("flags after %v, before %v: not restored", after, before)
	}
}
