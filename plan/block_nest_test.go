package plan

import (
	"fmt"
	"testing"

	"github.com/lanehash/lanehash/lanes"
	"github.com/lanehash/lanehash/ssz"
)

// nestLeaf is the innermost container of nestTop: list fields whose
// trees wait in the outermost container's queue (a limit of one: a tree
// of depth 0; a bitlist; a list of chunks), a bool the program checks
// and a fixed vector the program reads through a slice.
type nestLeaf struct {
	Flag bool
	L    []uint64   `ssz-max:"5"`
	One  [][32]byte `ssz-max:"1"`
	Bits []byte     `ssz:"bitlist" ssz-max:"9"`
	Key  []byte     `ssz-size:"48"`
}

// nestSolo has one field: a container whose only tree is a list.
type nestSolo struct {
	L []uint16 `ssz-max:"4096"`
}

// nestProg is a progressive container with a nested container and a
// list: its own fields' trees share a queue of their own.
type nestProg struct {
	A    uint8     `ssz-index:"0"`
	Leaf *nestLeaf `ssz-index:"1"`
	L    []uint32  `ssz-index:"3" ssz-max:"7"`
}

// nestMid holds containers by pointer (nil: the zero container) and by
// value, a one-field container, vectors, a progressive list, a union,
// an empty-able list under a high limit and a progressive container.
type nestMid struct {
	A     uint32
	Leaf  *nestLeaf
	Solo  nestSolo
	Sig   []byte   `ssz-size:"96"`
	Vec   []uint64 `ssz-size:"9"`
	Prog  []uint64 `ssz-type:"progressive-list"`
	U     *shapeUnion
	Empty []uint64 `ssz-max:"4096"`
	Leaf2 nestLeaf
	PC    *nestProg
}

// nestTop nests nestMid twice more (a container whose only field is a
// container, and a list of containers: one element is a container
// rooted alone inside a list's leaves) beside trees of its own.
type nestTop struct {
	Mid   *nestMid
	Roots [][32]byte `ssz-max:"4096"`
	Wrap  nestWrap
	Mids  []*nestMid `ssz-max:"3"`
	Tail  []byte     `ssz-max:"2048"`
}

// nestWrap is a container of one container: no tree of its own.
type nestWrap struct {
	Mid nestMid
}

// nestLeafOf builds a nestLeaf whose lists are empty, one element or at
// their limit, by the digits of shape.
func nestLeafOf(shape int, seed byte) *nestLeaf {
	v := &nestLeaf{Flag: shape%2 == 1}
	if n := []int{0, 1, 5}[shape%3]; n > 0 {
		v.L = make([]uint64, n)
		for i := range v.L {
			v.L[i] = uint64(seed)<<8 | uint64(i)
		}
	}
	if shape%4 >= 2 {
		v.One = [][32]byte{{seed, 1}}
	}
	switch shape % 5 {
	case 0:
		v.Bits = []byte{1} // no bits
	case 1:
		v.Bits = []byte{seed | 1, 0x02} // 9 bits: the limit
	case 2:
		v.Bits = []byte{0x05} // 2 bits
	}
	if shape%3 != 2 {
		v.Key = make([]byte, 48)
		v.Key[47] = seed
	}
	return v
}

// nestMidOf builds a nestMid of shape.
func nestMidOf(shape int, seed byte) *nestMid {
	v := &nestMid{A: uint32(shape), Leaf2: *nestLeafOf(shape/3, seed+1)}
	if shape%4 != 3 {
		v.Leaf = nestLeafOf(shape, seed)
	}
	if n := []int{0, 1, 4096, 33}[shape%4]; n > 0 {
		v.Solo.L = make([]uint16, n)
		v.Solo.L[n-1] = uint16(seed)
	}
	if shape%2 == 0 {
		v.Sig = make([]byte, 96)
		v.Sig[0] = seed
		v.Vec = make([]uint64, 9)
		v.Vec[8] = uint64(shape)
	}
	if n := shape % 6; n > 0 {
		v.Prog = make([]uint64, n*3)
		v.Prog[0] = uint64(seed)
	}
	switch shape % 3 {
	case 1:
		v.U = &shapeUnion{Selector: 2, Value: []uint64{uint64(seed), 2}}
	case 2:
		v.U = &shapeUnion{Selector: 3, Value: &inner{}}
	}
	if shape%5 == 3 {
		v.Empty = []uint64{uint64(seed)}
	}
	if shape%3 != 0 {
		v.PC = &nestProg{A: seed, Leaf: nestLeafOf(shape+1, seed)}
		if shape%2 == 1 {
			v.PC.L = []uint32{1, 2, uint32(seed)}
		}
	}
	return v
}

