package proof

import (
	"fmt"
	"math/bits"
	"reflect"

	"github.com/lanehash/lanehash/internal/checked"
	"github.com/lanehash/lanehash/internal/fieldfold"
	"github.com/lanehash/lanehash/internal/progressive"
	"github.com/lanehash/lanehash/internal/sszpath"
	"github.com/lanehash/lanehash/ssz"
)

// GIndexOf returns the generalized index of the node path names in a value
// of type t: a field's root, an element's root, or for basic values (a
// balance, a bit) the chunk that holds them. An empty path is the root, 1.
// A path that does not parse, names nothing in t, or leads deeper than 63
// levels is a *PathError wrapping ErrPath (and ErrOverflow for the last).
func GIndexOf(t *ssz.Type, path string) (GIndex, error) {
	steps, err := ParsePath(path)
	if err != nil {
		return 0, err
	}
	g, _, err := walk(t, steps, path)
	return g, err
}

// GIndexFor is GIndexOf for the SSZ type of the Go type T.
func GIndexFor[T any](path string, opts ...ssz.Option) (GIndex, error) {
	t, err := ssz.TypeFor[T](opts...)
	if err != nil {
		return 0, err
	}
	return GIndexOf(t, path)
}

// Walk follows steps from a value of type t and returns the generalized
// index reached and the type of the value there (nil when the path ends at
// a chunk that is not a whole value: a basic element packed with others,
// bits of a bitfield, a length). Its errors are GIndexOf's.
func Walk(t *ssz.Type, steps []Step) (GIndex, *ssz.Type, error) { return walk(t, steps, "") }

// walk is Walk, with the path the steps came from for the errors.
func walk(t *ssz.Type, steps []Step, path string) (GIndex, *ssz.Type, error) {
	g := GIndex(1)
	for i, st := range steps {
		if t == nil {
			return 0, nil, stepFailure(path, i, st, nil, &stepError{reason: stepString(st) + " reaches inside a chunk (the path already ends at a packed value, bits or a length)"})
		}
		rel, next, err := stepIndex(t, st)
		if err != nil {
			return 0, nil, stepFailure(path, i, st, t, err)
		}
		var ok bool
		if g, ok = concat(g, rel); !ok {
			return 0, nil, stepFailure(path, i, st, t, &stepError{reason: stepString(st) + " leads deeper than 63 levels", overflow: true})
		}
		t = next
	}
	return g, t, nil
}

// stepFailure is the PathError of step i (st) of path, applied to t.
func stepFailure(path string, i int, st Step, t *ssz.Type, err *stepError) error {
	return &PathError{Path: path, Pos: st.Pos, Step: i, Type: typeName(t), Reason: err.reason, overflow: err.overflow}
}

// stepError is why one step does not apply to a type; walk adds where.
type stepError struct {
	reason   string
	overflow bool
}

func stepErr(format string, args ...any) *stepError {
	return &stepError{reason: fmt.Sprintf(format, args...)}
}

// tooDeep is the stepError of a relative index that does not fit 64 bits.
var tooDeep = &stepError{reason: "the node lies deeper than 63 levels", overflow: true}

func stepString(st Step) string {
	if st.IsIndex {
		return fmt.Sprintf("[%d]", st.Index)
	}
	return "field " + sszpath.Quote(st.Field)
}

// typeName names t in an error: its Go type (phase0.Validator) where the
// type has a name, its SSZ kind and Go shape otherwise (List []uint64).
func typeName(t *ssz.Type) string {
	if t == nil {
		return ""
	}
	gt := t.Go
	for gt != nil && gt.Kind() == reflect.Pointer && gt.Name() == "" {
		gt = gt.Elem()
	}
	switch {
	case gt == nil:
		return t.Kind.String()
	case gt.Name() != "":
		return gt.String()
	}
	return t.Kind.String() + " " + gt.String()
}

