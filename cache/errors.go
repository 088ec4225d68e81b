package cache

import (
	"errors"
	"fmt"
	"strings"

	"github.com/lanehash/lanehash/plan"
	"github.com/lanehash/lanehash/ssz"
)

// elemError carries the index of the element of a list or vector whose
// root failed, as a value, up to the API boundary (valueError), where it
// becomes part of the path. The nodes build it (errIndex); nothing reads
// the index from the message.
type elemError struct {
	index int
	err   error
	// named: the path has the index already, not "[]" (a variable-size
	// element is a node of its own, built with its indexed path).
	named bool
}

func (e *elemError) Error() string { return fmt.Sprintf("element %d: %v", e.index, e.err) }
func (e *elemError) Unwrap() error { return e.err }

// valueError turns the error of an update into the one value error of
// plan and cache, a *plan.Error (Op "cache"): the *ssz.Error a node
// returned, whose path has "[]" where a list's element is meant, gets the
// element indices the nodes recorded on the way out, outermost first, so
// "BeaconState.Validators[].WithdrawalCredentials" under element 2
// becomes "BeaconState.Validators[2].WithdrawalCredentials", as plan's
// Root says it. For a list tree the first index is the Error's Index and
// the path starts at the element's type ("Validator.Pubkey"), as plan's
// ListRoot says it. Anything else (an option, a mark) passes unchanged.
func (tr *tree) valueError(err error) error {
	var se *ssz.Error
	if err == nil || !errors.As(err, &se) {
		return err
	}
	var idx []int // the indices that fill "[]", outermost first
	first := (*elemError)(nil)
	for e := err; e != nil && e != error(se); e = errors.Unwrap(e) {
		if ee, ok := e.(*elemError); ok {
			if first == nil {
				first = ee
			}
			if !ee.named {
				idx = append(idx, ee.index)
			}
		}
	}
	out := &plan.Error{Index: -1, Path: se.Path, Err: se.Err, Op: "cache"}
	// The indices go into the "[]" after the type's name, which may hold
	// "[]" itself (an anonymous struct's, a generic type's).
	top := typeName(tr.t)
	from := 0
	if strings.HasPrefix(se.Path, top) {
		from = len(top)
	}
	if tr.list {
		// A list tree: the path is "[]E…" (or "[i]E…" for a named
		// element), its first index being the element the Index names.
		elem := "[]"
		if first != nil && first.named {
			elem = fmt.Sprintf("[%d]", first.index)
		}
		if rest, ok := strings.CutPrefix(se.Path, top+elem); ok && first != nil {
			out.Index, out.Path = first.index, typeName(tr.t.Elem)+rest
			from = len(typeName(tr.t.Elem))
			if !first.named {
				idx = idx[1:]
			}
		} else if se.Path == top {
			// The list itself (past its limit): named by its SSZ type, as
			// plan's ListRoot names it.
			out.Path = listName(tr.t)
		}
	}
	for _, i := range idx {
		at := strings.Index(out.Path[from:], "[]")
		if at < 0 {
			break
		}
		at += from
		ix := fmt.Sprintf("[%d]", i)
		out.Path = out.Path[:at] + ix + out.Path[at+2:]
		from = at + len(ix)
	}
	return out
}

// listName is a list tree's type as errors name it: List[Validator,
// 1099511627776], ProgressiveList[Validator].
func listName(t *ssz.Type) string {
	if t.Kind == ssz.KindProgressiveList {
		return fmt.Sprintf("ProgressiveList[%s]", typeName(t.Elem))
	}
	return fmt.Sprintf("List[%s, %d]", typeName(t.Elem), t.Limit)
}
