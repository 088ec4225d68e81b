package ssz

import (
	"reflect"

	"github.com/lanehash/lanehash/internal/checked"
	"github.com/lanehash/lanehash/internal/sszpath"
)

// CheckDescriptor returns nil when t describes its Go type t.Go as TypeOf
// would describe it (up to the lengths and limits its tags choose): every
// kind fits its Go type (a Uint8 a Go uint8, a Container a struct or a
// pointer to one, a Vector an array of exactly Length elements or a
// slice), every element, field and option descriptor is present and
// describes its own Go type, and the sizes, lengths and fixedness agree
// with one another. Otherwise it returns an *Error wrapping ErrValue
// whose Path names the first part, in field order, that does not
// (descriptor paths use "[]" for any element, ".Value" or ".Data" for a
// union's option).
//
// Only a descriptor made by hand can fail: TypeOf's always pass. Every
// entry point that takes a descriptor (HashTreeRootValue, MarshalValue,
// MarshalAppendValue, SizeValue, UnmarshalValue, sszjson's MarshalValue
// and UnmarshalValue, diff's Serialized) refuses one that fails with
// this error before it reads or writes a value, and MinSize answers the
// largest uint64 for it. The verdict is computed
// once per descriptor and kept with its compiled codec form, so a
// descriptor must not be changed after its first use (descriptors are
// immutable).
func CheckDescriptor(t *Type) error {
	_, err := checkedType(t)
	return err
}

// checkedType returns the compiled form of t, or CheckDescriptor's
// error when t does not describe its Go type: the first step of every
// entry point that takes a descriptor. For a descriptor that does, it
// costs a load from the compiled forms' memo.
func checkedType(t *Type) (*decType, error) {
	if t == nil {
		return nil, errorf("", ErrValue, "nil descriptor")
	}
	n := compiledType(t)
	return n, n.refused
}

// describes is the check behind CheckDescriptor, run once per
// descriptor where its compiled form is built (compiledType).
func describes(t *Type) error {
	root := ""
	if t.Go != nil {
		root = rootPath(t)
	}
	w := describeWalk{ok: map[*Type]bool{}, open: map[*Type]bool{}}
	return w.check(t, root)
}

// describeWalk is one check of a descriptor tree: the descriptors found
// to describe their Go types (ok: a descriptor shared by many fields or
// options is checked once, so a tree with exponentially many paths
// costs its size) and those being checked further out (open: a
// descriptor that contains itself would make every walk over it loop).
type describeWalk struct {
	ok, open map[*Type]bool
}

// refuse is the error of a part at path that does not describe its Go
// type.
func refuse(path, format string, args ...any) error {
	return errorf(path, ErrValue, format, args...)
}

// check checks t, found at path, and its parts.
func (w *describeWalk) check(t *Type, path string) error {
	if t == nil {
		return refuse(path, "nil descriptor")
	}
	if w.ok[t] {
		return nil
	}
	if w.open[t] {
		return refuse(path, "descriptor %s contains itself", t.Kind)
	}
	if t.Go == nil {
		return refuse(path, "descriptor of kind %s without a Go type", t.Kind)
	}
	w.open[t] = true
	err := w.kind(t, path)
	delete(w.open, t)
	if err == nil {
		w.ok[t] = true
	}
	return err
}

// kind checks t by its kind.
func (w *describeWalk) kind(t *Type, path string) error {
	g := t.Go
	notGo := func() error {
		return refuse(path, "descriptor of kind %s does not describe Go type %s", t.Kind, g)
	}
	sizes := func(fixed bool, size uint64) error {
		if t.Fixed != fixed || t.Size != size {
			return refuse(path, "descriptor %s has Fixed %v and Size %d, its parts make Fixed %v and Size %d", t, t.Fixed, t.Size, fixed, size)
		}
		return nil
	}
	switch t.Kind {
	case KindBool:
		if g.Kind() != reflect.Bool {
			return notGo()
		}
		return sizes(true, 1)
	case KindUint8, KindUint16, KindUint32, KindUint64:
		want := [...]reflect.Kind{reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64}[t.Kind-KindUint8]
		if g.Kind() != want {
			return notGo()
		}
		return sizes(true, uint64(g.Size()))
	case KindUint128, KindUint256:
		n := uint64(16)
		if t.Kind == KindUint256 {
			n = 32
		}
		bytes := g.Kind() == reflect.Array && g.Elem().Kind() == reflect.Uint8 && uint64(g.Len()) == n
		limbs := g.Kind() == reflect.Array && g.Elem().Kind() == reflect.Uint64 && uint64(g.Len()) == n/8
		if !bytes && !limbs && !(g == uint256PtrType && t.Kind == KindUint256) {
			return notGo()
		}
		return sizes(true, n)
	case KindBitvector:
		if !byteSlice(g) && !(g.Kind() == reflect.Array && g.Elem().Kind() == reflect.Uint8 && uint64(g.Len()) == t.Size) {
			return notGo()
		}
		if t.Length == 0 {
			return refuse(path, "bitvector of no bits")
		}
		return sizes(true, bitvectorBytesFor(t.Length))
	case KindBitlist, KindProgressiveBitlist:
		if !byteSlice(g) {
			return notGo()
		}
		return sizes(false, 0)
	case KindVector, KindList, KindProgressiveList:
		return w.sequence(t, path, notGo, sizes)
	case KindContainer, KindProgressiveContainer:
		return w.container(t, path, notGo, sizes)
	case KindUnion, KindCompatibleUnion:
		return w.union(t, path, notGo, sizes)
	}
	return refuse(path, "descriptor of unknown kind %s", t.Kind)
}

