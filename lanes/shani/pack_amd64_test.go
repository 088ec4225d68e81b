//go:build !purego

package shani

import (
	"bytes"
	"encoding/binary"
	"testing"

	"github.com/lanehash/lanehash/lanes/internal/kerneltest"
)

// TestSHA256PackLayout checks Pack against the layout definition: word
// j of lane p is the host uint32 at 4·(j·Width+p), holding the
// big-endian word j of lane p's chunk.
func TestSHA256PackLayout(t *testing.T) {
	requireSHANI(t)
	for _, m := range []int{0, 1, 2, 3, 7, 64} {
		src := kerneltest.Seeded(uint64(m)+300, nodeSize*m+3)[3:]
		dst := make([]byte, len(src))
		SHA256Pack(dst, src)
		for k := 0; k < m; k++ {
			for p := 0; p < Width; p++ {
				for j := 0; j < 8; j++ {
					got := binary.NativeEndian.Uint32(dst[nodeSize*k+4*(j*Width+p):])
					want := binary.BigEndian.Uint32(src[nodeSize*k+32*p+4*j:])
					if got != want {
						t.Fatalf("m=%d node %d lane %d word %d: %#x, want %#x", m, k, p, j, got, want)
					}
				}
			}
		}
		back := make([]byte, len(dst))
		SHA256Unpack(back, dst)
		if !bytes.Equal(back, src) {
			t.Errorf("m=%d: Unpack(Pack(x)) != x", m)
		}
	}
}

// TestSHA256PackInPlace converts both ways with dst = src and checks
// bytes after the nodes are left alone.
func TestSHA256PackInPlace(t *testing.T) {
	requireSHANI(t)
	const m = 5
	orig := kerneltest.Seeded(42, nodeSize*m+16)
	buf := bytes.Clone(orig)
	packed := make([]byte, nodeSize*m)
	SHA256Pack(packed, orig[:nodeSize*m])

	SHA256Pack(buf[:nodeSize*m], buf[:nodeSize*m])
	if !bytes.Equal(buf[:nodeSize*m], packed) {
		t.Error("Pack in place differs from Pack into a separate buffer")
	}
	SHA256Unpack(buf[:nodeSize*m], buf[:nodeSize*m])
	if !bytes.Equal(buf, orig) {
		t.Error("Unpack in place did not restore the input, or touched bytes after it")
	}
}

func TestSHA256PackMisusePanics(t *testing.T) {
	requireSHANI(t)
	kerneltest.MustPanic(t, "Pack len(src)=63", func() { SHA256Pack(make([]byte, 64), make([]byte, 63)) })
	kerneltest.MustPanic(t, "Pack short dst", func() { SHA256Pack(make([]byte, 63), make([]byte, 64)) })
	kerneltest.MustPanic(t, "Unpack len(src)=65", func() { SHA256Unpack(make([]byte, 128), make([]byte, 65)) })
	kerneltest.MustPanic(t, "Unpack short dst", func() { SHA256Unpack(make([]byte, 64), make([]byte, 128)) })
	SHA256Pack(nil, nil)
	SHA256Unpack(nil, nil)
}
