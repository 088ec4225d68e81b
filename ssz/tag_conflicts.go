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
	if bitsize.set && maxd.set {
		return conflict(path, dimText("ssz-bitsize", level, bitsize), dimText("ssz-max", level, maxd))
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
	case "progressive-list", "progressive-bitlist":
		if maxd.set {
			return conflict(path, typeTag, dimText("ssz-max", level, maxd))
		}
		fallthrough
	case "list", "bitlist":
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

// sszTagKeys are the keys parseTags reads.
var sszTagKeys = map[string]bool{
	"ssz": true, "ssz-size": true, "ssz-max": true, "ssz-bitsize": true, "ssz-type": true, "ssz-index": true,
	"dynssz-size": true, "dynssz-max": true, "dynssz-bitsize": true,
}

// repeatedKey returns an ssz key that occurs twice in tag: reflect's
// Lookup reads only the first, so the second would be silently ignored.
// The scan follows the struct tag grammar (key:"quoted value" pairs
// separated by spaces) and stops where the tag stops following it.
func repeatedKey(tag reflect.StructTag) (string, bool) {
	seen := map[string]bool{}
	s := string(tag)
	for {
		i := 0
		for i < len(s) && s[i] == ' ' {
			i++
		}
		s = s[i:]
		i = 0
		for i < len(s) && s[i] > ' ' && s[i] != ':' && s[i] != '"' && s[i] != 0x7f {
			i++
		}
		if i == 0 || i+1 >= len(s) || s[i] != ':' || s[i+1] != '"' {
			return "", false
		}
		key := s[:i]
		s = s[i+1:]
		i = 1
		for i < len(s) && s[i] != '"' {
			if s[i] == '\\' {
				i++
			}
			i++
		}
		if i >= len(s) {
			return "", false
		}
		s = s[i+1:]
		if sszTagKeys[key] && seen[key] {
			return key, true
		}
		seen[key] = true
	}
}
