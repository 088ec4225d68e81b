//go:build !purego

package avx512

import (
	"bytes"
	"math/rand/v2"
	"testing"

	"github.com/lanehash/lanehash/lanes/internal/kerneltest"
)

func TestSHA256PackMatchesLayout(t *testing.T) {
	requireAVX512(t)
	r := rand.New(rand.NewPCG(9, 10))
	for _, m := range []int{0, 1, 2, 3, 17} {
		src := kerneltest.Random(r, m*sha256NodeBytes+1)[1:]
		dst := make([]byte, len(src)+1)[1:]
		SHA256Pack(dst, src)
		if want := kerneltest.SHA256PackRef(SHA256Lanes, src); !bytes.Equal(dst, want) {
			b := kerneltest.FirstDiff(dst, want)
			t.Fatalf("m=%d: byte %d (node %d, word %d, lane %d) differs", m, b, b/sha256NodeBytes, b%sha256NodeBytes/64, b%64/4)
		}
		back := make([]byte, len(dst))
		SHA256Unpack(back, dst)
		if !bytes.Equal(back, src) {
			t.Fatalf("m=%d: Unpack(Pack(x)) != x at byte %d", m, kerneltest.FirstDiff(back, src))
		}
		// In place, dst == src.
		SHA256Pack(src, src)
		if !bytes.Equal(src, dst) {
			t.Fatalf("m=%d: in-place Pack differs", m)
		}
	}
}

func TestSHA256PackPanicsOnMisuse(t *testing.T) {
	requireAVX512(t)
	for name, f := range map[string]func(){
		"pack src not nodes":   func() { SHA256Pack(make([]byte, 1024), make([]byte, 100)) },
		"pack dst too short":   func() { SHA256Pack(make([]byte, 511), make([]byte, 512)) },
		"unpack src not nodes": func() { SHA256Unpack(make([]byte, 1024), make([]byte, 513)) },
		"unpack dst too short": func() { SHA256Unpack(make([]byte, 0), make([]byte, 512)) },
	} {
		t.Run(name, func(t *testing.T) { kerneltest.MustPanic(t, name, f) })
	}
}
