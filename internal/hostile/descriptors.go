package hostile

import (
	"fmt"
	"math/rand/v2"
	"slices"

	"github.com/lanehash/lanehash/ssz"
)

// MutateDescriptor returns a copy of t (t itself is left as it is) with
// one to three random changes of the kinds a descriptor made by hand can
// get wrong: a kind, a Go type, a length, limit or size, fixedness, a
// container's fields (dropped, doubled, swapped, re-indexed, their
// descriptors nil or another's), a sequence's element (nil, another's,
// an enclosing one: a cycle), a union's options, a progressive
// container's active fields. It also returns what it changed, for a
// failure's message. The copy keeps t's sharing (a descriptor reached
// twice is copied once) and shares nothing with t, so the copy's
// verdict and compiled forms, kept per descriptor, are its own.
//
// The copy may still describe its Go type (a limit changed, a kind set
// to itself): the caller asks ssz.CheckDescriptor which it is. Vector
// lengths change by small steps only, so a copy that is valid never
// asks for a serialization of terabytes.
func MutateDescriptor(rng *rand.Rand, t *ssz.Type) (*ssz.Type, string) {
	root := copyDescriptor(t, map[*ssz.Type]*ssz.Type{})
	var nodes []*ssz.Type
	collectDescriptors(root, map[*ssz.Type]bool{}, &nodes)
	what := ""
	for range 1 + rng.IntN(3) {
		n := nodes[rng.IntN(len(nodes))]
		what += mutateOne(rng, n, nodes) + "; "
	}
	return root, what
}

// copyDescriptor deep-copies t, each descriptor once (memo).
func copyDescriptor(t *ssz.Type, memo map[*ssz.Type]*ssz.Type) *ssz.Type {
	if t == nil {
		return nil
	}
	if c, ok := memo[t]; ok {
		return c
	}
	c := new(ssz.Type)
	*c = *t
	memo[t] = c
	c.Elem = copyDescriptor(t.Elem, memo)
	c.Fields = slices.Clone(t.Fields)
	for i := range c.Fields {
		c.Fields[i].Index = slices.Clone(c.Fields[i].Index)
		c.Fields[i].Type = copyDescriptor(c.Fields[i].Type, memo)
	}
	c.ActiveFields = slices.Clone(t.ActiveFields)
	c.Options = slices.Clone(t.Options)
	for i, o := range c.Options {
		c.Options[i] = copyDescriptor(o, memo)
	}
	return c
}

// collectDescriptors lists the descriptors of t's tree, each once.
func collectDescriptors(t *ssz.Type, seen map[*ssz.Type]bool, out *[]*ssz.Type) {
	if t == nil || seen[t] {
		return
	}
	seen[t] = true
	*out = append(*out, t)
	collectDescriptors(t.Elem, seen, out)
	for _, f := range t.Fields {
		collectDescriptors(f.Type, seen, out)
	}
	for _, o := range t.Options {
		collectDescriptors(o, seen, out)
	}
}

