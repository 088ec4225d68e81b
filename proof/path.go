package proof

import (
	"fmt"
	"math/bits"
	"strconv"
	"strings"

	"github.com/lanehash/lanehash/ssz"
)

// LengthStep is the path step naming a list's or bitlist's length chunk,
// as the spec's get_generalized_index spells it.
const LengthStep = "__len__"

// Step is one step of a path: a field name, or an element index.
type Step struct {
	Field string // a container field (Go name or snake_case), or LengthStep
	Index uint64 // an element or bit index, when IsIndex
	// IsIndex tells an index step from a field step.
	IsIndex bool
}

// ParsePath splits a path such as "Validators[12345].EffectiveBalance",
// "validators[12345].effective_balance" or "Balances.__len__" into steps.
// Field names are matched against the Go field names, ignoring case and
// underscores, so the spec's snake_case names work too.
func ParsePath(path string) ([]Step, error) {
	var steps []Step
	s := path
	for s != "" {
		switch s[0] {
		case '.':
			s = s[1:]
			if s == "" || s[0] == '.' || s[0] == '[' {
				return nil, fmt.Errorf("proof: path %q: empty field name: %w", path, ErrPath)
			}
		case '[':
			end := strings.IndexByte(s, ']')
			if end < 0 {
				return nil, fmt.Errorf("proof: path %q: unclosed '[': %w", path, ErrPath)
			}
			i, err := strconv.ParseUint(s[1:end], 10, 64)
			if err != nil {
				return nil, fmt.Errorf("proof: path %q: index %q: %w", path, s[1:end], ErrPath)
			}
			steps = append(steps, Step{Index: i, IsIndex: true})
			s = s[end+1:]
		default:
			end := strings.IndexAny(s, ".[")
			if end < 0 {
				end = len(s)
			}
			steps = append(steps, Step{Field: s[:end]})
			s = s[end:]
		}
	}
	return steps, nil
}

// GIndexOf returns the generalized index of the node path names in a value
// of type t: a field's root, an element's root, or for basic values (a
// balance, a bit) the chunk that holds them. An empty path is the root, 1.
func GIndexOf(t *ssz.Type, path string) (GIndex, error) {
	steps, err := ParsePath(path)
	if err != nil {
		return 0, err
	}
	g, _, err := Walk(t, steps)
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
// bits of a bitfield, a length).
func Walk(t *ssz.Type, steps []Step) (GIndex, *ssz.Type, error) {
	g := GIndex(1)
	for i, st := range steps {
		if t == nil {
			return 0, nil, fmt.Errorf("proof: step %d: %s is inside a chunk: %w", i, stepString(st), ErrPath)
		}
		rel, next, err := stepIndex(t, st)
		if err != nil {
			return 0, nil, fmt.Errorf("proof: step %d (%s) of %s: %w", i, stepString(st), t.Kind, err)
		}
		if g, err = g.Child(rel); err != nil {
			return 0, nil, err
		}
		t = next
	}
	return g, t, nil
}

func stepString(st Step) string {
	if st.IsIndex {
		return fmt.Sprintf("[%d]", st.Index)
	}
	return st.Field
}

// stepIndex returns the relative generalized index of one step inside a
// value of type t, and the type of what it reaches.
func stepIndex(t *ssz.Type, st Step) (GIndex, *ssz.Type, error) {
	switch t.Kind {
	case ssz.KindContainer, ssz.KindProgressiveContainer:
		if st.IsIndex {
			return 0, nil, fmt.Errorf("index into a container: %w", ErrPath)
		}
		fi := fieldIndex(t, st.Field)
		if fi < 0 {
			return 0, nil, fmt.Errorf("no field %q: %w", st.Field, ErrPath)
		}
		if t.Kind == ssz.KindContainer {
			return GIndex(1)<<depthOf(uint64(len(t.Fields))) | GIndex(fi), t.Fields[fi].Type, nil
		}
		// A progressive container's field j sits at the position of the
		// j-th active field, in the progressive tree left of the
		// active-fields chunk.
		pos := activePosition(t.ActiveFields, fi)
		return progressiveChunk(uint64(pos)), t.Fields[fi].Type, nil
	case ssz.KindVector, ssz.KindList, ssz.KindProgressiveList,
		ssz.KindBitvector, ssz.KindBitlist, ssz.KindProgressiveBitlist:
		return seqStep(t, st)
	}
	return 0, nil, fmt.Errorf("cannot step into a %s: %w", t.Kind, ErrPath)
}

// seqStep is stepIndex for the sequences: vectors, lists and bitfields,
// binary or progressive. An index names an element, or for basic elements
// and bits the chunk that packs it; the length step names a list's length
// chunk.
func seqStep(t *ssz.Type, st Step) (GIndex, *ssz.Type, error) {
	bitfield := t.Kind == ssz.KindBitvector || t.Kind == ssz.KindBitlist || t.Kind == ssz.KindProgressiveBitlist
	progressive := t.Kind == ssz.KindProgressiveList || t.Kind == ssz.KindProgressiveBitlist
	if !st.IsIndex {
		if st.Field == LengthStep && t.Kind != ssz.KindVector && t.Kind != ssz.KindBitvector {
			return 3, nil, nil
		}
		return 0, nil, fmt.Errorf("field %q of a %s: %w", st.Field, t.Kind, ErrPath)
	}
	count := t.Length
	if t.Kind == ssz.KindList || t.Kind == ssz.KindBitlist {
		count = t.Limit
	}
	if !progressive && st.Index >= count {
		what := "index"
		if bitfield {
			what = "bit"
		}
		return 0, nil, fmt.Errorf("%s %d of %d: %w", what, st.Index, count, ErrPath)
	}
	chunk, elem := st.Index, t.Elem
	switch {
	case bitfield:
		chunk, elem = st.Index/256, nil
	case t.Elem.IsBasic():
		chunk, elem = st.Index/(32/t.Elem.Size), nil
	}
	switch t.Kind {
	case ssz.KindVector, ssz.KindBitvector:
		return GIndex(1)<<depthOf(t.ChunkCount()) | GIndex(chunk), elem, nil
	case ssz.KindList, ssz.KindBitlist:
		d := depthOf(t.ChunkCount())
		if d > 62 {
			return 0, nil, ErrOverflow
		}
		return GIndex(2)<<d | GIndex(chunk), elem, nil
	}
	return progressiveChunk(chunk), elem, nil
}

// progressiveChunk is the relative generalized index of chunk c in a value
// whose root is H(merkleize_progressive(chunks), mix-in), in the current
// orientation: the data root is 2, each spine node's left child is a binary
// subtree (of 1, 4, 16, … chunks) and its right child the rest.
func progressiveChunk(c uint64) GIndex {
	g := GIndex(2)
	start, size := uint64(0), uint64(1)
	depth := 0
	for c >= start+size {
		start += size
		size *= 4
		depth += 2
		g = g<<1 | 1
	}
	return (g<<1)<<depth | GIndex(c-start)
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

// fieldIndex finds a field by Go name or spec name (case and underscores
// ignored).
func fieldIndex(t *ssz.Type, name string) int {
	for i, f := range t.Fields {
		if f.Name == name {
			return i
		}
	}
	want := normalize(name)
	for i, f := range t.Fields {
		if normalize(f.Name) == want {
			return i
		}
	}
	return -1
}

func normalize(s string) string { return strings.ToLower(strings.ReplaceAll(s, "_", "")) }

// depthOf is ceil(log2(n)), the depth of a tree of n chunks (0 for n ≤ 1).
func depthOf(n uint64) int {
	if n <= 1 {
		return 0
	}
	return bits.Len64(n - 1)
}
