package kerneltest

import "testing"

// Misuse checks that every function of k panics on buffers or op lists
// that break the contract, instead of letting the assembly run past them.
func Misuse(t *testing.T, k *Kernel) {
	k.Require(t)
	size := k.NodeBytes()
	cases := map[string]func(){
		"src not pairs":   func() { k.Pairs(make([]byte, 32), make([]byte, 63)) },
		"dst short":       func() { k.Pairs(make([]byte, 31), make([]byte, 64)) },
		"ops not triples": func() { k.Lockstep(make([]byte, size), []uint32{0, 0}) },
		"index outside":   func() { k.Lockstep(make([]byte, size), []uint32{0, 1, 0}) },
		"pack partial":    func() { k.Pack(make([]byte, 4*size), make([]byte, size+size/2)) },
		"unpack dst":      func() { k.Unpack(make([]byte, 10), make([]byte, size)) },
	}
	for name, f := range cases {
		t.Run(name, func(t *testing.T) { MustPanic(t, name, f) })
	}
}

// MustPanic fails t, naming the case, unless f panics.
func MustPanic(t *testing.T, name string, f func()) {
	t.Helper()
	defer func() {
		t.Helper()
		if recover() == nil {
			t.Errorf("%s: no panic", name)
		}
	}()
	f()
}
