package lanes_test

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/lanehash/lanehash/lanes"
	"github.com/lanehash/lanehash/lanes/internal/kernelcheck"
)

// TestLockstepOps runs random op lists through LockstepOps (a list
// checked once by NewOps) and through Lockstep on a copy of the same
// arena, for every available kernel and the automatic ones: the bytes
// must agree. An arena one node too small panics before anything is
// written.
func TestLockstepOps(t *testing.T) {
	t.Setenv(lanes.EnvKernel, "")
	var ks []*lanes.Kernel
	for _, info := range lanes.Kernels() {
		if k, err := lanes.Select(info.Hash, info.Name); err == nil {
			ks = append(ks, k)
		}
	}
	for _, h := range []lanes.Hash{lanes.SHA256, lanes.Keccak256} {
		k, err := lanes.Select(h, "")
		if err != nil {
			t.Fatal(err)
		}
		ks = append(ks, k)
	}
	for _, k := range ks {
		rng := rand.New(rand.NewPCG(uint64(k.Width()), 9))
		for trial := range 10 {
			nodes := 2 + rng.IntN(20)
			ops := make([]lanes.Op, rng.IntN(30))
			for i := range ops {
				ops[i] = lanes.Op{Left: uint32(rng.IntN(nodes)), Right: uint32(rng.IntN(nodes)), Out: uint32(rng.IntN(nodes))}
			}
			arena := make([]byte, nodes*k.NodeSize())
			for i := range arena {
				arena[i] = byte(rng.Uint32())
			}
			want := bytes.Clone(arena)
			k.Lockstep(want, ops)
			checked := lanes.NewOps(ops)
			k.LockstepOps(arena, checked)
			if !bytes.Equal(arena, want) {
				t.Fatalf("%s trial %d: LockstepOps and Lockstep disagree on ops %v", k.Name(), trial, ops)
			}
			if checked.Nodes() == 0 {
				continue
			}
			short := bytes.Clone(arena[:(checked.Nodes()-1)*k.NodeSize()])
			before := bytes.Clone(short)
			var oe *kernelcheck.OpsError
			if err := panicError(func() { k.LockstepOps(short, checked) }); !errors.As(err, &oe) {
				t.Fatalf("%s trial %d: LockstepOps on %d of %d nodes: panic %v, want an *OpsError", k.Name(), trial, checked.Nodes()-1, checked.Nodes(), err)
			}
			if !bytes.Equal(short, before) {
				t.Fatalf("%s trial %d: LockstepOps wrote to an arena it refused", k.Name(), trial)
			}
		}
		// The zero Ops is the empty list.
		k.LockstepOps(nil, lanes.Ops{})
	}
}

// panicError runs f and returns the error it panicked with (nil if none).
func panicError(f func()) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err, _ = r.(error)
			if err == nil {
				err = errors.New("panic with a non-error value")
			}
		}
	}()
	f()
	return nil
}
