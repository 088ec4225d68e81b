package proof_test

import (
	"bytes"
	"testing"

	"github.com/lanehash/lanehash/proof"
)

// FuzzDescriptor feeds arbitrary bytes to the descriptor decoder and the
// compact verifier: no panic, and every descriptor that decodes encodes
// back to the same bytes (the encoding is canonical).
func FuzzDescriptor(f *testing.F) {
	for _, seed := range [][]byte{{0x80}, {0x25, 0xe0}, {0x55, 0x80}, {0x56}, {0x01, 0}, {}} {
		f.Add(seed, uint8(3))
	}
	f.Fuzz(func(t *testing.T, desc []byte, nodes uint8) {
		idx, err := proof.DescriptorIndices(desc)
		if err == nil {
			if got := proof.Descriptor(idx); !bytes.Equal(got, desc) {
				t.Fatalf("%x decodes to %v, which encodes to %x", desc, idx, got)
			}
		}
		c := proof.CompactMultiproof{Descriptor: desc, Nodes: make([][32]byte, nodes)}
		_, rerr := c.Root()
		// The verifier accepts exactly the descriptors the decoder accepts,
		// given as many nodes as they describe.
		if err != nil && rerr == nil || err == nil && (rerr == nil) != (len(idx) == int(nodes)) {
			t.Fatalf("%x with %d nodes: decoder says %v, verifier %v", desc, nodes, err, rerr)
		}
	})
}

// FuzzGIndexOf parses arbitrary paths against a BeaconState: an index or
// a wrapped error, never a panic.
func FuzzGIndexOf(f *testing.F) {
	for _, s := range []string{"Validators[3].Slashed", "balances.__len__", "[", "a..b", "BlockRoots[99999999999999999999]"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, path string) {
		g, err := proof.GIndexFor[stateForFuzz](path)
		if err == nil && g == 0 {
			t.Fatalf("%q: gindex 0 without an error", path)
		}
	})
}

type stateForFuzz struct {
	Slot       uint64
	Validators []struct {
		Pubkey  [48]byte
		Slashed bool
	} `ssz-max:"1099511627776"`
	Balances   []uint64   `ssz-max:"1099511627776"`
	BlockRoots [][32]byte `ssz-size:"8192,32"`
	Bits       []byte     `ssz:"bitlist" ssz-max:"2048"`
	Prog       []uint16   `ssz-type:"progressive-list"`
}
