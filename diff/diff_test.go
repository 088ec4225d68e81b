package diff_test

import (
	"bytes"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/golang/snappy"

	"github.com/lanehash/lanehash/cache"
	"github.com/lanehash/lanehash/diff"
	"github.com/lanehash/lanehash/internal/difftest"
	"github.com/lanehash/lanehash/internal/spectest"
	"github.com/lanehash/lanehash/plan"
	"github.com/lanehash/lanehash/proof"
	"github.com/lanehash/lanehash/ssz"
	"github.com/lanehash/lanehash/ssz/consensus/fulu"
	"github.com/lanehash/lanehash/ssz/consensus/gloas"
	"github.com/lanehash/lanehash/ssz/consensus/phase0"
)

// lines formats differences as the command prints them.
func lines(ds []diff.Difference) []string {
	out := make([]string, len(ds))
	for i, d := range ds {
		out[i] = d.String()
	}
	return out
}

// all3 diffs a and b, serializations of T under spec, through each entry
// point (Bytes, Serialized, Values of the decoded values) and checks that
// the three agree (lines and counts) and that every Difference's A and B
// are the node's bytes at its Path in each serialization's decoded value.
// It returns the differences.
func all3[T any](t *testing.T, spec ssz.SpecValues, a, b []byte, opts ...diff.Option) ([]diff.Difference, int) {
	t.Helper()
	so := []ssz.Option{ssz.WithSpec(spec)}
	st, err := ssz.TypeFor[T](so...)
	if err != nil {
		t.Fatal(err)
	}
	withSpec := append([]diff.Option{plan.WithSpec(spec)}, opts...)
	ds, n, err := diff.Bytes[T](a, b, withSpec...)
	if err != nil {
		t.Fatalf("Bytes: %v", err)
	}
	ds2, n2, err := diff.Serialized(st, a, b, opts...)
	if err != nil {
		t.Fatalf("Serialized: %v", err)
	}
	va, vb := new(T), new(T)
	if err := ssz.Unmarshal(a, va, so...); err != nil {
		t.Fatal(err)
	}
	if err := ssz.Unmarshal(b, vb, so...); err != nil {
		t.Fatal(err)
	}
	ds3, n3, err := diff.Values(va, vb, withSpec...)
	if err != nil {
		t.Fatalf("Values: %v", err)
	}
	l := lines(ds)
	if n2 != n || n3 != n || !slices.Equal(lines(ds2), l) || !slices.Equal(lines(ds3), l) {
		t.Fatalf("the entry points disagree:\nBytes (%d)\n%s\nSerialized (%d)\n%s\nValues (%d)\n%s",
			n, strings.Join(l, "\n"), n2, strings.Join(lines(ds2), "\n"), n3, strings.Join(lines(ds3), "\n"))
	}
	for _, d := range ds {
		if d.Type == nil || d.A == nil && d.B == nil {
			t.Errorf("%s: type %v, A %x, B %x: want a type and at least one side", d.Path, d.Type, d.A, d.B)
		}
	}
	return ds, n
}

// checkNodes is the oracle that does not trust the byte walk: it builds
// the Merkle trees of a and b (values of T under spec, decoded, rooted by
// cache.TreeOf) and checks that the node at each listed Path (a proof
// path) differs between them, and that the node at each path of same is
// the same in both.
func checkNodes[T any](t *testing.T, spec ssz.SpecValues, a, b []byte, ds []diff.Difference, same []string) {
	t.Helper()
	va, vb := new(T), new(T)
	if err := ssz.Unmarshal(a, va, ssz.WithSpec(spec)); err != nil {
		t.Fatal(err)
	}
	if err := ssz.Unmarshal(b, vb, ssz.WithSpec(spec)); err != nil {
		t.Fatal(err)
	}
	ta, _, err := cache.TreeOf(va, plan.WithSpec(spec))
	if err != nil {
		t.Fatal(err)
	}
	tb, _, err := cache.TreeOf(vb, plan.WithSpec(spec))
	if err != nil {
		t.Fatal(err)
	}
	st, err := ssz.TypeFor[T](ssz.WithSpec(spec))
	if err != nil {
		t.Fatal(err)
	}
	node := func(path string) (na, nb [32]byte, g proof.GIndex, err error) {
		if g, err = proof.GIndexOf(st, path); err != nil {
			return na, nb, g, fmt.Errorf("not a proof path: %w", err)
		}
		na, errA := ta.Node(g)
		nb, errB := tb.Node(g)
		if errA != nil || errB != nil {
			return na, nb, g, fmt.Errorf("gindex %d: %w", g, errors.Join(errA, errB))
		}
		return na, nb, g, nil
	}
	for _, d := range ds {
		na, nb, g, err := node(d.Path)
		if errors.Is(err, proof.ErrIndex) && (d.A == nil || d.B == nil) {
			// An element past the shorter progressive list's end: that
			// tree has no node there, its subtree is the zero chunk.
			na, nb, err = nodeOrZero(ta, g), nodeOrZero(tb, g), nil
		}
		if err != nil || na == nb {
			t.Errorf("%s (gindex %d): nodes %x, %x (%v): want two different nodes", d.Path, g, na, nb, err)
		}
	}
	for _, path := range same {
		na, nb, g, err := node(path)
		if err != nil || na != nb {
			t.Errorf("%s (gindex %d): nodes %x, %x (%v): want the same node", path, g, na, nb, err)
		}
	}
}

