package ssz

import (
	"fmt"
	"reflect"

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
// union's option). A descriptor that breaks a rule TypeOf enforces
// where it builds one is refused the same way, the error wrapping that
// rule's sentinel as well: a size or vector length that does not fit an
// int (ErrOverflow), a Go struct type within itself (ErrRecursive). A
// field's index path must be one TypeOf builds (embedded structs
// crossed to an exported field), and a union's options those its
// options struct declares.
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
	w := describeWalk{done: map[*Type]goStructs{}, open: map[*Type]bool{}, openGo: map[reflect.Type]bool{}}
	_, err := w.check(t, root)
	return err
}

// describeWalk is one check of a descriptor tree: the descriptors found
// to describe their Go types (done: a descriptor shared by many fields
// or options is checked once, so a tree with exponentially many paths
// costs its size), those being checked further out (open: a descriptor
// that contains itself would make every walk over it loop), and the Go
// struct types of the containers, unions and embedded structs being
// checked further out (openGo: TypeOf refuses a Go type within itself,
// ErrRecursive, and so does the walk, which bounds a descriptor's depth
// by its Go type's nesting, and so the stack of every walk over it).
type describeWalk struct {
	done   map[*Type]goStructs
	open   map[*Type]bool
	openGo map[reflect.Type]bool
}

// goStructs is the set of Go struct types a descriptor's containers,
// unions and embedded structs have, itself included (nil: none): a
// descriptor found to describe its Go type is accepted again elsewhere
// only where none of them is open, as TypeOf would refuse it there.
type goStructs map[reflect.Type]struct{}

// add adds the types of o to s, made when nil, and returns s.
func (s goStructs) add(o goStructs) goStructs {
	if len(o) > 0 && s == nil {
		s = goStructs{}
	}
	for g := range o {
		s[g] = struct{}{}
	}
	return s
}

// refuse is the error of a part at path that does not describe its Go
// type.
func refuse(path, format string, args ...any) error {
	return errorf(path, ErrValue, format, args...)
}

// breaks is the error of a part that breaks a rule TypeOf enforces
// where it builds a descriptor (err, the *Error of that rule: a size
// that does not fit, ErrOverflow, or a Go type within itself,
// ErrRecursive): it wraps ErrValue, as every CheckDescriptor error
// does, and the rule's sentinel.
func breaks(err error) error {
	e, ok := err.(*Error)
	if !ok {
		return refuse("", "%w", err)
	}
	return &Error{Path: e.Path, Err: fmt.Errorf("%w: %w", ErrValue, e.Err)}
}

// check checks t, found at path, and its parts, and returns the Go
// struct types they have.
func (w *describeWalk) check(t *Type, path string) (goStructs, error) {
	if t == nil {
		return nil, refuse(path, "nil descriptor")
	}
	if structs, ok := w.done[t]; ok {
		for g := range structs {
			if w.openGo[g] {
				return nil, breaks(containsItself(path, g))
			}
		}
		return structs, nil
	}
	if w.open[t] {
		return nil, refuse(path, "descriptor %s contains itself", t.Kind)
	}
	if t.Go == nil {
		return nil, refuse(path, "descriptor of kind %s without a Go type", t.Kind)
	}
	w.open[t] = true
	structs, err := w.kind(t, path)
	delete(w.open, t)
	if err == nil {
		w.done[t] = structs
	}
	return structs, err
}

// enterGo marks the Go struct types gs open (a container's or union's,
// and the embedded structs a field's path crosses), refusing one already
// open further out, as TypeOf's builder does (builder.enter); leaveGo
// closes them again.
func (w *describeWalk) enterGo(path string, gs ...reflect.Type) error {
	for i, g := range gs {
		if w.openGo[g] {
			w.leaveGo(gs[:i]...)
			return breaks(containsItself(path, g))
		}
		w.openGo[g] = true
	}
	return nil
}

func (w *describeWalk) leaveGo(gs ...reflect.Type) {
	for _, g := range gs {
		delete(w.openGo, g)
	}
}

