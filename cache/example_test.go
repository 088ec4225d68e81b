package cache_test

import (
	"encoding/binary"
	"errors"
	"fmt"
	"slices"

	"github.com/lanehash/lanehash/cache"
	"github.com/lanehash/lanehash/plan"
	"github.com/lanehash/lanehash/ssz"
	"github.com/lanehash/lanehash/ssz/consensus/fulu"
	"github.com/lanehash/lanehash/ssz/consensus/gloas"
	"github.com/lanehash/lanehash/ssz/consensus/phase0"
)

// A cached registry: the first root hashes everything (8 pairs per
// validator, 1001 for the tree of 1000 roots, 30 for the zero-hash ladder
// up to depth 40, 1 for the length); the next one only the changed
// validator (8), its 10 ancestors, the ladder and the length: 49.
func ExampleList() {
	vals := phase0.RandomValidators(1000, 1)
	reg, err := cache.NewList[phase0.Validator](1 << 40)
	if err != nil {
		fmt.Println(err)
		return
	}
	if _, err := reg.Root(vals); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("first root, pairs hashed:", reg.Stats().PairsHashed)

	vals[123].EffectiveBalance = 31_000_000_000
	reg.ResetStats()
	root, _ := reg.Root(vals) // Detect mode: the change is found by comparing
	fmt.Println("after one change, pairs hashed:", reg.Stats().PairsHashed)

	p, _ := plan.PlanFor[phase0.Validator]()
	full, _ := p.ListRoot(vals, 1<<40)
	fmt.Println("equals a full root:", root == full)
	// Output:
	// first root, pairs hashed: 9032
	// after one change, pairs hashed: 49
	// equals a full root: true
}

// Marked mode trusts the caller's marks for writes in place and sees
// every change of identity itself: the cheapest update, for code that
// knows what it changed (a state transition). Appends need no mark. The
// registry has room to grow here (an append that must move it to a new
// array is seen too, and re-roots the whole list: Go grows a slice
// geometrically, so that is rare). The 99 pairs: the balance's chunk up
// its 38-deep tree and the length (39), the appended validator (8), its
// 11 ancestors, 29 ladder pairs and the length (49), and the 11 nodes of
// the state's 6-level field tree above the three changed fields.
func ExampleTree_Mark() {
	state := fulu.SyntheticBeaconState(2000, 1)
	state.Validators = slices.Grow(state.Validators, 16)
	tree, err := cache.New[fulu.BeaconState](cache.WithMode(cache.Marked))
	if err != nil {
		fmt.Println(err)
		return
	}
	if _, err := tree.Root(state); err != nil {
		fmt.Println(err)
		return
	}
	state.Balances[7] += 1_000_000
	state.Slot++
	state.Validators = append(state.Validators, &phase0.Validator{WithdrawalCredentials: make([]byte, 32)})
	_ = tree.Mark("Balances", 7)
	_ = tree.Mark("slot") // spec names work too
	tree.ResetStats()
	root, _ := tree.Root(state)

	p, _ := plan.PlanFor[fulu.BeaconState]()
	full, _ := p.Root(state)
	fmt.Println("pairs hashed:", tree.Stats().PairsHashed, "equals a full root:", root == full)
	// Output: pairs hashed: 99 equals a full root: true
}

// A block transition with field handles: the fields a transition
// changes are resolved once (MustField at setup, so a typo fails at
// start-up), and each change is one Mark call with nothing to check. A
// bad mark (a negative index from a bookkeeping bug) is not dropped: the
// next Root returns it as a *cache.MarkError. The handles work in Detect
// mode too, where they are checked and change nothing.
func ExampleTree_Field() {
	state := fulu.SyntheticBeaconState(2000, 1)
	tree, err := cache.New[fulu.BeaconState](cache.WithMode(cache.Marked))
	if err != nil {
		fmt.Println(err)
		return
	}
	var (
		balances      = tree.MustField("Balances")
		participation = tree.MustField("current_epoch_participation") // spec names work too
		blockRoots    = tree.MustField("BlockRoots")
		stateRoots    = tree.MustField("StateRoots")
		slot          = tree.MustField("Slot")
		header        = tree.MustField("LatestBlockHeader") // replaced whole each block
	)
	if _, err := tree.Root(state); err != nil {
		fmt.Println(err)
		return
	}

	// The block: a proposer reward, attesters' flags, the slot's roots.
	i := int(state.Slot) % len(state.BlockRoots)
	state.BlockRoots[i] = phase0.Root{1}
	state.StateRoots[i] = phase0.Root{2}
	blockRoots.Mark(i)
	stateRoots.Mark(i)
	state.Slot++
	slot.MarkAll()
	state.LatestBlockHeader = &phase0.BeaconBlockHeader{Slot: state.Slot, ProposerIndex: 7}
	header.MarkAll()
	state.Balances[7] += 1_000_000
	balances.Mark(7)
	for _, v := range []int{3, 10, 11, 12} {
		state.CurrentEpochParticipation[v] |= 0b111
	}
	participation.Mark(3, 10, 11, 12)
	root, err := tree.Root(state)

	p, _ := plan.PlanFor[fulu.BeaconState]()
	full, _ := p.Root(state)
	fmt.Println("equals a full root:", err == nil && root == full)

	// A bookkeeping bug: the error waits for the next Root.
	balances.Mark(-1)
	_, err = tree.Root(state)
	var me *cache.MarkError
	fmt.Println(errors.As(err, &me), me.Field, me.Index)
	// Output:
	// equals a full root: true
	// true Balances -1
}

