package tagcheck

import (
	"fmt"

	"github.com/lanehash/lanehash/ssz"
)

// ShapeDiff compares two descriptors of one Go type built with different
// spec values and returns where their SSZ shapes first differ (kind,
// length, limit, field count), or "" when they are the same. path names
// the root in the result.
func ShapeDiff(a, b *ssz.Type, path string) string {
	switch {
	case a == nil || b == nil:
		if a != b {
			return path + ": one descriptor missing"
		}
		return ""
	case a.Kind != b.Kind:
		return fmt.Sprintf("%s: kind %d vs %d", path, a.Kind, b.Kind)
	case a.Length != b.Length:
		return fmt.Sprintf("%s: length %d vs %d", path, a.Length, b.Length)
	case a.Limit != b.Limit:
		return fmt.Sprintf("%s: limit %d vs %d", path, a.Limit, b.Limit)
	case len(a.Fields) != len(b.Fields):
		return fmt.Sprintf("%s: %d vs %d fields", path, len(a.Fields), len(b.Fields))
	}
	if d := ShapeDiff(a.Elem, b.Elem, path+"[]"); d != "" {
		return d
	}
	for i := range a.Fields {
		if d := ShapeDiff(a.Fields[i].Type, b.Fields[i].Type, path+"."+a.Fields[i].Name); d != "" {
			return d
		}
	}
	return ""
}