// kind checks t by its kind and returns the Go struct types of its
// parts.
func (w *describeWalk) kind(t *Type, path string) (goStructs, error) {
	g := t.Go
	notGo := func() error {
		return refuse(path, "descriptor of kind %s does not describe Go type %s", t.Kind, g)
	}
	switch t.Kind {
	case KindBool:
		if g.Kind() != reflect.Bool {
			return nil, notGo()
		}
		return nil, sizesAgree(t, path, true, 1)
	case KindUint8, KindUint16, KindUint32, KindUint64:
		want := [...]reflect.Kind{reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64}[t.Kind-KindUint8]
		if g.Kind() != want {
			return nil, notGo()
		}
		return nil, sizesAgree(t, path, true, uint64(g.Size()))
	case KindUint128, KindUint256:
		n := uint64(16)
		if t.Kind == KindUint256 {
			n = 32
		}
		bytes := g.Kind() == reflect.Array && g.Elem().Kind() == reflect.Uint8 && uint64(g.Len()) == n
		limbs := g.Kind() == reflect.Array && g.Elem().Kind() == reflect.Uint64 && uint64(g.Len()) == n/8
		if !bytes && !limbs && !(g == uint256PtrType && t.Kind == KindUint256) {
			return nil, notGo()
		}
		return nil, sizesAgree(t, path, true, n)
	case KindBitvector:
		if !byteSlice(g) && !(g.Kind() == reflect.Array && g.Elem().Kind() == reflect.Uint8 && uint64(g.Len()) == t.Size) {
			return nil, notGo()
		}
		if t.Length == 0 {
			return nil, refuse(path, "bitvector of no bits")
		}
		size := bitvectorBytesFor(t.Length)
		if err := fitsInt(path, "bitvector size", size); err != nil {
			return nil, breaks(err)
		}
		return nil, sizesAgree(t, path, true, size)
	case KindBitlist, KindProgressiveBitlist:
		if !byteSlice(g) {
			return nil, notGo()
		}
		return nil, sizesAgree(t, path, false, 0)
	case KindVector, KindList, KindProgressiveList:
		return w.sequence(t, path, notGo)
	case KindContainer, KindProgressiveContainer:
		return w.container(t, path, notGo)
	case KindUnion, KindCompatibleUnion:
		return w.union(t, path, notGo)
	}
	return nil, refuse(path, "descriptor of unknown kind %s", t.Kind)
}

// sizesAgree refuses t, at path, unless its Fixed and Size are those
// its parts make.
func sizesAgree(t *Type, path string, fixed bool, size uint64) error {
	if t.Fixed != fixed || t.Size != size {
		return refuse(path, "descriptor %s has Fixed %v and Size %d, its parts make Fixed %v and Size %d", t, t.Fixed, t.Size, fixed, size)
	}
	return nil
}

// byteSlice reports whether g is a slice of a byte kind.
func byteSlice(g reflect.Type) bool {
	return g.Kind() == reflect.Slice && g.Elem().Kind() == reflect.Uint8
}

// sequence checks a vector, list or progressive list. A vector's length
// and size obey the rules TypeOf's builder applies (fitsInt,
// vectorSize): the codec converts them to int.
func (w *describeWalk) sequence(t *Type, path string, notGo func() error) (goStructs, error) {
	g := t.Go
	switch {
	case t.Kind == KindVector && g.Kind() == reflect.Array:
		if uint64(g.Len()) != t.Length {
			return nil, refuse(path, "vector of %d elements in Go type %s", t.Length, g)
		}
	case g.Kind() != reflect.Slice:
		return nil, notGo()
	}
	if t.Kind == KindVector {
		if t.Length == 0 {
			return nil, refuse(path, "vector of length 0")
		}
		if err := fitsInt(path, "vector length", t.Length); err != nil {
			return nil, breaks(err)
		}
	}
	elemPath := path + "[]"
	structs, err := w.check(t.Elem, elemPath)
	if err != nil {
		return nil, err
	}
	if g.Elem() != t.Elem.Go {
		return nil, refuse(elemPath, "element descriptor of %s in Go type %s", t.Elem.Go, g)
	}
	if t.Kind != KindVector || !t.Elem.Fixed {
		return structs, sizesAgree(t, path, false, 0)
	}
	size, err := vectorSize(path, t.Length, t.Elem.Size)
	if err != nil {
		return nil, breaks(err)
	}
	return structs, sizesAgree(t, path, true, size)
}

