// Package memo is the one bounded memo lanehash keeps per descriptor
// (*ssz.Type): ssz's compiled forms and minimum sizes, sszjson's keys and
// minimum JSON lengths, sszlayout's field names, sszvalidate's fixed-size
// checks. Each is only a memo of something computed from an immutable
// descriptor, keyed by its pointer. Descriptors keep being made: by hand,
// and by ssz.TypeOf, whose own cache is bounded and builds a type again
// as a new *ssz.Type once it has been dropped (ever new types, ever new
// spec values). A memo that kept every pointer it was given would keep
// every descriptor alive and grow without bound; this one is emptied
// whole when it passes its bound, and refills with what is still in use.
package memo

import (
	"sync"
	"sync/atomic"
)

// Bounded is a concurrent memo holding at most about its bound
// entries: a look-up is sync.Map's Load (no lock, no allocation), and a
// store past the bound empties it. Keys and values are of the caller's
// types, asserted by the caller. The sync.Map is embedded so that its
// Load, the hot path (a look-up per container written), is inlined
// where it is called: a Load of this type's own was not (over the
// inlining budget), and its extra call cost a look-up of every field
// name of a state a sixth of its time. Entries are added only through
// Store, which counts them; sync.Map's other writers are not for use.
// The zero value is not usable: make one with New.
type Bounded struct {
	sync.Map
	count atomic.Int64
	bound atomic.Int64
}

// New returns an empty memo emptied whenever it holds more than bound
// entries.
func New(bound int64) *Bounded {
	b := &Bounded{}
	b.bound.Store(bound)
	return b
}

// Store memoizes v for k unless another call stored a value for k first,
// and returns the value kept: callers that computed the same value
// concurrently agree on one. When the memo passes its bound it is
// emptied, k's entry with the rest: it is only a memo, and a value
// dropped is computed again when asked for.
func (b *Bounded) Store(k, v any) any {
	got, loaded := b.LoadOrStore(k, v)
	if loaded {
		return got
	}
	if b.count.Add(1) > b.bound.Load() {
		b.Range(func(k, _ any) bool {
			b.Delete(k)
			return true
		})
		b.count.Store(0)
	}
	return v
}

// Len returns the number of entries held, counting them.
func (b *Bounded) Len() int {
	n := 0
	b.Range(func(any, any) bool {
		n++
		return true
	})
	return n
}

// SetBound changes the bound (tests lower it to reach it quickly) and
// returns the previous one.
func (b *Bounded) SetBound(bound int64) int64 { return b.bound.Swap(bound) }