// byteSlice reports whether g is a slice of a byte kind.
func byteSlice(g reflect.Type) bool {
	return g.Kind() == reflect.Slice && g.Elem().Kind() == reflect.Uint8
}

// sequence checks a vector, list or progressive list.
func (w *describeWalk) sequence(t *Type, path string, notGo func() error, sizes func(bool, uint64) error) error {
	g := t.Go
	switch {
	case t.Kind == KindVector && g.Kind() == reflect.Array:
		if uint64(g.Len()) != t.Length {
			return refuse(path, "vector of %d elements in Go type %s", t.Length, g)
		}
	case g.Kind() != reflect.Slice:
		return notGo()
	}
	if t.Kind == KindVector && t.Length == 0 {
		return refuse(path, "vector of length 0")
	}
	elemPath := path + "[]"
	if err := w.check(t.Elem, elemPath); err != nil {
		return err
	}
	if g.Elem() != t.Elem.Go {
		return refuse(elemPath, "element descriptor of %s in Go type %s", t.Elem.Go, g)
	}
	if t.Kind != KindVector || !t.Elem.Fixed {
		return sizes(false, 0)
	}
	size, ok := checked.Mul(t.Length, t.Elem.Size)
	if !ok {
		return refuse(path, "vector of %d elements of %d bytes passes 2^64 bytes", t.Length, t.Elem.Size)
	}
	return sizes(true, size)
}

// container checks a container or progressive container and its fields.
func (w *describeWalk) container(t *Type, path string, notGo func() error, sizes func(bool, uint64) error) error {
	st := t.Go
	if st.Kind() == reflect.Pointer {
		st = st.Elem()
	}
	if st.Kind() != reflect.Struct {
		return notGo()
	}
	if len(t.Fields) == 0 {
		return refuse(path, "container without fields")
	}
	if i, j, shared := sharedFieldName(t.Fields); shared {
		return refuse(path, "%s", sharedNameReason(t.Fields, i, j))
	}
	var size uint64
	fixed, fits := true, true
	for i := range t.Fields {
		f := &t.Fields[i]
		fpath := sszpath.Field(path, f.Name)
		_, _, ft, ok := fieldPlace(st, f.Index)
		if !ok {
			return refuse(fpath, "index %v names no exported field of %s", f.Index, st)
		}
		if err := w.check(f.Type, fpath); err != nil {
			return err
		}
		if ft != f.Type.Go {
			return refuse(fpath, "field of Go type %s described as one of %s", ft, f.Type.Go)
		}
		fixed = fixed && f.Type.Fixed
		size, ok = checked.Add(size, f.Type.Size)
		fits = fits && ok
	}
	if fixed && !fits {
		return refuse(path, "container's field sizes pass 2^64 bytes")
	}
	if !fixed {
		size = 0
	}
	if err := sizes(fixed, size); err != nil {
		return err
	}
	if t.Kind == KindContainer {
		return nil
	}
	active := 0
	for _, a := range t.ActiveFields {
		if a {
			active++
		}
	}
	if n := len(t.ActiveFields); n > 256 || active != len(t.Fields) || !t.ActiveFields[n-1] {
		return refuse(path, "active fields (%d of %d positions) that do not place its %d fields", active, n, len(t.Fields))
	}
	return nil
}

// union checks a union or compatible union and its options.
func (w *describeWalk) union(t *Type, path string, notGo func() error, sizes func(bool, uint64) error) error {
	st := t.Go
	if st.Kind() == reflect.Pointer {
		st = st.Elem()
	}
	if st.Kind() != reflect.Struct || st.NumField() != 2 || !st.Field(0).IsExported() || !st.Field(1).IsExported() ||
		st.Field(0).Type.Kind() != reflect.Uint8 || st.Field(1).Type.Kind() != reflect.Interface || st.Field(1).Type.NumMethod() != 0 {
		return notGo()
	}
	n, step := len(t.Options), "Value"
	if t.Kind == KindCompatibleUnion {
		step = "Data"
		if n == 0 || n > maxCompatibleSelector+1 || t.Options[0] != nil {
			return refuse(path, "compatible union of %d selectors, selector 0 an option: %v", n, n > 0 && t.Options[0] != nil)
		}
	} else if n == 0 || n > maxUnionOptions || n == 1 && t.Options[0] == nil {
		return refuse(path, "union of %d options", n)
	}
	opath := sszpath.Field(path, step)
	some := false
	for i, o := range t.Options {
		if o == nil && (t.Kind == KindCompatibleUnion || i == 0) {
			continue // not an option, or None
		}
		if err := w.check(o, opath); err != nil {
			return err
		}
		some = true
	}
	if !some {
		return refuse(path, "compatible union without an option")
	}
	return sizes(false, 0)
}
