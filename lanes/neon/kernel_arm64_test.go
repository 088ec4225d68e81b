//go:build !purego

package neon

import (
	"bytes"
	"crypto/sha256"
	"math/rand/v2"
	"testing"

	"github.com/lanehash/lanehash/lanes/internal/sha256const"
)

// kernelFuncs is one kernel's Lockstep with its node layout.
type kernelFuncs struct {
	name     string
	width    int
	cpu      func() bool
	lockstep func(arena []byte, ops []uint32)
	pack     func(dst, src []byte)
	unpack   func(dst, src []byte)
}

// Pair counts, layouts, aliasing, guard pages and random trees are the
// conformance suite's (conformance_arm64_test.go); these tests cover
// what it does not: promises beyond the lanes contract, the argument
// checks of the exported functions, and the padding table.
func kernelList() []kernelFuncs {
	return []kernelFuncs{
		{"sha2", SHA2Width, SHA2Supported, SHA2Lockstep, Pack4, Unpack4},
		{"sha2x2", SHA2x2Width, SHA2Supported, SHA2x2Lockstep, Pack2, Unpack2},
		{"asimd", ASIMDWidth, ASIMDSupported, ASIMDLockstep, Pack4, Unpack4},
	}
}

// TestLockstepOutIsInput checks the promise of the doc comments that an
// op may write one of its own inputs (the lanes contract forbids it, so
// the conformance suite does not try): every input is read before the
// digest is stored.
func TestLockstepOutIsInput(t *testing.T) {
	for _, k := range kernelList() {
		t.Run(k.name, func(t *testing.T) {
			if !k.cpu() {
				t.Skip("CPU lacks the kernel's features")
			}
			size := 32 * k.width
			leaves := make([]byte, 2*size) // [node][lane][32]
			r := rand.New(rand.NewPCG(21, 22))
			for i := range leaves {
				leaves[i] = byte(r.Uint32())
			}
			var want []byte
			for p := 0; p < k.width; p++ {
				pair := append(bytes.Clone(leaves[32*p:32*p+32]), leaves[size+32*p:size+32*p+32]...)
				d := sha256.Sum256(pair)
				want = append(want, d[:]...)
			}
			arena := make([]byte, 2*size)
			k.pack(arena, leaves)
			k.lockstep(arena, []uint32{0, 1, 0}) // node 0 = H(node 0 || node 1)
			got := make([]byte, size)
			k.unpack(got, arena[:size])
			if !bytes.Equal(got, want) {
				t.Errorf("got %x, want %x", got, want)
			}
		})
	}
}

// TestMisusePanics checks that the exported functions panic on buffers
// and op lists that break their contract instead of letting the
// assembly run past them, and hash nothing before they do.
func TestMisusePanics(t *testing.T) {
	for _, k := range kernelList() {
		t.Run(k.name, func(t *testing.T) {
			if !k.cpu() {
				t.Skip("CPU lacks the kernel's features")
			}
			size := 32 * k.width
			arena := make([]byte, 2*size)
			cases := map[string]func(){
				"ops not triples": func() { k.lockstep(arena, []uint32{0, 1}) },
				"index outside":   func() { k.lockstep(arena, []uint32{0, 1, 0, 0, 2, 1}) },
				"pack partial":    func() { k.pack(make([]byte, 4*size), make([]byte, size+size/2)) },
				"pack short dst":  func() { k.pack(make([]byte, size-1), make([]byte, size)) },
				"unpack dst":      func() { k.unpack(make([]byte, 10), make([]byte, size)) },
			}
			for name, f := range cases {
				mustPanic(t, name, f)
			}
			if !bytes.Equal(arena, make([]byte, 2*size)) {
				t.Error("a rejected op list changed the arena")
			}
		})
	}
	pairs := map[string]func(dst, src []byte){"SHA2Pairs": SHA2Pairs, "ASIMDPairs": ASIMDPairs}
	for name, f := range pairs {
		if name == "SHA2Pairs" && !SHA2Supported() {
			continue
		}
		mustPanic(t, name+" src not pairs", func() { f(make([]byte, 32), make([]byte, 63)) })
		mustPanic(t, name+" dst short", func() { f(make([]byte, 31), make([]byte, 64)) })
	}
}

func mustPanic(t *testing.T, name string, f func()) {
	t.Helper()
	defer func() {
		t.Helper()
		if recover() == nil {
			t.Errorf("%s: no panic", name)
		}
	}()
	f()
}

// TestPaddingSchedule checks the kernels' padWK tables against the schedule of the
// padding block computed the long way: FIPS 180-4 padding of a 64-byte
// message, expanded word by word.
func TestPaddingSchedule(t *testing.T) {
	var block [64]byte
	block[0] = 0x80
	block[62] = 0x02 // 512 bits, big-endian in the last eight bytes
	var w [64]uint32
	for i := 0; i < 16; i++ {
		w[i] = uint32(block[4*i])<<24 | uint32(block[4*i+1])<<16 | uint32(block[4*i+2])<<8 | uint32(block[4*i+3])
	}
	rotr := func(x uint32, n uint) uint32 { return x>>n | x<<(32-n) }
	for i := 16; i < 64; i++ {
		s0 := rotr(w[i-15], 7) ^ rotr(w[i-15], 18) ^ w[i-15]>>3
		s1 := rotr(w[i-2], 17) ^ rotr(w[i-2], 19) ^ w[i-2]>>10
		w[i] = w[i-16] + s0 + w[i-7] + s1
	}
	for i := range w {
		wk := w[i] + sha256const.K[i]
		if got := sha2Table[64+i]; got != wk {
			t.Fatalf("padWK[%d] = %#x, want %#x", i, got, wk)
		}
		if asimdTable[64+i] != [4]uint32{wk, wk, wk, wk} {
			t.Fatalf("asimdTable padWK[%d] is not the word in all four lanes", i)
		}
	}
}
