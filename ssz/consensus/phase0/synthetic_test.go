package phase0_test

import (
	"bytes"
	"reflect"
	"testing"

	"github.com/lanehash/lanehash/ssz"
	"github.com/lanehash/lanehash/ssz/consensus/phase0"
)

const eth = 1_000_000_000

func TestRandomValidatorsIsDeterministic(t *testing.T) {
	a := phase0.RandomValidators(300, 42)
	b := phase0.RandomValidators(300, 42)
	if !reflect.DeepEqual(a, b) {
		t.Fatal("same seed gave different registries")
	}
	c := phase0.RandomValidators(300, 43)
	if reflect.DeepEqual(a, c) {
		t.Fatal("different seeds gave the same registry")
	}
	if got := phase0.RandomValidators(0, 1); got != nil {
		t.Errorf("n=0 gave %d validators", len(got))
	}
	if got := phase0.RandomValidators(-5, 1); got != nil {
		t.Errorf("n=-5 gave %d validators", len(got))
	}
}

// TestRandomValidatorsLookLikeMainnet checks every validator against the
// spec's invariants and the registry against mainnet's rough proportions.
func TestRandomValidatorsLookLikeMainnet(t *testing.T) {
	const n = 20000
	vals := phase0.RandomValidators(n, 1)
	if len(vals) != n {
		t.Fatalf("got %d validators, want %d", len(vals), n)
	}
	var active, full, exited, slashed int
	credTypes := map[byte]int{}
	for i, v := range vals {
		if len(v.WithdrawalCredentials) != 32 {
			t.Fatalf("validator %d: %d credential bytes", i, len(v.WithdrawalCredentials))
		}
		if v.Pubkey[0]&0xe0 != 0x80 {
			t.Fatalf("validator %d: pubkey flags %#x, want compressed and finite", i, v.Pubkey[0]>>5)
		}
		ct := v.WithdrawalCredentials[0]
		credTypes[ct]++
		if ct != 0 && !bytes.Equal(v.WithdrawalCredentials[1:12], make([]byte, 11)) {
			t.Fatalf("validator %d: type %#x credentials without 11 zero bytes", i, ct)
		}
		if v.EffectiveBalance%eth != 0 || v.EffectiveBalance > 2048*eth {
			t.Fatalf("validator %d: effective balance %d", i, v.EffectiveBalance)
		}
		if ct != 2 && v.EffectiveBalance > 32*eth {
			t.Fatalf("validator %d: non-compounding balance %d over 32 ETH", i, v.EffectiveBalance)
		}
		if v.ActivationEligibilityEpoch > v.ActivationEpoch || v.ActivationEpoch > phase0.SyntheticEpoch {
			t.Fatalf("validator %d: eligibility %d, activation %d", i, v.ActivationEligibilityEpoch, v.ActivationEpoch)
		}
		if v.ExitEpoch == phase0.FarFutureEpoch {
			if v.WithdrawableEpoch != phase0.FarFutureEpoch || v.Slashed {
				t.Fatalf("validator %d: active but withdrawable %d slashed %v", i, v.WithdrawableEpoch, v.Slashed)
			}
			active++
			if v.EffectiveBalance == 32*eth {
				full++
			}
			continue
		}
		exited++
		if v.ExitEpoch < v.ActivationEpoch || v.WithdrawableEpoch != v.ExitEpoch+256 {
			t.Fatalf("validator %d: activation %d exit %d withdrawable %d", i, v.ActivationEpoch, v.ExitEpoch, v.WithdrawableEpoch)
		}
		if v.Slashed {
			slashed++
		}
	}
	if f := float64(active) / n; f < 0.9 || f > 0.98 {
		t.Errorf("%.3f of validators active, want about 0.94", f)
	}
	if f := float64(full) / float64(active); f < 0.8 || f > 0.88 {
		t.Errorf("%.3f of active validators at 32 ETH, want about 0.84", f)
	}
	if slashed == 0 || slashed > exited/10 {
		t.Errorf("%d of %d exited validators slashed, want a few percent", slashed, exited)
	}
	if f := float64(credTypes[1]) / n; f < 0.7 || f > 0.8 {
		t.Errorf("%.3f of credentials are 0x01, want about 0.75", f)
	}
	if credTypes[0] == 0 || credTypes[2] == 0 || len(credTypes) != 3 {
		t.Errorf("credential types %v, want 0x00, 0x01 and 0x02", credTypes)
	}
}

func TestSyntheticBalancesFollowEffectiveBalances(t *testing.T) {
	vals := phase0.RandomValidators(5000, 3)
	bals := phase0.SyntheticBalances(vals, 3)
	if len(bals) != len(vals) {
		t.Fatalf("%d balances for %d validators", len(bals), len(vals))
	}
	for i, b := range bals {
		eb := vals[i].EffectiveBalance
		if b < eb || b >= eb+eth/20 || (eb == 0 && b != 0) {
			t.Fatalf("validator %d: balance %d for effective balance %d", i, b, eb)
		}
	}
}

// TestSyntheticBeaconStateHasMainnetShape checks the state against the
// mainnet spec values (not against the generator's own constants) and
// that the reference codec round-trips it and hashes it.
func TestSyntheticBeaconStateHasMainnetShape(t *testing.T) {
	const n = 100
	s := phase0.SyntheticBeaconState(n, 9)
	spec := ssz.MainnetSpec()
	lengths := map[string][2]uint64{
		"BlockRoots":  {uint64(len(s.BlockRoots)), spec["SLOTS_PER_HISTORICAL_ROOT"]},
		"StateRoots":  {uint64(len(s.StateRoots)), spec["SLOTS_PER_HISTORICAL_ROOT"]},
		"RANDAOMixes": {uint64(len(s.RANDAOMixes)), spec["EPOCHS_PER_HISTORICAL_VECTOR"]},
		"Slashings":   {uint64(len(s.Slashings)), spec["EPOCHS_PER_SLASHINGS_VECTOR"]},
		"Validators":  {uint64(len(s.Validators)), n},
		"Balances":    {uint64(len(s.Balances)), n},
	}
	for name, l := range lengths {
		if l[0] != l[1] {
			t.Errorf("%s has %d entries, want %d", name, l[0], l[1])
		}
	}
	if len(s.CurrentEpochAttestations) == 0 || len(s.PreviousEpochAttestations) == 0 {
		t.Error("no pending attestations")
	}
	vals := phase0.RandomValidators(n, 9)
	for i := range vals {
		if !reflect.DeepEqual(*s.Validators[i], vals[i]) {
			t.Fatalf("state validator %d is not RandomValidators(%d, 9)[%d]", i, n, i)
		}
	}
	enc, err := ssz.Marshal(s)
	if err != nil {
		t.Fatalf("Marshal: %v", err)
	}
	if len(enc) < n*121+8192*32*2+65536*32 {
		t.Errorf("encoding is only %d bytes", len(enc))
	}
	var back phase0.BeaconState
	if err := ssz.Unmarshal(enc, &back); err != nil {
		t.Fatalf("Unmarshal: %v", err)
	}
	if enc2, err := ssz.Marshal(&back); err != nil || !bytes.Equal(enc2, enc) {
		t.Fatalf("round trip changed the encoding (err %v)", err)
	}
	if _, err := ssz.HashTreeRoot(s, ssz.SHA256); err != nil {
		t.Fatalf("HashTreeRoot: %v", err)
	}
	if s2 := phase0.SyntheticBeaconState(n, 9); !reflect.DeepEqual(s, s2) {
		t.Error("same seed gave different states")
	}
}
