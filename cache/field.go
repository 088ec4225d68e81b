package cache

import (
	"errors"
	"fmt"

	"github.com/lanehash/lanehash/internal/sszpath"
	"github.com/lanehash/lanehash/proof"
	"github.com/lanehash/lanehash/ssz"
)

// MarkError is the error of a mark that cannot be honoured: a negative
// element index, element indices for a field that has none, a name no
// field of the type answers to. Tree.Mark and List.Mark return it at the
// call; Field.Mark and Field.MarkAll, which return nothing, keep the first
// one and the next Root returns it. Either way no mark is dropped
// unseen. It wraps ErrMark, and a *proof.PathError where the name is at
// fault.
type MarkError struct {
	// Field is the field as it was named ("" for a List's elements).
	Field string
	// Index is the element index at fault, when HasIndex (else the name
	// is at fault).
	Index    int
	HasIndex bool
	// Reason says what is wrong.
	Reason string
	// Err is the cause from the path parser (a *proof.PathError), or nil.
	Err error
}

// Error names the field, the index and the reason.
func (e *MarkError) Error() string {
	s := "cache: bad mark"
	if e.Field != "" {
		s += " of " + sszpath.Quote(e.Field)
	}
	if e.HasIndex {
		s += fmt.Sprintf(" at index %d", e.Index)
	}
	if e.Reason != "" {
		s += ": " + e.Reason
	}
	if e.Err != nil {
		s += ": " + e.Err.Error()
	}
	return s
}

// Unwrap returns ErrMark and the cause, for errors.Is and errors.As.
func (e *MarkError) Unwrap() []error {
	if e.Err != nil {
		return []error{ErrMark, e.Err}
	}
	return []error{ErrMark}
}

// Field is a handle on one field of a Tree's type, resolved and checked
// once by Tree.Field (or on a List's elements, List.Elements), so that marking a change costs no name lookup and
// no error to check: Mark and MarkAll record, and a mark that cannot be
// honoured (a negative index) is returned by the next Root as a
// *MarkError. A Field belongs to the tree that made it and is safe for
// concurrent use, as the tree is. The zero Field marks nothing.
type Field struct {
	tr  *tree
	ref fieldRef
}

// fieldRef is a resolved field: what a mark of it records.
type fieldRef struct {
	name string // as given, for errors
	fi   int    // the top-level field (-1: the elements of a list tree)
	// elems: the named value takes element marks (a list, vector or
	// bitfield). nested: it lies below the top-level field fi, whose marks
	// then stand for the whole of fi (the cache marks top-level fields).
	elems, nested bool
}

// Field returns the handle of the field path names: a top-level field by
// its Go name or spec name, as proof paths name it ("Balances",
// "balances", "current_epoch_participation"), or a field nested in
// containers ("LatestBlockHeader.StateRoot"). The marks of a nested
// field stand for its top-level field as a whole, which is then compared
// with what the tree stores (as Detect does): cheap for a small
// container, and never a missed change. A path that names no field (an
// index, a length, an unknown name) is a *MarkError.
func (t *Tree[T]) Field(path string) (Field, error) {
	if err := zeroTree(t.tr); err != nil {
		return Field{}, err
	}
	ref, err := t.tr.resolveField(path)
	if err != nil {
		return Field{}, err
	}
	return Field{tr: t.tr, ref: ref}, nil
}

// MustField is Field for names fixed in the program (a package's setup):
// it panics where Field returns an error, so a typo fails at start-up.
func (t *Tree[T]) MustField(path string) Field {
	f, err := t.Field(path)
	if err != nil {
		panic(err)
	}
	return f
}

// Name returns the path the field was resolved from.
func (f Field) Name() string { return f.ref.name }

// Mark names changed elements idx of the field for the next Root in
// Marked mode (checked in Detect mode, where they change nothing). A
// negative index, or any index for a field that has no elements (Slot),
// is kept as an error the next Root returns; that Root then fails and
// the one after it hashes everything, so no change goes unseen. Indices
// at or past the length at the next Root are ignored (a list may shrink
// in between). Mark with no idx marks nothing; MarkAll marks the field
// whole.
func (f Field) Mark(idx ...int) {
	if f.tr == nil || len(idx) == 0 {
		return
	}
	f.tr.markLater(f.ref, idx)
}

// MarkAll marks the field as a whole for the next Root: a field that was
// replaced (a new slice, a new checkpoint) or changed in too many places
// to name. Its value is then compared with what the tree stores, as
// Detect does for the whole value: a list of basic values with its
// chunks, a list of composite elements by re-rooting every element.
func (f Field) MarkAll() {
	if f.tr == nil {
		return
	}
	f.tr.markLater(f.ref, nil)
}

// listElems is the one field of a list tree: its elements.
var listElems = fieldRef{fi: -1, elems: true}

