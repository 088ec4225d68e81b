package compare

import (
	"testing"

	eth2deneb "github.com/attestantio/go-eth2-client/spec/deneb"
	eth2electra "github.com/attestantio/go-eth2-client/spec/electra"
	fssz "github.com/ferranbt/fastssz/spectests"
	"github.com/lanehash/lanehash/plan"
	lssz "github.com/lanehash/lanehash/ssz"
	"github.com/lanehash/lanehash/ssz/consensus/deneb"
	"github.com/lanehash/lanehash/ssz/consensus/electra"
)

// blockLib is one way of rooting a batch of blocks (or their payloads):
// run roots all of them.
type blockLib struct {
	name string
	run  func() error
}

// BenchmarkBlock roots mainnet-shaped electra blocks (issue #32: 200
// transactions of 100-1,500 B, 8 attestations of 2,048 bits, 16
// withdrawals, 6 blob commitments), one core: the SignedBeaconBlock by
// lanehash's Root, by RootAllPtr of 64 blocks, and by go-eth2-client's
// generated HashTreeRoot (64 blocks one by one: a library without
// batching has no other way); and the block's ExecutionPayload (where
// the transactions are) also by fastssz's generated code on its default
// hasher and on gohashtree (fastssz ships no electra block). Every root
// is checked against the reference first. Read cpu-ns/block (process CPU
// time) with benchstat -col /lib; the machine is shared.
func BenchmarkBlock(b *testing.B) {
	withProcs(b, 1)
	const many = 64
	blocks := make([]*electra.SignedBeaconBlock, many)
	for i := range blocks {
		blocks[i] = electra.SyntheticSignedBeaconBlock(electra.MainnetBlockShape, benchSeed+uint64(i))
	}
	b.Run("part=SignedBeaconBlock", func(b *testing.B) {
		p, err := plan.PlanFor[electra.SignedBeaconBlock](plan.WithWorkers(1))
		if err != nil {
			b.Fatal(err)
		}
		want := make([][32]byte, many)
		eth2 := make([]*eth2electra.SignedBeaconBlock, many)
		for i, blk := range blocks {
			if want[i], err = lssz.HashTreeRoot(blk, lssz.SHA256); err != nil {
				b.Fatal(err)
			}
			eth2[i] = new(eth2electra.SignedBeaconBlock)
			decodeInto(b, blk, eth2[i].UnmarshalSSZ)
		}
		dst := make([][32]byte, many)
		libs := []blockLib{
			{"lanehash", func() error { var err error; dst[0], err = p.Root(blocks[0]); return err }},
			{"lanehash-RootAllPtr-64", func() error { return p.RootAllPtr(dst, blocks) }},
			{"go-eth2-client", func() error { var err error; dst[0], err = eth2[0].HashTreeRoot(); return err }},
			{"go-eth2-client-64", func() error {
				for i, e := range eth2 {
					var err error
					if dst[i], err = e.HashTreeRoot(); err != nil {
						return err
					}
				}
				return nil
			}},
		}
		benchBlockLibs(b, libs, dst, want)
	})
	b.Run("part=ExecutionPayload", func(b *testing.B) {
		pay := blocks[0].Message.Body.ExecutionPayload
		p, err := plan.PlanFor[deneb.ExecutionPayload](plan.WithWorkers(1))
		if err != nil {
			b.Fatal(err)
		}
		want, err := lssz.HashTreeRoot(pay, lssz.SHA256)
		if err != nil {
			b.Fatal(err)
		}
		f := new(fssz.ExecutionPayloadDeneb)
		decodeInto(b, pay, f.UnmarshalSSZ)
		e := new(eth2deneb.ExecutionPayload)
		decodeInto(b, pay, e.UnmarshalSSZ)
		hh, gh := NewFastsszHasher(), NewGohashtreeHasher()
		dst := make([][32]byte, 1)
		libs := []blockLib{
			{"lanehash", func() error { var err error; dst[0], err = p.Root(pay); return err }},
			{"go-eth2-client", func() error { var err error; dst[0], err = e.HashTreeRoot(); return err }},
			{"fastssz", func() error { var err error; dst[0], err = FastsszRoot(hh, f); return err }},
			{"fastssz-gohashtree", func() error { var err error; dst[0], err = FastsszRoot(gh, f); return err }},
		}
		benchBlockLibs(b, libs, dst, [][32]byte{want})
	})
}

// decodeInto serializes v with lanehash and decodes the bytes with
// another library's generated unmarshal.
func decodeInto(tb testing.TB, v any, unmarshal func([]byte) error) {
	tb.Helper()
	ser, err := lssz.Marshal(v)
	if err != nil {
		tb.Fatal(err)
	}
	if err := unmarshal(ser); err != nil {
		tb.Fatal(err)
	}
}

// benchBlockLibs times every library, after checking the roots it
// leaves in dst (len(want) of them for a "-64" library, one otherwise)
// against want, and reports the time per block.
func benchBlockLibs(b *testing.B, libs []blockLib, dst, want [][32]byte) {
	for _, lib := range libs {
		b.Run("lib="+lib.name, func(b *testing.B) {
			n := 1
			if len(lib.name) > 3 && lib.name[len(lib.name)-3:] == "-64" {
				n = len(want)
			}
			clear(dst)
			if err := lib.run(); err != nil {
				b.Fatal(err)
			}
			for i := range n {
				if dst[i] != want[i] {
					b.Fatalf("block %d: root %x; reference %x", i, dst[i], want[i])
				}
			}
			cpu0 := processCPUTime()
			for b.Loop() {
				if err := lib.run(); err != nil {
					b.Fatal(err)
				}
			}
			reportPer(b, cpu0, n, "block")
		})
	}
}
