package gloas_test

import (
	"reflect"
	"testing"

	"github.com/lanehash/lanehash/ssz"
	"github.com/lanehash/lanehash/ssz/consensus/fulu"
	"github.com/lanehash/lanehash/ssz/consensus/gloas"
)

// TestSyntheticBeaconStateHasMainnetShape checks the Gloas fields against
// the mainnet spec values, that the shared fields are the fulu state's,
// and that the reference codec round-trips the state and hashes it.
func TestSyntheticBeaconStateHasMainnetShape(t *testing.T) {
	const n = 100
	s := gloas.SyntheticBeaconState(n, 11)
	spec := ssz.MainnetSpec()
	lengths := map[string][2]uint64{
		"ExecutionPayloadAvailability": {uint64(len(s.ExecutionPayloadAvailability)) * 8, spec["SLOTS_PER_HISTORICAL_ROOT"]},
		"BuilderPendingPayments":       {uint64(len(s.BuilderPendingPayments)), 2 * spec["SLOTS_PER_EPOCH"]},
		"PTCWindow":                    {uint64(len(s.PTCWindow)), (2 + spec["MIN_SEED_LOOKAHEAD"]) * spec["SLOTS_PER_EPOCH"]},
		"PTCWindow[0]":                 {uint64(len(s.PTCWindow[0])), spec["PTC_SIZE"]},
		"Validators":                   {uint64(len(s.Validators)), n},
	}
	for name, l := range lengths {
		if l[0] != l[1] {
			t.Errorf("%s has %d entries, want %d", name, l[0], l[1])
		}
	}
	f := fulu.SyntheticBeaconState(n, 11)
	if !reflect.DeepEqual(s.Validators, f.Validators) || !reflect.DeepEqual(s.RANDAOMixes, f.RANDAOMixes) {
		t.Error("shared fields differ from the fulu state of the same seed")
	}
	if len(s.Builders) == 0 || len(s.LatestExecutionPayloadBid.BlobKZGCommitments) == 0 {
		t.Error("no builders or blob commitments")
	}
	enc, err := ssz.Marshal(s)
	if err != nil {
		t.Fatalf("Marshal: %v", err)
	}
	var back gloas.BeaconState
	if err := ssz.Unmarshal(enc, &back); err != nil {
		t.Fatalf("Unmarshal: %v", err)
	}
	if enc2, err := ssz.Marshal(&back); err != nil || string(enc2) != string(enc) {
		t.Fatalf("round trip changed the encoding (err %v)", err)
	}
	r1, err := ssz.HashTreeRoot(s, ssz.SHA256)
	if err != nil {
		t.Fatalf("HashTreeRoot: %v", err)
	}
	if r2, err := ssz.HashTreeRoot(&back, ssz.SHA256); err != nil || r1 != r2 {
		t.Fatalf("decoded state hashes differently (%v)", err)
	}
	if s2 := gloas.SyntheticBeaconState(n, 11); !reflect.DeepEqual(s, s2) {
		t.Error("same seed gave different states")
	}
}
