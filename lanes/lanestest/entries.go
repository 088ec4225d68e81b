package lanestest

import (
	"unsafe"

	"github.com/lanehash/lanehash/lanes"
	"github.com/lanehash/lanehash/lanes/internal/kernelcheck"
)

// OpsKernel is a Kernel with a LockstepOps entry, as *lanes.Kernel has:
// the suite runs every Lockstep case through it too, over the same ops
// checked once by lanes.NewOps.
type OpsKernel interface {
	Kernel
	LockstepOps(arena []byte, ops lanes.Ops)
}

// lockstepEntry is one way of running an op list on a kernel.
type lockstepEntry struct {
	name string
	run  func(arena []byte, ops []lanes.Op)
}

// lockstepEntries returns the entry points every Lockstep case runs
// through: Lockstep and, when the kernel has one, LockstepOps. A kernel
// that interleaves ops in one entry and not in the other (or checks them
// differently) is then tested on both paths.
func lockstepEntries(k Kernel) []lockstepEntry {
	es := []lockstepEntry{{"Lockstep", k.Lockstep}}
	switch k := k.(type) {
	case OpsKernel:
		es = append(es, lockstepEntry{"LockstepOps", func(arena []byte, ops []lanes.Op) {
			k.LockstepOps(arena, lanes.NewOps(ops))
		}})
	case *Funcs:
		if k.LockstepOpsFunc != nil {
			es = append(es, lockstepEntry{"LockstepOps", func(arena []byte, ops []lanes.Op) {
				k.LockstepOpsFunc(arena, checkedOps(ops))
			}})
		}
	}
	return es
}

// checkedOps is lanes.NewOps for a raw LockstepOps function.
func checkedOps(ops []lanes.Op) *kernelcheck.Ops {
	return kernelcheck.NewOps("lanestest", opWords(ops))
}

func opWords(ops []lanes.Op) []uint32 {
	return unsafe.Slice((*uint32)(unsafe.Pointer(unsafe.SliceData(ops))), 3*len(ops))
}
