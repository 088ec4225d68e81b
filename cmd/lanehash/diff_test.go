package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/golang/snappy"

	"github.com/lanehash/lanehash/cache"
	"github.com/lanehash/lanehash/plan"
	"github.com/lanehash/lanehash/proof"
	"github.com/lanehash/lanehash/ssz"
	"github.com/lanehash/lanehash/ssz/consensus/fulu"
	"github.com/lanehash/lanehash/ssz/consensus/gloas"
	"github.com/lanehash/lanehash/ssz/consensus/phase0"
)

// editedStates returns a synthetic fulu state of n validators and a copy
// with known edits, serialized, and the lines diff must print for them,
// in tree order.
func editedStates(t testing.TB, n int) (a, b []byte, want []string) {
	t.Helper()
	s := fulu.SyntheticBeaconState(n, 7)
	a, err := ssz.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	var e fulu.BeaconState
	if err := ssz.Unmarshal(a, &e); err != nil {
		t.Fatal(err)
	}
	i := n / 2
	oldRoot := e.BlockRoots[5]
	e.Slot++
	e.BlockRoots[5][0] ^= 1
	e.Validators[7].Slashed = !e.Validators[7].Slashed
	e.Validators[i].EffectiveBalance -= 1_000_000_000
	e.Balances[i] += 123
	e.InactivityScores = append(e.InactivityScores, 9)
	e.CurrentSyncCommittee.Pubkeys[3][47] ^= 0x80
	b, err = ssz.Marshal(&e)
	if err != nil {
		t.Fatal(err)
	}
	pk := s.CurrentSyncCommittee.Pubkeys[3]
	want = []string{
		fmt.Sprintf("slot: %d -> %d", s.Slot, e.Slot),
		fmt.Sprintf("block_roots[5]: 0x%x -> 0x%x", oldRoot[:], e.BlockRoots[5][:]),
		fmt.Sprintf("validators[7].slashed: %t -> %t", s.Validators[7].Slashed, e.Validators[7].Slashed),
		fmt.Sprintf("validators[%d].effective_balance: %d -> %d", i, s.Validators[i].EffectiveBalance, e.Validators[i].EffectiveBalance),
		fmt.Sprintf("balances[%d]: %d -> %d", i, s.Balances[i], e.Balances[i]),
		fmt.Sprintf("inactivity_scores[%d]: (absent) -> 9", len(s.InactivityScores)),
		fmt.Sprintf("inactivity_scores.__len__: %d -> %d", len(s.InactivityScores), len(e.InactivityScores)),
		fmt.Sprintf("current_sync_committee.pubkeys[3]: 0x%x -> 0x%x", pk[:], e.CurrentSyncCommittee.Pubkeys[3][:]),
	}
	return a, b, want
}

// TestDiffEdits diffs two states with known edits and checks the exact
// lines, and, independently of the byte walk, that the subtree root at
// each printed path differs between the two states' Merkle trees (and
// that the paths are ones prove takes).
func TestDiffEdits(t *testing.T) {
	a, b, want := editedStates(t, 1024)
	fa, fb := writeFile(t, "a.ssz", a), writeFile(t, "b.ssz", b)
	out, errOut, code := runCmd(t, nil, "diff", "-type", "fulu.BeaconState", fa, fb)
	if code != exitNegative {
		t.Fatalf("status %d, want %d: %s", code, exitNegative, errOut)
	}
	got := strings.Split(strings.TrimSpace(out), "\n")
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("diff printed\n%s\nwant\n%s", out, strings.Join(want, "\n"))
	}

	checkNodesDiffer[fulu.BeaconState](t, ssz.MainnetSpec(), a, b, got)

	// The same files the other way round, -max, identical files.
	out, _, _ = runCmd(t, nil, "diff", "-type", "fulu.BeaconState", "-max", "2", fb, fa)
	if lines := strings.Split(strings.TrimSpace(out), "\n"); len(lines) != 2 || !strings.HasPrefix(lines[0], "slot: ") {
		t.Errorf("-max 2, reversed: %q", out)
	}
	out, errOut, code = runCmd(t, nil, "diff", "-type", "fulu.BeaconState", "-v", fa, fa)
	if code != exitOK || out != "" || !strings.Contains(errOut, "0 differences") {
		t.Errorf("identical files: status %d, %q, %q", code, out, errOut)
	}
}

// checkNodesDiffer checks, independently of diff's byte walk, that the
// subtree root at each printed path differs between the Merkle trees of a
// and b (values of T), and that the paths are ones prove takes.
func checkNodesDiffer[T any](t *testing.T, spec ssz.SpecValues, a, b []byte, lines []string) {
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
	for _, line := range lines {
		path, _, _ := strings.Cut(line, ":")
		g, err := proof.GIndexOf(st, path)
		if err != nil {
			t.Errorf("%s: not a proof path: %v", path, err)
			continue
		}
		na, errA := ta.Node(g)
		nb, errB := tb.Node(g)
		if errA != nil || errB != nil || na == nb {
			t.Errorf("%s (gindex %d): nodes %x, %x (%v, %v): want two different nodes", path, g, na, nb, errA, errB)
		}
	}
}

