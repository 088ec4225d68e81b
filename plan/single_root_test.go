package plan

import (
	"errors"
	"fmt"
	"reflect"
	"sync"
	"testing"
	"unsafe"

	"github.com/lanehash/lanehash/internal/sszrand"
	"github.com/lanehash/lanehash/lanes"
	"github.com/lanehash/lanehash/sched"
	"github.com/lanehash/lanehash/ssz"
	"github.com/lanehash/lanehash/ssz/consensus/altair"
	"github.com/lanehash/lanehash/ssz/consensus/capella"
	"github.com/lanehash/lanehash/ssz/consensus/electra"
	"github.com/lanehash/lanehash/ssz/consensus/phase0"
)

// TestSingleRootConsensusSmall roots random values of every small
// consensus container one at a time with Root (the single-instance path:
// one Single call on SHA-NI, one Pairs call per level elsewhere) on every kernel here and on the automatic
// kernel, for both hashes, and compares each root with the reference
// ssz.HashTreeRootValue.
func TestSingleRootConsensusSmall(t *testing.T) {
	types := []reflect.Type{
		reflect.TypeFor[phase0.Validator](),
		reflect.TypeFor[phase0.BeaconBlockHeader](),
		reflect.TypeFor[phase0.SignedBeaconBlockHeader](),
		reflect.TypeFor[phase0.AttestationData](),
		reflect.TypeFor[phase0.Checkpoint](),
		reflect.TypeFor[phase0.Fork](),
		reflect.TypeFor[phase0.DepositData](),
		reflect.TypeFor[phase0.ProposerSlashing](),
		reflect.TypeFor[phase0.VoluntaryExit](),
		reflect.TypeFor[phase0.SignedVoluntaryExit](),
		reflect.TypeFor[phase0.PendingAttestation](),
		reflect.TypeFor[altair.SyncAggregate](),
		reflect.TypeFor[capella.HistoricalSummary](),
		reflect.TypeFor[capella.Withdrawal](),
		reflect.TypeFor[capella.BLSToExecutionChange](),
		reflect.TypeFor[capella.SignedBLSToExecutionChange](),
		reflect.TypeFor[electra.PendingDeposit](),
		reflect.TypeFor[electra.PendingPartialWithdrawal](),
		reflect.TypeFor[electra.PendingConsolidation](),
		reflect.TypeFor[electra.DepositRequest](),
		reflect.TypeFor[electra.WithdrawalRequest](),
		reflect.TypeFor[electra.ConsolidationRequest](),
	}
	const values = 8
	for _, h := range []lanes.Hash{lanes.SHA256, lanes.Keccak256} {
		auto, err := lanes.Select(h, "")
		if err != nil {
			t.Fatal(err)
		}
		kernels := append(testKernels(t, h), auto)
		for ti, gt := range types {
			checkSingleRoots(t, gt, h, kernels, values, uint64(32*ti+1))
		}
	}
}

// checkSingleRoots roots values values of Go type gt one at a time with
// Root on each of kernels, with hash h, and compares each root with the
// reference ssz.HashTreeRootValue: value 0 is the zero value, the
// others random (sszrand, from seed).
func checkSingleRoots(t *testing.T, gt reflect.Type, h lanes.Hash, kernels []sched.Kernel, values int, seed uint64) {
	t.Helper()
	typ, err := ssz.TypeOf(gt)
	if err != nil {
		t.Fatalf("%v: %v", gt, err)
	}
	fl := sszrand.Filler{Rand: sszrand.NewRand(seed), MaxList: 4, MaxBits: 600}
	vals := reflect.New(reflect.ArrayOf(values, gt)).Elem()
	want := make([][32]byte, values)
	for i := range values {
		if i > 0 { // value 0 stays the zero value
			fl.Fill(typ, vals.Index(i))
		}
		if want[i], err = ssz.HashTreeRootValue(typ, vals.Index(i), h); err != nil {
			t.Fatalf("%v value %d: reference: %v", gt, i, err)
		}
	}
	for _, k := range kernels {
		var c core
		if err := c.init(gt, []Option{withKernelImpl(k)}); err != nil {
			t.Fatalf("%v on %s: %v", gt, kernelName(k), err)
		}
		for i := range values {
			got, err := c.rootOfValue(vals.Index(i))
			if err != nil || got != want[i] {
				t.Errorf("%v on %s, value %d: Root %x, %v; reference %x", gt, kernelName(k), i, got, err, want[i])
			}
		}
	}
}

