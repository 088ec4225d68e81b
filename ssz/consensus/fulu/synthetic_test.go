package fulu_test

import (
	"reflect"
	"testing"

	"github.com/lanehash/lanehash/ssz"
	"github.com/lanehash/lanehash/ssz/consensus/fulu"
	"github.com/lanehash/lanehash/ssz/consensus/phase0"
)

// TestSyntheticBeaconStateHasMainnetShape checks the state against the
// mainnet spec values (not against the generator's own constants), that
// its per-validator lists match the registry, and that the reference
// codec round-trips it and hashes it.
func TestSyntheticBeaconStateHasMainnetShape(t *testing.T) {
	const n = 100
	s := fulu.SyntheticBeaconState(n, 11)
	spec := ssz.MainnetSpec()
	lengths := map[string][2]uint64{
		"BlockRoots":                 {uint64(len(s.BlockRoots)), spec["SLOTS_PER_HISTORICAL_ROOT"]},
		"StateRoots":                 {uint64(len(s.StateRoots)), spec["SLOTS_PER_HISTORICAL_ROOT"]},
		"RANDAOMixes":                {uint64(len(s.RANDAOMixes)), spec["EPOCHS_PER_HISTORICAL_VECTOR"]},
		"Slashings":                  {uint64(len(s.Slashings)), spec["EPOCHS_PER_SLASHINGS_VECTOR"]},
		"CurrentSyncCommittee":       {uint64(len(s.CurrentSyncCommittee.Pubkeys)), spec["SYNC_COMMITTEE_SIZE"]},
		"NextSyncCommittee":          {uint64(len(s.NextSyncCommittee.Pubkeys)), spec["SYNC_COMMITTEE_SIZE"]},
		"ProposerLookahead":          {uint64(len(s.ProposerLookahead)), (spec["MIN_SEED_LOOKAHEAD"] + 1) * spec["SLOTS_PER_EPOCH"]},
		"Validators":                 {uint64(len(s.Validators)), n},
		"Balances":                   {uint64(len(s.Balances)), n},
		"PreviousEpochParticipation": {uint64(len(s.PreviousEpochParticipation)), n},
		"CurrentEpochParticipation":  {uint64(len(s.CurrentEpochParticipation)), n},
		"InactivityScores":           {uint64(len(s.InactivityScores)), n},
	}
	for name, l := range lengths {
		if l[0] != l[1] {
			t.Errorf("%s has %d entries, want %d", name, l[0], l[1])
		}
	}
	for i, idx := range s.ProposerLookahead {
		if idx >= n {
			t.Fatalf("ProposerLookahead[%d] = %d, beyond the registry", i, idx)
		}
	}
	if len(s.HistoricalSummaries) == 0 || len(s.PendingDeposits) == 0 {
		t.Error("no historical summaries or pending deposits")
	}
	vals := phase0.RandomValidators(n, 11)
	for i := range vals {
		if !reflect.DeepEqual(*s.Validators[i], vals[i]) {
			t.Fatalf("state validator %d is not RandomValidators(%d, 11)[%d]", i, n, i)
		}
	}
	enc, err := ssz.Marshal(s)
	if err != nil {
		t.Fatalf("Marshal: %v", err)
	}
	var back fulu.BeaconState
	if err := ssz.Unmarshal(enc, &back); err != nil {
		t.Fatalf("Unmarshal: %v", err)
	}
	enc2, err := ssz.Marshal(&back)
	if err != nil || string(enc2) != string(enc) {
		t.Fatalf("round trip changed the encoding (err %v)", err)
	}
	if _, err := ssz.HashTreeRoot(&back, ssz.SHA256); err != nil {
		t.Fatalf("HashTreeRoot: %v", err)
	}
	if s2 := fulu.SyntheticBeaconState(n, 11); !reflect.DeepEqual(s, s2) {
		t.Error("same seed gave different states")
	}
	if s3 := fulu.SyntheticBeaconState(n, 12); reflect.DeepEqual(s, s3) {
		t.Error("different seeds gave the same state")
	}
}

func TestSyntheticBeaconStateEmptyRegistry(t *testing.T) {
	s := fulu.SyntheticBeaconState(0, 1)
	if len(s.Validators) != 0 {
		t.Fatalf("%d validators, want none", len(s.Validators))
	}
	if _, err := ssz.HashTreeRoot(s, ssz.SHA256); err != nil {
		t.Fatalf("HashTreeRoot: %v", err)
	}
}
