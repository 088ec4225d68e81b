package hostile

import "github.com/lanehash/lanehash/ssz"

// The wrappers reach a T through one composite kind each. The generated
// recursive types (recursive_gen.go) chain one or two of them back to
// themselves, so every kind, and every pair of kinds, is a way a type can
// contain itself that TypeOf must reject with ssz.ErrRecursive.

// ViaPtr holds T behind a pointer.
type ViaPtr[T any] struct{ X *T }

// ViaList holds T as a list element.
type ViaList[T any] struct {
	X []T `ssz-max:"4"`
}

// ViaVector holds T as a vector element.
type ViaVector[T any] struct {
	X []T `ssz-size:"2"`
}

// ViaArray holds T as a Go array element (by value).
type ViaArray[T any] struct{ X [2]T }

// ViaField holds T as a container field (by value).
type ViaField[T any] struct{ X T }

// ViaProgList holds T as a progressive list element.
type ViaProgList[T any] struct {
	X []T `ssz-type:"progressive-list"`
}

// ViaProgContainer holds T in a progressive container.
type ViaProgContainer[T any] struct {
	X *T `ssz-index:"0"`
}

// UnionOf is the options of a union whose one non-None option is T.
type UnionOf[T any] struct {
	None ssz.None
	V    T
}

// ViaUnion holds T as a union option.
type ViaUnion[T any] struct{ X ssz.Union[UnionOf[T]] }

// ViaUnionPtr holds T as an option of a union behind a pointer.
type ViaUnionPtr[T any] struct{ X *ssz.Union[UnionOf[T]] }

// ViaUnionList holds T as an option of unions in a list.
type ViaUnionList[T any] struct {
	X []ssz.Union[UnionOf[T]] `ssz-max:"4"`
}

// wrapperNames lists the wrappers for the generator; byValue marks those
// that hold T by value, which Go only accepts in a cycle that also passes
// through an indirect one.
var wrapperNames = []struct {
	name    string
	byValue bool
}{
	{"Ptr", false}, {"List", false}, {"Vector", false}, {"Array", true}, {"Field", true},
	{"ProgList", false}, {"ProgContainer", false}, {"Union", false}, {"UnionPtr", false}, {"UnionList", false},
}

// RecOptsDirectPtr is a union's options struct holding a pointer to that
// union.
type RecOptsDirectPtr struct {
	None ssz.None
	U    *ssz.Union[RecOptsDirectPtr]
}

// RecOptsDirectList is a union's options struct holding a list of that
// union.
type RecOptsDirectList struct {
	None ssz.None
	U    []ssz.Union[RecOptsDirectList] `ssz-max:"4"`
}

// RecOptsDirect is a union's options struct holding that union.
type RecOptsDirect struct {
	None ssz.None
	U    ssz.Union[RecOptsDirect]
}

// RecCompatPtr is a compatible union's options struct holding a pointer
// to that union.
type RecCompatPtr struct {
	A uint8
	U *ssz.CompatibleUnion[RecCompatPtr]
}

// RecCompatList is a compatible union's options struct holding a list of
// that union.
type RecCompatList struct {
	A uint8
	U []ssz.CompatibleUnion[RecCompatList] `ssz-max:"4"`
}
