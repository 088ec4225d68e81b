package lanes_test

import (
	"strings"
	"testing"

	"github.com/lanehash/lanehash/lanes"
)

// mustPanic fails unless f panics with a message containing want.
func mustPanic(t *testing.T, what, want string, f func()) {
	t.Helper()
	defer func() {
		t.Helper()
		r := recover()
		if r == nil {
			t.Errorf("%s did not panic", what)
			return
		}
		if msg, _ := r.(string); !strings.Contains(msg, want) {
			t.Errorf("%s panicked with %v, want a message containing %q", what, r, want)
		}
	}()
	f()
}

func TestContractMisusePanics(t *testing.T) {
	for _, info := range lanes.Kernels() {
		if !info.Available {
			continue
		}
		k, err := lanes.Select(info.Hash, info.Name)
		if err != nil {
			t.Fatal(err)
		}
		size := k.NodeSize()
		buf := make([]byte, 4*size+256)
		mustPanic(t, k.Name()+" Pairs(len 65)", "multiple of 64", func() { k.Pairs(buf, buf[:65]) })
		mustPanic(t, k.Name()+" Pairs(short dst)", "need 64", func() { k.Pairs(buf[:63], buf[:128]) })
		mustPanic(t, k.Name()+" Pairs(shifted overlap)", "overlaps", func() { k.Pairs(buf[32:], buf[:128]) })
		mustPanic(t, k.Name()+" Lockstep(ragged arena)", "node size", func() { k.Lockstep(buf[:size+1], nil) })
		mustPanic(t, k.Name()+" Lockstep(index past end)", "past the arena", func() {
			k.Lockstep(buf[:2*size], []lanes.Op{{Left: 0, Right: 1, Out: 2}})
		})
		mustPanic(t, k.Name()+" Lockstep(out is input)", "its own inputs", func() {
			k.Lockstep(buf[:2*size], []lanes.Op{{Left: 0, Right: 1, Out: 1}})
		})
		mustPanic(t, k.Name()+" Pack(ragged src)", "node size", func() { k.Pack(buf[3*size:], buf[:size+16]) })
		mustPanic(t, k.Name()+" Pack(short dst)", "shorter", func() { k.Pack(buf[:size], buf[size:3*size]) })
		mustPanic(t, k.Name()+" Unpack(shifted overlap)", "overlaps", func() { k.Unpack(buf[1:], buf[:size]) })
	}
}
