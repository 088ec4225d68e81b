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

// unionOptionsType is implemented only by Union instances; it hands the
// descriptor struct to TypeOf.
type unionOptionsType interface {
	unionOptions() reflect.Type
}

func (Union[T]) unionOptions() reflect.Type { return reflect.TypeFor[T]() }

var (
	unionIface = reflect.TypeFor[unionOptionsType]()
	noneType   = reflect.TypeFor[None]()
)

// maxUnionOptions is the number of selectors the spec allows.
const maxUnionOptions = 128