// nodeOrZero is the node at g of tree, or the zero chunk where a
// progressive tree has none (g is below its end).
func nodeOrZero[T any](tree *cache.Tree[T], g proof.GIndex) [32]byte {
	n, err := tree.Node(g)
	if err != nil {
		return [32]byte{}
	}
	return n
}

// TestEdits diffs two fulu states with known edits of every kind through
// the three entry points: the exact lines, the tree oracle, the inputs
// swapped (the same paths, the sides swapped), WithMax (the first ones,
// the count of all), and a state against itself (nothing).
func TestEdits(t *testing.T) {
	spec := ssz.MainnetSpec()
	a, b, want := difftest.EditedStates(t, 1024)
	ds, n := all3[fulu.BeaconState](t, spec, a, b)
	if got := lines(ds); !slices.Equal(got, want) || n != len(want) {
		t.Fatalf("%d differences\n%s\nwant\n%s", n, strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	checkNodes[fulu.BeaconState](t, spec, a, b, ds, nil)

	rev, n := all3[fulu.BeaconState](t, spec, b, a)
	if n != len(ds) {
		t.Fatalf("swapped: %d differences, want %d", n, len(ds))
	}
	for i, d := range rev {
		if d.Path != ds[i].Path || !bytes.Equal(d.A, ds[i].B) || !bytes.Equal(d.B, ds[i].A) || (d.A == nil) != (ds[i].B == nil) {
			t.Errorf("swapped %d: %s, want %s with the sides swapped", i, d, ds[i])
		}
	}

	for _, max := range []int{1, 2, len(want), len(want) + 5} {
		kept, n := all3[fulu.BeaconState](t, spec, a, b, diff.WithMax(max))
		if n != len(want) || !slices.Equal(lines(kept), want[:min(max, len(want))]) {
			t.Errorf("WithMax(%d): %d kept of %d: %q", max, len(kept), n, lines(kept))
		}
	}

	if ds, n := all3[fulu.BeaconState](t, spec, a, a); n != 0 || len(ds) != 0 {
		t.Errorf("a state against itself: %d differences: %q", n, lines(ds))
	}
}

// TestDifferenceBytes checks A and B of the edited states' differences:
// a field's serialization in each value, the element past the shorter
// list's end on one side only, a length as 8 little-endian bytes.
func TestDifferenceBytes(t *testing.T) {
	a, b, _ := difftest.EditedStates(t, 64)
	var va, vb fulu.BeaconState
	if err := ssz.Unmarshal(a, &va); err != nil {
		t.Fatal(err)
	}
	if err := ssz.Unmarshal(b, &vb); err != nil {
		t.Fatal(err)
	}
	ds, _, err := diff.Bytes[fulu.BeaconState](a, b)
	if err != nil {
		t.Fatal(err)
	}
	u64 := func(v uint64) []byte {
		return []byte{byte(v), byte(v >> 8), byte(v >> 16), byte(v >> 24), byte(v >> 32), byte(v >> 40), byte(v >> 48), byte(v >> 56)}
	}
	n := len(va.InactivityScores)
	want := map[string][2][]byte{
		"slot":                             {u64(uint64(va.Slot)), u64(uint64(vb.Slot))},
		"block_roots[5]":                   {va.BlockRoots[5][:], vb.BlockRoots[5][:]},
		"validators[32].effective_balance": {u64(uint64(va.Validators[32].EffectiveBalance)), u64(uint64(vb.Validators[32].EffectiveBalance))},
		"inactivity_scores[" + strconv.Itoa(n) + "]": {nil, u64(9)},
		"inactivity_scores.__len__":                  {u64(uint64(n)), u64(uint64(n + 1))},
		"current_sync_committee.pubkeys[3]":          {va.CurrentSyncCommittee.Pubkeys[3][:], vb.CurrentSyncCommittee.Pubkeys[3][:]},
	}
	for _, d := range ds {
		w, ok := want[d.Path]
		if !ok {
			continue
		}
		delete(want, d.Path)
		if !bytes.Equal(d.A, w[0]) || !bytes.Equal(d.B, w[1]) || (d.A == nil) != (w[0] == nil) {
			t.Errorf("%s: A %x, B %x, want %x, %x", d.Path, d.A, d.B, w[0], w[1])
		}
	}
	for p := range want {
		t.Errorf("%s: not listed", p)
	}
}

// TestProgressive diffs gloas states (a progressive container, its
// validators a progressive list) where the registry shrank.
func TestProgressive(t *testing.T) {
	spec := ssz.MainnetSpec()
	a, b, want := difftest.ShrunkGloas(t)
	ds, _ := all3[gloas.BeaconState](t, spec, a, b)
	if got := lines(ds); !slices.Equal(got, want) {
		t.Fatalf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	checkNodes[gloas.BeaconState](t, spec, a, b, ds, nil)
}

// shown is the command's format of a byte string, stated again here so
// that the test does not take it from the package it tests.
func shown(b []byte) string {
	if len(b) <= 48 {
		return "0x" + hex.EncodeToString(b)
	}
	return fmt.Sprintf("0x%x…(%d bytes)", b[:8], len(b))
}

// TestVariableElements diffs a block body's attestations (a list of
// variable-size elements, each with a bitlist) from the spec vectors,
// minimal preset, with one signature and one aggregation bit changed.
func TestVariableElements(t *testing.T) {
	dir := spectest.RequireDir(t)
	comp, err := os.ReadFile(filepath.Join(dir, "minimal", "fulu", "ssz_static", "BeaconBlockBody", "ssz_random", "case_0", "serialized.ssz_snappy"))
	if err != nil {
		t.Fatal(err)
	}
	a, err := snappy.Decode(nil, comp)
	if err != nil {
		t.Fatal(err)
	}
	spec := ssz.MinimalSpec()
	var body fulu.BeaconBlockBody
	if err := ssz.Unmarshal(a, &body, ssz.WithSpec(spec)); err != nil {
		t.Fatal(err)
	}
	k := len(body.Attestations) - 1
	if k < 1 {
		t.Fatalf("case_0 has %d attestations; the test needs two", k+1)
	}
	oldSig := body.Attestations[k].Signature
	body.Attestations[k].Signature[95] ^= 1
	oldBits := body.Attestations[0].AggregationBits
	body.Attestations[0].AggregationBits = append([]byte{0xa5}, oldBits...) // 8 more bits
	b, err := ssz.Marshal(&body, ssz.WithSpec(spec))
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		fmt.Sprintf("attestations[0].aggregation_bits: %s -> %s", shown(oldBits), shown(body.Attestations[0].AggregationBits)),
		fmt.Sprintf("attestations[%d].signature: %s -> %s", k, shown(oldSig[:]), shown(body.Attestations[k].Signature[:])),
	}
	ds, _ := all3[fulu.BeaconBlockBody](t, spec, a, b)
	if got := lines(ds); !slices.Equal(got, want) {
		t.Fatalf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	checkNodes[fulu.BeaconBlockBody](t, spec, a, b, ds, nil)
}

// TestZeroPastEnd diffs states whose lists gained elements that are the
// zero padding of the shorter list's tree: a balance of 0 inside the
// chunk the list already uses, a zero Bytes32 root. Their nodes are the
// same in both trees, so only the lengths, and the elements that are not
// zero, are listed; a zero validator (a container whose root is a hash,
// not the zero chunk) still is. Each case runs both ways round.
func TestZeroPastEnd(t *testing.T) {
	spec := ssz.MainnetSpec()
	s := fulu.SyntheticBeaconState(40, 9)
	a, err := ssz.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	nh := len(s.HistoricalRoots)
	edit := func(f func(e *fulu.BeaconState)) []byte {
		var e fulu.BeaconState
		if err := ssz.Unmarshal(a, &e); err != nil {
			t.Fatal(err)
		}
		f(&e)
		b, err := ssz.Marshal(&e)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	for _, c := range []struct {
		name string
		b    []byte
		want []string // a -> b; b -> a is the same with the sides swapped
		same []string // paths whose nodes are the same in both trees
	}{
		{"balance 0", edit(func(e *fulu.BeaconState) { e.Balances = append(e.Balances, 0) }),
			[]string{"balances.__len__: 40 -> 41"}, []string{"balances[40]"}},
		{"balances 0, 7", edit(func(e *fulu.BeaconState) { e.Balances = append(e.Balances, 0, 7) }),
			[]string{"balances[41]: (absent) -> 7", "balances.__len__: 40 -> 42"}, nil},
		{"zero root", edit(func(e *fulu.BeaconState) { e.HistoricalRoots = append(e.HistoricalRoots, phase0.Root{}) }),
			[]string{fmt.Sprintf("historical_roots.__len__: %d -> %d", nh, nh+1)}, []string{fmt.Sprintf("historical_roots[%d]", nh)}},
		{"zero root, root", edit(func(e *fulu.BeaconState) {
			e.HistoricalRoots = append(e.HistoricalRoots, phase0.Root{}, phase0.Root{31: 1})
		}), []string{fmt.Sprintf("historical_roots[%d]: (absent) -> (present)", nh+1),
			fmt.Sprintf("historical_roots.__len__: %d -> %d", nh, nh+2)}, []string{fmt.Sprintf("historical_roots[%d]", nh)}},
		{"zero validator", edit(func(e *fulu.BeaconState) { e.Validators = append(e.Validators, &phase0.Validator{}) }),
			[]string{"validators[40]: (absent) -> (present)", "validators.__len__: 40 -> 41"}, nil},
	} {
		for _, reversed := range []bool{false, true} {
			x, y, want := a, c.b, c.want
			if reversed {
				x, y, want = c.b, a, nil
				for _, l := range c.want {
					path, vals, _ := strings.Cut(l, ": ")
					va, vb, _ := strings.Cut(vals, " -> ")
					want = append(want, path+": "+vb+" -> "+va)
				}
			}
			ds, _ := all3[fulu.BeaconState](t, spec, x, y)
			if got := lines(ds); !slices.Equal(got, want) {
				t.Errorf("%s (reversed %t): got\n%s\nwant\n%s", c.name, reversed, strings.Join(got, "\n"), strings.Join(want, "\n"))
				continue
			}
			checkNodes[fulu.BeaconState](t, spec, x, y, ds, c.same)
		}
	}
}

// TestNilAndEmpty checks that a nil pointer is the zero value of T in
// Values, and that a nil serialization is the empty one in Bytes (an
// empty list is present, its elements absent).
func TestNilAndEmpty(t *testing.T) {
	v := phase0.Validator{EffectiveBalance: 7}
	ds, n, err := diff.Values(nil, &v)
	if err != nil || n != 1 || len(ds) != 1 || ds[0].String() != "effective_balance: 0 -> 7" {
		t.Errorf("Values(nil, v): %q, %d, %v", lines(ds), n, err)
	}
	if ds, n, err := diff.Values[phase0.Validator](nil, nil); err != nil || n != 0 || ds != nil {
		t.Errorf("Values(nil, nil): %q, %d, %v", lines(ds), n, err)
	}
	lt, err := ssz.TypeOfTagged(reflect.TypeFor[[]uint64](), `ssz-max:"16"`)
	if err != nil {
		t.Fatal(err)
	}
	ds, n, err = diff.Serialized(lt, nil, []byte{3, 0, 0, 0, 0, 0, 0, 0})
	if err != nil || n != 2 || !slices.Equal(lines(ds), []string{"[0]: (absent) -> 3", "__len__: 0 -> 1"}) {
		t.Errorf("Serialized(nil, [3]): %q, %d, %v", lines(ds), n, err)
	}
}
