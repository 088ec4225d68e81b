package plan

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/lanehash/lanehash/lanes"
	"github.com/lanehash/lanehash/sched"
	"github.com/lanehash/lanehash/ssz"
	"github.com/lanehash/lanehash/ssz/consensus/electra"
	"github.com/lanehash/lanehash/ssz/consensus/phase0"
)

// A block's lists of containers (its attestations, withdrawals) are
// rooted apart from the block's other small trees: each element's own
// trees (an attestation's aggregation bitlist) before the element's
// program, and the list's tree over the elements' roots after it. Any
// schedule that moves those steps (issue #32's lists in stages, tried
// on branch s14-stage-tried) must keep what these tests pin: the roots
// at every shape that changes the order — no element, one, many, empty
// and full bitlists, bitlists of several depths in one list, nil
// elements and nil fields — and the errors, the plan's and the
// executor's own, for defects in an element, before it and after it.

// attestationsBlock returns a block without transactions whose
// attestations have the given aggregation bit counts (one attestation
// per count).
func attestationsBlock(seed uint64, bits ...int) *electra.SignedBeaconBlock {
	b := electra.SyntheticSignedBeaconBlock(electra.BlockShape{Withdrawals: 3, BlobCommitments: 2}, seed)
	for i, n := range bits {
		one := electra.SyntheticSignedBeaconBlock(electra.BlockShape{Attestations: 1, AggregationBitsLen: n}, seed+uint64(i)+1)
		b.Message.Body.Attestations = append(b.Message.Body.Attestations, one.Message.Body.Attestations[0])
	}
	return b
}

// containerListBlocks are the blocks of TestContainerListRoots, by name.
func containerListBlocks() []struct {
	name  string
	block *electra.SignedBeaconBlock
} {
	type named = struct {
		name  string
		block *electra.SignedBeaconBlock
	}
	out := []named{
		{"none", attestationsBlock(1)},
		{"one", attestationsBlock(2, 2048)},
		{"one empty bitlist", attestationsBlock(3, 0)},
		{"one bit", attestationsBlock(4, 1)},
		{"chunk edges", attestationsBlock(5, 255, 256, 257, 512)},
		{"mixed depths", attestationsBlock(6, 0, 1, 2048, 300, 131072, 5, 8, 4096)},
		{"at the limit", attestationsBlock(7, 131072)},
		{"eight full", attestationsBlock(8, 2048, 2048, 2048, 2048, 2048, 2048, 2048, 2048)},
		{"seven", attestationsBlock(9, 9, 10, 11, 12, 13, 14, 15)},
		{"mainnet", electra.SyntheticSignedBeaconBlock(electra.MainnetBlockShape, 10)},
	}
	nilData := attestationsBlock(11, 100, 200)
	nilData.Message.Body.Attestations[1].Data = nil
	out = append(out, named{"nil data", nilData})
	noCommittee := attestationsBlock(12, 100, 200, 300)
	noCommittee.Message.Body.Attestations[2].CommitteeBits = nil
	out = append(out, named{"zero committee bits", noCommittee})
	withNil := attestationsBlock(13, 100, 200, 300)
	withNil.Message.Body.Attestations[1] = nil
	out = append(out, named{"nil element", withNil})
	return out
}

