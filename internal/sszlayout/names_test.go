package sszlayout

import (
	"testing"

	"github.com/lanehash/lanehash/proof"
	"github.com/lanehash/lanehash/ssz"
	"github.com/lanehash/lanehash/ssz/consensus/fulu"
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
	}
}

// TestFieldName: a field's path name is its spec name (its json tag, or
// its Go name in snake case) where package proof resolves that name to
// the field, else its Go name: a tag naming another field, one a path
// cannot spell and one two fields fold to fall back, and every name
// resolves to its own field.
func TestFieldName(t *testing.T) {
	type named struct {
		EffectiveBalance uint64
		PublicKey        [48]byte `json:"pubkey"`
		Swapped1         uint64   `json:"Swapped2"`
		Swapped2         uint64   `json:"Swapped1"`
		Dashed           uint64   `json:"dash-ed"`
		FooBar           uint64
		Foo_bar          uint64
	}
	st, err := ssz.TypeFor[named]()
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"effective_balance", "pubkey", "Swapped1", "Swapped2", "Dashed", "FooBar", "Foo_bar"}
	for i := range st.Fields {
		got := FieldName(st, i)
		if got != want[i] {
			t.Errorf("field %s: %q, want %q", st.Fields[i].Name, got, want[i])
		}
		g, err := proof.GIndexOf(st, got)
		own, _ := proof.GIndexOf(st, st.Fields[i].Name)
		if err != nil || g != own {
			t.Errorf("field %s: %q resolves to %d (%v), the field is %d", st.Fields[i].Name, got, g, err, own)
		}
	}
}

// BenchmarkFieldName looks up every field name of a BeaconState, the
// memoized path diff and sszjson take per container they write.
func BenchmarkFieldName(b *testing.B) {
	t, err := ssz.TypeFor[fulu.BeaconState]()
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		for i := range t.Fields {
			if FieldName(t, i) == "" {
				b.Fatal("no name")
			}
		}
	}
}