// A proof of one validator's effective balance from the cached state:
// the nodes above the validator are read, not hashed.
func ExampleTree_Prove() {
	state := fulu.SyntheticBeaconState(1000, 2)
	tree, _ := cache.New[fulu.BeaconState]()
	root, _ := tree.Root(state)

	pr, err := tree.Prove("Validators[42].EffectiveBalance")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("gindex:", pr.Index, "depth:", pr.Index.Depth())
	fmt.Println("leaf:", binary.LittleEndian.Uint64(pr.Leaf[:]), "=", state.Validators[42].EffectiveBalance)
	fmt.Println("verifies:", pr.Verify(root))

	multi, _ := tree.ProveMulti("Slot", "Balances[42]", "FinalizedCheckpoint.Root")
	fmt.Println("multiproof:", len(multi.Leaves), "leaves,", len(multi.Hashes), "helpers, verifies:", multi.Verify(root))
	// Output:
	// gindex: 1319413953331538 depth: 50
	// leaf: 32000000000 = 32000000000
	// verifies: true
	// multiproof: 3 leaves, 51 helpers, verifies: true
}

// Proving from a plain value builds the tree once, sized to the data:
// the 2^40 limit of the registry costs a ladder of 30 zero hashes, not
// 2^40 nodes. The proofs are then read as from any tree.
func ExampleTreeOf() {
	state := fulu.SyntheticBeaconState(500, 3)
	tree, root, err := cache.TreeOf(state)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, path := range []string{"Validators[499].Slashed", "Balances.__len__"} {
		p, err := tree.Prove(path)
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Println(p.Index, len(p.Branch), p.Verify(root))
	}
	// Output:
	// 1319413953335195 50 true
	// 153 7 true
}

// A proof server asked for fields of a state it has not cached builds a
// sparse tree for exactly those paths: the nodes on them and their
// siblings, each sibling the root of the subtree it heads, computed once.
// A validator's field is 3 nodes inside the validator, 40 registry
// levels, the length and the state's 6 levels: 50 siblings, and 101
// nodes kept in all for that path. A path that was not asked for is
// ErrNotKept.
func ExampleSparseOf() {
	state := fulu.SyntheticBeaconState(500, 3)
	paths := []string{"Validators[499].Slashed", "Balances.__len__"}
	sparse, root, err := cache.SparseOf(state, paths)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, path := range paths {
		p, err := sparse.Prove(path)
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Println(p.Index, len(p.Branch), p.Verify(root))
	}
	m, err := sparse.ProveMulti(paths...)
	fmt.Println(len(m.Hashes), m.Verify(root), err)
	_, err = sparse.Prove("Slot")
	fmt.Println(errors.Is(err, cache.ErrNotKept))
	// Output:
	// 1319413953335195 50 true
	// 153 7 true
	// 52 true <nil>
	// true
}

// A state held as its SSZ bytes (as a beacon node's debug API serves
// it) proves without being decoded: the bytes are rooted whole, as
// strictly as the decoder reads them, and the proof's nodes are computed
// from the bytes. Bytes the decoder rejects are the plan's error.
func ExampleSparseOfBytes() {
	enc, err := ssz.Marshal(fulu.SyntheticBeaconState(500, 3))
	if err != nil {
		fmt.Println(err)
		return
	}
	sparse, root, err := cache.SparseOfBytes[fulu.BeaconState](enc, []string{"validators[42].effective_balance"})
	if err != nil {
		fmt.Println(err)
		return
	}
	p, err := sparse.Prove("validators[42].effective_balance")
	fmt.Println(p.Index, p.Verify(root), err)
	_, _, err = cache.SparseOfBytes[fulu.BeaconState](enc[:len(enc)-1], nil)
	var pe *plan.Error
	fmt.Println(errors.As(err, &pe), errors.Is(err, ssz.ErrSize) || errors.Is(err, ssz.ErrOffset))
	// Output:
	// 1319413953331538 true <nil>
	// true true
}

// A Gloas state is an EIP-7495 progressive container: its 46 fields sit
// at their ssz-index positions in a progressive tree of subtrees of 1, 4,
// 16 and 64 chunks, mixed with the active-fields bitvector. It is cached
// like any container, so a marked change costs its own paths: the
// balance's chunk up its 4-chunk subtree of the balances' progressive
// tree (2 pairs), that tree's 6 spine pairs and the length (9 in all);
// then, in the state's tree, Slot's 4-chunk subtree (2), Balances'
// 16-chunk subtree (4), the 4 spine pairs and the active-fields mix-in
// (11): 20 pairs. Proofs reach inside: Slot, at position 2, is chunk 1 of
// subtree 1, gindex 10·4+1 = 41.
func Example_progressiveContainer() {
	state := gloas.SyntheticBeaconState(2000, 1)
	tree, err := cache.New[gloas.BeaconState](cache.WithMode(cache.Marked))
	if err != nil {
		fmt.Println(err)
		return
	}
	if _, err := tree.Root(state); err != nil {
		fmt.Println(err)
		return
	}
	state.Balances[7] += 1_000_000
	state.Slot++
	_ = tree.Mark("Balances", 7)
	_ = tree.Mark("Slot")
	tree.ResetStats()
	root, _ := tree.Root(state)

	p, _ := plan.PlanFor[gloas.BeaconState]()
	full, _ := p.Root(state)
	fmt.Println("pairs hashed:", tree.Stats().PairsHashed, "equals a full root:", root == full)

	pr, _ := tree.Prove("Slot")
	fmt.Println("Slot: gindex", pr.Index, "leaf is the slot:", binary.LittleEndian.Uint64(pr.Leaf[:]) == uint64(state.Slot), "verifies:", pr.Verify(root))
	// Output:
	// pairs hashed: 20 equals a full root: true
	// Slot: gindex 41 leaf is the slot: true verifies: true
}
