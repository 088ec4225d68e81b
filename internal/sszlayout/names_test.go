package sszlayout

import (
	"testing"

	"github.com/lanehash/lanehash/ssz"
)

func TestSnake(t *testing.T) {
	for in, want := range map[string]string{
		"EffectiveBalance":      "effective_balance",
		"Eth1Data":              "eth1_data",
		"Eth1DepositIndex":      "eth1_deposit_index",
		"BLSToExecutionChanges": "bls_to_execution_changes",
		"BlobKZGCommitments":    "blob_kzg_commitments",
		"PTCWindow":             "ptc_window",
		"Pubkey":                "pubkey",
		"Slot":                  "slot",
		"SignedHeader1":         "signed_header_1",
		"Attestation2":          "attestation_2",
	} {
		if got := Snake(in); got != want {
			t.Errorf("Snake(%q) = %q, want %q", in, got, want)
		}
		if got := SpecName(&ssz.Field{Name: in}); got != want {
			t.Errorf("SpecName of field %s = %q, want %q", in, got, want)
		}
	}
	if got := SpecName(&ssz.Field{Name: "PublicKey", SpecName: "pubkey"}); got != "pubkey" {
		t.Errorf("SpecName with a spec name: %q", got)
	}
}
