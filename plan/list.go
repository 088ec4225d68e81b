package plan

import (
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
	root, err := p.run.ListRoot(sched.SliceOf(src), limit, progressive, p.workers)
	return root, wrap(err)
}
