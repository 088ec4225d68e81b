package plan

import (
	"runtime"
	"testing"
	"time"

	"github.com/lanehash/lanehash/internal/cputime"
	"github.com/lanehash/lanehash/lanes"
	"github.com/lanehash/lanehash/ssz"
	"github.com/lanehash/lanehash/ssz/consensus/electra"
)

// blockShapes are the electra block shapes the block tests root: no
// transactions at all, one, a few, the mainnet shape, a block with only
// its 200 transactions, and blocks whose other lists are empty or full.
var blockShapes = []electra.BlockShape{
	{},
	{Transactions: 1},
	{Transactions: 2, Attestations: 1, AggregationBitsLen: 1, Withdrawals: 1, BlobCommitments: 1},
	{Transactions: 3, Attestations: 3, AggregationBitsLen: 7, Withdrawals: 3, BlobCommitments: 2},
	{Transactions: 17, Attestations: 8, AggregationBitsLen: 512, Withdrawals: 16, BlobCommitments: 5},
	electra.MainnetBlockShape,
	{Transactions: 200},
	{Transactions: 33, Attestations: 8, AggregationBitsLen: 131072, Withdrawals: 16, BlobCommitments: 4096},
}

// TestBlockRoots compares the roots of electra SignedBeaconBlocks of
// every shape in blockShapes, alone (Root) and together (RootAllPtr,
// with one and two workers, a nil block among them, then eight more
// mainnet blocks: more transactions than one group of shared ladders
// holds), with the reference, on every kernel forced by name, on the
// automatic one, and with Keccak-256.
func TestBlockRoots(t *testing.T) {
	for _, h := range []lanes.Hash{lanes.SHA256, lanes.Keccak256} {
		ref := ssz.SHA256
		if h == lanes.Keccak256 {
			ref = ssz.Keccak256
		}
		var blocks []*electra.SignedBeaconBlock
		var want [][32]byte
		add := func(b *electra.SignedBeaconBlock) {
			t.Helper()
			var v any = b
			if b == nil {
				v = &electra.SignedBeaconBlock{}
			}
			r, err := ssz.HashTreeRoot(v, ref)
			if err != nil {
				t.Fatalf("reference: %v", err)
			}
			blocks, want = append(blocks, b), append(want, r)
		}
		for i, s := range blockShapes {
			add(electra.SyntheticSignedBeaconBlock(s, uint64(i+1)))
		}
		add(nil)
		for i := range 8 {
			add(electra.SyntheticSignedBeaconBlock(electra.MainnetBlockShape, uint64(100+i)))
		}
		auto, err := lanes.Select(h, "")
		if err != nil {
			t.Fatal(err)
		}
		for _, k := range append(testKernels(t, h), auto) {
			for _, workers := range []int{1, 2} {
				p := planOn[electra.SignedBeaconBlock](t, k, WithWorkers(workers), WithHash(h))
				for i, b := range blocks[:len(blockShapes)+1] {
					if got, err := p.Root(b); err != nil || got != want[i] {
						t.Errorf("%s workers=%d: block %d: Root %x, %v; reference %x", kernelName(k), workers, i, got, err, want[i])
					}
				}
				dst := make([][32]byte, len(blocks))
				if err := p.RootAllPtr(dst, blocks); err != nil {
					t.Fatalf("%s workers=%d: RootAllPtr: %v", kernelName(k), workers, err)
				}
				for i := range blocks {
					if dst[i] != want[i] {
						t.Errorf("%s workers=%d: RootAllPtr block %d %x; reference %x", kernelName(k), workers, i, dst[i], want[i])
					}
				}
			}
		}
	}
}