// TestContainerListRoots compares the roots of blocks whose attestations
// take every shape above with the reference, on every kernel by name and
// the reference kernels, with SHA-256 and Keccak-256, one block at a
// time (Root) and all together (RootAllPtr); a value the reference
// refuses must be refused with its sentinel and path.
func TestContainerListRoots(t *testing.T) {
	blocks := containerListBlocks()
	for _, h := range []lanes.Hash{lanes.SHA256, lanes.Keccak256} {
		want := make([][32]byte, len(blocks))
		werr := make([]error, len(blocks))
		for i, c := range blocks {
			want[i], werr[i] = ssz.HashTreeRoot(c.block, h)
		}
		for _, k := range testKernels(t, h) {
			p := planOn[electra.SignedBeaconBlock](t, k)
			var ok []*electra.SignedBeaconBlock
			var okWant [][32]byte
			for i, c := range blocks {
				// Twice: the second call reuses the pooled queue.
				for range 2 {
					got, err := p.Root(c.block)
					if (err != nil) != (werr[i] != nil) || err == nil && got != want[i] {
						t.Fatalf("%s %s %s: Root %x, %v; reference %x, %v", h, kernelName(k), c.name, got, err, want[i], werr[i])
					}
					if err != nil && (sentinelOfValue(err) != sentinelOfValue(werr[i]) || errPath(err) != errPath(werr[i])) {
						t.Fatalf("%s %s %s: error %v; reference %v", h, kernelName(k), c.name, err, werr[i])
					}
				}
				if werr[i] == nil {
					ok, okWant = append(ok, c.block), append(okWant, want[i])
				}
			}
			rootsMatch(t, fmt.Sprintf("%s %s", h, kernelName(k)), p, ok, okWant)
		}
	}
}

// TestContainerListErrors spoils an attestation (its bitlist, its
// committee bits), a field before the attestations and one after them,
// alone and together, and checks the error: the first in field order,
// the lowest element of the list, with the same sentinel, path and index
// as the reference's, alone and in a batch; the executor's own error
// (before plan names the reference's first defect) at the same path; and
// that the plan roots good blocks after it.
func TestContainerListErrors(t *testing.T) {
	badBits := func(i int) func(b *electra.SignedBeaconBlock) {
		return func(b *electra.SignedBeaconBlock) { b.Message.Body.Attestations[i].AggregationBits = []byte{0xff, 0} }
	}
	longBits := func(i int) func(b *electra.SignedBeaconBlock) {
		return func(b *electra.SignedBeaconBlock) {
			bits := make([]byte, 131072/8+1)
			bits[len(bits)-1] = 2 // 131,073 bits
			b.Message.Body.Attestations[i].AggregationBits = bits
		}
	}
	badCommittee := func(i int) func(b *electra.SignedBeaconBlock) {
		return func(b *electra.SignedBeaconBlock) { b.Message.Body.Attestations[i].CommitteeBits = make([]byte, 7) }
	}
	before := func(b *electra.SignedBeaconBlock) {
		b.Message.Body.ProposerSlashings = make([]*phase0.ProposerSlashing, 17)
	}
	after := func(b *electra.SignedBeaconBlock) {
		b.Message.Body.ExecutionPayload.ExtraData = make([]byte, 33)
	}
	tooMany := func(b *electra.SignedBeaconBlock) {
		a := b.Message.Body.Attestations
		b.Message.Body.Attestations = append(a, a[0])
	}
	all := func(fs ...func(b *electra.SignedBeaconBlock)) func(b *electra.SignedBeaconBlock) {
		return func(b *electra.SignedBeaconBlock) {
			for _, f := range fs {
				f(b)
			}
		}
	}
	cases := []struct {
		name     string
		spoil    func(b *electra.SignedBeaconBlock)
		path     string
		sentinel error
	}{
		{"bitlist", badBits(3), "Attestations[3].AggregationBits", ssz.ErrBitlist},
		{"first bitlist", badBits(0), "Attestations[0].AggregationBits", ssz.ErrBitlist},
		{"last bitlist", badBits(7), "Attestations[7].AggregationBits", ssz.ErrBitlist},
		{"bitlist too long", longBits(5), "Attestations[5].AggregationBits", ssz.ErrListTooLong},
		{"committee bits", badCommittee(2), "Attestations[2].CommitteeBits", ssz.ErrSize},
		{"lower element wins", all(badBits(6), badCommittee(2)), "Attestations[2].CommitteeBits", ssz.ErrSize},
		{"same element: field order", all(badCommittee(4), badBits(4)), "Attestations[4].AggregationBits", ssz.ErrBitlist},
		{"bitlist and later field", all(badBits(4), after), "Attestations[4].AggregationBits", ssz.ErrBitlist},
		{"committee and later field", all(badCommittee(1), after), "Attestations[1].CommitteeBits", ssz.ErrSize},
		{"earlier field and bitlist", all(before, badBits(4)), "ProposerSlashings", ssz.ErrListTooLong},
		{"later field", after, "ExtraData", ssz.ErrListTooLong},
		{"too many", all(tooMany, badBits(2)), "Attestations", ssz.ErrListTooLong},
	}
	for _, k := range testKernels(t, lanes.SHA256) {
		p := planOn[electra.SignedBeaconBlock](t, k)
		for _, c := range cases {
			t.Run(fmt.Sprintf("%s/%s", kernelName(k), c.name), func(t *testing.T) {
				shape := electra.MainnetBlockShape
				shape.Transactions = 3
				blocks := make([]*electra.SignedBeaconBlock, 3)
				for i := range blocks {
					blocks[i] = electra.SyntheticSignedBeaconBlock(shape, uint64(i+1))
				}
				c.spoil(blocks[1])
				_, rerr := ssz.HashTreeRoot(blocks[1], lanes.SHA256)
				for range 2 {
					_, err := p.Root(blocks[1])
					wantErr(t, err, -1, c.path, c.sentinel)
					if sentinelOfValue(err) != sentinelOfValue(rerr) || errPath(err) != errPath(rerr) {
						t.Fatalf("error %v; reference %v", err, rerr)
					}
				}
				dst := make([][32]byte, len(blocks))
				wantErr(t, p.RootAllPtr(dst, blocks), 1, c.path, c.sentinel)
				var se *sched.Error
				_, raw := p.run.Root(sched.ValueOf(blocks[1]), 1)
				if !errors.As(raw, &se) {
					t.Fatalf("executor error %v", raw)
				}
				// The executor's own error, before plan names the
				// reference's first defect, is the same one too: a change
				// of schedule must keep the order defects are met in.
				if se.Index != 0 || !strings.HasSuffix(se.Path, "."+c.path) {
					t.Fatalf("executor error at %d %q, want 0 %q", se.Index, se.Path, c.path)
				}
				blocks[1] = electra.SyntheticSignedBeaconBlock(shape, 2)
				wholeAfterError(t, p, blocks)
			})
		}
	}
}

