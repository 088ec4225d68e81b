// Command proof shows generalized indices and Merkle proofs of a fulu
// BeaconState: single proofs of a validator's field and of a balance from
// a cached tree, a multiproof and its compact form, and a proof from a
// plain value (a sparse tree, then a full one), each verified against the
// state's root.
//
//	go run ./examples/proof -n 100000
package main

import (
	"encoding/binary"
	"encoding/hex"
	"flag"
	"fmt"
	"log"
	"time"

	"github.com/lanehash/lanehash/cache"
	"github.com/lanehash/lanehash/proof"
	"github.com/lanehash/lanehash/ssz/consensus/fulu"
)

func short(b [32]byte) string { return hex.EncodeToString(b[:4]) + "…" }

func main() {
	n := flag.Int("n", 50_000, "validators")
	flag.Parse()
	s := fulu.SyntheticBeaconState(*n, 1)
	tree, err := cache.New[fulu.BeaconState]()
	if err != nil {
		log.Fatal(err)
	}
	root, err := tree.Root(s)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("state root %x\n\n", root)

	i := *n / 3
	path := fmt.Sprintf("Validators[%d].EffectiveBalance", i)
	t0 := time.Now()
	p, err := tree.Prove(path)
	if err != nil {
		log.Fatal(err)
	}
	took := time.Since(t0)
	fmt.Printf("%s\n  gindex %d (binary %b)\n", path, p.Index, uint64(p.Index))
	fmt.Printf("  leaf %d gwei, %d branch nodes, proved in %v, verifies: %v\n",
		binary.LittleEndian.Uint64(p.Leaf[:]), len(p.Branch), took.Round(time.Microsecond), p.Verify(root))
	fmt.Println("  branch, bottom up: the validator's own fields, then 40 registry levels")
	fmt.Println("  (zero-hash padding above the data), the length, then the state's fields:")
	for d, b := range p.Branch {
		if d < 3 || d > len(p.Branch)-4 || d%10 == 0 {
			fmt.Printf("    %2d %s\n", d, short(b))
		}
	}

	paths := []string{"Slot", fmt.Sprintf("Balances[%d]", i), path, "FinalizedCheckpoint.Root"}
	m, err := tree.ProveMulti(paths...)
	if err != nil {
		log.Fatal(err)
	}
	c, err := tree.ProveCompact(paths...)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("\nmultiproof of %v\n  %d leaves + %d helper nodes, verifies: %v\n", paths, len(m.Leaves), len(m.Hashes), m.Verify(root))
	fmt.Printf("  compact: descriptor %d bytes, %d nodes, verifies: %v\n", len(c.Descriptor), len(c.Nodes), c.Verify(root))
	idx, _ := proof.DescriptorIndices(c.Descriptor)
	fmt.Printf("  the descriptor names %d nodes, the first %v\n", len(idx), idx[:3])

	// From a plain value, when the state is not cached: SparseOf computes
	// the path's nodes and siblings only, each sibling the root of the
	// subtree it heads, for about one root; TreeOf builds every level.
	t0 = time.Now()
	sparse, root2, err := cache.SparseOf(s, []string{path})
	if err != nil {
		log.Fatal(err)
	}
	p2, err := sparse.Prove(path)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("\nfrom the plain value (cache.SparseOf, %d nodes kept): %v, same root: %v, same proof: %v\n",
		sparse.Len(), time.Since(t0).Round(time.Millisecond), root2 == root, p2.Verify(root) && p2.Leaf == p.Leaf)
	if root2 != root || !p2.Verify(root) || p2.Leaf != p.Leaf {
		log.Fatal("the sparse tree's proof differs from the cached tree's")
	}
	t0 = time.Now()
	once, root3, err := cache.TreeOf(s)
	if err != nil {
		log.Fatal(err)
	}
	p3, err := once.Prove(path)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("from the plain value (cache.TreeOf, every level built): %v, same root: %v, verifies: %v\n",
		time.Since(t0).Round(time.Millisecond), root3 == root, p3.Verify(root))
}
