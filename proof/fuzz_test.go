package proof_test

import (
	"bytes"
	"crypto/sha256"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
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

// FuzzGIndexOf parses arbitrary paths against a BeaconState-like type:
// an index or a *PathError pointing inside the path, never a panic; and
// since the grammar is strict, a path that parses is the one its steps
// spell (no second spelling of a step slips through).
func FuzzGIndexOf(f *testing.F) {
	for _, s := range []string{"Validators[3].Slashed", "balances.__len__", "[", "a..b", "BlockRoots[99999999999999999999]",
		"Validators[3]Slashed", ".Slot", "Prog[007]", "Prog[18446744073709551615]", "bits[+1]"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, path string) {
		g, err := proof.GIndexFor[stateForFuzz](path)
		if err == nil && g == 0 {
			t.Fatalf("%q: gindex 0 without an error", path)
		}
		var pe *proof.PathError
		if err != nil && (!errors.As(err, &pe) || pe.Pos < 0 || pe.Pos > len(path) || pe.Path != path) {
			t.Fatalf("%q: %v, want a *PathError inside the path", path, err)
		}
		steps, err := proof.ParsePath(path)
		if err != nil {
			return
		}
		var sb strings.Builder
		for i, st := range steps {
			if st.Pos != sb.Len()+boolInt(i > 0 && !st.IsIndex) {
				t.Fatalf("%q: step %d at byte %d", path, i, st.Pos)
			}
			switch {
			case st.IsIndex:
				fmt.Fprintf(&sb, "[%d]", st.Index)
			case i > 0:
				sb.WriteString("." + st.Field)
			default:
				sb.WriteString(st.Field)
			}
		}
		if sb.String() != path {
			t.Fatalf("%q parses to steps that spell %q", path, sb.String())
		}
	})
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
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

// fuzzTree is the independent depth-5 tree the proof fuzz targets prove
// against: nodes 1 to 63, hashed with crypto/sha256.
var fuzzTree = newFullTree(rand.New(rand.NewPCG(5, 5)), 5)

// fuzzIndex draws a node of fuzzTree, or now and then one below its
// leaves or deep past any tree, which no honest proof can carry.
func fuzzIndex(b *fuzzBytes) proof.GIndex {
	switch sel := b.next(); {
	case sel < 232:
		return proof.GIndex(1 + int(sel)%63)
	case sel < 248:
		return proof.GIndex(64 + int(b.next()))
	default:
		return proof.GIndex(1<<63 | uint64(b.next()))
	}
}

// fuzzNode is a node of fuzzTree or, for an index it does not have, 32
// bytes derived from the index.
func fuzzNode(g proof.GIndex) [32]byte {
	if n, ok := fuzzTree[g]; ok {
		return n
	}
	return sha256.Sum256([]byte(g.String()))
}

// mutate changes one of nodes as op says; it returns the slice, which
// may have grown or shrunk.
func mutate(b *fuzzBytes, nodes [][32]byte) [][32]byte {
	switch op := b.next() % 5; {
	case op == 0 && len(nodes) > 0:
		nodes[int(b.next())%len(nodes)][b.next()%32] ^= 1 << (b.next() % 8)
	case op == 1 && len(nodes) > 0:
		nodes = nodes[:len(nodes)-1]
	case op == 2:
		nodes = append(nodes, fuzzNode(fuzzIndex(b)))
	case op == 3 && len(nodes) > 1:
		i, j := int(b.next())%len(nodes), int(b.next())%len(nodes)
		nodes[i], nodes[j] = nodes[j], nodes[i]
	case op == 4 && len(nodes) > 0:
		nodes[int(b.next())%len(nodes)] = fuzzNode(fuzzIndex(b))
	}
	return nodes
}

// FuzzMultiproof builds a multiproof and a single proof of indices drawn
// from the fuzz bytes (honest where the tree has the nodes), changes
// their indices, leaves and hashes as the bytes say, and verifies them:
// no panic, and a proof that verifies carries exactly the tree's nodes at
// the indices it claims, which the test reads from the tree itself.
func FuzzMultiproof(f *testing.F) {
	for _, seed := range []string{"\x01\x07", "\x03\x07\x08\x22\x01\x00\x01\x02\x03", "\x02\xf0\x10\x05\x02\x00", "\x04\x01\x02\x04\x08\x03\x02\x05\x05\x00\x00"} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, data []byte) { checkMultiproof(t, data) })
}