// checkedElem is a list element whose program checks a bool and reads a
// fixed vector through a slice (both errors of the program's own
// checks, not of a field's tree) beside a bitlist, whose tree is the
// element's own.
type checkedElem struct {
	Flag bool
	Bits []byte `ssz:"bitlist" ssz-max:"2048"`
	Key  []byte `ssz-size:"48"`
	N    uint64
}

// checkedHolder holds a list of checkedElem between two trees of its own.
type checkedHolder struct {
	Before []uint64       `ssz-max:"8"`
	Elems  []*checkedElem `ssz-max:"8"`
	Odd    []*checkedElem `ssz-max:"1"`
	After  []byte         `ssz-max:"32"`
}

func checkedHolderOf(n int, seed byte) *checkedHolder {
	v := &checkedHolder{Before: []uint64{1, 2, 3}, After: []byte{seed, 1, 2}}
	for i := range n {
		e := &checkedElem{Flag: i%2 == 1, Key: make([]byte, 48), N: uint64(i) * 77}
		for j := range e.Key {
			e.Key[j] = seed + byte(i+j)
		}
		e.Bits = make([]byte, i*9+1)
		for j := range e.Bits {
			e.Bits[j] = seed ^ byte(j*31)
		}
		e.Bits[len(e.Bits)-1] = 1 << (i % 8)
		v.Elems = append(v.Elems, e)
	}
	if n > 0 {
		v.Odd = v.Elems[:1]
	}
	return v
}

