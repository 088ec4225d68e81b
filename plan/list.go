package plan

import (
	"fmt"
	"reflect"

	"github.com/lanehash/lanehash/sched"
	"github.com/lanehash/lanehash/ssz"
)

// ListRoot returns hash_tree_root(List[T, limit]) of src: the element
// roots (or, for a basic T, the packed elements) merkleized to the depth
// of limit, with the length mixed in. A registry's root is
// ListRoot(validators, 1<<40).
func (p *Plan[T]) ListRoot(src []T, limit uint64) ([32]byte, error) {
	return p.boundedListRoot(sched.SliceOf(src), limit, elemOf(src))
}

// ListRootPtr is ListRoot for a slice of pointers, the way the
// ecosystem's beacon client types hold registries (go-eth2-client's
// []*phase0.Validator): hash_tree_root(List[T, limit]) of the values src
// points to, with no copy of them. A nil element is the zero value of
// T, as a nil pointer is everywhere (see the package documentation).
func (p *Plan[T]) ListRootPtr(src []*T, limit uint64) ([32]byte, error) {
	return p.boundedListRoot(sched.PtrsOf(src), limit, ptrElemOf(src))
}

// ProgressiveListRoot returns hash_tree_root(ProgressiveList[T]) of src
// (EIP-7916): the elements merkleized progressively, with the length
// mixed in.
func (p *Plan[T]) ProgressiveListRoot(src []T) ([32]byte, error) {
	return p.listRoot(sched.SliceOf(src), 0, true, elemOf(src))
}

// ProgressiveListRootPtr is ProgressiveListRoot for a slice of pointers
// (a Gloas registry as clients hold it); a nil element is the zero value
// of T.
func (p *Plan[T]) ProgressiveListRootPtr(src []*T) ([32]byte, error) {
	return p.listRoot(sched.PtrsOf(src), 0, true, ptrElemOf(src))
}

// boundedListRoot is the root of a List[T, limit], whose length the
// type bounds: one check for both slice kinds.
func (p *Plan[T]) boundedListRoot(in sched.Input, limit uint64, at func(int) reflect.Value) ([32]byte, error) {
	if uint64(in.Len()) > limit {
		// The list has no field name: its path is its SSZ type, as a
		// cached List's errors name it.
		path := fmt.Sprintf("List[%s, %d]", typeName(p.typ.Go), limit)
		return [32]byte{}, valueError(-1, path, ssz.ErrListTooLong, "%d elements, limit %d", in.Len(), limit)
	}
	return p.listRoot(in, limit, false, at)
}

// listRoot runs the list through the executor; a rejected element is
// reported by its first defect in field order (firstDefect), as RootAll
// reports it, whichever part the executor met first.
func (p *Plan[T]) listRoot(in sched.Input, limit uint64, progressive bool, at func(int) reflect.Value) ([32]byte, error) {
	root, err := p.run.ListRoot(in, limit, progressive, p.workers)
	if err != nil {
		return [32]byte{}, p.firstDefect(err, at)
	}
	return root, nil
}