// container checks a container or progressive container and its fields:
// each field's index path is one TypeOf builds (fieldPlace), no Go
// struct type is within itself, and its sizes obey TypeOf's rules
// (containerSizes).
func (w *describeWalk) container(t *Type, path string, notGo func() error) (goStructs, error) {
	st := t.Go
	if st.Kind() == reflect.Pointer {
		st = st.Elem()
	}
	if st.Kind() != reflect.Struct {
		return nil, notGo()
	}
	if len(t.Fields) == 0 {
		return nil, refuse(path, "container without fields")
	}
	if i, j, shared := sharedFieldName(t.Fields); shared {
		return nil, refuse(path, "%s", sharedNameReason(t.Fields, i, j))
	}
	if i, j, shared := sharedFieldMemory(t.Fields); shared {
		return nil, refuse(path, "fields %s and %s reach the same Go memory (indices %v and %v): decoding would write it twice, and encoding write one value for both", t.Fields[i].Name, t.Fields[j].Name, t.Fields[i].Index, t.Fields[j].Index)
	}
	if err := w.enterGo(path, st); err != nil {
		return nil, err
	}
	defer w.leaveGo(st)
	structs := goStructs{st: {}}
	for i := range t.Fields {
		f := &t.Fields[i]
		fpath := sszpath.Field(path, f.Name)
		_, _, ft, via, ok := fieldPlace(st, f.Index)
		if !ok {
			return nil, refuse(fpath, "index %v names no field TypeOf describes in %s (an exported field, reached only through embedded structs)", f.Index, st)
		}
		if err := w.enterGo(fpath, via...); err != nil {
			return nil, err
		}
		fs, err := w.check(f.Type, fpath)
		w.leaveGo(via...)
		if err != nil {
			return nil, err
		}
		if ft != f.Type.Go {
			return nil, refuse(fpath, "field of Go type %s described as one of %s", ft, f.Type.Go)
		}
		structs = structs.add(fs)
		for _, g := range via {
			structs[g] = struct{}{}
		}
	}
	size, fixed, err := containerSizes(path, t.Fields)
	if err != nil {
		return nil, breaks(err)
	}
	if !fixed {
		size = 0
	}
	if err := sizesAgree(t, path, fixed, size); err != nil {
		return nil, err
	}
	if t.Kind == KindContainer {
		return structs, nil
	}
	active := 0
	for _, a := range t.ActiveFields {
		if a {
			active++
		}
	}
	if n := len(t.ActiveFields); n > 256 || active != len(t.Fields) || !t.ActiveFields[n-1] {
		return nil, refuse(path, "active fields (%d of %d positions) that do not place its %d fields", active, n, len(t.Fields))
	}
	return structs, nil
}

// union checks a union or compatible union and its options: each the
// option TypeOf builds from the options struct (optionTypes), of its Go
// type.
func (w *describeWalk) union(t *Type, path string, notGo func() error) (goStructs, error) {
	st := t.Go
	if st.Kind() == reflect.Pointer {
		st = st.Elem()
	}
	if st.Kind() != reflect.Struct || st.NumField() != 2 || !st.Field(0).IsExported() || !st.Field(1).IsExported() ||
		st.Field(0).Type.Kind() != reflect.Uint8 || st.Field(1).Type.Kind() != reflect.Interface || st.Field(1).Type.NumMethod() != 0 {
		return nil, notGo()
	}
	want, ok := optionTypes(t.Kind, st)
	if !ok {
		return nil, notGo()
	}
	n, step := len(t.Options), "Value"
	if t.Kind == KindCompatibleUnion {
		step = "Data"
	}
	if n != len(want) {
		return nil, refuse(path, "%d options where %s declares %d", n, st, len(want))
	}
	if err := w.enterGo(path, st); err != nil {
		return nil, err
	}
	defer w.leaveGo(st)
	opath := sszpath.Field(path, step)
	structs := goStructs{st: {}}
	for i, o := range t.Options {
		if want[i] == nil {
			if o != nil {
				return nil, refuse(opath, "selector %d has an option, %s declares none", i, st)
			}
			continue // not an option, or None
		}
		os, err := w.check(o, opath)
		if err != nil {
			return nil, err
		}
		if o.Go != want[i] {
			return nil, refuse(opath, "option %d described as a %s, %s declares a %s", i, o.Go, st, want[i])
		}
		structs = structs.add(os)
	}
	return structs, sizesAgree(t, path, false, 0)
}

// optionTypes returns the Go types of the options TypeOf builds for the
// union or compatible union Go type st, by selector (nil: None, or no
// option), or false when st is no union of that kind or declares its
// options in a way TypeOf refuses.
func optionTypes(kind Kind, st reflect.Type) ([]reflect.Type, bool) {
	if kind == KindUnion {
		if !isUnion(st) {
			return nil, false
		}
		desc := reflect.Zero(st).Interface().(unionOptionsType).unionOptions()
		if desc.Kind() != reflect.Struct || desc.NumField() == 0 || desc.NumField() > maxUnionOptions {
			return nil, false
		}
		out := make([]reflect.Type, desc.NumField())
		for i := range out {
			if f := desc.Field(i); f.Type != noneType {
				out[i] = f.Type
			} else if i != 0 {
				return nil, false
			}
		}
		return out, len(out) > 1 || out[0] != nil
	}
	if !isCompatibleUnion(st) {
		return nil, false
	}
	desc := reflect.New(st).Interface().(descriptorTyper).GetDescriptorType()
	if desc == nil || desc.Kind() != reflect.Struct || desc.NumField() == 0 {
		return nil, false
	}
	var out []reflect.Type
	for i := 0; i < desc.NumField(); i++ {
		f := desc.Field(i)
		sel, indexed, err := indexTag(f.Tag, "")
		if err != nil {
			return nil, false
		}
		if !indexed {
			sel = uint64(i + 1)
		}
		if sel == 0 || sel > maxCompatibleSelector || sel < uint64(len(out)) && out[sel] != nil {
			return nil, false
		}
		for uint64(len(out)) <= sel {
			out = append(out, nil)
		}
		out[sel] = f.Type
	}
	return out, true
}
