package ssz

import (
	"reflect"

	"github.com/lanehash/lanehash/internal/sszpath"
)

// union describes a Union[T] from the fields of T.
func (b *builder) union(t reflect.Type, path string) (*Type, error) {
	if err := b.enter(t, path); err != nil {
		return nil, err
	}
	defer b.leave()
	desc := reflect.Zero(t).Interface().(unionOptionsType).unionOptions()
	if desc.Kind() != reflect.Struct {
		return nil, errorf(path, ErrTag, "union options must be a struct type, not %s", desc)
	}
	out := &Type{Kind: KindUnion, Go: t}
	for i := 0; i < desc.NumField(); i++ {
		f := desc.Field(i)
		fpath := sszpath.Field(path, f.Name)
		if f.Type == noneType {
			if i != 0 {
				return nil, errorf(fpath, ErrTag, "None must be the first union option")
			}
			out.Options = append(out.Options, nil)
			continue
		}
		ft, err := b.parseTags(f.Tag, fpath)
		if err != nil {
			return nil, err
		}
		if ft.skip || ft.hasIndex {
			return nil, errorf(fpath, ErrTag, "union options take no ssz:\"-\" and no ssz-index")
		}
		ot, err := b.build(f.Type, &ft, 0, fpath)
		if err != nil {
			return nil, err
		}
		out.Options = append(out.Options, ot)
	}
	if len(out.Options) == 0 || len(out.Options) == 1 && out.Options[0] == nil {
		return nil, errorf(path, ErrTag, "union needs an option other than None")
	}
	if len(out.Options) > maxUnionOptions {
		return nil, errorf(path, ErrTag, "union has %d options, at most %d allowed", len(out.Options), maxUnionOptions)
	}
	return out, nil
}

// enter pushes a struct or union type being built, failing with
// ErrRecursive if it is already being built further out: every composite
// kind (pointer, slice, array, container, union) reaches its elements
// through a struct or a union, so checking those two catches every cycle.
func (b *builder) enter(t reflect.Type, path string) error {
	for _, s := range b.stack {
		if s == t {
			return containsItself(path, t)
		}
	}
	b.stack = append(b.stack, t)
	return nil
}

// containsItself is the error of Go type t found at path within itself.
func containsItself(path string, t reflect.Type) error {
	return errorf(path, ErrRecursive, "%s contains itself", t)
}

// embeddedStruct returns the struct type whose fields TypeOf describes
// as the container's own in place of struct field f (at path), and
// whether f holds it through a pointer: f is embedded (anonymous) and a
// struct or a pointer to one, other than a union, a compatible union or
// uint256.Int (described as themselves). For any other field it returns
// a nil type. An embedded pointer to an unexported struct is
// ErrUnsupported: reflect cannot set it, so a nil one could be neither
// decoded into nor told apart from a zero one.
func embeddedStruct(f reflect.StructField, path string) (et reflect.Type, ptr bool, err error) {
	if !f.Anonymous {
		return nil, false, nil
	}
	et = f.Type
	if et.Kind() == reflect.Pointer {
		et, ptr = et.Elem(), true
	}
	if et.Kind() != reflect.Struct || isUnion(et) || isCompatibleUnion(et) || et == uint256Type {
		return nil, false, nil
	}
	if ptr && !f.IsExported() {
		return nil, false, errorf(path, ErrUnsupported, "embedded pointer to unexported struct")
	}
	return et, ptr, nil
}

// leave pops the type enter pushed.
func (b *builder) leave() { b.stack = b.stack[:len(b.stack)-1] }

// container describes a struct: a Container, or a ProgressiveContainer when
// its fields carry ssz-index tags or it is tagged progressive-container.
func (b *builder) container(t reflect.Type, path string, progressive bool) (*Type, error) {
	if err := b.enter(t, path); err != nil {
		return nil, err
	}
	defer b.leave()

	out := &Type{Kind: KindContainer, Go: t}
	var indexed []fieldTags
	if err := b.fields(t, path, nil, 0, true, out, &indexed); err != nil {
		return nil, err
	}
	if len(out.Fields) == 0 {
		return nil, errorf(path, ErrTag, "container %s has no fields", t)
	}
	if i, j, shared := sharedFieldName(out.Fields); shared {
		return nil, errorf(path, ErrUnsupported, "%s", sharedNameReason(out.Fields, i, j))
	}
	anyIndex := false
	for _, ft := range indexed {
		anyIndex = anyIndex || ft.hasIndex
	}
	if progressive || anyIndex {
		out.Kind = KindProgressiveContainer
		next := uint64(0)
		for i, ft := range indexed {
			if !ft.hasIndex {
				return nil, errorf(out.Fields[i].Path, ErrTag, "progressive container field needs ssz-index")
			}
			if ft.index < next {
				return nil, errorf(out.Fields[i].Path, ErrTag, "ssz-index %d not increasing", ft.index)
			}
			next = ft.index + 1
		}
		if next > 256 {
			return nil, errorf(path, ErrTag, "ssz-index beyond 255")
		}
		out.ActiveFields = make([]bool, next)
		for _, ft := range indexed {
			out.ActiveFields[ft.index] = true
		}
	}
	size, fixed, err := containerSizes(path, out.Fields)
	if err != nil {
		return nil, err
	}
	if fixed {
		out.Fixed, out.Size = true, size
	}
	return out, nil
}

// fields appends the SSZ fields of struct t (inlining embedded structs) to
// out.Fields and their tags to tags.
func (b *builder) fields(t reflect.Type, path string, index []int, offset uintptr, direct bool, out *Type, tags *[]fieldTags) error {
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		fpath := sszpath.Field(path, f.Name)
		ft, err := b.parseTags(f.Tag, fpath)
		if err != nil {
			return err
		}
		if ft.skip {
			continue
		}
		idx := append(append([]int(nil), index...), i)
		if ft.typeAt(0) == "" {
			et, ptr, err := embeddedStruct(f, fpath)
			if err != nil {
				return err
			}
			if et != nil {
				if key := ft.given(); key != "" {
					return errorf(fpath, ErrTag, "%s on an embedded struct, whose fields are inlined: nothing to describe (name the field to make it one)", key)
				}
				if err := b.enter(et, fpath); err != nil {
					return err
				}
				err := b.fields(et, path, idx, offset+f.Offset, direct && !ptr, out, tags)
				b.leave()
				if err != nil {
					return err
				}
				continue
			}
		}
		if !f.IsExported() {
			if key := ft.given(); f.Anonymous && key != "" {
				// An unexported embedded struct's fields are inlined
				// untagged; tagged, it, or a type that is not a struct,
				// would be one field, which unexported fields are not:
				// the tag asks for what would leave the root without a
				// word.
				return errorf(fpath, ErrTag, "%s on an unexported embedded field, which is left out (drop the tag to inline a struct's fields, or export it)", key)
			}
			continue
		}
		typ, err := b.build(f.Type, &ft, 0, fpath)
		if err != nil {
			return err
		}
		out.Fields = append(out.Fields, Field{
			Name:     f.Name,
			Path:     fpath,
			SpecName: specName(f.Tag),
			Index:    idx,
			Offset:   offset + f.Offset,
			Direct:   direct,
			Type:     typ,
		})
		*tags = append(*tags, ft)
	}
	return nil
}
