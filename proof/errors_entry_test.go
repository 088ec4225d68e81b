package proof_test

import (
	"errors"
	"testing"

	"github.com/lanehash/lanehash/proof"
	"github.com/lanehash/lanehash/ssz"
	"github.com/lanehash/lanehash/ssz/consensus/phase0"
)

// failingSource is a NodeSource whose nodes fail with err (a cache whose
// value changed shape, or holds a bad value).
type failingSource struct{ err error }

func (s failingSource) Node(proof.GIndex) ([32]byte, error) { return [32]byte{}, s.err }

// TestErrorAtEveryEntryPoint: each entry point of package proof returns
// an error that errors.Is classifies by the package's sentinels, paths
// as a *PathError (errors.As) naming the type, and a source's error
// passed through unchanged for errors.As (a cache's *plan.Error).
func TestErrorAtEveryEntryPoint(t *testing.T) {
	vt, err := ssz.TypeFor[phase0.Validator]()
	if err != nil {
		t.Fatal(err)
	}
	pathErr := func(entry string, err error, typ string) {
		t.Helper()
		var pe *proof.PathError
		if !errors.As(err, &pe) || !errors.Is(err, proof.ErrPath) || pe.Type != typ {
			t.Errorf("%s: %v, want a *PathError wrapping ErrPath of type %q", entry, err, typ)
		}
	}
	_, err = proof.ParsePath("Validators[3]EffectiveBalance")
	pathErr("ParsePath", err, "")
	_, err = proof.GIndexOf(vt, "Nope")
	pathErr("GIndexOf", err, "phase0.Validator")
	_, err = proof.GIndexFor[phase0.Validator]("effective_balance.x")
	pathErr("GIndexFor", err, "phase0.Gwei")
	_, _, err = proof.Walk(vt, []proof.Step{{Field: "Nope"}})
	pathErr("Walk", err, "phase0.Validator")
	_, err = proof.FieldIndex(vt, "Nope")
	pathErr("FieldIndex", err, "phase0.Validator")
	_, err = proof.FieldIndex(vt.Fields[2].Type, "x")
	pathErr("FieldIndex of a basic type", err, "phase0.Gwei")

	if _, err := proof.Concat(1<<62, 1<<3); !errors.Is(err, proof.ErrOverflow) {
		t.Errorf("Concat past 64 bits: %v, want ErrOverflow", err)
	}
	if _, err := proof.Concat(0, 2); !errors.Is(err, proof.ErrIndex) {
		t.Errorf("Concat of 0: %v, want ErrIndex", err)
	}
	if _, err := proof.DescriptorIndices([]byte{0xff}); !errors.Is(err, proof.ErrProof) {
		t.Errorf("DescriptorIndices of a non-tree: %v, want ErrProof", err)
	}
	ok := failingSource{}
	if _, err := proof.Prove(ok, 0); !errors.Is(err, proof.ErrIndex) {
		t.Errorf("Prove(0): %v, want ErrIndex", err)
	}
	if _, err := proof.ProveMulti(ok, nil); !errors.Is(err, proof.ErrIndex) {
		t.Errorf("ProveMulti(nothing): %v, want ErrIndex", err)
	}
	if _, err := proof.ProveCompact(ok, nil); !errors.Is(err, proof.ErrIndex) {
		t.Errorf("ProveCompact(nothing): %v, want ErrIndex", err)
	}
	bad := &ssz.Error{Path: "Validator.Pubkey", Err: ssz.ErrSize}
	for entry, err := range map[string]error{
		"Prove":        func() error { _, err := proof.Prove(failingSource{bad}, 5); return err }(),
		"ProveMulti":   func() error { _, err := proof.ProveMulti(failingSource{bad}, []proof.GIndex{5}); return err }(),
		"ProveCompact": func() error { _, err := proof.ProveCompact(failingSource{bad}, []proof.GIndex{5}); return err }(),
	} {
		var se *ssz.Error
		if !errors.As(err, &se) || se != bad || !errors.Is(err, ssz.ErrSize) {
			t.Errorf("%s: %v, want the source's error", entry, err)
		}
	}
	var p proof.Proof
	if _, err := p.Root(); !errors.Is(err, proof.ErrIndex) {
		t.Errorf("Proof.Root of index 0: %v, want ErrIndex", err)
	}
	var m proof.Multiproof
	if _, err := m.Root(); !errors.Is(err, proof.ErrProof) {
		t.Errorf("Multiproof.Root of nothing: %v, want ErrProof", err)
	}
}
