package ssz

import (
	"fmt"
	"slices"
)

// sharedFieldName returns the first field of fields whose Name an
// earlier one has too, and that earlier one; ok is false when every name
// is its own. Paths, proofs, cache marks, diff's output and the JSON
// form name a container's fields by their Go names, which are unique in
// a Go struct but not among a container's fields: an embedded struct's
// fields are inlined, so its X can stand beside the outer struct's X
// (which Go's selector v.X reaches) or beside another embedded struct's
// X. No path tells such fields apart, so a container that has them is
// refused where it is described (TypeOf and CheckDescriptor) rather
// than resolved to one of them.
func sharedFieldName(fields []Field) (first, again int, ok bool) {
	// Most containers have a few dozen fields: comparing each pair costs
	// less than a map; a generated struct of thousands gets the map.
	if len(fields) <= 64 {
		for j := range fields {
			for i := range j {
				if fields[i].Name == fields[j].Name {
					return i, j, true
				}
			}
		}
		return 0, 0, false
	}
	seen := make(map[string]int, len(fields))
	for j := range fields {
		if i, dup := seen[fields[j].Name]; dup {
			return i, j, true
		}
		seen[fields[j].Name] = j
	}
	return 0, 0, false
}

// sharedNameReason is the message of the error for fields i and j,
// which share a name.
func sharedNameReason(fields []Field, i, j int) string {
	return fmt.Sprintf("two fields are named %s (Go field indices %v and %v): an embedded struct's fields are the container's own, and no path, proof, mark or JSON key could tell them apart", fields[j].Name, fields[i].Index, fields[j].Index)
}

// sharedFieldMemory returns two fields whose Go index paths are equal or
// one a prefix of the other (a field and a field inside it), and ok;
// ok is false when every field has Go memory of its own. TypeOf never
// builds such a descriptor; one made by hand would make decoding write
// one Go field twice and encoding read it for both, so that two
// serializations decode to one value.
func sharedFieldMemory(fields []Field) (first, again int, ok bool) {
	order := make([]int, len(fields))
	for i := range order {
		order[i] = i
	}
	// Sorted by index path, a path and the paths it prefixes are
	// neighbours: whatever sorts between them starts with it too.
	slices.SortFunc(order, func(a, b int) int { return slices.Compare(fields[a].Index, fields[b].Index) })
	for k := 1; k < len(order); k++ {
		a, b := fields[order[k-1]].Index, fields[order[k]].Index
		if len(a) <= len(b) && slices.Equal(a, b[:len(a)]) {
			return min(order[k-1], order[k]), max(order[k-1], order[k]), true
		}
	}
	return 0, 0, false
}
