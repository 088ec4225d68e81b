package ssz

import "reflect"

// Union is an SSZ Union value. T is a struct type that only describes the
// options: its fields, in order, are the options for selectors 0, 1, 2, …
// with their ssz tags (so options can be lists, bitlists and so on). A
// field of type None, allowed only first, is the None option.
//
// Selector picks the option and Value holds a value of exactly that
// field's Go type (nil for None). Unmarshal fills Value with a value (not a
// pointer) of the option's type.
//
//	type Shape = ssz.Union[struct {
//		Nothing ssz.None
//		Small   uint16
//		Big     []uint64 `ssz-max:"8"`
//	}]
type Union[T any] struct {
	Selector uint8
	Value    any
}

// None is the Go type of the None option of a Union.
type None struct{}

// unionOptionsType is implemented by Union instances and, through the
// promoted method, by every struct that embeds one; isUnion tells the
// two apart.
type unionOptionsType interface {
	unionOptions() reflect.Type
}

func (Union[T]) unionOptions() reflect.Type { return reflect.TypeFor[T]() }

// isUnion reports whether t is an instance of Union itself. A struct
// that embeds one has its method too, but is a container whose field is
// the union: read as the union, its own fields would be left out of its
// root (and the promoted method of an embedded nil pointer would panic).
// Only ssz declares the method, and a struct whose two fields are
// Selector and Value embeds nothing, so it declares the method itself.
func isUnion(t reflect.Type) bool {
	if t.Kind() != reflect.Struct || t.NumField() != 2 || !t.Implements(unionIface) {
		return false
	}
	s, v := t.Field(0), t.Field(1)
	return s.Name == "Selector" && !s.Anonymous && v.Name == "Value" && !v.Anonymous
}

var (
	unionIface = reflect.TypeFor[unionOptionsType]()
	noneType   = reflect.TypeFor[None]()
)

// maxUnionOptions is the number of selectors the spec allows.
const maxUnionOptions = 128