// nestTopOf builds a nestTop of shape.
func nestTopOf(shape int, seed byte) *nestTop {
	v := &nestTop{Wrap: nestWrap{Mid: *nestMidOf(shape+2, seed+2)}}
	if shape%3 != 0 {
		v.Mid = nestMidOf(shape, seed)
	}
	if n := []int{0, 1, 2, 4096}[shape%4]; n > 0 {
		v.Roots = make([][32]byte, n)
		v.Roots[n-1][31] = seed
	}
	if n := (shape / 2) % 4; n > 0 {
		v.Mids = make([]*nestMid, n)
		for i := range v.Mids {
			if i != 1 {
				v.Mids[i] = nestMidOf(shape+i, seed+byte(i))
			}
		}
	}
	if shape%5 > 0 {
		v.Tail = make([]byte, 33*(shape%5))
		v.Tail[len(v.Tail)-1] = seed
	}
	return v
}

// nestShapes are the shapes TestNestedQueue roots: every digit of each
// builder's choices (empty, one, some, at the limit; nil or not).
var nestShapes = []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 17, 29, 30, 59}

// TestNestedQueue roots containers nested three deep whose small trees
// and programs wait in the outermost container's queue, against the
// reference: alone (Root of the outermost, and of a middle and an inner
// container on their own), and many at a time (RootAllPtr, where no
// queue is used), on every kernel forced by name and with Keccak-256.
func TestNestedQueue(t *testing.T) {
	for _, h := range hashes {
		var tops []*nestTop
		var mids []*nestMid
		var want, wantMid [][32]byte
		for i, s := range nestShapes {
			top, mid := nestTopOf(s, byte(i+1)), nestMidOf(s, byte(i+1))
			tops, want = append(tops, top), append(want, reference(t, top, h))
			mids, wantMid = append(mids, mid), append(wantMid, reference(t, mid, h))
		}
		for _, k := range testKernels(t, h) {
			p := planOn[nestTop](t, k, WithHash(h))
			pm := planOn[nestMid](t, k, WithHash(h))
			pl := planOn[nestLeaf](t, k, WithHash(h))
			for i := range tops {
				if got, err := p.Root(tops[i]); err != nil || got != want[i] {
					t.Errorf("%s: shape %d: Root %x, %v; reference %x", kernelName(k), nestShapes[i], got, err, want[i])
				}
				if got, err := pm.Root(mids[i]); err != nil || got != wantMid[i] {
					t.Errorf("%s: shape %d: Root of the middle container %x, %v; reference %x", kernelName(k), nestShapes[i], got, err, wantMid[i])
				}
				leaf := mids[i].Leaf2
				if got, err := pl.Root(&leaf); err != nil || got != reference(t, &leaf, h) {
					t.Errorf("%s: shape %d: Root of the inner container %x, %v", kernelName(k), nestShapes[i], got, err)
				}
			}
			rootsMatch(t, kernelName(k), p, tops, want)
		}
	}
}

// wholeAfterError checks that p, after returning errors, roots every
// value of vals as the reference does, one by one and by RootAllPtr.
func wholeAfterError[T any](t *testing.T, p *Plan[T], vals []*T) {
	t.Helper()
	want := make([][32]byte, len(vals))
	for i, v := range vals {
		want[i] = reference(t, v, lanes.SHA256)
		if got, err := p.Root(v); err != nil || got != want[i] {
			t.Fatalf("value %d after the error: Root %x, %v; reference %x", i, got, err, want[i])
		}
	}
	rootsMatch(t, "after the error", p, vals, want)
}

// rootsMatch roots vals with RootAllPtr and compares each root with
// want.
func rootsMatch[T any](t *testing.T, name string, p *Plan[T], vals []*T, want [][32]byte) {
	t.Helper()
	dst := make([][32]byte, len(vals))
	if err := p.RootAllPtr(dst, vals); err != nil {
		t.Fatalf("%s: RootAllPtr: %v", name, err)
	}
	for i := range vals {
		if dst[i] != want[i] {
			t.Errorf("%s: RootAllPtr value %d %x; reference %x", name, i, dst[i], want[i])
		}
	}
}