// BenchmarkBlock roots the mainnet-shaped electra SignedBeaconBlock
// (200 transactions, 8 attestations of 2,048 bits, 16 withdrawals, 6 blob
// commitments) with one worker on the automatic kernel: one block by
// Root, and 64 blocks by RootAllPtr. Every iteration also times the
// kernel's Pairs over as many pairs as the block needs (a 64 KiB level,
// hot), so "x-pairs" is the block's time over its pairs' time, both
// under the same machine load (thread CPU time where the system keeps
// it: the machine may be shared). "notx" is one block of the
// mainnet shape without its transactions: what is left is small lists
// (attestations' bitlists, withdrawals, blob commitments, empty lists)
// and containers, short trees whose levels are few pairs each; "txonly"
// is a block of only its 200 transactions. The cases of 64 blocks
// (blocks=64, notx64, txonly64) root them through RootAllPtr, and their
// "alone" forms the same blocks one at a time through Root: the same
// bytes out of cache, without the batch, where the cases of one block
// root one block again and again, its bytes hot.
func BenchmarkBlock(b *testing.B) {
	p, err := PlanFor[electra.SignedBeaconBlock](WithWorkers(1))
	if err != nil {
		b.Fatal(err)
	}
	k, err := lanes.Select(lanes.SHA256, "")
	if err != nil {
		b.Fatal(err)
	}
	notx := electra.MainnetBlockShape
	notx.Transactions = 0
	for _, c := range []struct {
		name  string
		n     int
		alone bool
		shape electra.BlockShape
	}{
		{"blocks=1", 1, false, electra.MainnetBlockShape},
		{"blocks=64", 64, false, electra.MainnetBlockShape},
		{"blocks=64/alone", 64, true, electra.MainnetBlockShape},
		{"notx", 1, false, notx},
		{"notx64", 64, false, notx},
		{"notx64/alone", 64, true, notx},
		{"txonly", 1, false, electra.BlockShape{Transactions: 200}},
		{"txonly64", 64, false, electra.BlockShape{Transactions: 200}},
		{"txonly64/alone", 64, true, electra.BlockShape{Transactions: 200}},
	} {
		n, alone := c.n, c.alone
		b.Run(c.name, func(b *testing.B) {
			blocks := make([]*electra.SignedBeaconBlock, n)
			for i := range blocks {
				blocks[i] = electra.SyntheticSignedBeaconBlock(c.shape, uint64(i+1))
			}
			dst := make([][32]byte, n)
			run := func() error {
				if n == 1 || alone {
					for i, blk := range blocks {
						r, err := p.Root(blk)
						if err != nil {
							return err
						}
						dst[i] = r
					}
					return nil
				}
				return p.RootAllPtr(dst, blocks)
			}
			p.ResetStats()
			if err := run(); err != nil {
				b.Fatal(err)
			}
			st := p.Stats()
			pairs := int(st.Pairs())
			src := make([]byte, 2048*64)
			for i := range src {
				src[i] = byte(i * 13)
			}
			out := make([]byte, 2048*32)
			// Thread CPU time where the system has it (the machine may be
			// shared), wall time otherwise.
			now := func() int64 {
				if t, ok := cputime.Thread(); ok {
					return t
				}
				return time.Now().UnixNano()
			}
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			var tBlock, tPairs int64
			b.ReportAllocs()
			for b.Loop() {
				t0 := now()
				if err := run(); err != nil {
					b.Fatal(err)
				}
				t1 := now()
				for left := pairs; left > 0; left -= 2048 {
					m := min(left, 2048)
					k.Pairs(out[:m*32], src[:m*64])
				}
				t2 := now()
				tBlock, tPairs = tBlock+t1-t0, tPairs+t2-t1
			}
			runs := float64(b.N)
			b.ReportMetric(float64(tBlock)/runs/float64(n), "cpu-ns/block")
			b.ReportMetric(float64(tBlock)/runs/float64(pairs), "cpu-ns/pair")
			b.ReportMetric(float64(tPairs)/runs/float64(pairs), "pairs-cpu-ns/pair")
			b.ReportMetric(float64(tBlock)/float64(tPairs), "x-pairs")
			b.ReportMetric(float64(pairs)/float64(n), "pairs/block")
			b.ReportMetric(float64(st.KernelCalls)/float64(n), "calls/block")
			b.ReportMetric(st.LaneFill(), "lanefill")
		})
	}
}

// BenchmarkBlockBytes roots the mainnet-shaped electra SignedBeaconBlock
// of BenchmarkBlock from its serialization (RootBytes), one worker, in
// thread CPU ns a block: its 200 transactions are a list of byte lists
// read from the bytes.
func BenchmarkBlockBytes(b *testing.B) {
	p, err := PlanFor[electra.SignedBeaconBlock](WithWorkers(1))
	if err != nil {
		b.Fatal(err)
	}
	blk := electra.SyntheticSignedBeaconBlock(electra.MainnetBlockShape, 1)
	enc, err := ssz.Marshal(blk)
	if err != nil {
		b.Fatal(err)
	}
	want, err := p.Root(blk)
	if err != nil {
		b.Fatal(err)
	}
	if got, err := p.RootBytes(enc); err != nil || got != want {
		b.Fatalf("RootBytes %x, %v; Root %x", got, err, want)
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	t0, _ := cputime.Thread()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := p.RootBytes(enc); err != nil {
			b.Fatal(err)
		}
	}
	if t1, ok := cputime.Thread(); ok {
		b.ReportMetric(float64(t1-t0)/float64(b.N), "cpu-ns/block")
	}
}
