package kerneltest

import (
	"bytes"
	"encoding/hex"
	"strconv"
	"testing"

	"github.com/lanehash/lanehash/lanes/internal/kernelcheck"
)

func TestReferencesKnownVectors(t *testing.T) {
	zero := make([]byte, 64)
	if got := hex.EncodeToString(SHA256(zero)); got != "f5a5fd42d16a20302798ef6ed309979b43003d2320d9f0e8ea9831a92759fb4b" {
		t.Errorf("SHA256 of a zero pair = %s", got)
	}
	if got := hex.EncodeToString(Keccak256(zero)[:4]); got != "ad3228b6" {
		t.Errorf("Keccak256 of a zero pair starts %s, want ad3228b6", got)
	}
}

func TestPackRefPlacesWords(t *testing.T) {
	const w = 3
	chunks := make([]byte, 32*w)
	for i := range chunks {
		chunks[i] = byte(i)
	}
	// Word 1 of lane 2: SHA-256 reads chunk bytes 68..71 big-endian and
	// stores them as a host uint32 at 4·(1·3+2) = 20; Keccak moves bytes
	// 72..79 unchanged to 8·(1·3+2) = 40.
	sha := SHA256PackRef(w, chunks)
	if got := [4]byte(sha[20:24]); got != [4]byte{71, 70, 69, 68} && got != [4]byte{68, 69, 70, 71} {
		t.Errorf("SHA256PackRef word 1 of lane 2 = %v", got)
	}
	if got := Keccak256PackRef(w, chunks)[40:48]; !bytes.Equal(got, chunks[72:80]) {
		t.Errorf("Keccak256PackRef word 1 of lane 2 = %v, want %v", got, chunks[72:80])
	}
}

func TestFirstDiff(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want int
	}{{"abc", "abc", -1}, {"abc", "abd", 2}, {"ab", "abc", 2}, {"", "", -1}} {
		if got := FirstDiff([]byte(c.a), []byte(c.b)); got != c.want {
			t.Errorf("FirstDiff(%q, %q) = %d, want %d", c.a, c.b, got, c.want)
		}
	}
}

// plainKernel is a kernel whose lane layout is the ordinary layout, built
// from ref in plain Go with the wrappers' checks: the shared bodies must
// pass on it at every width, or they assert something the contract does
// not say.
func plainKernel(w int, ref func([]byte) []byte) *Kernel {
	k := &Kernel{Needs: "nothing", CPU: func() bool { return true }, Width: w, Ref: ref}
	k.PackRef = func(_ int, chunks []byte) []byte { return bytes.Clone(chunks) }
	k.Pairs = func(dst, src []byte) {
		n := kernelcheck.Pairs("plain.Pairs", dst, src)
		copy(dst[:32*n], k.RefPairs(src))
	}
	k.Lockstep = func(arena []byte, ops []uint32) {
		kernelcheck.Lockstep("plain.Lockstep", arena, ops, k.NodeBytes())
		for i := 0; i < len(ops); i += 3 {
			var pairs []byte
			for p := 0; p < w; p++ {
				pairs = append(pairs, arena[int(ops[i])*k.NodeBytes()+32*p:][:32]...)
				pairs = append(pairs, arena[int(ops[i+1])*k.NodeBytes()+32*p:][:32]...)
			}
			copy(arena[int(ops[i+2])*k.NodeBytes():], k.RefPairs(pairs))
		}
	}
	k.Pack = func(dst, src []byte) { copy(dst, src[:32*w*kernelcheck.Nodes("plain.Pack", dst, src, k.NodeBytes())]) }
	k.Unpack = func(dst, src []byte) {
		copy(dst, src[:32*w*kernelcheck.Nodes("plain.Unpack", dst, src, k.NodeBytes())])
	}
	return k
}

func TestBodiesPassOnPlainKernel(t *testing.T) {
	for _, w := range []int{3, 8} {
		for name, ref := range map[string]func([]byte) []byte{"sha256": SHA256, "keccak256": Keccak256} {
			k := plainKernel(w, ref)
			t.Run(name+"x"+strconv.Itoa(w), func(t *testing.T) {
				t.Run("PairsCounts", func(t *testing.T) { PairsCounts(t, k) })
				t.Run("PairsInPlace", func(t *testing.T) { PairsInPlace(t, k) })
				t.Run("PackUnpack", func(t *testing.T) { PackUnpack(t, k) })
				t.Run("LockstepRandomOps", func(t *testing.T) { LockstepRandomOps(t, k) })
				t.Run("LockstepLevels", func(t *testing.T) { LockstepLevels(t, k) })
				t.Run("Misuse", func(t *testing.T) { Misuse(t, k) })
			})
		}
	}
}
