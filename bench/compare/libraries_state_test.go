package compare

import (
	"encoding/hex"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	fastssz "github.com/ferranbt/fastssz"
	"github.com/golang/snappy"
	"github.com/karalabe/ssz"
	"github.com/lanehash/lanehash/plan"
	lssz "github.com/lanehash/lanehash/ssz"
	"github.com/lanehash/lanehash/ssz/consensus/phase0"
	dynssz "github.com/pk910/dynamic-ssz"
)

// stateLib is one way of computing a phase0 BeaconState's root; setup
// converts the state (untimed) and returns the timed call.
type stateLib struct {
	name  string
	procs int
	setup func(tb testing.TB, s *phase0.BeaconState) func() ([32]byte, error)
}

// mainnetStateLibs hash a mainnet-preset state: every compared library can.
var mainnetStateLibs = []stateLib{
	{"lanehash", 1, setupLanehashState(1, lssz.MainnetSpec())},
	{"lanehash-2workers", 2, setupLanehashState(2, lssz.MainnetSpec())},
	{"dynamic-ssz", 1, setupEth2GeneratedState},
	{"dynamic-ssz-runtime", 1, setupDynsszState(lssz.MainnetSpec())},
	{"fastssz", 1, setupFastsszState(NewFastsszHasher)},
	{"fastssz-gohashtree", 1, setupFastsszState(NewGohashtreeHasher)},
	{"karalabe-ssz", 1, setupKaralabeState},
}

// minimalStateLibs hash a minimal-preset state. Generated code (fastssz's,
// go-eth2-client's) and the karalabe/ssz types here have the mainnet vector
// sizes compiled in, so only the libraries that take spec values at run
// time can.
var minimalStateLibs = []stateLib{
	{"lanehash", 1, setupLanehashState(1, lssz.MinimalSpec())},
	{"dynamic-ssz-runtime", 1, setupDynsszState(lssz.MinimalSpec())},
}

func setupLanehashState(workers int, spec lssz.SpecValues) func(testing.TB, *phase0.BeaconState) func() ([32]byte, error) {
	return func(tb testing.TB, s *phase0.BeaconState) func() ([32]byte, error) {
		p, err := plan.PlanFor[phase0.BeaconState](plan.WithWorkers(workers), plan.WithSpec(spec))
		if err != nil {
			tb.Fatal(err)
		}
		return func() ([32]byte, error) { return p.Root(s) }
	}
}

func setupDynsszState(spec lssz.SpecValues) func(testing.TB, *phase0.BeaconState) func() ([32]byte, error) {
	return func(_ testing.TB, s *phase0.BeaconState) func() ([32]byte, error) {
		ds := dynssz.NewDynSsz(DynsszSpec(spec))
		es := Eth2BeaconState(s)
		return func() ([32]byte, error) { return ds.HashTreeRoot(es) }
	}
}

// setupEth2GeneratedState hashes with go-eth2-client's own (dynamic-ssz
// generated) BeaconState.HashTreeRoot, mainnet sizes compiled in.
func setupEth2GeneratedState(_ testing.TB, s *phase0.BeaconState) func() ([32]byte, error) {
	return Eth2BeaconState(s).HashTreeRoot
}

func setupFastsszState(newHasher func() *fastssz.Hasher) func(testing.TB, *phase0.BeaconState) func() ([32]byte, error) {
	return func(_ testing.TB, s *phase0.BeaconState) func() ([32]byte, error) {
		hh := newHasher()
		fs := FastsszBeaconState(s)
		return func() ([32]byte, error) { return FastsszRoot(hh, fs) }
	}
}

func setupKaralabeState(tb testing.TB, s *phase0.BeaconState) func() ([32]byte, error) {
	ks, err := NewKaralabeBeaconState(s)
	if err != nil {
		tb.Fatal(err)
	}
	return func() ([32]byte, error) { return ssz.HashSequential(ks), nil }
}

var stateCache sync.Map // int → *phase0.BeaconState

// benchState returns the synthetic mainnet state with n validators, made
// once per size.
func benchState(n int) *phase0.BeaconState {
	if s, ok := stateCache.Load(n); ok {
		return s.(*phase0.BeaconState)
	}
	s := phase0.SyntheticBeaconState(n, benchSeed)
	stateCache.Store(n, s)
	return s
}

// minimalStateCase is the spec vectors' minimal-preset phase0 BeaconState
// (ssz_random case 0).
const minimalStateCase = "../../../shared/spectests-v1.7.0-alpha.13/minimal/phase0/ssz_static/BeaconState/ssz_random/case_0"

// minimalState decodes the spec vector's state with the minimal preset and
// returns it with the root the vector states. A missing vector skips,
// saying where it was looked for.
func minimalState(tb testing.TB) (*phase0.BeaconState, [32]byte) {
	tb.Helper()
	raw, err := os.ReadFile(filepath.Join(minimalStateCase, "serialized.ssz_snappy"))
	if os.IsNotExist(err) {
		tb.Skipf("spec vector not found: %v", err)
	}
	if err != nil {
		tb.Fatal(err)
	}
	b, err := snappy.Decode(nil, raw)
	if err != nil {
		tb.Fatalf("%s: %v", minimalStateCase, err)
	}
	s := new(phase0.BeaconState)
	if err := lssz.Unmarshal(b, s, lssz.WithSpec(lssz.MinimalSpec())); err != nil {
		tb.Fatalf("%s: %v", minimalStateCase, err)
	}
	return s, vectorRoot(tb, filepath.Join(minimalStateCase, "roots.yaml"))
}

// vectorRoot reads the one "root: '0x…'" line of a spec vector's roots.yaml.
func vectorRoot(tb testing.TB, path string) [32]byte {
	tb.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		tb.Fatal(err)
	}
	line := strings.TrimSpace(string(b))
	hexRoot, ok := strings.CutPrefix(line, "root: '0x")
	hexRoot, ok2 := strings.CutSuffix(hexRoot, "'")
	raw, err := hex.DecodeString(hexRoot)
	if !ok || !ok2 || err != nil || len(raw) != 32 {
		tb.Fatalf("%s: unexpected contents %q", path, line)
	}
	return [32]byte(raw)
}
