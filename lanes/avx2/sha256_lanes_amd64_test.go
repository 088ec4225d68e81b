//go:build !purego

package avx2

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"math/rand/v2"
	"testing"

	"github.com/lanehash/lanehash/lanes/internal/kerneltest"
)

func TestSHA256PackMatchesLayout(t *testing.T) {
	sha256Kernel.Require(t)
	for _, m := range []int{0, 1, 2, 3, 17} {
		src, srcOK := sha256Guarded(256*m, 1)
		copy(src, kerneltest.Seeded(uint64(m)+50, 256*m))
		dst, dstOK := sha256Guarded(256*m, 7)
		SHA256Pack(dst, src)
		if want := kerneltest.SHA256PackRef(SHA256Width, src); !bytes.Equal(dst, want) {
			t.Fatalf("m=%d: packed layout differs at byte %d", m, kerneltest.FirstDiff(dst, want))
		}
		back, backOK := sha256Guarded(256*m, 2)
		SHA256Unpack(back, dst)
		if !bytes.Equal(back, src) {
			t.Fatalf("m=%d: Unpack(Pack(x)) differs from x at byte %d", m, kerneltest.FirstDiff(back, src))
		}
		srcOK(t)
		dstOK(t)
		backOK(t)
	}
}

func TestSHA256PackUnpackInPlace(t *testing.T) {
	sha256Kernel.Require(t)
	orig := kerneltest.Seeded(99, 256*5)
	buf := bytes.Clone(orig)
	SHA256Pack(buf, buf)
	if want := kerneltest.SHA256PackRef(SHA256Width, orig); !bytes.Equal(buf, want) {
		t.Fatal("in-place Pack differs from the lane layout")
	}
	SHA256Unpack(buf, buf)
	if !bytes.Equal(buf, orig) {
		t.Fatal("in-place Unpack did not restore the chunks")
	}
}

func TestSHA256PackMisuse(t *testing.T) {
	sha256Kernel.Require(t)
	kerneltest.MustPanic(t, "Pack len(src)=255", func() { SHA256Pack(make([]byte, 256), make([]byte, 255)) })
	kerneltest.MustPanic(t, "Pack short dst", func() { SHA256Pack(make([]byte, 255), make([]byte, 256)) })
	kerneltest.MustPanic(t, "Unpack len(src)=300", func() { SHA256Unpack(make([]byte, 512), make([]byte, 300)) })
	kerneltest.MustPanic(t, "Unpack short dst", func() { SHA256Unpack(make([]byte, 0), make([]byte, 256)) })
}

// sha256Tree is a random op list over an arena: leaves first, then ops
// whose inputs are random earlier nodes and whose outputs are new nodes
// or overwrite earlier ones, which the kernel must allow.
type sha256Tree struct {
	leaves, nodes int
	ops           []uint32
}

func sha256RandomTree(r *rand.Rand) sha256Tree {
	tr := sha256Tree{leaves: 2 + r.IntN(10)}
	tr.nodes = tr.leaves + 2 + r.IntN(12)
	written := tr.leaves // nodes below this hold a value
	for range 1 + r.IntN(40) {
		l, rt := uint32(r.IntN(written)), uint32(r.IntN(written))
		var out uint32
		if written < tr.nodes && r.IntN(2) == 0 {
			out = uint32(written)
			written++
		} else {
			out = uint32(r.IntN(written)) // may be l or rt themselves
		}
		tr.ops = append(tr.ops, l, rt, out)
	}
	return tr
}

// sha256LockstepRef runs the ops lane by lane on ordinary chunks with
// crypto/sha256: nodes[i][p] is node i of lane p.
func sha256LockstepRef(nodes [][8][32]byte, ops []uint32) {
	var msg [64]byte
	for i := 0; i < len(ops); i += 3 {
		for p := 0; p < 8; p++ {
			copy(msg[:32], nodes[ops[i]][p][:])
			copy(msg[32:], nodes[ops[i+1]][p][:])
			nodes[ops[i+2]][p] = sha256.Sum256(msg[:])
		}
	}
}

// sha256Flatten lays nodes out [node][lane][32 bytes], the input of Pack.
func sha256Flatten(nodes [][8][32]byte) []byte {
	var b []byte
	for _, n := range nodes {
		for _, c := range n {
			b = append(b, c[:]...)
		}
	}
	return b
}

