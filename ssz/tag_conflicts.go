package ssz

import (
	"fmt"
	"reflect"
)

// tagConflicts rejects tag combinations that ask for two different SSZ
// types at one nesting level. Before, the builder silently picked one of
// them (a "vector" with only a limit became a list, a size and a limit
// on one slice became a vector, ssz:"bitlist" on a uint64 was ignored),
// so a typo changed the root instead of failing. The error names the
// field and both tags.
func tagConflicts(t reflect.Type, ft *fieldTags, level int, path string) error {
	typ := ft.typeAt(level)
	size, maxd, bitsize := dimAt(ft.size, level), dimAt(ft.max, level), dimAt(ft.bitsize, level)
	typeTag := tagText("ssz-type", level, fmt.Sprintf("%q", typ))
	if level == 0 && ft.bitlist {
		if typ != "" && typ != "bitlist" {
			return conflict(path, `ssz:"bitlist"`, typeTag)
		}
		if t.Kind() != reflect.Slice {
			return errorf(path, ErrTag, `ssz:"bitlist" on %s: a bitlist is a []byte with ssz-max`, t)
		}
	}
	if size.set && maxd.set {
		return conflict(path, dimText("ssz-size", level, size), dimText("ssz-max", level, maxd))
	}
	switch typ {
	case "vector":
		if maxd.set {
			return conflict(path, typeTag, dimText("ssz-max", level, maxd))
		}
		if bitsize.set {
			return conflict(path, typeTag, dimText("ssz-bitsize", level, bitsize))
		}
		if t.Kind() == reflect.Slice && !size.set {
			return errorf(path, ErrTag, "%s on slice %s needs ssz-size", typeTag, t)
		}
	case "list", "progressive-list":
		if size.set {
			return conflict(path, typeTag, dimText("ssz-size", level, size))
		}
		if bitsize.set {
			return conflict(path, typeTag, dimText("ssz-bitsize", level, bitsize))
		}
	case "bitlist", "progressive-bitlist":
		if size.set {
			return conflict(path, typeTag, dimText("ssz-size", level, size))
		}
		if bitsize.set {
			return conflict(path, typeTag, dimText("ssz-bitsize", level, bitsize))
		}
	case "bitvector":
		if maxd.set {
			return conflict(path, typeTag, dimText("ssz-max", level, maxd))
		}
	}
	return nil
}

// conflict is the ErrTag error for two tags that contradict each other.
func conflict(path, a, b string) error {
	return errorf(path, ErrTag, "%s contradicts %s", a, b)
}

// dimText renders one dimension of a size tag as it was written.
func dimText(name string, level int, d dim) string {
	return tagText(name, level, fmt.Sprintf(`"%d"`, d.v))
}

// tagText renders a tag value at a nesting level: name:"v" for the outer
// level, with the dimension named for inner ones.
func tagText(name string, level int, value string) string {
	if level == 0 {
		return name + ":" + value
	}
	return fmt.Sprintf("%s dimension %d (%s)", name, level+1, value)
}
