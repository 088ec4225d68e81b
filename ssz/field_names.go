package ssz

import "fmt"

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
