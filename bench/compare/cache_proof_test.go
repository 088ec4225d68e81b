package compare

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	fastssz "github.com/ferranbt/fastssz"
	fssz "github.com/ferranbt/fastssz/spectests"
	"github.com/golang/snappy"

	"github.com/lanehash/lanehash/cache"
	"github.com/lanehash/lanehash/internal/spectest"
	"github.com/lanehash/lanehash/proof"
	lssz "github.com/lanehash/lanehash/ssz"
	"github.com/lanehash/lanehash/ssz/consensus/phase0"
)

// Proofs of lanehash's cache against fastssz's Prove and ProveMulti on the
// same values: phase0 Validators, and the spec vectors' mainnet phase0
// BeaconBlockBody and BeaconState (the types fastssz ships generated code
// for), decoded by both libraries from the same bytes.

// randomPath walks v (of type t) from the root, choosing a random field or
// element at each step and stopping at random, and returns a path only
// through values that exist (fastssz has no nodes for list padding).
func randomPath(r *rand.Rand, t *lssz.Type, v reflect.Value) string {
	path := ""
	for r.IntN(5) != 0 {
		for v.Kind() == reflect.Pointer {
			if v.IsNil() {
				return path
			}
			v = v.Elem()
		}
		switch t.Kind {
		case lssz.KindContainer:
			i := r.IntN(len(t.Fields))
			f := t.Fields[i]
			if path != "" {
				path += "."
			}
			path += f.Name
			v, t = v.FieldByIndex(f.Index), f.Type
		case lssz.KindVector, lssz.KindList:
			n := v.Len()
			if n == 0 {
				return path
			}
			i := r.IntN(n)
			path += fmt.Sprintf("[%d]", i)
			if t.Elem.Kind >= lssz.KindBool && t.Elem.Kind <= lssz.KindUint256 {
				return path // a chunk of packed values
			}
			v, t = v.Index(i), t.Elem
		default:
			return path
		}
	}
	return path
}

func fastsszTree(tb testing.TB, v interface{ GetTree() (*fastssz.Node, error) }) *fastssz.Node {
	tb.Helper()
	n, err := v.GetTree()
	if err != nil {
		tb.Fatal(err)
	}
	return n
}

// compareProofs proves k random paths of v with both libraries, one by
// one and all at once, and compares node for node.
func compareProofs[T any](t *testing.T, v *T, ft *fastssz.Node, k int, opts ...cache.Option) {
	t.Helper()
	typ, err := lssz.TypeFor[T](lssz.WithSpec(lssz.MainnetSpec()))
	if err != nil {
		t.Fatal(err)
	}
	tr, err := cache.New[T](opts...)
	if err != nil {
		t.Fatal(err)
	}
	root, err := tr.Root(v)
	if err != nil {
		t.Fatal(err)
	}
	if want := ft.Hash(); !bytes.Equal(root[:], want) {
		t.Fatalf("root %x, fastssz %x", root, want)
	}
	r := rand.New(rand.NewPCG(uint64(k), 9))
	var gs []proof.GIndex
	seen := map[proof.GIndex]bool{}
	for range k {
		path := randomPath(r, typ, reflect.ValueOf(v).Elem())
		g, err := proof.GIndexOf(typ, path)
		if err != nil {
			t.Fatalf("%q: %v", path, err)
		}
		p, err := tr.Prove(path)
		if err != nil {
			t.Fatalf("%q: %v", path, err)
		}
		fp, err := ft.Prove(int(g))
		if err != nil {
			t.Fatalf("fastssz %q (gindex %d): %v", path, g, err)
		}
		if !p.Verify(root) || !bytes.Equal(p.Leaf[:], fp.Leaf) || len(p.Branch) != len(fp.Hashes) {
			t.Fatalf("%q (gindex %d): leaf %x, fastssz %x; %d/%d branch nodes", path, g, p.Leaf, fp.Leaf, len(p.Branch), len(fp.Hashes))
		}
		for i := range p.Branch {
			if !bytes.Equal(p.Branch[i][:], fp.Hashes[i]) {
				t.Fatalf("%q (gindex %d): branch node %d %x, fastssz %x", path, g, i, p.Branch[i], fp.Hashes[i])
			}
		}
		if !seen[g] && len(gs) < 6 {
			gs = append(gs, g)
			seen[g] = true
		}
	}
	m, err := proof.ProveMulti(tr, gs)
	if err != nil {
		t.Fatal(err)
	}
	ints := make([]int, len(gs))
	for i, g := range gs {
		ints[i] = int(g)
	}
	fm, err := ft.ProveMulti(ints)
	if err != nil {
		t.Fatal(err)
	}
	if !m.Verify(root) || len(m.Hashes) != len(fm.Hashes) {
		t.Fatalf("multiproof of %v: %d helpers, fastssz %d", gs, len(m.Hashes), len(fm.Hashes))
	}
	for i := range m.Hashes {
		if !bytes.Equal(m.Hashes[i][:], fm.Hashes[i]) {
			t.Fatalf("multiproof of %v: helper %d differs", gs, i)
		}
	}
	for i := range m.Leaves {
		if !bytes.Equal(m.Leaves[i][:], fm.Leaves[i]) && fm.Leaves[i] != nil {
			t.Fatalf("multiproof of %v: leaf %d differs", gs, i)
		}
	}
}

func TestProofsMatchFastsszValidator(t *testing.T) {
	for i, v := range phase0.RandomValidators(20, 5) {
		compareProofs(t, &v, fastsszTree(t, FastsszValidator(&v)), 10+i)
	}
}

// specVector decodes a mainnet phase0 ssz_static case into both libraries.
func specVector[T any](t *testing.T, typ string, c int, f interface{ UnmarshalSSZ([]byte) error }) *T {
	// The vectors folder as the main module's spec runner finds it: a
	// missing folder fails in CI and skips, saying how to fetch it,
	// elsewhere; a case missing from a folder present fails.
	root := spectest.RequireDir(t)
	dir := filepath.Join(root, "mainnet/phase0/ssz_static", typ, "ssz_random", fmt.Sprintf("case_%d", c))
	raw, err := os.ReadFile(filepath.Join(dir, "serialized.ssz_snappy"))
	if err != nil {
		t.Fatal(err)
	}
	b, err := snappy.Decode(nil, raw)
	if err != nil {
		t.Fatal(err)
	}
	v := new(T)
	if err := lssz.Unmarshal(b, v); err != nil {
		t.Fatalf("%s: %v", dir, err)
	}
	if err := f.UnmarshalSSZ(b); err != nil {
		t.Fatalf("fastssz %s: %v", dir, err)
	}
	return v
}

func TestProofsMatchFastsszBeaconBlockBody(t *testing.T) {
	for c := range 5 {
		fb := new(fssz.BeaconBlockBodyPhase0)
		v := specVector[phase0.BeaconBlockBody](t, "BeaconBlockBody", c, fb)
		compareProofs(t, v, fastsszTree(t, fb), 60)
	}
}

// TestProofsMatchFastsszBeaconState uses the synthetic mainnet-shaped
// phase0 state (the vectors have no mainnet phase0 state), converted for
// fastssz by the comparison module's adapter.
func TestProofsMatchFastsszBeaconState(t *testing.T) {
	s := benchState(300)
	compareProofs(t, s, fastsszTree(t, FastsszBeaconState(s)), 80)
}