// TestContainerListProgramChecks spoils what a list element's program
// checks (a bool above 1, a vector of the wrong length) and what its
// tree checks (the bitlist), alone, with a later field and with another
// element, and checks the error is the first in field order, of the
// lowest element, alone and in a batch; then roots lists of 0 to 8 such
// elements against the reference.
func TestContainerListProgramChecks(t *testing.T) {
	after := func(v *checkedHolder) { v.After = make([]byte, 33) }
	flag := func(i int) func(v *checkedHolder) {
		return func(v *checkedHolder) { setByte(&v.Elems[i].Flag, 2) }
	}
	key := func(i int) func(v *checkedHolder) {
		return func(v *checkedHolder) { v.Elems[i].Key = v.Elems[i].Key[:47] }
	}
	bits := func(i int) func(v *checkedHolder) {
		return func(v *checkedHolder) { v.Elems[i].Bits = []byte{0} }
	}
	all := func(fs ...func(v *checkedHolder)) func(v *checkedHolder) {
		return func(v *checkedHolder) {
			for _, f := range fs {
				f(v)
			}
		}
	}
	cases := []struct {
		name     string
		spoil    func(v *checkedHolder)
		path     string
		sentinel error
		// raw is the path of the executor's own error (sched.Error),
		// before plan names the reference's first defect: the order in
		// which the executor meets defects, which a change of schedule
		// must keep (the reference's first defect differs in one case).
		raw string
	}{
		{"bool", flag(3), "Elems[3].Flag", ssz.ErrBool, "Elems[3].Flag"},
		{"bool and later field", all(flag(3), after), "Elems[3].Flag", ssz.ErrBool, "Elems[3].Flag"},
		{"vector", key(5), "Elems[5].Key", ssz.ErrSize, "Elems[5].Key"},
		{"vector and later field", all(key(5), after), "Elems[5].Key", ssz.ErrSize, "Elems[5].Key"},
		{"bitlist then bool", all(bits(6), flag(2)), "Elems[2].Flag", ssz.ErrBool, "Elems[2].Flag"},
		{"bool then bitlist", all(flag(6), bits(2)), "Elems[2].Bits", ssz.ErrBitlist, "Elems[2].Bits"},
		{"same element: field order", all(flag(4), bits(4)), "Elems[4].Flag", ssz.ErrBool, "Elems[4].Bits"},
		{"in the next list", func(v *checkedHolder) {
			e := *v.Odd[0]
			setByte(&e.Flag, 3)
			v.Odd = []*checkedElem{&e}
		}, "Odd[0].Flag", ssz.ErrBool, "Odd[0].Flag"},
		{"later field", after, "After", ssz.ErrListTooLong, "After"},
	}
	for _, k := range testKernels(t, lanes.SHA256) {
		p := planOn[checkedHolder](t, k)
		for n := 0; n <= 8; n++ {
			v := checkedHolderOf(n, byte(n))
			want := reference(t, v, lanes.SHA256)
			if got, err := p.Root(v); err != nil || got != want {
				t.Fatalf("%s, %d elements: Root %x, %v; reference %x", kernelName(k), n, got, err, want)
			}
		}
		for _, c := range cases {
			t.Run(fmt.Sprintf("%s/%s", kernelName(k), c.name), func(t *testing.T) {
				vals := []*checkedHolder{checkedHolderOf(8, 1), checkedHolderOf(8, 2), checkedHolderOf(8, 3)}
				c.spoil(vals[1])
				_, rerr := ssz.HashTreeRoot(vals[1], lanes.SHA256)
				_, err := p.Root(vals[1])
				wantErr(t, err, -1, c.path, c.sentinel)
				if sentinelOfValue(err) != sentinelOfValue(rerr) || errPath(err) != errPath(rerr) {
					t.Fatalf("error %v; reference %v", err, rerr)
				}
				dst := make([][32]byte, len(vals))
				wantErr(t, p.RootAllPtr(dst, vals), 1, c.path, c.sentinel)
				// Plan reports the reference's first defect whatever the
				// executor met first; the executor's own error is pinned
				// too, so that a change of schedule keeps its order.
				var se *sched.Error
				_, raw := p.run.Root(sched.ValueOf(vals[1]), 1)
				if !errors.As(raw, &se) {
					t.Fatalf("executor error %v", raw)
				}
				if se.Index != 0 || se.Path != "checkedHolder."+c.raw {
					t.Fatalf("executor error at %d %q, want 0 %q", se.Index, se.Path, "checkedHolder."+c.raw)
				}
				vals[1] = checkedHolderOf(8, 2)
				wholeAfterError(t, p, vals)
			})
		}
	}
}