// TestSingleRootDirect covers the single-instance path of programs whose
// only source is the value itself (Validator, BeaconBlockHeader,
// Checkpoint: gathered and checked straight from it) beside one with
// pointer fields (AttestationData), on every SHA-256 kernel and the
// automatic one: a boolean byte above 1 is the error RootAll reports
// (the same sentinel and path), a nil value roots as the zero value,
// and the roots of random values match the reference and RootAll's.
func TestSingleRootDirect(t *testing.T) {
	auto, err := lanes.Select(lanes.SHA256, "")
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range append(testKernels(t, lanes.SHA256), auto) {
		t.Run(kernelName(k), func(t *testing.T) {
			vp := planOn[phase0.Validator](t, k)
			vals := phase0.RandomValidators(16, 77)
			want := make([][32]byte, len(vals))
			if err := vp.RootAll(want, vals); err != nil {
				t.Fatal(err)
			}
			for i := range vals {
				got, err := vp.Root(&vals[i])
				ref, rerr := ssz.HashTreeRoot(&vals[i], ssz.SHA256)
				if err != nil || rerr != nil || got != want[i] || got != ref {
					t.Fatalf("Validator %d: Root %x, %v; RootAll %x; reference %x, %v", i, got, err, want[i], ref, rerr)
				}
			}
			bad := vals[3]
			*(*byte)(unsafe.Pointer(&bad.Slashed)) = 2
			_, err := vp.Root(&bad)
			allErr := vp.RootAll(make([][32]byte, 1), []phase0.Validator{bad})
			var pe, allPE *Error
			if !errors.Is(err, ssz.ErrBool) || !errors.As(err, &pe) || pe.Path != "Validator.Slashed" ||
				!errors.Is(allErr, ssz.ErrBool) || !errors.As(allErr, &allPE) || allPE.Path != pe.Path {
				t.Fatalf("Slashed = 2: Root err %v, RootAll err %v; want ErrBool at Validator.Slashed from both", err, allErr)
			}
			zero, err := vp.Root(nil)
			ref, rerr := ssz.HashTreeRoot(&phase0.Validator{}, ssz.SHA256)
			if err != nil || rerr != nil || zero != ref {
				t.Fatalf("nil Validator: Root %x, %v; reference of the zero value %x, %v", zero, err, ref, rerr)
			}
			hp := planOn[phase0.BeaconBlockHeader](t, k)
			cp := planOn[phase0.Checkpoint](t, k)
			ap := planOn[phase0.AttestationData](t, k)
			for i := range 16 {
				cpv := phase0.Checkpoint{Epoch: phase0.Epoch(i * 977), Root: phase0.Root{byte(i), 2, byte(3 * i)}}
				h := phase0.BeaconBlockHeader{Slot: phase0.Slot(i), ProposerIndex: phase0.ValidatorIndex(i * 5), ParentRoot: phase0.Root{byte(i)}, StateRoot: phase0.Root{1, byte(i)}, BodyRoot: phase0.Root{2, 2, byte(i)}}
				a := phase0.AttestationData{Slot: phase0.Slot(i), Index: 3, BeaconBlockRoot: phase0.Root{byte(i), 9}, Source: &cpv}
				if i%2 == 0 {
					a.Target = &cpv
				}
				checkRoot(t, cp, &cpv)
				checkRoot(t, hp, &h)
				checkRoot(t, ap, &a)
			}
		})
	}
}

// checkRoot compares p.Root(v) with the reference root of v.
func checkRoot[T any](t *testing.T, p *Plan[T], v *T) {
	t.Helper()
	got, err := p.Root(v)
	want, rerr := ssz.HashTreeRoot(v, ssz.SHA256)
	if err != nil || rerr != nil || got != want {
		t.Fatalf("%T: Root %x, %v; reference %x, %v", v, got, err, want, rerr)
	}
}

// TestSingleRootAllocs checks a small container's Root allocates
// nothing, on every SHA-256 kernel and the automatic one (the Single
// entry on SHA-NI, level-by-level Pairs elsewhere).
func TestSingleRootAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("allocation counts are not meaningful under the race detector")
	}
	auto, err := lanes.Select(lanes.SHA256, "")
	if err != nil {
		t.Fatal(err)
	}
	v := phase0.RandomValidators(1, 8)[0]
	cpv := phase0.Checkpoint{Epoch: 4, Root: phase0.Root{5}}
	a := phase0.AttestationData{Slot: 1, Source: &cpv, Target: &cpv}
	h := phase0.BeaconBlockHeader{Slot: 3}
	for _, k := range append(testKernels(t, lanes.SHA256), auto) {
		vp, cp := planOn[phase0.Validator](t, k), planOn[phase0.Checkpoint](t, k)
		ap, hp := planOn[phase0.AttestationData](t, k), planOn[phase0.BeaconBlockHeader](t, k)
		for name, f := range map[string]func() error{
			"Validator":         func() error { _, err := vp.Root(&v); return err },
			"Checkpoint":        func() error { _, err := cp.Root(&cpv); return err },
			"AttestationData":   func() error { _, err := ap.Root(&a); return err },
			"BeaconBlockHeader": func() error { _, err := hp.Root(&h); return err },
		} {
			if n := allocsOf(t, f); n != 0 {
				t.Errorf("%s on %s: Root allocates %.1f times", name, kernelName(k), n)
			}
		}
	}
}

