package plan

import (
	"sync"
	"unsafe"

	"github.com/lanehash/lanehash/sched"
)

// rooter computes the roots of many values of one SSZ type: dst[i] is
// the root of the value whose Go memory starts at instance i of in.
type rooter interface {
	roots(x *run, dst [][32]byte, in sched.Input) error
}

// run is the context of one call: the tree (kernel, zero hashes,
// counters) and how many workers it may use.
type run struct {
	tree    *sched.Tree
	workers int
}

// scratch pools byte buffers for element roots and packed chunks.
var scratch sync.Pool

// getBuf returns a pooled buffer of at least n bytes.
func getBuf(n int) *[]byte {
	if v := scratch.Get(); v != nil {
		b := v.(*[]byte)
		if cap(*b) >= n {
			*b = (*b)[:n]
			return b
		}
		scratch.Put(v)
	}
	b := make([]byte, n, max(n, 4096))
	return &b
}

func putBuf(b *[]byte) { scratch.Put(b) }

// rootsView returns the first n chunks of buf as roots.
func rootsView(buf []byte, n int) [][32]byte {
	if n == 0 {
		return nil
	}
	return unsafe.Slice((*[32]byte)(unsafe.Pointer(&buf[0])), n)
}

// childInput locates, for every instance of in, the value reached from
// it through steps. Direct inputs stay direct; the others become a
// pointer list, where nil (behind a nil pointer) reads as zero.
func childInput(in sched.Input, steps []step, zero unsafe.Pointer) (sched.Input, *[]unsafe.Pointer, error) {
	if in.Ptrs == nil && !in.Indirect && len(steps) == 1 && !steps[0].deref {
		return sched.Input{Base: unsafe.Add(in.Base, steps[0].off), Stride: in.Stride, N: in.N}, nil, nil
	}
	ptrs := getPtrs(in.N)
	for i := 0; i < in.N; i++ {
		p, err := in.At(i)
		if err != nil {
			putPtrs(ptrs)
			return sched.Input{}, nil, fromSched(err)
		}
		(*ptrs)[i] = follow(p, steps)
	}
	return sched.Input{Ptrs: *ptrs, N: in.N, Zero: zero}, ptrs, nil
}

var ptrPool sync.Pool

func getPtrs(n int) *[]unsafe.Pointer {
	if v := ptrPool.Get(); v != nil {
		p := v.(*[]unsafe.Pointer)
		if cap(*p) >= n {
			*p = (*p)[:n]
			return p
		}
	}
	p := make([]unsafe.Pointer, n)
	return &p
}

// putPtrs clears the pointers (so the pool keeps no values alive) and
// returns the list to the pool.
func putPtrs(p *[]unsafe.Pointer) {
	if p == nil {
		return
	}
	clear(*p)
	ptrPool.Put(p)
}

// zeroValue returns the address of size zero bytes, aligned for any Go
// value (pointers and slice headers are read from it).
func zeroValue(size uintptr) unsafe.Pointer {
	return unsafe.Pointer(unsafe.SliceData(make([]uint64, size/8+1)))
}
