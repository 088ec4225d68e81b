package compare

import (
	"fmt"

	eth2gloas "github.com/attestantio/go-eth2-client/spec/gloas"
	eth2 "github.com/attestantio/go-eth2-client/spec/phase0"
	lssz "github.com/lanehash/lanehash/ssz"
	"github.com/lanehash/lanehash/ssz/consensus/gloas"
	"github.com/pk910/dynamic-ssz/hasher"
	"github.com/pk910/dynamic-ssz/sszutils"
)

// Eth2GloasBeaconState converts a lanehash gloas BeaconState into
// go-eth2-client's through SSZ: lanehash's reference encoder writes it,
// go-eth2-client's generated decoder (mainnet sizes compiled in) reads
// it. The result shares no memory with s, and the conversion doubles as a
// check that both codecs agree on the Gloas layout.
func Eth2GloasBeaconState(s *gloas.BeaconState) (*eth2gloas.BeaconState, error) {
	b, err := lssz.Marshal(s)
	if err != nil {
		return nil, err
	}
	out := new(eth2gloas.BeaconState)
	if err := out.UnmarshalSSZ(b); err != nil {
		return nil, fmt.Errorf("go-eth2-client UnmarshalSSZ: %w", err)
	}
	return out, nil
}

// DynsszProgressiveRegistryRoot returns hash_tree_root(ProgressiveList[
// Validator]) of vals exactly the way go-eth2-client's dynamic-ssz
// generated gloas BeaconState code hashes its Validators field: each
// element's generated HashTreeRootWith on dynamic-ssz's default hasher,
// collapsed every 256 elements, then one progressive merkleization with
// the length mixed in.
func DynsszProgressiveRegistryRoot(vals []*eth2.Validator) (root [32]byte, err error) {
	err = hasher.WithDefaultHasher(func(hh sszutils.HashWalker) error {
		idx := hh.StartTree(sszutils.TreeTypeProgressive)
		for i, v := range vals {
			if err := v.HashTreeRootWith(hh); err != nil {
				return fmt.Errorf("validator %d: %w", i, err)
			}
			if (i+1)%256 == 0 {
				hh.Collapse()
			}
		}
		hh.MerkleizeProgressiveWithMixin(idx, uint64(len(vals)))
		var err error
		root, err = hh.HashRoot()
		return err
	})
	return root, err
}
