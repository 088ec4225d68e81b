//go:build !purego

package avx2

import "testing"

func TestKeccak256Misuse(t *testing.T) {
	requireKeccakCPU(t)
	cases := map[string]func(){
		"src not pairs":   func() { Keccak256Pairs(make([]byte, 32), make([]byte, 63)) },
		"dst short":       func() { Keccak256Pairs(make([]byte, 31), make([]byte, 64)) },
		"ops not triples": func() { Keccak256Lockstep(make([]byte, keccak256NodeBytes), []uint32{0, 0}) },
		"index outside":   func() { Keccak256Lockstep(make([]byte, keccak256NodeBytes), []uint32{0, 1, 0}) },
		"pack partial":    func() { Keccak256Pack(make([]byte, 512), make([]byte, 100)) },
		"unpack dst":      func() { Keccak256Unpack(make([]byte, 10), make([]byte, keccak256NodeBytes)) },
	}
	for name, f := range cases {
		t.Run(name, func(t *testing.T) {
			defer func() {
				if recover() == nil {
					t.Fatal("no panic")
				}
			}()
			f()
		})
	}
}
