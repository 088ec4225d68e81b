package plan

import (
	"fmt"
	"unsafe"

	"github.com/lanehash/lanehash/sched"
	"github.com/lanehash/lanehash/ssz"
)

// ListRoot returns hash_tree_root(List[T, limit]) of src: the element
// roots (or, for a basic T, the packed elements) merkleized to the depth
// of limit, with the length mixed in. A registry's root is
// ListRoot(validators, 1<<40).
func (p *Plan[T]) ListRoot(src []T, limit uint64) ([32]byte, error) {
	if uint64(len(src)) > limit {
		return [32]byte{}, valueError(-1, "", ssz.ErrListTooLong, "%d elements, limit %d", len(src), limit)
	}
	return p.listRoot(src, limit, false)
}

// ProgressiveListRoot returns hash_tree_root(ProgressiveList[T]) of src
// (EIP-7916): the elements merkleized progressively, with the length
// mixed in.
func (p *Plan[T]) ProgressiveListRoot(src []T) ([32]byte, error) {
	return p.listRoot(src, 0, true)
}

func (p *Plan[T]) listRoot(src []T, limit uint64, progressive bool) ([32]byte, error) {
	x := p.run()
	n := len(src)
	var chunks int
	var depth int
	if p.packed {
		size := int(p.typ.Size)
		chunks = (n*size + 31) / 32
		depth = sched.Depth(limitChunks(limit, uint64(size)))
	} else {
		chunks = n
		depth = sched.Depth(limit)
	}
	bufLen := sched.BufLen(chunks)
	if progressive {
		bufLen = sched.ProgressiveBufLen(chunks)
	}
	bp := getBuf(bufLen)
	defer putBuf(bp)
	buf := *bp
	if p.packed {
		if n > 0 {
			data := unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(src))), n*int(p.typ.Size))
			copy(buf, data)
			clear(buf[len(data) : 32*chunks])
		}
	} else if err := p.RootAll(rootsView(buf, n), src); err != nil {
		return [32]byte{}, err
	}
	if progressive {
		p.tree.MerkleizeProgressive(buf, chunks)
	} else if err := p.tree.MerkleizeParallel(buf, chunks, depth, x.workers); err != nil {
		return [32]byte{}, fmt.Errorf("plan: %w", err)
	}
	p.tree.MixInLength(buf, uint64(n))
	return [32]byte(buf[:32]), nil
}

// limitChunks returns ceil(limit·size/32) without overflowing.
func limitChunks(limit, size uint64) uint64 {
	return limit/32*size + (limit%32*size+31)/32
}
