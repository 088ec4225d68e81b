package sched_test

import (
	"errors"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/lanehash/lanehash/internal/graph"
	"github.com/lanehash/lanehash/lanes"
	"github.com/lanehash/lanehash/plan"
	"github.com/lanehash/lanehash/sched"
	"github.com/lanehash/lanehash/sched/schedtest"
	"github.com/lanehash/lanehash/ssz"
	"github.com/lanehash/lanehash/ssz/consensus/electra"
)

// batchKernels is every kernel forced by name and the automatic ones
// (which split Pairs tails off to a narrow kernel), both hashes.
func batchKernels(t *testing.T) []sched.Kernel {
	ks := testKernels(t)
	for _, h := range []lanes.Hash{lanes.SHA256, lanes.Keccak256} {
		k, err := lanes.Select(h, "")
		if err != nil {
			t.Fatal(err)
		}
		ks = append(ks, k)
	}
	return ks
}

// packedRoot is the textbook root of a packed list of limit bytes (a
// bitlist's bit count when bitlist, its delimiter already dropped from
// data) holding data, with length mixed in.
func packedRoot(h lanes.Hash, data []byte, length, limitChunks uint64) [32]byte {
	chunks := make([][32]byte, (len(data)+31)/32)
	for i := range chunks {
		copy(chunks[i][:], data[32*i:])
	}
	r := merkle(h, chunks, sched.Depth(limitChunks))
	var n [32]byte
	copy(n[:], le(length, 8))
	return schedtest.Sum(h, append(r[:], n[:]...))
}

// byteListLengths are the byte-list lengths the batch tests root: around
// a chunk and two, and 2^k±1 chunks, up to limit.
func byteListLengths(limit uint64) []int {
	ls := []int{0, 1, 31, 32, 33, 63, 64, 65}
	for k := 0; k <= 8; k++ {
		c := 1 << k
		ls = append(ls, 32*(c-1)+5, 32*c, 32*(c+1))
	}
	out := ls[:0]
	for _, n := range ls {
		if uint64(n) <= limit {
			out = append(out, n)
		}
	}
	return out
}

// TestByteListBatches roots batches of byte lists under limits from 1
// byte to 2^40 through the packed rooter's batch path (the level queue,
// the shared ladders, the length mix-ins) on every kernel, as a slice of
// values and as a pointer list with nil elements, and compares every
// root with the textbook one: every length of byteListLengths, shuffled
// and repeated so that the batch crosses tiles and ladder groups, a
// value wider than a tile among them where the limit allows.
func TestByteListBatches(t *testing.T) {
	rng := rand.New(rand.NewPCG(51, 52))
	limits := []uint64{1, 2, 31, 32, 33, 64, 65, 1 << 10, 1 << 20, 1 << 30, 1 << 40}
	for _, k := range batchKernels(t) {
		e := sched.NewExec(k, nil)
		for _, limit := range limits {
			t.Run(fmt.Sprintf("%s/limit=%d", kernelName(k), limit), func(t *testing.T) {
				node := &graph.PackedNode{Kind: graph.PackedList, ElemSize: 1, Limit: limit, Path: "bytes"}
				p, err := e.Prepare(node, reflect.TypeFor[[]byte]())
				if err != nil {
					t.Fatal(err)
				}
				var vals [][]byte
				lengths := byteListLengths(limit)
				reps := 1 + 1500/len(lengths) // more than a ladder group
				if testing.Short() && k.Width() < 16 {
					reps = 2
				}
				for range reps {
					for _, n := range lengths {
						v := make([]byte, n)
						for i := range v {
							v[i] = byte(rng.Uint32())
						}
						vals = append(vals, v)
					}
				}
				if limit >= 32*(sched.TileChunks+1) {
					vals = append(vals, make([]byte, 32*(sched.TileChunks+1)-3))
				}
				rng.Shuffle(len(vals), func(i, j int) { vals[i], vals[j] = vals[j], vals[i] })
				want := make([][32]byte, len(vals))
				for i, v := range vals {
					want[i] = packedRoot(k.Hash(), v, uint64(len(v)), (limit+31)/32)
				}
				got := make([][32]byte, len(vals))
				if err := p.Run(got, sched.SliceOf(vals), 1); err != nil {
					t.Fatal(err)
				}
				for i := range vals {
					if got[i] != want[i] {
						t.Fatalf("slice: value %d of %d bytes: root %x, want %x", i, len(vals[i]), got[i], want[i])
					}
				}
				// A pointer list, a nil element reading as the empty list.
				ptrs := make([]*[]byte, len(vals)+1)
				for i := range vals {
					ptrs[i] = &vals[i]
				}
				got = make([][32]byte, len(ptrs))
				if err := p.Run(got, sched.PtrsOf(ptrs), 2); err != nil {
					t.Fatal(err)
				}
				if empty := packedRoot(k.Hash(), nil, 0, (limit+31)/32); got[len(vals)] != empty {
					t.Errorf("pointers: nil element: root %x, want the empty list's %x", got[len(vals)], empty)
				}
				for i := range vals {
					if got[i] != want[i] {
						t.Fatalf("pointers: value %d of %d bytes: root %x, want %x", i, len(vals[i]), got[i], want[i])
					}
				}
			})
		}
	}
}