// TestSingleRootSourceErrors checks that Root's straight path, which
// resolves a program's sources in its own frame, fails as RootAll does
// (the same sentinel and path) on a vector field held in a slice of the
// wrong length, and that an empty one reads as zeros in both, on every
// SHA-256 kernel and the automatic one.
func TestSingleRootSourceErrors(t *testing.T) {
	auto, err := lanes.Select(lanes.SHA256, "")
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range append(testKernels(t, lanes.SHA256), auto) {
		vp := planOn[phase0.Validator](t, k)
		bad := phase0.RandomValidators(1, 5)[0]
		bad.WithdrawalCredentials = bad.WithdrawalCredentials[:31]
		_, err := vp.Root(&bad)
		allErr := vp.RootAll(make([][32]byte, 1), []phase0.Validator{bad})
		var pe, allPE *Error
		if !errors.Is(err, ssz.ErrSize) || !errors.As(err, &pe) || !errors.Is(allErr, ssz.ErrSize) ||
			!errors.As(allErr, &allPE) || pe.Path != allPE.Path || pe.Path == "" {
			t.Fatalf("%s: 31 credential bytes: Root err %v, RootAll err %v; want ErrSize at one path from both", kernelName(k), err, allErr)
		}
		empty := bad
		empty.WithdrawalCredentials = nil
		got, err := vp.Root(&empty)
		want := make([][32]byte, 1)
		allErr = vp.RootAll(want, []phase0.Validator{empty})
		if err != nil || allErr != nil || got != want[0] {
			t.Fatalf("%s: no credentials: Root %x, %v; RootAll %x, %v", kernelName(k), got, err, want[0], allErr)
		}
	}
}

// TestSingleRootConcurrent roots random Validators, Checkpoints and
// AttestationData from many goroutines at once through one plan each
// (the straight path's pooled buffers and counters shared), compares
// every root with the reference, and checks the plans' Stats count
// every root exactly: n roots count n times what one root counts.
func TestSingleRootConcurrent(t *testing.T) {
	const goroutines, rounds = 8, 200
	vals := phase0.RandomValidators(32, 91)
	cps := make([]phase0.Checkpoint, len(vals))
	ads := make([]phase0.AttestationData, len(vals))
	for i := range vals {
		cps[i] = phase0.Checkpoint{Epoch: phase0.Epoch(i * 7919), Root: phase0.Root{byte(i), 1, byte(5 * i)}}
		ads[i] = phase0.AttestationData{Slot: phase0.Slot(i), Index: phase0.CommitteeIndex(i), BeaconBlockRoot: phase0.Root{byte(i)}, Source: &cps[i]}
		if i%3 != 0 {
			ads[i].Target = &cps[(i+1)%len(cps)]
		}
	}
	vp, cp, ap := planOf[phase0.Validator](t), planOf[phase0.Checkpoint](t), planOf[phase0.AttestationData](t)
	wantV, wantC, wantA := refRoots(t, vals), refRoots(t, cps), refRoots(t, ads)
	one := make([]Stats, 3)
	for i, p := range []interface {
		ResetStats()
		Stats() Stats
	}{vp, cp, ap} {
		p.ResetStats()
		var err error
		switch i {
		case 0:
			_, err = vp.Root(&vals[0])
		case 1:
			_, err = cp.Root(&cps[0])
		case 2:
			_, err = ap.Root(&ads[0])
		}
		if err != nil {
			t.Fatal(err)
		}
		one[i] = p.Stats()
		if one[i].Instances != 1 || one[i].Pairs() == 0 || one[i].KernelCalls == 0 {
			t.Fatalf("plan %d: one Root counts %+v", i, one[i])
		}
		p.ResetStats()
	}
	var wg sync.WaitGroup
	errs := make(chan string, goroutines)
	for g := range goroutines {
		wg.Go(func() {
			for r := range rounds {
				i := (g*rounds + r) % len(vals)
				v, e1 := vp.Root(&vals[i])
				c, e2 := cp.Root(&cps[i])
				a, e3 := ap.Root(&ads[i])
				if e1 != nil || e2 != nil || e3 != nil || v != wantV[i] || c != wantC[i] || a != wantA[i] {
					errs <- fmt.Sprintf("goroutine %d, value %d: roots %x %x %x, errors %v %v %v", g, i, v, c, a, e1, e2, e3)
					return
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Fatal(e)
	}
	const n = goroutines * rounds
	for i, st := range []Stats{vp.Stats(), cp.Stats(), ap.Stats()} {
		want := Stats{Instances: n * one[i].Instances, TreePairs: n * one[i].TreePairs, KernelCalls: n * one[i].KernelCalls,
			LockstepPairs: n * one[i].LockstepPairs, LanePairs: n * one[i].LanePairs, Groups: n * one[i].Groups}
		if st != want {
			t.Errorf("plan %d after %d concurrent roots: Stats %+v, want %+v", i, n, st, want)
		}
	}
}

// planOf returns the automatic plan of T.
func planOf[T any](t *testing.T) *Plan[T] {
	t.Helper()
	p, err := PlanFor[T]()
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// refRoots returns the reference roots of vals.
func refRoots[T any](t *testing.T, vals []T) [][32]byte {
	t.Helper()
	out := make([][32]byte, len(vals))
	for i := range vals {
		var err error
		if out[i], err = ssz.HashTreeRoot(&vals[i], ssz.SHA256); err != nil {
			t.Fatal(err)
		}
	}
	return out
}
