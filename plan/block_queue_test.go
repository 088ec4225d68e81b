package plan

import (
	"fmt"
	"testing"

	"github.com/lanehash/lanehash/lanes"
	"github.com/lanehash/lanehash/ssz"
	"github.com/lanehash/lanehash/ssz/consensus/deneb"
	"github.com/lanehash/lanehash/ssz/consensus/electra"
)

// queueInner is an element of queueHolder's list of containers: its own
// bitlist is a field of a container rooted many at a time.
type queueInner struct {
	X    uint64
	Bits []byte `ssz:"bitlist" ssz-max:"2048"`
}

// queueNested holds fields whose trees a nested container defers to its
// own queue, under the outer one's.
type queueNested struct {
	Small []uint32   `ssz-max:"3"`
	Roots [][32]byte `ssz-max:"1"`
}

// queueHolder has many list and vector fields whose trees a container
// rooted alone hashes together (sched's treeQueue): packed lists, a list
// of chunks, a bitlist, a list of containers, a byte list of at most
// one chunk, a list wider than the queue takes (hashed by itself), a
// nested container with fields of its own, vectors (of containers, and
// a basic one too long for a program), and fixed fields between.
type queueHolder struct {
	A      []uint64 `ssz-max:"1024"`
	Slot   uint64
	Roots  [][32]byte    `ssz-max:"16"`
	Bits   []byte        `ssz:"bitlist" ssz-max:"300"`
	Inner  []*queueInner `ssz-max:"4"`
	Extra  []byte        `ssz-max:"32"`
	Vec    []uint16      `ssz-size:"16"`
	Wide   []byte        `ssz-max:"1048576"`
	Nested *queueNested
	Duo    []*queueInner `ssz-size:"2"`
	Big    []uint64      `ssz-size:"2048"`
}

// queueShape builds a queueHolder whose lists are each empty (nil),
// one element, some, or at their limit, by the digits of shape.
func queueShape(shape int, seed byte) *queueHolder {
	pick := func(k, limit int) int {
		switch (shape >> (2 * k)) % 4 {
		case 0:
			return 0
		case 1:
			return 1
		case 2:
			return limit/2 + 1
		}
		return limit
	}
	v := &queueHolder{Slot: uint64(seed)}
	if n := pick(0, 1024); n > 0 {
		v.A = make([]uint64, n)
		for i := range v.A {
			v.A[i] = uint64(i)*7 + uint64(seed)
		}
	}
	if n := pick(1, 16); n > 0 {
		v.Roots = make([][32]byte, n)
		for i := range v.Roots {
			v.Roots[i][0], v.Roots[i][31] = byte(i), seed
		}
	}
	if n := pick(2, 300); n > 0 {
		v.Bits = make([]byte, n/8+1)
		v.Bits[0] = seed
		v.Bits[n/8] |= 1 << (n % 8)
	}
	if n := pick(3, 4); n > 0 {
		v.Inner = make([]*queueInner, n)
		for i := range v.Inner {
			if i == 1 {
				continue // a nil element: the zero container
			}
			bits := (shape+i)%2049 + 1
			v.Inner[i] = &queueInner{X: uint64(i), Bits: make([]byte, bits/8+1)}
			v.Inner[i].Bits[bits/8] |= 1 << (bits % 8)
		}
	}
	if n := pick(4, 32); n > 0 {
		v.Extra = make([]byte, n)
		v.Extra[n-1] = seed
	}
	if shape%3 == 0 {
		v.Vec = make([]uint16, 16)
		v.Vec[15] = uint16(seed)
	}
	if shape%5 == 4 {
		// More chunks than the queue takes (deferChunks, 4,096).
		v.Wide = make([]byte, 32*4096+33)
		v.Wide[len(v.Wide)-1] = seed
	}
	if shape%2 == 0 {
		// Vectors of composite and basic elements too big to inline:
		// trees without a mix-in (the zero vector otherwise).
		v.Duo = []*queueInner{{X: 9, Bits: []byte{seed | 1}}, nil}
		v.Big = make([]uint64, 2048)
		v.Big[shape%2048] = uint64(seed)
	}
	if shape%4 != 3 {
		v.Nested = &queueNested{}
		if shape%2 == 1 {
			v.Nested.Small = []uint32{1, 2, 3}
			v.Nested.Roots = [][32]byte{{seed}}
		}
	}
	return v
}

// TestBlockFieldQueue compares, with the reference, the roots of
// containers whose list fields' trees are hashed together: alone (Root,
// every list empty, nil, one element, half full or at its limit, a
// one-chunk field, a list too wide for the queue) and many at a time
// (RootAllPtr of all shapes mixed), on every kernel forced by name and
// with Keccak-256.
func TestBlockFieldQueue(t *testing.T) {
	shapes := []int{0, 1, 2, 3, 0x55, 0xaa, 0xff, 0x155, 0x2aa, 0x3ff, 0x1b4, 0x0e7, 0x39c}
	for _, h := range hashes {
		var vals []*queueHolder
		var want [][32]byte
		for i, s := range shapes {
			v := queueShape(s, byte(i+1))
			vals, want = append(vals, v), append(want, reference(t, v, h))
		}
		for _, k := range testKernels(t, h) {
			p := planOn[queueHolder](t, k, WithHash(h))
			for i, v := range vals {
				if got, err := p.Root(v); err != nil || got != want[i] {
					t.Errorf("%s: shape %#x: Root %x, %v; reference %x", kernelName(k), shapes[i], got, err, want[i])
				}
			}
			dst := make([][32]byte, len(vals))
			if err := p.RootAllPtr(dst, vals); err != nil {
				t.Fatalf("%s: RootAllPtr: %v", kernelName(k), err)
			}
			for i := range vals {
				if dst[i] != want[i] {
					t.Errorf("%s: RootAllPtr shape %#x %x; reference %x", kernelName(k), shapes[i], dst[i], want[i])
				}
			}
		}
	}
}

