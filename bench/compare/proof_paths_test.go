package compare

import (
	"testing"

	eth2 "github.com/attestantio/go-eth2-client/spec/phase0"

	"github.com/lanehash/lanehash/proof"
	lssz "github.com/lanehash/lanehash/ssz"
	"github.com/lanehash/lanehash/ssz/consensus/phase0"
)

// TestSpecPathsOnGoEth2Client resolves paths in the spec's names on
// go-eth2-client's own BeaconState, whose Validator names the spec's
// pubkey PublicKey and carries no json tags, and checks each index
// against the same path on lanehash's phase0 types (whose indices
// TestProofsMatchFastsszBeaconState checks against fastssz's trees).
func TestSpecPathsOnGoEth2Client(t *testing.T) {
	spec := lssz.WithSpec(lssz.MainnetSpec())
	for _, path := range []string{
		"validators[3].pubkey", "validators[3].withdrawal_credentials", "validators[3].effective_balance",
		"Validators[3].PublicKey", "finalized_checkpoint.root", "eth1_data.deposit_root",
		"balances[17]", "latest_block_header.state_root", "randao_mixes[100]", "validators.__len__",
	} {
		want, err := proof.GIndexFor[phase0.BeaconState](path, spec)
		if err != nil {
			t.Fatalf("%s on lanehash's phase0: %v", path, err)
		}
		got, err := proof.GIndexFor[eth2.BeaconState](path, spec)
		if err != nil || got != want {
			t.Errorf("%s on go-eth2-client: %d, %v; want %d", path, got, err, want)
		}
	}
}