// resolveField resolves a field name or path once; see Tree.Field. A list
// tree has one field, its elements, named "".
func (tr *tree) resolveField(path string) (fieldRef, error) {
	if tr.fieldIdx == nil {
		if path != "" {
			return fieldRef{}, &MarkError{Field: path, Reason: "a list tree marks element indices only"}
		}
		return listElems, nil
	}
	tr.mu.Lock()
	ref, ok := tr.fieldIdx[path]
	tr.mu.Unlock()
	if ok {
		return ref, nil
	}
	steps, err := proof.ParsePath(path)
	if err != nil {
		return fieldRef{}, &MarkError{Field: path, Reason: "not a field path", Err: err}
	}
	if len(steps) == 0 {
		return fieldRef{}, &MarkError{Field: path, Reason: fmt.Sprintf("no field named (%s has fields)", typeName(tr.t))}
	}
	t := tr.t
	ref = fieldRef{name: path, nested: len(steps) > 1}
	for i, st := range steps {
		if st.IsIndex || st.Field == proof.LengthStep {
			return fieldRef{}, &MarkError{Field: path, Reason: fmt.Sprintf("step %d is an index or a length: a field handle names fields, and Mark takes the indices", i)}
		}
		fi, err := proof.FieldIndex(t, st.Field)
		if err != nil {
			// Where in the whole path, as a proof path's error says it.
			var pe *proof.PathError
			if errors.As(err, &pe) {
				pe.Path, pe.Pos, pe.Step = path, st.Pos, i
			}
			return fieldRef{}, &MarkError{Field: path, Err: err}
		}
		if i == 0 {
			ref.fi = fi
		}
		t = t.Fields[fi].Type
	}
	ref.elems = hasElements(t)
	tr.mu.Lock()
	// Remember a bounded number of spellings: Tree.Mark resolves its
	// name on every call, and a hostile caller's endless variants of case
	// must not grow the map without end.
	if len(tr.fieldIdx) < 4*len(tr.t.Fields)+64 {
		tr.fieldIdx[path] = ref
	}
	tr.mu.Unlock()
	return ref, nil
}

// hasElements reports whether a value of type t takes element marks: a
// list, vector or bitfield. The type decides, not the node: a short vector
// is serialized into its chunk (no node of its own) and still has
// elements, whose marks then stand for the whole field.
func hasElements(t *ssz.Type) bool {
	switch t.Kind {
	case ssz.KindVector, ssz.KindList, ssz.KindProgressiveList,
		ssz.KindBitvector, ssz.KindBitlist, ssz.KindProgressiveBitlist:
		return true
	}
	return false
}

// checkMarks is the one check of a mark's indices, shared by the
// immediate form (Tree.Mark, List.Mark) and the handles: nil, or the
// *MarkError of the first index that cannot be honoured.
func checkMarks(ref fieldRef, idx []int) error {
	for _, i := range idx {
		if i < 0 {
			// Not an element of any list: a bug in the caller's
			// bookkeeping, which dropping the mark would hide.
			return &MarkError{Field: ref.name, Index: i, HasIndex: true, Reason: "negative element index"}
		}
	}
	if len(idx) > 0 && !ref.elems {
		what := "field"
		if ref.nested {
			what = "nested field"
		}
		return &MarkError{Field: ref.name, Index: idx[0], HasIndex: true, Reason: what + " has no elements to mark (MarkAll, or Mark without indices, marks it whole)"}
	}
	return nil
}

// markNow records the marks of ref, or returns why it cannot.
func (tr *tree) markNow(ref fieldRef, idx []int) error {
	if err := checkMarks(ref, idx); err != nil {
		return err
	}
	tr.mu.Lock()
	defer tr.mu.Unlock()
	tr.record(ref, idx)
	return nil
}

// markLater records the marks of ref, or keeps why it cannot for the
// next Root (the first such error: the Root fails and rebuilds anyway).
func (tr *tree) markLater(ref fieldRef, idx []int) {
	err := checkMarks(ref, idx)
	tr.mu.Lock()
	defer tr.mu.Unlock()
	if err != nil {
		if tr.markErr == nil {
			tr.markErr = err
		}
		return
	}
	tr.record(ref, idx)
}

// record files checked marks for the next update; no idx is the whole
// field. The caller holds tr.mu.
func (tr *tree) record(ref fieldRef, idx []int) {
	if tr.mode == Detect {
		return // Detect never reads marks
	}
	if ref.fi < 0 {
		if len(idx) == 0 {
			tr.all = true
		}
		tr.sel.idx = append(tr.sel.idx, idx...)
		return
	}
	if tr.top == nil {
		// An opaque top (a big-endian host) compares its whole
		// serialization on every root.
		return
	}
	if ref.nested {
		idx = nil // the top-level field, compared whole
	}
	m, ok := tr.marks[ref.fi]
	switch {
	case len(idx) == 0:
		tr.marks[ref.fi] = nil // the whole field: compared (Detect inside it)
	case ok && m == nil:
		// already marked whole
	case ok:
		m.idx = append(m.idx, idx...)
	default:
		s := tr.spare[ref.fi]
		if s == nil {
			s = &selection{}
			tr.spare[ref.fi] = s
		}
		s.idx = append(s.idx[:0], idx...)
		tr.marks[ref.fi] = s
	}
}