// TestByteListBatchErrors puts a value over the limit in the middle of
// a batch (a slice of values), at the end and at the start, expects the
// typed error naming its index, then reuses the plan for a good batch.
func TestByteListBatchErrors(t *testing.T) {
	for _, k := range batchKernels(t) {
		e := sched.NewExec(k, nil)
		const limit = 100
		p, err := e.Prepare(&graph.PackedNode{Kind: graph.PackedList, ElemSize: 1, Limit: limit, Path: "bytes"}, reflect.TypeFor[[]byte]())
		if err != nil {
			t.Fatal(err)
		}
		good := make([][]byte, 300)
		for i := range good {
			good[i] = make([]byte, i%(limit+1))
			for j := range good[i] {
				good[i][j] = byte(i + j)
			}
		}
		for _, at := range []int{0, 7, 150, len(good) - 1} {
			bad := append([][]byte(nil), good...)
			bad[at] = make([]byte, limit+1)
			dst := make([][32]byte, len(bad))
			err := p.Run(dst, sched.SliceOf(bad), 1)
			var pe *sched.Error
			if !errors.As(err, &pe) || pe.Index != at || pe.Kind != graph.KindTooLong {
				t.Fatalf("%s: value %d over the limit: error %v, want KindTooLong at index %d", kernelName(k), at, err, at)
			}
			if err := p.Run(dst, sched.SliceOf(good), 1); err != nil {
				t.Fatal(err)
			}
			for i, v := range good {
				if want := packedRoot(k.Hash(), v, uint64(len(v)), (limit+31)/32); dst[i] != want {
					t.Fatalf("%s: after the error, value %d: root %x, want %x", kernelName(k), i, dst[i], want)
				}
			}
		}
	}
}

// TestBitlistBatches roots one batch of bitlists of every length from 0
// to 2,049 bits under a limit of 2,049 on every kernel (the batch spans
// tiles: about 9,000 chunks) and compares every root with the textbook
// one.
func TestBitlistBatches(t *testing.T) {
	rng := rand.New(rand.NewPCG(53, 54))
	const limit = 2049
	vals := make([][]byte, limit+1)
	data := make([][]byte, len(vals)) // the bits without the delimiter
	for n := range vals {
		b := make([]byte, n/8+1)
		for i := range b {
			b[i] = byte(rng.Uint32())
		}
		// Bits past n cleared, the delimiter at bit n.
		b[n/8] &= byte(1)<<(n%8) - 1
		b[n/8] |= 1 << (n % 8)
		vals[n] = b
		d := append([]byte(nil), b...)
		d[n/8] &^= 1 << (n % 8)
		data[n] = d[:(n+7)/8]
	}
	for _, k := range batchKernels(t) {
		e := sched.NewExec(k, nil)
		p, err := e.Prepare(&graph.PackedNode{Kind: graph.Bitlist, ElemSize: 1, Limit: limit, Path: "bits"}, reflect.TypeFor[[]byte]())
		if err != nil {
			t.Fatal(err)
		}
		got := make([][32]byte, len(vals))
		if err := p.Run(got, sched.SliceOf(vals), 1); err != nil {
			t.Fatal(err)
		}
		for n := range vals {
			if want := packedRoot(k.Hash(), data[n], uint64(n), (limit+255)/256); got[n] != want {
				t.Fatalf("%s: bitlist of %d bits (%d bytes): root %x, want %x", kernelName(k), n, bits.Len(uint(n)), got[n], want)
			}
		}
	}
}