// stepIndex returns the relative generalized index of one step inside a
// value of type t, and the type of what it reaches.
func stepIndex(t *ssz.Type, st Step) (GIndex, *ssz.Type, *stepError) {
	switch t.Kind {
	case ssz.KindContainer, ssz.KindProgressiveContainer:
		if st.IsIndex {
			return 0, nil, stepErr("%s: a container's fields are named, not indexed", stepString(st))
		}
		fi, err := fieldIndex(t, st.Field)
		if err != nil {
			return 0, nil, err
		}
		if t.Kind == ssz.KindContainer {
			base, ok := checked.Shl(1, depthOf(uint64(len(t.Fields))))
			if !ok {
				return 0, nil, tooDeep
			}
			return GIndex(base | uint64(fi)), t.Fields[fi].Type, nil
		}
		// A progressive container's field j sits at the position of the
		// j-th active field, in the progressive tree left of the
		// active-fields chunk.
		g, ok := progressiveChunk(uint64(activePosition(t.ActiveFields, fi)))
		if !ok {
			return 0, nil, tooDeep
		}
		return g, t.Fields[fi].Type, nil
	case ssz.KindVector, ssz.KindList, ssz.KindProgressiveList,
		ssz.KindBitvector, ssz.KindBitlist, ssz.KindProgressiveBitlist:
		return seqStep(t, st)
	}
	return 0, nil, stepErr("%s: a %s has no parts to step into", stepString(st), t.Kind)
}

// seqStep is stepIndex for the sequences: vectors, lists and bitfields,
// binary or progressive. An index names an element, or for basic elements
// and bits the chunk that packs it; the length step names a list's length
// chunk.
func seqStep(t *ssz.Type, st Step) (GIndex, *ssz.Type, *stepError) {
	bitfield := t.Kind == ssz.KindBitvector || t.Kind == ssz.KindBitlist || t.Kind == ssz.KindProgressiveBitlist
	vector := t.Kind == ssz.KindVector || t.Kind == ssz.KindBitvector
	if !st.IsIndex {
		if st.Field == LengthStep && !vector {
			return 3, nil, nil
		}
		if vector {
			return 0, nil, stepErr("%s: a vector has indices, and no length chunk", stepString(st))
		}
		return 0, nil, stepErr("%s: a list has indices and %s, no fields", stepString(st), LengthStep)
	}
	what := "index"
	if bitfield {
		what = "bit"
	}
	switch t.Kind {
	case ssz.KindVector, ssz.KindBitvector:
		if st.Index >= t.Length {
			return 0, nil, stepErr("%s %d past the length %d", what, st.Index, t.Length)
		}
	case ssz.KindList, ssz.KindBitlist:
		if st.Index >= t.Limit {
			return 0, nil, stepErr("%s %d past the limit %d", what, st.Index, t.Limit)
		}
	}
	// A descriptor built by ssz.TypeOf always has a sound element type; a
	// hand-built one may not, and is an error rather than a nil
	// dereference or a division by zero.
	if !bitfield && (t.Elem == nil || t.Elem.IsBasic() && (t.Elem.Size == 0 || t.Elem.Size > 32)) {
		return 0, nil, stepErr("%s: the %s has no sound element type", stepString(st), t.Kind)
	}
	chunk, elem := st.Index, t.Elem
	switch {
	case bitfield:
		chunk, elem = st.Index/256, nil
	case t.Elem.IsBasic():
		chunk, elem = st.Index/(32/t.Elem.Size), nil
	}
	// A binary tree of ChunkCount leaves (a vector's root, or a list's
	// data root at 2 beside its length at 3) puts chunk c at base | c.
	var base uint64
	var ok bool
	switch t.Kind {
	case ssz.KindVector, ssz.KindBitvector:
		base, ok = checked.Shl(1, depthOf(t.ChunkCount()))
	case ssz.KindList, ssz.KindBitlist:
		base, ok = checked.Shl(2, depthOf(t.ChunkCount()))
	default:
		var g GIndex
		if g, ok = progressiveChunk(chunk); !ok {
			return 0, nil, tooDeep
		}
		return g, elem, nil
	}
	if !ok {
		return 0, nil, tooDeep
	}
	return GIndex(base | chunk), elem, nil
}

