package compare

import (
	"fmt"

	eth2 "github.com/attestantio/go-eth2-client/spec/phase0"
	lssz "github.com/lanehash/lanehash/ssz"
	"github.com/pk910/dynamic-ssz/hasher"
	"github.com/pk910/dynamic-ssz/sszutils"
)

// DynsszSpec converts lanehash spec values (a preset) into the map
// dynamic-ssz takes, so both libraries size dynssz-* fields alike.
func DynsszSpec(s lssz.SpecValues) map[string]any {
	out := make(map[string]any, len(s))
	for k, v := range s {
		out[k] = v
	}
	return out
}

// DynsszRegistryRoot returns hash_tree_root(List[Validator, 2^40]) of vals
// exactly the way go-eth2-client's dynamic-ssz-generated BeaconState code
// hashes its Validators field: each element's generated HashTreeRootWith on
// dynamic-ssz's default hasher, collapsed every 256 elements, then one
// merkleization with the length mixed in. (Handing DynSsz.HashTreeRoot a
// tagged wrapper struct instead resolves every element at run time and was
// about ten times slower; that is not how clients hash a registry.)
func DynsszRegistryRoot(vals []*eth2.Validator) (root [32]byte, err error) {
	err = hasher.WithDefaultHasher(func(hh sszutils.HashWalker) error {
		idx := hh.StartTree(sszutils.TreeTypeBinary)
		for i, v := range vals {
			if err := v.HashTreeRootWith(hh); err != nil {
				return fmt.Errorf("validator %d: %w", i, err)
			}
			if (i+1)%256 == 0 {
				hh.Collapse()
			}
		}
		n := uint64(len(vals))
		hh.MerkleizeWithMixin(idx, n, sszutils.CalculateLimit(registryLimit, n, 32))
		var err error
		root, err = hh.HashRoot()
		return err
	})
	return root, err
}