func TestSHA256LockstepRandomTrees(t *testing.T) {
	sha256Kernel.Require(t)
	r := rand.New(rand.NewPCG(4, 4))
	for iter := 0; iter < 200; iter++ {
		tr := sha256RandomTree(r)
		nodes := make([][8][32]byte, tr.nodes)
		for i := 0; i < tr.leaves; i++ {
			for p := range nodes[i] {
				copy(nodes[i][p][:], kerneltest.Seeded(uint64(1000*iter+8*i+p), 32))
			}
		}
		arena, arenaOK := sha256Guarded(256*tr.nodes, iter%5)
		SHA256Pack(arena, sha256Flatten(nodes))
		SHA256Lockstep(arena, tr.ops)
		got := make([]byte, len(arena))
		SHA256Unpack(got, arena)

		sha256LockstepRef(nodes, tr.ops)
		if want := sha256Flatten(nodes); !bytes.Equal(got, want) {
			i := kerneltest.FirstDiff(got, want)
			t.Fatalf("iteration %d: node %d lane %d differs (ops %v)", iter, i/256, i%256/32, tr.ops)
		}
		arenaOK(t)
	}
}

// TestSHA256LockstepLevelsMatchPairs runs a Validator-shaped tree in lane
// layout and the same tree level by level with Pairs in ordinary layout.
func TestSHA256LockstepLevelsMatchPairs(t *testing.T) {
	sha256Kernel.Require(t)
	leaves := kerneltest.Seeded(11, 9*256) // [node][lane][32]
	arena := make([]byte, 17*256)
	SHA256Pack(arena[:9*256], leaves)
	SHA256Lockstep(arena, kerneltest.ValidatorOps())
	root := make([]byte, 256)
	SHA256Unpack(root, arena[16*256:])

	chunk := func(node, lane int) []byte { return leaves[256*node+32*lane:][:32] }
	var want []byte
	for lane := 0; lane < 8; lane++ {
		pubkey := make([]byte, 32)
		SHA256Pairs(pubkey, append(bytes.Clone(chunk(0, lane)), chunk(1, lane)...))
		level := pubkey
		for node := 2; node < 9; node++ {
			level = append(level, chunk(node, lane)...)
		}
		for len(level) > 32 {
			SHA256Pairs(level, level)
			level = level[:len(level)/2]
		}
		want = append(want, level...)
	}
	if !bytes.Equal(root, want) {
		t.Fatalf("lockstep roots differ from level-by-level Pairs at lane %d", kerneltest.FirstDiff(root, want)/32)
	}
}

func TestSHA256LockstepMisuse(t *testing.T) {
	sha256Kernel.Require(t)
	arena := make([]byte, 3*256)
	kerneltest.MustPanic(t, "len(ops)=4", func() { SHA256Lockstep(arena, []uint32{0, 1, 2, 0}) })
	kerneltest.MustPanic(t, "index 3 of 3 nodes", func() { SHA256Lockstep(arena, []uint32{0, 1, 3}) })
	kerneltest.MustPanic(t, "huge index", func() { SHA256Lockstep(arena, []uint32{0, 1 << 31, 2}) })
	kerneltest.MustPanic(t, "partial node", func() { SHA256Lockstep(arena[:3*256-1], []uint32{0, 1, 2}) })
	SHA256Lockstep(nil, nil) // an empty list touches nothing
}

func TestSHA256LockstepKnownVector(t *testing.T) {
	sha256Kernel.Require(t)
	// Two zero nodes hash to the first zero-subtree root in every lane.
	arena := make([]byte, 3*256)
	SHA256Lockstep(arena, []uint32{0, 1, 2})
	got := make([]byte, 256)
	SHA256Unpack(got, arena[512:])
	want := sha256.Sum256(make([]byte, 64))
	for p := 0; p < 8; p++ {
		if !bytes.Equal(got[32*p:32*p+32], want[:]) {
			t.Fatalf("lane %d: %x, want %x", p, got[32*p:32*p+32], want)
		}
	}
	if w := binary.BigEndian.Uint32(want[:]); binary.NativeEndian.Uint32(arena[512:]) != w {
		t.Fatal("lane layout does not hold the big-endian digest word as a host uint32")
	}
}