// nestTwo is two containers of one list each under a high limit: each
// tree alone is a chain of single pairs (its ladder).
type nestTwo struct {
	A nestSolo
	B *nestSolo
}

// TestNestedQueueSharesCalls checks that the small trees of nested
// containers share their kernel calls: two containers of one list each
// (one element under a limit of 4,096: a ladder of 12 single pairs and a
// mix-in) cost fewer calls together than twice one of them alone, which
// they did not while each container hashed its trees by itself.
func TestNestedQueueSharesCalls(t *testing.T) {
	for _, k := range testKernels(t, lanes.SHA256) {
		one := &nestSolo{L: []uint16{7}}
		ps := planOn[nestSolo](t, k)
		ps.ResetStats()
		if _, err := ps.Root(one); err != nil {
			t.Fatal(err)
		}
		alone := ps.Stats().KernelCalls
		two := &nestTwo{A: *one, B: one}
		p := planOn[nestTwo](t, k)
		p.ResetStats()
		got, err := p.Root(two)
		if want := reference(t, two, lanes.SHA256); err != nil || got != want {
			t.Fatalf("%s: Root %x, %v; reference %x", kernelName(k), got, err, want)
		}
		if both := p.Stats().KernelCalls; both >= 2*alone {
			t.Errorf("%s: two nested containers took %d kernel calls, one alone %d: their trees do not share calls", kernelName(k), both, alone)
		}
	}
}

// TestNestedQueueErrors spoils a value at each depth of nestTop, alone
// and then with a later field spoiled too, and checks that the error is
// the first one in field order (a nested container's own checks are
// errors, though its program runs after its later siblings' trees),
// alone and in a batch, and that good values root after it.
func TestNestedQueueErrors(t *testing.T) {
	tooLong := func(v *nestTop) { v.Tail = make([]byte, 2049) }
	cases := []struct {
		name     string
		spoil    func(v *nestTop)
		path     string
		sentinel error
	}{
		{"inner bool", func(v *nestTop) { setByte(&v.Mid.Leaf.Flag, 2) }, "Mid.Leaf.Flag", ssz.ErrBool},
		{"inner list", func(v *nestTop) { v.Mid.Leaf.L = make([]uint64, 6) }, "Mid.Leaf.L", ssz.ErrListTooLong},
		{"inner vector", func(v *nestTop) { v.Mid.Leaf.Key = make([]byte, 47) }, "Mid.Leaf.Key", ssz.ErrSize},
		{"inner bitlist", func(v *nestTop) { v.Mid.Leaf.Bits = []byte{0} }, "Mid.Leaf.Bits", ssz.ErrBitlist},
		{"middle vector", func(v *nestTop) { v.Mid.Sig = make([]byte, 95) }, "Mid.Sig", ssz.ErrSize},
		{"by value", func(v *nestTop) { setByte(&v.Wrap.Mid.Leaf2.Flag, 3) }, "Wrap.Mid.Leaf2.Flag", ssz.ErrBool},
		{"progressive", func(v *nestTop) { v.Mid.PC.L = make([]uint32, 8) }, "Mid.PC.L", ssz.ErrListTooLong},
		{"in a list", func(v *nestTop) { setByte(&v.Mids[0].Leaf.Flag, 2) }, "Mids[0].Leaf.Flag", ssz.ErrBool},
		{"last", tooLong, "Tail", ssz.ErrListTooLong},
	}
	for _, k := range testKernels(t, lanes.SHA256) {
		p := planOn[nestTop](t, k)
		for _, c := range cases {
			t.Run(fmt.Sprintf("%s/%s", kernelName(k), c.name), func(t *testing.T) {
				// Shape 5: Mid, Mid.Leaf, Mid.PC and Mids[0] present.
				good, bad := nestTopOf(5, 3), nestTopOf(5, 3)
				vals := []*nestTop{nestTopOf(5, 1), nestTopOf(5, 2), good, nestTopOf(5, 4)}
				c.spoil(bad)
				vals[2] = bad
				dst := make([][32]byte, len(vals))
				for _, more := range []bool{false, true} {
					if more {
						tooLong(bad)
					}
					_, err := p.Root(bad)
					wantErr(t, err, -1, c.path, c.sentinel)
					wantErr(t, p.RootAllPtr(dst, vals), 2, c.path, c.sentinel)
				}
				vals[2] = good
				wholeAfterError(t, p, vals)
			})
		}
	}
}
