package ssz

import (
	"errors"
	"reflect"
	"strconv"
	"strings"
)

// dim is one dimension of a size tag; set is false for "?" or a missing
// entry.
type dim struct {
	set bool
	v   uint64
}

// fieldTags are the parsed ssz tags of one struct field (or of the tag
// given to TypeOfTagged), one entry per nesting level.
type fieldTags struct {
	size    []dim
	max     []dim
	bitsize []dim
	types   []string
	bitlist bool // ssz:"bitlist"
	skip    bool // ssz:"-" or ssz-type:"-"

	hasIndex bool // ssz-index, for progressive containers
	index    uint64
}

func dimAt(d []dim, level int) dim {
	if level < len(d) {
		return d[level]
	}
	return dim{}
}

// typeAt returns the ssz-type of a level, "" when not given or "?"/"auto".
func (ft *fieldTags) typeAt(level int) string {
	if level >= len(ft.types) {
		return ""
	}
	s := ft.types[level]
	if s == "?" || s == "auto" {
		return ""
	}
	return s
}

// given returns the key of the first ssz tag ft holds (a size, limit
// or bit size, a type other than "?" or "auto", ssz:"bitlist", an
// ssz-index), "" when it holds none: what a field that takes no tags,
// an embedded struct whose fields are inlined, must not carry.
func (ft *fieldTags) given() string {
	for _, d := range []struct {
		key  string
		dims []dim
	}{{"ssz-size", ft.size}, {"ssz-max", ft.max}, {"ssz-bitsize", ft.bitsize}} {
		for _, x := range d.dims {
			if x.set {
				return d.key
			}
		}
	}
	for level := range ft.types {
		if ft.typeAt(level) != "" {
			return "ssz-type"
		}
	}
	switch {
	case ft.bitlist:
		return `ssz:"bitlist"`
	case ft.hasIndex:
		return "ssz-index"
	}
	return ""
}

// parseTags reads every ssz tag of a field. Dynamic (dynssz-*) dimensions
// are evaluated with the builder's spec values and win over the static
// ones; a dynamic dimension naming an unknown value falls back to the
// static one, and is an error only if there is none.
func (b *builder) parseTags(tag reflect.StructTag, path string) (fieldTags, error) {
	var ft fieldTags
	var err error
	if key, ok := repeatedKey(tag); ok {
		return ft, errorf(path, ErrTag, "%s given twice (only the first would count)", key)
	}
	for _, name := range []string{"ssz-size", "ssz-max", "ssz-bitsize"} {
		static, err := parseStaticDims(tag.Get(name))
		if err != nil {
			return ft, errorf(path, ErrTag, "%s: %v", name, err)
		}
		dynTag, hasDyn := tag.Lookup("dyn" + name)
		if hasDyn {
			if static, err = b.mergeDynamic(static, dynTag); err != nil {
				if errors.Is(err, errMissingName) {
					return ft, errorf(path, ErrSpec, "dyn%s: %v", name, err)
				}
				return ft, errorf(path, ErrTag, "dyn%s: %v", name, err)
			}
		}
		switch name {
		case "ssz-size":
			ft.size = static
		case "ssz-max":
			ft.max = static
		default:
			ft.bitsize = static
		}
	}
	if s, ok := tag.Lookup("ssz-type"); ok {
		for _, p := range strings.Split(s, ",") {
			ft.types = append(ft.types, strings.TrimSpace(p))
		}
		if len(ft.types) > 0 && ft.types[0] == "-" {
			ft.skip = true
		}
	}
	if s, ok := tag.Lookup("ssz"); ok {
		for _, p := range strings.Split(s, ",") {
			switch strings.TrimSpace(p) {
			case "-":
				ft.skip = true
			case "bitlist":
				ft.bitlist = true
			case "":
			default:
				return ft, errorf(path, ErrTag, "unknown ssz:%q", s)
			}
		}
	}
	if ft.index, ft.hasIndex, err = indexTag(tag, path); err != nil {
		return ft, err
	}
	return ft, nil
}

// indexTag reads a field's ssz-index tag (a progressive container's
// field position, a compatible union option's selector): its value and
// whether it is set.
func indexTag(tag reflect.StructTag, path string) (uint64, bool, error) {
	s, ok := tag.Lookup("ssz-index")
	if !ok {
		return 0, false, nil
	}
	n, err := strconv.ParseUint(strings.TrimSpace(s), 10, 8)
	if err != nil {
		return 0, true, errorf(path, ErrTag, "ssz-index %q", s)
	}
	return n, true, nil
}

func parseStaticDims(s string) ([]dim, error) {
	if s == "" {
		return nil, nil
	}
	parts := strings.Split(s, ",")
	out := make([]dim, len(parts))
	for i, p := range parts {
		p = strings.TrimSpace(p)
		if p == "?" || p == "" {
			continue
		}
		v, err := strconv.ParseUint(p, 10, 64)
		if err != nil {
			return nil, err
		}
		out[i] = dim{set: true, v: v}
	}
	return out, nil
}

// mergeDynamic evaluates each dynamic dimension and lets it override the
// static one at the same level.
func (b *builder) mergeDynamic(static []dim, dyn string) ([]dim, error) {
	parts := strings.Split(dyn, ",")
	out := make([]dim, max(len(parts), len(static)))
	copy(out, static)
	for i, p := range parts {
		p = strings.TrimSpace(p)
		if p == "?" || p == "" {
			continue
		}
		v, err := evalExpr(p, b.lookup)
		if errors.Is(err, errMissingName) && out[i].set {
			continue
		}
		if err != nil {
			return nil, err
		}
		out[i] = dim{set: true, v: v}
	}
	return out, nil
}