// TestDiffVariableElements diffs a block body's attestations (a list of
// variable-size elements, each with a bitlist) from the spec vectors,
// with one signature and one aggregation bit changed, and checks the
// lines and the tree oracle.
func TestDiffVariableElements(t *testing.T) {
	dir := vectorsDir(t)
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
	j := 0
	oldBits := body.Attestations[j].AggregationBits
	body.Attestations[j].AggregationBits = append([]byte{0xa5}, oldBits...) // 8 more bits
	b, err := ssz.Marshal(&body, ssz.WithSpec(spec))
	if err != nil {
		t.Fatal(err)
	}
	out, errOut, code := runCmd(t, nil, "diff", "-type", "fulu.BeaconBlockBody", "-preset", "minimal", writeFile(t, "a", a), writeFile(t, "b", b))
	want := []string{
		fmt.Sprintf("attestations[%d].aggregation_bits: %s -> %s", j, bytesString(oldBits), bytesString(body.Attestations[j].AggregationBits)),
		fmt.Sprintf("attestations[%d].signature: %s -> %s", k, bytesString(oldSig[:]), bytesString(body.Attestations[k].Signature[:])),
	}
	got := strings.Split(strings.TrimSpace(out), "\n")
	if code != exitNegative || strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("status %d (%s), printed\n%s\nwant\n%s", code, errOut, out, strings.Join(want, "\n"))
	}
	checkNodesDiffer[fulu.BeaconBlockBody](t, spec, a, b, got)
}

// TestDiffProgressive diffs gloas states (a progressive container, its
// validators a progressive list) where the registry shrank.
func TestDiffProgressive(t *testing.T) {
	s := gloas.SyntheticBeaconState(64, 3)
	a, err := ssz.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	var e gloas.BeaconState
	if err := ssz.Unmarshal(a, &e); err != nil {
		t.Fatal(err)
	}
	e.Validators = e.Validators[:60]
	e.Balances[1]++
	b, err := ssz.Marshal(&e)
	if err != nil {
		t.Fatal(err)
	}
	out, errOut, code := runCmd(t, nil, "diff", "-type", "gloas.BeaconState", writeFile(t, "a", a), writeFile(t, "b", b))
	want := "validators[60]: (present) -> (absent)\nvalidators[61]: (present) -> (absent)\n" +
		"validators[62]: (present) -> (absent)\nvalidators[63]: (present) -> (absent)\nvalidators.__len__: 64 -> 60\n" +
		fmt.Sprintf("balances[1]: %d -> %d\n", s.Balances[1], e.Balances[1])
	if code != exitNegative || out != want {
		t.Fatalf("status %d (%s), printed\n%s\nwant\n%s", code, errOut, out, want)
	}
	checkNodesDiffer[gloas.BeaconState](t, ssz.MainnetSpec(), a, b, strings.Split(strings.TrimSpace(out), "\n"))
}

// TestDiffZeroPastEnd diffs states whose lists gained or lost elements
// that are the zero padding of the shorter list's tree: a balance of 0
// inside the chunk the list already uses, a zero Bytes32 root. Their
// nodes are the same in both trees, so only the lengths, and the
// elements that are not zero, are listed; a zero validator (a container
// whose root is a hash, not the zero chunk) still is.
func TestDiffZeroPastEnd(t *testing.T) {
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
		fa, fb := writeFile(t, "a.ssz", a), writeFile(t, "b.ssz", c.b)
		for _, reversed := range []bool{false, true} {
			x, y, want := a, c.b, c.want
			args := []string{"diff", "-type", "fulu.BeaconState", "-max", "0", fa, fb}
			if reversed {
				x, y = c.b, a
				args[5], args[6] = fb, fa
				want = nil
				for _, l := range c.want {
					path, vals, _ := strings.Cut(l, ": ")
					va, vb, _ := strings.Cut(vals, " -> ")
					want = append(want, path+": "+vb+" -> "+va)
				}
			}
			out, errOut, code := runCmd(t, nil, args...)
			if code != exitNegative || out != strings.Join(want, "\n")+"\n" {
				t.Errorf("%s (reversed %t): status %d (%s), printed\n%s\nwant\n%s", c.name, reversed, code, errOut, out, strings.Join(want, "\n"))
				continue
			}
			checkNodesDiffer[fulu.BeaconState](t, ssz.MainnetSpec(), x, y, want)
			checkNodesSame(t, x, y, c.same)
		}
	}
}

// checkNodesSame checks that the node at each path is the same in the
// Merkle trees of states a and b.
func checkNodesSame(t *testing.T, a, b []byte, paths []string) {
	t.Helper()
	var va, vb fulu.BeaconState
	if err := ssz.Unmarshal(a, &va); err != nil {
		t.Fatal(err)
	}
	if err := ssz.Unmarshal(b, &vb); err != nil {
		t.Fatal(err)
	}
	ta, _, err := cache.TreeOf(&va)
	if err != nil {
		t.Fatal(err)
	}
	tb, _, err := cache.TreeOf(&vb)
	if err != nil {
		t.Fatal(err)
	}
	st, err := ssz.TypeFor[fulu.BeaconState]()
	if err != nil {
		t.Fatal(err)
	}
	for _, path := range paths {
		g, err := proof.GIndexOf(st, path)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		na, errA := ta.Node(g)
		nb, errB := tb.Node(g)
		if errA != nil || errB != nil || na != nb {
			t.Errorf("%s (gindex %d): nodes %x, %x (%v, %v): want the same node", path, g, na, nb, errA, errB)
		}
	}
}