// TestBlockFieldQueueErrors puts a bad value in each field whose tree
// would wait in the queue, in one container alone (Root) and in one of
// a batch (RootAllPtr, index 2), and checks the error's index, path and
// class, then that the plan roots good values after it.
func TestBlockFieldQueueErrors(t *testing.T) {
	cases := []struct {
		name     string
		spoil    func(v *queueHolder)
		path     string
		sentinel error
	}{
		{"A too long", func(v *queueHolder) { v.A = make([]uint64, 1025) }, "A", ssz.ErrListTooLong},
		{"Roots too long", func(v *queueHolder) { v.Roots = make([][32]byte, 17) }, "Roots", ssz.ErrListTooLong},
		{"Bits no delimiter", func(v *queueHolder) { v.Bits = []byte{1, 0} }, "Bits", ssz.ErrBitlist},
		{"Bits too long", func(v *queueHolder) { v.Bits = make([]byte, 39); v.Bits[38] = 0x80 }, "Bits", ssz.ErrListTooLong},
		{"Inner bad bitlist", func(v *queueHolder) {
			v.Inner = []*queueInner{{Bits: []byte{1}}, {Bits: []byte{0}}}
		}, "Inner[1].Bits", ssz.ErrBitlist},
		{"Inner too long", func(v *queueHolder) { v.Inner = make([]*queueInner, 5) }, "Inner", ssz.ErrListTooLong},
		{"Extra too long", func(v *queueHolder) { v.Extra = make([]byte, 33) }, "Extra", ssz.ErrListTooLong},
		{"Nested too long", func(v *queueHolder) { v.Nested = &queueNested{Small: make([]uint32, 4)} }, "Nested.Small", ssz.ErrListTooLong},
	}
	for _, k := range testKernels(t, lanes.SHA256) {
		p := planOn[queueHolder](t, k)
		for _, c := range cases {
			t.Run(fmt.Sprintf("%s/%s", kernelName(k), c.name), func(t *testing.T) {
				vals := make([]*queueHolder, 4)
				for i := range vals {
					vals[i] = queueShape(0x1b6+i, byte(i))
				}
				good := *vals[2]
				c.spoil(vals[2])
				_, err := p.Root(vals[2])
				wantErr(t, err, -1, c.path, c.sentinel)
				dst := make([][32]byte, len(vals))
				wantErr(t, p.RootAllPtr(dst, vals), 2, c.path, c.sentinel)
				*vals[2] = good
				wholeAfterError(t, p, vals)
			})
		}
	}
}

// TestBlockErrorsInBatch puts a bad value in one field of one block of
// a batch (a blob commitment list over its limit, an attestation's
// bitlist without its delimiter, a transaction over its limit is too
// large to build, so its list: one more than the limit is not, either;
// a withdrawal list over its limit) and checks the error names the
// block and the field, alone and in the batch, and that the plan roots
// the good blocks after it.
func TestBlockErrorsInBatch(t *testing.T) {
	cases := []struct {
		name     string
		spoil    func(b *electra.SignedBeaconBlock)
		path     string
		sentinel error
	}{
		{"blob commitments", func(b *electra.SignedBeaconBlock) {
			b.Message.Body.BlobKZGCommitments = make([]deneb.KZGCommitment, 4097)
		}, "BlobKZGCommitments", ssz.ErrListTooLong},
		{"aggregation bits", func(b *electra.SignedBeaconBlock) {
			b.Message.Body.Attestations[3].AggregationBits = []byte{0xff, 0}
		}, "Attestations[3].AggregationBits", ssz.ErrBitlist},
		{"withdrawals", func(b *electra.SignedBeaconBlock) {
			w := b.Message.Body.ExecutionPayload.Withdrawals
			b.Message.Body.ExecutionPayload.Withdrawals = append(w, w...)[:17]
		}, "Withdrawals", ssz.ErrListTooLong},
		{"extra data", func(b *electra.SignedBeaconBlock) {
			b.Message.Body.ExecutionPayload.ExtraData = make([]byte, 33)
		}, "ExtraData", ssz.ErrListTooLong},
	}
	for _, k := range testKernels(t, lanes.SHA256) {
		p := planOn[electra.SignedBeaconBlock](t, k)
		for _, c := range cases {
			t.Run(fmt.Sprintf("%s/%s", kernelName(k), c.name), func(t *testing.T) {
				blocks := make([]*electra.SignedBeaconBlock, 3)
				for i := range blocks {
					blocks[i] = electra.SyntheticSignedBeaconBlock(blockShapes[4], uint64(i+1))
				}
				c.spoil(blocks[1])
				_, err := p.Root(blocks[1])
				wantErr(t, err, -1, c.path, c.sentinel)
				dst := make([][32]byte, len(blocks))
				wantErr(t, p.RootAllPtr(dst, blocks), 1, c.path, c.sentinel)
				blocks[1] = electra.SyntheticSignedBeaconBlock(blockShapes[4], 2)
				if err := p.RootAllPtr(dst, blocks); err != nil {
					t.Fatal(err)
				}
				for i, b := range blocks {
					got, err := p.Root(b)
					if want := reference(t, b, lanes.SHA256); err != nil || got != want || dst[i] != want {
						t.Fatalf("block %d after the error: Root %x, %v, RootAllPtr %x; reference %x", i, got, err, dst[i], want)
					}
				}
			})
		}
	}
}
