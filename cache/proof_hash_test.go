package cache_test

import (
	"reflect"
	"strings"
	"sync"
	"testing"

	"github.com/lanehash/lanehash/cache"
	"github.com/lanehash/lanehash/lanes"
	"github.com/lanehash/lanehash/plan"
	"github.com/lanehash/lanehash/proof"
	"github.com/lanehash/lanehash/ssz"
	"github.com/lanehash/lanehash/ssz/consensus/fulu"
	"github.com/lanehash/lanehash/ssz/consensus/phase0"
)

// Trees and lists tell proof's functions their hash function.
var (
	_ proof.HashedSource = (*cache.Tree[phase0.Checkpoint])(nil)
	_ proof.HashedSource = (*cache.List[uint64])(nil)
)

// TestProofFunctionsUseTheTreesHash reads proofs of a Keccak-256 tree and
// list through proof.Prove, ProveMulti and ProveCompact (the NodeSource
// functions) and checks each against the reference root: a proof
// labelled SHA-256 would not verify. SHA-256 trees are checked the same
// way.
func TestProofFunctionsUseTheTreesHash(t *testing.T) {
	for _, h := range []lanes.Hash{lanes.SHA256, lanes.Keccak256} {
		ref := ssz.SHA256
		if h == lanes.Keccak256 {
			ref = ssz.Keccak256
		}
		v := &phase0.Checkpoint{Epoch: 5, Root: [32]byte{1, 2, 3}}
		tr, root, err := cache.TreeOf(v, plan.WithHash(h))
		if err != nil {
			t.Fatal(err)
		}
		if want, _ := ssz.HashTreeRoot(v, ref); root != want || tr.Hash() != h {
			t.Fatalf("%s: TreeOf root %x (hash %s), reference %x", h, root, tr.Hash(), want)
		}
		checkSourceProofs(t, h.String()+" tree", tr, root, []proof.GIndex{2, 3})

		l, err := cache.NewList[uint64](1024, plan.WithHash(h))
		if err != nil {
			t.Fatal(err)
		}
		elems := []uint64{1, 2, 3, 4, 5, 6, 7, 8, 9}
		lroot, err := l.Root(elems)
		if err != nil {
			t.Fatal(err)
		}
		typ, err := ssz.TypeOfTagged(reflect.TypeFor[[]uint64](), `ssz-max:"1024"`)
		if err != nil {
			t.Fatal(err)
		}
		if want, _ := ssz.HashTreeRootValue(typ, reflect.ValueOf(elems), ref); lroot != want {
			t.Fatalf("%s: list root %x, reference %x", h, lroot, want)
		}
		g, err := l.GIndex("[4]")
		if err != nil {
			t.Fatal(err)
		}
		checkSourceProofs(t, h.String()+" list", l, lroot, []proof.GIndex{g, 3})
	}
}

// checkSourceProofs proves indices from src through the three proof
// functions and checks that each carries src's hash and verifies.
func checkSourceProofs(t *testing.T, what string, src proof.HashedSource, root [32]byte, indices []proof.GIndex) {
	t.Helper()
	p, err := proof.Prove(src, indices[0])
	if err != nil {
		t.Errorf("%s: proof.Prove: %v", what, err)
	} else if p.Hash != src.Hash() || !p.Verify(root) {
		t.Errorf("%s: proof.Prove: hash %s, verifies %v", what, p.Hash, p.Verify(root))
	}
	m, err := proof.ProveMulti(src, indices)
	if err != nil || m.Hash != src.Hash() || !m.Verify(root) {
		t.Errorf("%s: proof.ProveMulti: %v", what, err)
	}
	c, err := proof.ProveCompact(src, indices)
	if err != nil || c.Hash != src.Hash() || !c.Verify(root) {
		t.Errorf("%s: proof.ProveCompact: %v", what, err)
	}
}

// TestPathErrorsShort gives the tree's path entry points paths of a
// megabyte (an unknown field name, nested or not; a malformed path; a
// long index; a long tail after a bad index) and wants every error under
// 300 bytes: an error quotes a bounded part of the path and of the step
// at fault, never the whole request (docs/guarantees.md).
func TestPathErrorsShort(t *testing.T) {
	long := strings.Repeat("a", 1<<20)
	paths := []string{
		long,
		"Fork." + long,
		"Slot." + long,
		long + "[",
		"Balances[" + strings.Repeat("9", 1<<20) + "]",
		"RANDAOMixes[65536]" + strings.Repeat(".x", 1<<18),
	}
	tr, err := cache.New[fulu.BeaconState]()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tr.Root(fulu.SyntheticBeaconState(8, 1)); err != nil {
		t.Fatal(err)
	}
	for _, p := range paths {
		_, e1 := tr.Prove(p)
		_, e2 := tr.Field(p)
		e3 := tr.Mark(p)
		_, e4 := tr.ProveMulti("Slot", p)
		_, e5 := proof.GIndexFor[fulu.BeaconState](p)
		for i, err := range []error{e1, e2, e3, e4, e5} {
			if err == nil {
				t.Errorf("path of %d bytes, call %d: no error", len(p), i)
			} else if n := len(err.Error()); n > 300 {
				t.Errorf("path of %d bytes, call %d: %d-byte error: %.200s…", len(p), i, n, err.Error())
			}
		}
	}
}

// TestDetectProofsReadNoValue proves a validator's field from a Detect
// tree while another goroutine keeps changing which slice the value's
// registry is, with no Root between: a Detect tree answers from its
// stored copies and reads nothing of the value, so under -race this is
// no data race, and every proof is of the last Root.
func TestDetectProofsReadNoValue(t *testing.T) {
	full := phase0.RandomValidators(64, 7)
	v := &fulu.BeaconState{Validators: make([]*phase0.Validator, 48)}
	for i := range v.Validators {
		v.Validators[i] = &full[i]
	}
	tr, err := cache.New[fulu.BeaconState]()
	if err != nil {
		t.Fatal(err)
	}
	root, err := tr.Root(v)
	if err != nil {
		t.Fatal(err)
	}
	ptrs := make([]*phase0.Validator, len(full))
	for i := range full {
		ptrs[i] = &full[i]
	}
	var wg sync.WaitGroup
	wg.Add(1)
	stop := make(chan struct{})
	go func() {
		defer wg.Done()
		for i := 0; ; i++ {
			select {
			case <-stop:
				return
			default:
			}
			v.Validators = ptrs[:32+i%32]
		}
	}()
	for i := range 2000 {
		p, err := tr.Prove("Validators[7].EffectiveBalance")
		if err != nil || !p.Verify(root) {
			t.Errorf("proof %d: verifies %v, %v", i, err == nil && p.Verify(root), err)
			break
		}
	}
	close(stop)
	wg.Wait()
}