// TestBlockBatches roots electra blocks of odd shapes (no transactions,
// one, 33, a transaction count that leaves every remainder of a ladder
// pass, the mainnet shape) in batches of 1 to 65 through RootAllPtr on
// every SHA-256 kernel forced by name, the automatic one and Keccak-256,
// and compares every root with the reference. A batch with a bad block
// in the middle fails with the bitlist error, and the plan then roots
// the batch right.
func TestBlockBatches(t *testing.T) {
	shapes := []electra.BlockShape{
		{},
		{Transactions: 1, Attestations: 1, AggregationBitsLen: 1},
		{Transactions: 33, Attestations: 8, AggregationBitsLen: 2049, Withdrawals: 16, BlobCommitments: 7},
		{Transactions: 8, Attestations: 3, AggregationBitsLen: 256, Withdrawals: 1},
		{Transactions: 212, Attestations: 8, AggregationBitsLen: 2048, Withdrawals: 16, BlobCommitments: 6},
		electra.MainnetBlockShape,
	}
	sizes := []int{1, 2, 7, 64, 65}
	if testing.Short() {
		sizes = []int{1, 7, 65}
	}
	for _, h := range []lanes.Hash{lanes.SHA256, lanes.Keccak256} {
		ref := ssz.SHA256
		if h == lanes.Keccak256 {
			ref = ssz.Keccak256
		}
		names := []string{""}
		if h == lanes.SHA256 {
			for _, info := range lanes.Kernels() {
				if info.Hash == h && info.Available {
					names = append(names, info.Name)
				}
			}
		}
		blocks := make([]*electra.SignedBeaconBlock, 65)
		want := make([][32]byte, len(blocks))
		for i := range blocks {
			blocks[i] = electra.SyntheticSignedBeaconBlock(shapes[i%len(shapes)], uint64(1000+i))
			r, err := ssz.HashTreeRoot(blocks[i], ref)
			if err != nil {
				t.Fatal(err)
			}
			want[i] = r
		}
		for _, name := range names {
			p, err := plan.PlanFor[electra.SignedBeaconBlock](plan.WithHash(h), plan.WithKernel(name), plan.WithWorkers(1))
			if err != nil {
				t.Fatal(err)
			}
			for _, n := range sizes {
				dst := make([][32]byte, n)
				if err := p.RootAllPtr(dst, blocks[:n]); err != nil {
					t.Fatalf("%s %q: %d blocks: %v", h, name, n, err)
				}
				for i := range dst {
					if dst[i] != want[i] {
						t.Fatalf("%s %q: %d blocks: block %d (shape %+v): root %x, reference %x", h, name, n, i, shapes[i%len(shapes)], dst[i], want[i])
					}
				}
			}
			// Block 5 of 9 with an attestation whose bits have no
			// delimiter.
			bad := append([]*electra.SignedBeaconBlock(nil), blocks[:9]...)
			b := *bad[5]
			msg := *b.Message
			body := *msg.Body
			body.Attestations = append([]*electra.Attestation{{AggregationBits: []byte{0x05, 0x00}}}, body.Attestations[min(1, len(body.Attestations)):]...)
			msg.Body, b.Message = &body, &msg
			bad[5] = &b
			dst := make([][32]byte, len(bad))
			if err := p.RootAllPtr(dst, bad); !errors.Is(err, ssz.ErrBitlist) {
				t.Fatalf("%s %q: bits without a delimiter in block 5: error %v, want ssz.ErrBitlist", h, name, err)
			}
			if err := p.RootAllPtr(dst, blocks[:9]); err != nil {
				t.Fatal(err)
			}
			for i := range dst {
				if dst[i] != want[i] {
					t.Fatalf("%s %q: after the error: block %d: root %x, reference %x", h, name, i, dst[i], want[i])
				}
			}
		}
	}
}
