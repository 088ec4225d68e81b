package plan

import (
	"reflect"
	"testing"

	"github.com/lanehash/lanehash/internal/sszrand"
	"github.com/lanehash/lanehash/lanes"
	"github.com/lanehash/lanehash/ssz"
	"github.com/lanehash/lanehash/ssz/consensus/altair"
	"github.com/lanehash/lanehash/ssz/consensus/capella"
	"github.com/lanehash/lanehash/ssz/consensus/electra"
	"github.com/lanehash/lanehash/ssz/consensus/phase0"
)

// TestSingleRootConsensusSmall roots random values of every small
// consensus container one at a time with Root (the single-instance path,
// one Pairs call per level) on every kernel here and on the automatic
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
			typ, err := ssz.TypeOf(gt)
			if err != nil {
				t.Fatalf("%v: %v", gt, err)
			}
			fl := sszrand.Filler{Rand: sszrand.NewRand(uint64(32*ti + 1)), MaxList: 4, MaxBits: 600}
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
	}
}
