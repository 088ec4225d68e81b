package plan

import (
	"unsafe"

	"github.com/lanehash/lanehash/sched"
)

// chunkRooter hashes types whose root is their own bytes, zero-padded
// to one chunk (Bytes32, a Root, a uint64): no hashing, no lanes.
type chunkRooter struct {
	off uintptr
	n   int
}

// chunkRooterOf returns a chunkRooter for a program that is one leaf
// gathered straight from the instance, or nil.
func chunkRooterOf(p *sched.Program) *chunkRooter {
	if len(p.Ops) != 0 || len(p.Gathers) != 1 || len(p.Sources) != 1 || p.Root != p.Gathers[0].Node {
		return nil
	}
	g := p.Gathers[0]
	return &chunkRooter{off: g.Off, n: int(g.Len)}
}

func (r *chunkRooter) roots(_ *run, dst [][32]byte, in sched.Input) error {
	for i := 0; i < in.N; i++ {
		p, err := in.At(i)
		if err != nil {
			return fromSched(err)
		}
		dst[i] = [32]byte{}
		copy(dst[i][:], unsafe.Slice((*byte)(unsafe.Add(p, r.off)), r.n))
	}
	return nil
}