// checkMultiproof is FuzzMultiproof's body; it reports how many of the
// two proofs verified.
func checkMultiproof(t *testing.T, data []byte) int {
	root := fuzzTree[1]
	verified := 0
	b := fuzzBytes(data)
	m := &proof.Multiproof{}
	for range 1 + b.next()%5 {
		g := fuzzIndex(&b)
		m.Indices = append(m.Indices, g)
		m.Leaves = append(m.Leaves, fuzzNode(g))
	}
	for _, h := range proof.HelperIndices(m.Indices) {
		m.Hashes = append(m.Hashes, fuzzNode(h))
	}
	p := &proof.Proof{Index: m.Indices[0], Leaf: m.Leaves[0]}
	for _, s := range proof.BranchIndices(p.Index) {
		p.Branch = append(p.Branch, fuzzNode(s))
	}
	for range b.next() % 4 {
		switch b.next() % 6 {
		case 0:
			m.Leaves = mutate(&b, m.Leaves)
		case 1:
			m.Hashes = mutate(&b, m.Hashes)
		case 2:
			m.Indices[int(b.next())%len(m.Indices)] = fuzzIndex(&b)
		case 3:
			p.Branch = mutate(&b, p.Branch)
		case 4:
			p.Index = fuzzIndex(&b)
		case 5:
			if leaf := mutate(&b, [][32]byte{p.Leaf}); len(leaf) > 0 {
				p.Leaf = leaf[len(leaf)-1]
			}
		}
	}
	if m.Verify(root) {
		verified++
		for i, g := range m.Indices {
			if n, ok := fuzzTree[g]; !ok || i >= len(m.Leaves) || m.Leaves[i] != n {
				t.Fatalf("multiproof %v verifies with leaf %d not the tree's node %d", m.Indices, i, g)
			}
		}
		for j, h := range proof.HelperIndices(m.Indices) {
			if m.Hashes[j] != fuzzTree[h] {
				t.Fatalf("multiproof %v verifies with hash %d not the tree's node %d", m.Indices, j, h)
			}
		}
	}
	if p.Verify(root) {
		verified++
		if n, ok := fuzzTree[p.Index]; !ok || p.Leaf != n {
			t.Fatalf("proof of %d verifies with a leaf not the tree's", p.Index)
		}
		for j, s := range proof.BranchIndices(p.Index) {
			if p.Branch[j] != fuzzTree[s] {
				t.Fatalf("proof of %d verifies with branch node %d not the tree's node %d", p.Index, j, s)
			}
		}
	}
	return verified
}

// FuzzCompactMultiproof builds the compact multiproof of indices drawn
// from the fuzz bytes, changes its descriptor bits and nodes as the bytes
// say, and verifies it: no panic, and a proof that verifies has a
// descriptor that decodes and carries exactly the tree's nodes at the
// indices it decodes to.
func FuzzCompactMultiproof(f *testing.F) {
	for _, seed := range []string{"\x01\x07", "\x03\x07\x08\x22\x01\x00\x01\x02\x03", "\x02\x10\x05\x02\x00\x00\x01", "\x02\x2a\x03\x03\x05\x00\x01\x00"} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, data []byte) { checkCompact(t, data) })
}

// checkCompact is FuzzCompactMultiproof's body; it reports whether the
// changed proof verified.
func checkCompact(t *testing.T, data []byte) bool {
	root := fuzzTree[1]
	b := fuzzBytes(data)
	var idx []proof.GIndex
	for range 1 + b.next()%5 {
		if g := fuzzIndex(&b); g < 64 {
			idx = append(idx, g)
		}
	}
	c, err := proof.ProveCompact(fuzzTree, idx)
	if len(idx) == 0 {
		if !errors.Is(err, proof.ErrIndex) {
			t.Fatalf("ProveCompact of nothing: %v", err)
		}
		return false
	}
	if err != nil || !c.Verify(root) {
		t.Fatalf("honest compact proof of %v: %v", idx, err)
	}
	for range b.next() % 4 {
		switch op := b.next() % 5; {
		case op == 0 && len(c.Descriptor) > 0:
			c.Descriptor[int(b.next())%len(c.Descriptor)] ^= 1 << (b.next() % 8)
		case op == 1 && len(c.Descriptor) > 0:
			c.Descriptor = c.Descriptor[:len(c.Descriptor)-1]
		case op == 2:
			c.Descriptor = append(c.Descriptor, b.next())
		case op == 3: // a descriptor from raw bytes
			c.Descriptor = []byte{b.next(), b.next()}[:b.next()%3]
		default:
			c.Nodes = mutate(&b, c.Nodes)
		}
	}
	if !c.Verify(root) {
		return false
	}
	got, err := proof.DescriptorIndices(c.Descriptor)
	if err != nil || len(got) != len(c.Nodes) {
		t.Fatalf("compact proof %08b with %d nodes verifies, but decodes to %v, %v", c.Descriptor, len(c.Nodes), got, err)
	}
	for i, g := range got {
		if n, ok := fuzzTree[g]; !ok || c.Nodes[i] != n {
			t.Fatalf("compact proof %08b verifies with node %d not the tree's node %d", c.Descriptor, i, g)
		}
	}
	return true
}

// TestProofFuzzBodiesRandom runs the proof fuzz targets' bodies on
// pseudo-random bytes in every plain go test, and checks that both
// outcomes occur often: a property checked only on proofs that never
// verify (or never fail) would prove nothing.
func TestProofFuzzBodiesRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 7))
	data := make([]byte, 40)
	var multi, compact int
	runs := 4000
	if testing.Short() { // race and qemu runs
		runs /= 4
	}
	for range runs {
		for i := range data {
			data[i] = byte(r.Uint32())
		}
		multi += checkMultiproof(t, data)
		if checkCompact(t, data) {
			compact++
		}
	}
	if multi < runs/10 || multi > 2*runs-runs/10 || compact < runs/10 || compact > runs-runs/10 {
		t.Fatalf("of %d runs, %d of twice as many proofs and %d compact proofs verified", runs, multi, compact)
	}
	t.Logf("of %d runs, %d of twice as many proofs and %d compact proofs verified", runs, multi, compact)
}
