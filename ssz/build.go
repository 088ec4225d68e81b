package ssz

import (
	"fmt"
	"reflect"
)

// builder turns one Go type into a descriptor tree.
type builder struct {
	spec  SpecValues
	deps  map[string]specDep
	stack []reflect.Type // structs being built, to catch recursion
}

func (b *builder) lookup(name string) (uint64, bool) {
	v, ok := b.spec[name]
	b.deps[name] = specDep{v: v, found: ok}
	return v, ok
}

// maxUnnamedPath bounds the root of the field paths of an unnamed type
// (one built with reflect.StructOf, say): every field's path starts with
// it, so a type's whole literal there made building a struct of n fields
// cost n copies of a literal n fields long.
const maxUnnamedPath = 64

// UnnamedPath returns the root of the paths in errors about unnamed type
// t (one built with reflect.StructOf, say): its literal when at most 64
// bytes, else its kind with the literal elided ("struct {…}",
// "*struct {…}"). Package plan roots its paths the same way.
func UnnamedPath(t reflect.Type) string {
	if s := t.String(); len(s) <= maxUnnamedPath {
		return s
	}
	if t.Kind() == reflect.Pointer {
		return "*" + t.Elem().Kind().String() + " {…}"
	}
	return t.Kind().String() + " {…}"
}

func (b *builder) top(t reflect.Type, tag reflect.StructTag) (*Type, error) {
	path := t.Name()
	if t.Kind() == reflect.Pointer && t.Elem().Name() != "" {
		path = t.Elem().Name()
	}
	if path == "" {
		path = UnnamedPath(t)
	}
	ft, err := b.parseTags(tag, path)
	if err != nil {
		return nil, err
	}
	if ft.skip {
		return nil, errorf(path, ErrTag, "top-level type tagged as skipped")
	}
	if ft.hasIndex {
		return nil, errorf(path, ErrTag, "ssz-index outside a progressive container")
	}
	return b.build(t, &ft, 0, path)
}

// build describes t at one nesting level of a field's tags.
func (b *builder) build(t reflect.Type, ft *fieldTags, level int, path string) (*Type, error) {
	if err := tagConflicts(t, ft, level, path); err != nil {
		return nil, err
	}
	typ := ft.typeAt(level)
	size, maxd, bitsize := dimAt(ft.size, level), dimAt(ft.max, level), dimAt(ft.bitsize, level)
	noDims := func() error {
		if size.set || maxd.set || bitsize.set {
			return errorf(path, ErrTag, "size tag on non-sequence type %s", t)
		}
		return nil
	}
	wantType := func(allowed ...string) error {
		if typ == "" {
			return nil
		}
		for _, a := range allowed {
			if typ == a {
				return nil
			}
		}
		return errorf(path, ErrTag, "ssz-type %q does not fit Go type %s", typ, t)
	}

	if t == uint256Type || t == uint256PtrType {
		if err := wantType("uint256"); err != nil {
			return nil, err
		}
		if maxd.set || bitsize.set || (size.set && size.v != 32) {
			return nil, errorf(path, ErrTag, "uint256 takes no size other than 32")
		}
		return &Type{Kind: KindUint256, Go: t, Fixed: true, Size: 32}, nil
	}
	if isCompatibleUnion(t) {
		if err := wantType("compatible-union"); err != nil {
			return nil, err
		}
		if err := noDims(); err != nil {
			return nil, err
		}
		return b.compatibleUnion(t, path)
	}
	if isTypeWrapper(t) {
		return nil, errorf(path, ErrUnsupported, "%s: a dynamic-ssz TypeWrapper (name the field with its tags instead)", t)
	}
	if isUnion(t) {
		if err := wantType("union"); err != nil {
			return nil, err
		}
		if err := noDims(); err != nil {
			return nil, err
		}
		return b.union(t, path)
	}

	switch t.Kind() {
	case reflect.Pointer:
		if t.Elem().Kind() != reflect.Struct {
			return nil, errorf(path, ErrUnsupported, "pointer to %s (only pointers to structs)", t.Elem())
		}
		inner, err := b.build(t.Elem(), ft, level, path)
		if err != nil {
			return nil, err
		}
		out := *inner
		out.Go = t
		return &out, nil
	case reflect.Bool:
		if err := wantType("bool", "boolean"); err != nil {
			return nil, err
		}
		if err := noDims(); err != nil {
			return nil, err
		}
		return &Type{Kind: KindBool, Go: t, Fixed: true, Size: 1}, nil
	case reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		n := t.Bits()
		if err := wantType(fmt.Sprintf("uint%d", n)); err != nil {
			return nil, err
		}
		if err := noDims(); err != nil {
			return nil, err
		}
		return &Type{Kind: uintKinds[n], Go: t, Fixed: true, Size: uint64(n / 8)}, nil
	case reflect.Array:
		return b.array(t, ft, level, path, typ, size, maxd, bitsize)
	case reflect.Slice:
		return b.slice(t, ft, level, path, typ, size, maxd, bitsize)
	case reflect.Struct:
		if err := wantType("container", "progressive-container"); err != nil {
			return nil, err
		}
		if err := noDims(); err != nil {
			return nil, err
		}
		ct, err := b.container(t, path, typ == "progressive-container")
		if err == nil && typ == "container" && ct.Kind == KindProgressiveContainer {
			return nil, conflict(path, `ssz-type:"container"`, "ssz-index on its fields")
		}
		return ct, err
	}
	return nil, errorf(path, ErrUnsupported, "Go type %s", t)
}

// uintKinds maps a Go unsigned integer's bit count to its SSZ kind.
var uintKinds = map[int]Kind{8: KindUint8, 16: KindUint16, 32: KindUint32, 64: KindUint64}
