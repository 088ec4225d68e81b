package proof_test

import (
	"fmt"

	"github.com/lanehash/lanehash/proof"
	"github.com/lanehash/lanehash/ssz/consensus/fulu"
)

// Generalized indices follow the type: a fulu BeaconState has 38 fields
// (a 6-level tree), a list puts its data left of its length, and the
// registry's data tree is 40 levels deep.
func ExampleGIndexFor() {
	for _, path := range []string{
		"finalized_checkpoint.root", // the spec's FINALIZED_ROOT_GINDEX_ELECTRA
		"Validators",
		"Validators.__len__",
		"Validators[0]",
		"Validators[12345].EffectiveBalance",
	} {
		g, err := proof.GIndexFor[fulu.BeaconState](path)
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Printf("%-36s %d (depth %d)\n", path, g, g.Depth())
	}
	// Output:
	// finalized_checkpoint.root            169 (depth 7)
	// Validators                           75 (depth 6)
	// Validators.__len__                   151 (depth 7)
	// Validators[0]                        164926744166400 (depth 47)
	// Validators[12345].EffectiveBalance   1319413953429962 (depth 50)
}

// A multiproof carries the leaves plus the spec's helper nodes; leaves
// that share a path share their helpers.
func ExampleHelperIndices() {
	fmt.Println(proof.HelperIndices([]proof.GIndex{8, 9}))
	fmt.Println(proof.HelperIndices([]proof.GIndex{8, 5, 6}))
	// Output:
	// [5 3]
	// [9 7]
}

// The compact form drops the indices: a pre-order bit string tells the
// verifier the shape of the proof's subtree (0 inner node, 1 leaf).
func ExampleDescriptor() {
	idx := []proof.GIndex{42}
	fmt.Printf("nodes %v, descriptor %08b\n", proof.CompactNodes(idx), proof.Descriptor(idx))
	back, _ := proof.DescriptorIndices(proof.Descriptor(idx))
	fmt.Println("decoded:", back)
	// Output:
	// nodes [4 20 42 43 11 3], descriptor [00100101 11100000]
	// decoded: [4 20 42 43 11 3]
}
