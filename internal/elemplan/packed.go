package elemplan

import (
	"unsafe"

	"github.com/lanehash/lanehash/ssz"
)

// CheckPacked returns the value check that plan compiles and sched runs
// for packed type t (a vector or list of basic values, a bitvector or a
// bitlist, plain or progressive; t.Go its Go type), so the cache checks
// the packed fields it keeps chunks of by the executor's one rule. For
// the Go value at v the check returns its bytes (a bitlist's delimiter
// included; nil for the zero vector an empty slice stands for) and its
// length (elements, or bits of a bitlist), or its first defect as a
// *plan.Error whose Path is relative to the value ("[3]" for a boolean
// above 1). Package plan sets it when it is initialized.
var CheckPacked func(t *ssz.Type) func(v unsafe.Pointer) ([]byte, uint64, error)
