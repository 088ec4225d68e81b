package ssz

import (
	"reflect"
	"strings"

	"github.com/lanehash/lanehash/internal/sszpath"
)

// CompatibleUnion is an EIP-8016 CompatibleUnion value: a one-byte
// selector (1 … 127) followed by the value of the option it selects.
// There is no None option and no default value: the zero CompatibleUnion
// (Variant 0) is not a valid value.
//
// T is a struct type that only describes the options. Its fields, in
// order, are the options for selectors 1, 2, 3, …; give every field an
// ssz-index tag to choose the selectors yourself (1 … 127, each once).
// Field tags apply to the option as to a container field, so an option
// can be a list, a bitlist or a progressive container.
//
// Variant is the selector and Data holds a value of exactly that option's
// Go type (a value, not a pointer to it, unless the option's field is a
// pointer). Unmarshal fills Data with a value of the option's type.
//
// The layout and the field names are those of dynamic-ssz's
// dynssz.CompatibleUnion, so types declared with it (as go-eth2-client's
// are) describe the same SSZ type here without a change:
//
//	type Shape = ssz.CompatibleUnion[struct {
//		Square Square `ssz-index:"1"`
//		Circle Circle `ssz-index:"3"`
//	}]
//
// The root is H(hash_tree_root(Data), Variant as a 32-byte little-endian
// chunk). EIP-8016 also asks that the options be compatible types (one
// shared layout of fields); that is a rule for designing the type, and it
// is not checked here.
type CompatibleUnion[T any] struct {
	Variant uint8
	Data    any
}

// GetDescriptorType returns the descriptor struct T, as dynamic-ssz's
// method of the same name does; TypeOf recognizes a compatible union by
// it.
func (*CompatibleUnion[T]) GetDescriptorType() reflect.Type { return reflect.TypeFor[T]() }

// descriptorTyper is implemented by the pointer types of CompatibleUnion
// and of dynamic-ssz's generic wrappers.
type descriptorTyper interface {
	GetDescriptorType() reflect.Type
}

var descriptorTyperIface = reflect.TypeFor[descriptorTyper]()

// isCompatibleUnion reports whether t is a CompatibleUnion: a generic
// struct named CompatibleUnion[…] with the fields Variant uint8 and
// Data any, whose pointer has GetDescriptorType. This accepts this
// package's type and dynamic-ssz's alike.
func isCompatibleUnion(t reflect.Type) bool {
	if t.Kind() != reflect.Struct || !strings.HasPrefix(t.Name(), "CompatibleUnion[") ||
		!reflect.PointerTo(t).Implements(descriptorTyperIface) || t.NumField() != 2 {
		return false
	}
	v, d := t.Field(0), t.Field(1)
	return v.Name == "Variant" && v.Type.Kind() == reflect.Uint8 &&
		d.Name == "Data" && d.Type.Kind() == reflect.Interface && d.Type.NumMethod() == 0
}

// isTypeWrapper reports whether t is shaped as dynamic-ssz's
// TypeWrapper[D, T]: a generic struct of that name whose one field Data
// is described by the tags of D's one field, which D's pointer hands
// out through GetDescriptorType. Read as a struct, it would be a
// container of one field: the same root as Data's, but its Data's
// tags unread and its serialization four bytes longer when Data is of
// variable size. It is not supported.
func isTypeWrapper(t reflect.Type) bool {
	return t.Kind() == reflect.Struct && strings.HasPrefix(t.Name(), "TypeWrapper[") &&
		t.NumField() == 1 && t.Field(0).Name == "Data" &&
		reflect.PointerTo(t).Implements(descriptorTyperIface)
}

// maxCompatibleSelector is the largest selector EIP-8016 allows.
const maxCompatibleSelector = 127

// compatibleUnion describes a CompatibleUnion from its descriptor struct.
// Options is indexed by selector; selectors that are not options, 0
// among them, have nil entries.
func (b *builder) compatibleUnion(t reflect.Type, path string) (*Type, error) {
	if err := b.enter(t, path); err != nil {
		return nil, err
	}
	defer b.leave()
	desc := reflect.New(t).Interface().(descriptorTyper).GetDescriptorType()
	if desc == nil || desc.Kind() != reflect.Struct || desc.NumField() == 0 {
		return nil, errorf(path, ErrTag, "compatible union options must be a struct type with fields, not %s", desc)
	}
	out := &Type{Kind: KindCompatibleUnion, Go: t}
	indexed := 0
	for i := 0; i < desc.NumField(); i++ {
		f := desc.Field(i)
		fpath := sszpath.Field(path, f.Name)
		ft, err := b.parseTags(f.Tag, fpath)
		if err != nil {
			return nil, err
		}
		if ft.skip {
			return nil, errorf(fpath, ErrTag, "compatible union options take no ssz:\"-\"")
		}
		sel := uint64(i + 1)
		if ft.hasIndex {
			indexed++
			sel = ft.index
		}
		if sel == 0 || sel > maxCompatibleSelector {
			return nil, errorf(fpath, ErrTag, "selector %d outside 1…%d", sel, maxCompatibleSelector)
		}
		if sel < uint64(len(out.Options)) && out.Options[sel] != nil {
			return nil, errorf(fpath, ErrTag, "selector %d used twice", sel)
		}
		ot, err := b.build(f.Type, &ft, 0, fpath)
		if err != nil {
			return nil, err
		}
		for uint64(len(out.Options)) <= sel {
			out.Options = append(out.Options, nil)
		}
		out.Options[sel] = ot
	}
	if indexed != 0 && indexed != desc.NumField() {
		return nil, errorf(path, ErrTag, "either every compatible union option has an ssz-index or none has")
	}
	return out, nil
}

// compatibleUnionValue returns the selector and option value of a
// CompatibleUnion, checking that they agree with the descriptor.
func compatibleUnionValue(t *Type, v reflect.Value, path string) (uint8, reflect.Value, error) {
	sel := uint8(v.Field(0).Uint())
	val := v.Field(1)
	if int(sel) >= len(t.Options) || t.Options[sel] == nil {
		return 0, val, errorf(path, ErrUnion, "selector %d is not an option", sel)
	}
	opt := t.Options[sel]
	if val.IsNil() {
		return 0, val, errorf(path, ErrUnion, "selector %d with nil data", sel)
	}
	val = val.Elem()
	if val.Type() != opt.Go {
		return 0, val, errorf(path, ErrUnion, "selector %d wants %s, data is %s", sel, opt.Go, val.Type())
	}
	// The option boxed in the interface is not addressable: a copy is,
	// so its bools are read byte by byte (boolByte).
	return sel, addressable(val), nil
}

// decodeCompatibleUnion decodes a selector byte and the selected option's
// bytes; empty input, a selector that is not an option and option bytes
// that do not decode as the option are errors.
func decodeCompatibleUnion(t *Type, b []byte, v reflect.Value, path string) error {
	if len(b) == 0 {
		return errorf(path, ErrUnion, "no selector byte")
	}
	sel := b[0]
	if int(sel) >= len(t.Options) || t.Options[sel] == nil {
		return errorf(path, ErrUnion, "selector %d is not an option", sel)
	}
	opt := t.Options[sel]
	val := reflect.New(opt.Go).Elem()
	if err := decodeValue(opt, b[1:], val, sszpath.Field(path, "Data")); err != nil {
		return err
	}
	v.Field(0).SetUint(uint64(sel))
	v.Field(1).Set(val)
	return nil
}