// progressiveChunk is the relative generalized index of chunk c in a value
// whose root is H(merkleize_progressive(chunks), mix-in), in the current
// orientation: the data root is 2, each spine node's left child is a binary
// subtree (of 1, 4, 16, … chunks) and its right child the rest. It is
// false when the index does not fit 64 bits, as for every chunk from
// (4^21-1)/3 ≈ 2^40.4 on (the 21st subtree lies 65 levels down).
func progressiveChunk(c uint64) (GIndex, bool) {
	k, off := progressive.Locate(c)
	// The data root (1 level), k spine steps right, one step left into the
	// subtree, 2k levels inside it.
	if 2+3*k > 63 {
		return 0, false
	}
	spine := uint64(2)<<k | (uint64(1)<<k - 1)
	return GIndex(spine<<(1+2*k) | off), true
}

// activePosition is the position in active of the j-th active field.
func activePosition(active []bool, j int) int {
	for pos, on := range active {
		if on {
			if j == 0 {
				return pos
			}
			j--
		}
	}
	return len(active)
}

// FieldIndex returns the index in t.Fields of the field name names, by
// the rule path steps follow: the Go name, else the spec name (the json
// tag), else either folded (case, underscores, and pubkey for PublicKey),
// a name two fields answer to being an error. It is how other packages
// (cache's field handles) resolve a name exactly as a proof path would. A
// t that is not a container, or a name no field answers to, is a
// *PathError wrapping ErrPath, naming the type.
func FieldIndex(t *ssz.Type, name string) (int, error) {
	if t == nil || t.Kind != ssz.KindContainer && t.Kind != ssz.KindProgressiveContainer {
		return -1, &PathError{Path: name, Type: typeName(t), Reason: "field " + sszpath.Quote(name) + ": the type has no fields"}
	}
	fi, err := fieldIndex(t, name)
	if err != nil {
		return -1, &PathError{Path: name, Type: typeName(t), Reason: err.reason}
	}
	return fi, nil
}

// fieldIndex finds the field a path step names: by its Go name, else by
// its spec name (the json tag), else by either folded (fold: case,
// underscores and the one spelling clients change, so EffectiveBalance is
// effective_balance and PublicKey is pubkey). A name that matches two
// fields at the first level where it matches any is an error, never a
// guess.
func fieldIndex(t *ssz.Type, name string) (int, *stepError) {
	for i, f := range t.Fields {
		if f.Name == name {
			return i, nil
		}
	}
	want := fold(name)
	for _, match := range []func(f *ssz.Field) bool{
		func(f *ssz.Field) bool { return f.SpecName != "" && f.SpecName == name },
		func(f *ssz.Field) bool {
			return foldEqual(f.Name, want) || f.SpecName != "" && foldEqual(f.SpecName, want)
		},
	} {
		found := -1
		for i := range t.Fields {
			if !match(&t.Fields[i]) {
				continue
			}
			if found >= 0 {
				return -1, stepErr("field %s: both %s and %s answer to it", sszpath.Quote(name), t.Fields[found].Name, t.Fields[i].Name)
			}
			found = i
		}
		if found >= 0 {
			return found, nil
		}
	}
	return -1, stepErr("no field %s", sszpath.Quote(name))
}

// fold is the form fieldIndex compares names in (internal/fieldfold:
// ASCII only, underscores dropped, pubkey for publickey).
func fold(s string) string { return fieldfold.Fold(s) }

// foldEqual is fold(s) == want for a folded want, without building
// fold(s): it runs for every field of a container on each step that does
// not name a field exactly.
func foldEqual(s, want string) bool {
	return fieldfold.FoldsTo(s, want) || want == "pubkey" && fieldfold.FoldsTo(s, "publickey")
}

// depthOf is ceil(log2(n)), the depth of a tree of n chunks (0 for n ≤ 1).
func depthOf(n uint64) int {
	if n <= 1 {
		return 0
	}
	return bits.Len64(n - 1)
}