// mutateOne makes one random change to n, whose tree's descriptors
// are nodes, and says what it did.
func mutateOne(rng *rand.Rand, n *ssz.Type, nodes []*ssz.Type) string {
	other := nodes[rng.IntN(len(nodes))]
	steps := []uint64{0, 1, 2, 7, 8}
	switch rng.IntN(12) {
	case 0:
		n.Kind = ssz.Kind(rng.IntN(int(ssz.KindCompatibleUnion) + 3))
		return "kind " + n.Kind.String()
	case 1:
		n.Go = other.Go
		if rng.IntN(8) == 0 {
			n.Go = nil
		}
		return fmt.Sprintf("Go type %v", n.Go)
	case 2:
		n.Length = nudge(rng, n.Length, steps)
		return fmt.Sprintf("length %d", n.Length)
	case 3:
		n.Limit = nudge(rng, n.Limit, append(steps, 1<<40, ^uint64(0)))
		return fmt.Sprintf("limit %d", n.Limit)
	case 4:
		n.Size = nudge(rng, n.Size, steps)
		return fmt.Sprintf("size %d", n.Size)
	case 5:
		n.Fixed = !n.Fixed
		return fmt.Sprintf("fixed %v", n.Fixed)
	case 6, 7:
		return mutateFields(rng, n, other)
	case 8:
		switch rng.IntN(3) {
		case 0:
			n.Elem = nil
			return "no element"
		case 1:
			n.Elem = n // a cycle
			return "element itself"
		}
		n.Elem = other
		return "element " + other.String()
	case 9, 10:
		return mutateOptions(rng, n, other)
	}
	if len(n.ActiveFields) == 0 {
		n.ActiveFields = []bool{rng.IntN(2) == 0}
		return "active fields added"
	}
	switch i := rng.IntN(len(n.ActiveFields)); rng.IntN(3) {
	case 0:
		n.ActiveFields[i] = !n.ActiveFields[i]
		return fmt.Sprintf("active field %d flipped", i)
	case 1:
		n.ActiveFields = n.ActiveFields[:i]
		return fmt.Sprintf("active fields cut to %d", i)
	}
	n.ActiveFields = append(n.ActiveFields, rng.IntN(2) == 0)
	return "active field appended"
}

// nudge moves x by a small step up or down, or sets it to one of steps.
func nudge(rng *rand.Rand, x uint64, steps []uint64) uint64 {
	switch rng.IntN(3) {
	case 0:
		return x + 1
	case 1:
		return x - 1
	}
	return steps[rng.IntN(len(steps))]
}

// mutateFields changes n's fields.
func mutateFields(rng *rand.Rand, n, other *ssz.Type) string {
	if len(n.Fields) == 0 {
		n.Fields = append(n.Fields, ssz.Field{Name: "Extra", Index: []int{rng.IntN(3)}, Type: other})
		return "a field added"
	}
	i, j := rng.IntN(len(n.Fields)), rng.IntN(len(n.Fields))
	f := &n.Fields[i]
	switch rng.IntN(7) {
	case 0:
		n.Fields = slices.Delete(n.Fields, i, i+1)
		return fmt.Sprintf("field %d dropped", i)
	case 1:
		n.Fields = slices.Insert(n.Fields, i, n.Fields[j])
		return fmt.Sprintf("field %d doubled", j)
	case 2:
		n.Fields[i], n.Fields[j] = n.Fields[j], n.Fields[i]
		return fmt.Sprintf("fields %d and %d swapped", i, j)
	case 3:
		f.Index = append(slices.Clone(f.Index[:len(f.Index)-1]), f.Index[len(f.Index)-1]+rng.IntN(5)-2)
		return fmt.Sprintf("field %d index %v", i, f.Index)
	case 4:
		f.Type = nil
		return fmt.Sprintf("field %d without a descriptor", i)
	case 5:
		n.Fields = nil
		return "no fields"
	}
	f.Type = other
	return fmt.Sprintf("field %d described as %s", i, other)
}

// mutateOptions changes n's union options.
func mutateOptions(rng *rand.Rand, n, other *ssz.Type) string {
	if len(n.Options) == 0 {
		n.Options = []*ssz.Type{nil, other}
		return "options added"
	}
	i := rng.IntN(len(n.Options))
	switch rng.IntN(5) {
	case 0:
		n.Options[i] = nil
		return fmt.Sprintf("option %d nil", i)
	case 1:
		n.Options = n.Options[:i]
		return fmt.Sprintf("options cut to %d", i)
	case 2:
		n.Options = append(n.Options, n.Options[i])
		return fmt.Sprintf("option %d doubled", i)
	case 3:
		n.Options[i] = n // a cycle
		return fmt.Sprintf("option %d itself", i)
	}
	n.Options[i] = other
	return fmt.Sprintf("option %d described as %s", i, other)
}
