package plan

import (
	"unsafe"

	"github.com/lanehash/lanehash/internal/elemplan"
	"github.com/lanehash/lanehash/sched"
	"github.com/lanehash/lanehash/ssz"
)

func init() {
	elemplan.CheckPacked = checkPacked
}

// checkPacked is elemplan.CheckPacked: the packed node of t, compiled with
// paths relative to the value, checked as a run checks it.
func checkPacked(t *ssz.Type) func(v unsafe.Pointer) ([]byte, uint64, error) {
	check := sched.PackedCheck(packedNode(t, ""))
	return func(v unsafe.Pointer) ([]byte, uint64, error) {
		data, n, err := check(v)
		return data, n, wrap(err)
	}
}
