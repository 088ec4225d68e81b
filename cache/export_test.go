package cache

import (
	"fmt"
	"reflect"

	"github.com/lanehash/lanehash/proof"
	"github.com/lanehash/lanehash/ssz"
)

// SparseOfGIndices is SparseOf given generalized indices instead of
// paths, so tests can ask for any node, valid or not, of any type.
func SparseOfGIndices[T any](v *T, gs []proof.GIndex, opts ...Option) (*Sparse, [32]byte, error) {
	return sparseOf(v, opts, func(*tree) ([]proof.GIndex, error) { return gs, nil })
}

// SparseOfBytesGIndices is SparseOfBytes given generalized indices
// instead of paths.
func SparseOfBytesGIndices[T any](b []byte, gs []proof.GIndex, opts ...Option) (*Sparse, [32]byte, error) {
	return sparseOfBytes[T](b, opts, func(*tree) ([]proof.GIndex, error) { return gs, nil })
}

// VectorElemCost is what the MaxVectorBytes check counts for one element
// of the first field of container T, a vector of variable-size elements:
// the element's slot and nodes with its lists empty (elemCost).
func VectorElemCost[T any]() (uint64, error) {
	t, err := ssz.TypeOf(reflect.TypeFor[T]())
	if err != nil {
		return 0, err
	}
	c, ok := elemCost(t.Fields[0].Type.Elem)
	if !ok {
		return 0, fmt.Errorf("no cost for %s", t.Fields[0].Type.Go)
	}
	return c, nil
}

// SetBatchShortKids turns the batched update of short elements on or
// off (the element-by-element path is the one it is compared with) and
// returns the previous setting.
func SetBatchShortKids(on bool) bool {
	was := batchShortKids
	batchShortKids = on
	return was
}
