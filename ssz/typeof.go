package ssz

import (
	"fmt"
	"math/bits"
	"reflect"
	"strings"
	"sync"

	"github.com/holiman/uint256"
)

var (
	uint256Type    = reflect.TypeFor[uint256.Int]()
	uint256PtrType = reflect.TypeFor[*uint256.Int]()
)

// TypeOf returns the SSZ descriptor of t, which may be a type or a pointer
// to a struct type. Descriptors are cached per type and spec values, so
// repeated calls are cheap.
func TypeOf(t reflect.Type, opts ...Option) (*Type, error) {
	return typeOf(t, "", false, opts)
}

// TypeFor returns the SSZ descriptor of T; see TypeOf.
func TypeFor[T any](opts ...Option) (*Type, error) {
	return TypeOf(reflect.TypeFor[T](), opts...)
}

// TypeOfTagged returns the descriptor of t as if t were a struct field
// carrying tag. It is how top-level lists, bitlists and sized slices are
// described, for example TypeOfTagged(reflect.TypeFor[[]uint64](),
// `ssz-max:"1024"`).
func TypeOfTagged(t reflect.Type, tag reflect.StructTag, opts ...Option) (*Type, error) {
	return typeOf(t, tag, true, opts)
}

type cacheKey struct {
	t      reflect.Type
	tag    reflect.StructTag
	tagged bool
}

// cached is one descriptor built for a type, with the spec values (and
// absences) it depended on.
type cached struct {
	deps map[string]specDep
	typ  *Type
}

type specDep struct {
	v     uint64
	found bool
}

var typeCache sync.Map // cacheKey → *cacheEntry

type cacheEntry struct {
	mu   sync.Mutex
	list []cached
}

func (c cached) matches(spec SpecValues) bool {
	for name, d := range c.deps {
		v, ok := spec[name]
		if ok != d.found || v != d.v {
			return false
		}
	}
	return true
}

func typeOf(t reflect.Type, tag reflect.StructTag, tagged bool, opts []Option) (*Type, error) {
	if t == nil {
		return nil, errorf("", ErrUnsupported, "nil type")
	}
	o := buildOptions(opts)
	key := cacheKey{t, tag, tagged}
	e, _ := typeCache.LoadOrStore(key, &cacheEntry{})
	entry := e.(*cacheEntry)
	entry.mu.Lock()
	for _, c := range entry.list {
		if c.matches(o.spec) {
			entry.mu.Unlock()
			return c.typ, nil
		}
	}
	entry.mu.Unlock()

	b := &builder{spec: o.spec, deps: map[string]specDep{}}
	typ, err := b.top(t, tag)
	if err != nil {
		return nil, err
	}
	entry.mu.Lock()
	entry.list = append(entry.list, cached{deps: b.deps, typ: typ})
	entry.mu.Unlock()
	return typ, nil
}

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

func (b *builder) top(t reflect.Type, tag reflect.StructTag) (*Type, error) {
	path := t.Name()
	if t.Kind() == reflect.Pointer && t.Elem().Name() != "" {
		path = t.Elem().Name()
	}
	if path == "" {
		path = t.String()
	}
	ft, err := b.parseTags(tag, path)
	if err != nil {
		return nil, err
	}
	if ft.skip {
		return nil, errorf(path, ErrTag, "top-level type tagged as skipped")
	}
	return b.build(t, &ft, 0, path)
}

// build describes t at one nesting level of a field's tags.
func (b *builder) build(t reflect.Type, ft *fieldTags, level int, path string) (*Type, error) {
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
	if t.Implements(unionIface) {
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
		kinds := map[int]Kind{8: KindUint8, 16: KindUint16, 32: KindUint32, 64: KindUint64}
		return &Type{Kind: kinds[n], Go: t, Fixed: true, Size: uint64(n / 8)}, nil
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
		return b.container(t, path, typ == "progressive-container")
	}
	return nil, errorf(path, ErrUnsupported, "Go type %s", t)
}

// isBitfieldType reports whether t is a go-bitfield type with the given
// name prefix ("Bitlist" or "Bitvector").
func isBitfieldType(t reflect.Type, prefix string) bool {
	return strings.HasSuffix(t.PkgPath(), "go-bitfield") && strings.HasPrefix(t.Name(), prefix)
}

// bitfieldBits returns N of a go-bitfield BitvectorN type, or 0.
func bitfieldBits(t reflect.Type) uint64 {
	var n uint64
	if _, err := fmt.Sscanf(t.Name(), "Bitvector%d", &n); err != nil {
		return 0
	}
	return n
}

func (b *builder) array(t reflect.Type, ft *fieldTags, level int, path, typ string, size, maxd, bitsize dim) (*Type, error) {
	n := uint64(t.Len())
	elem := t.Elem().Kind()
	if maxd.set {
		return nil, errorf(path, ErrTag, "ssz-max on array %s", t)
	}
	if size.set && size.v != n && typ != "bitvector" {
		return nil, errorf(path, ErrTag, "ssz-size %d does not match array length %d", size.v, n)
	}
	switch typ {
	case "uint128", "uint256":
		want := uint64(16)
		if typ == "uint256" {
			want = 32
		}
		if !(elem == reflect.Uint8 && n == want || elem == reflect.Uint64 && n == want/8) || bitsize.set {
			return nil, errorf(path, ErrTag, "ssz-type %s needs [%d]byte or [%d]uint64, not %s", typ, want, want/8, t)
		}
		kind := KindUint128
		if typ == "uint256" {
			kind = KindUint256
		}
		return &Type{Kind: kind, Go: t, Fixed: true, Size: want}, nil
	case "bitvector":
		return bitvector(t, path, n, bitsize)
	case "", "vector":
		if elem == reflect.Uint8 && (bitsize.set || isBitfieldType(t, "Bitvector")) {
			return bitvector(t, path, n, bitsize)
		}
		if bitsize.set {
			return nil, errorf(path, ErrTag, "ssz-bitsize on %s", t)
		}
		return b.vector(t, ft, level, path, n)
	}
	return nil, errorf(path, ErrTag, "ssz-type %q does not fit Go type %s", typ, t)
}

func (b *builder) slice(t reflect.Type, ft *fieldTags, level int, path, typ string, size, maxd, bitsize dim) (*Type, error) {
	byteElem := t.Elem().Kind() == reflect.Uint8
	if typ == "" && level == 0 && ft.bitlist {
		typ = "bitlist"
	}
	if typ == "" && byteElem && isBitfieldType(t, "Bitlist") {
		typ = "bitlist"
	}
	if typ == "" && byteElem && (bitsize.set || isBitfieldType(t, "Bitvector")) {
		typ = "bitvector"
	}
	switch typ {
	case "bitlist":
		if !byteElem || size.set || bitsize.set {
			return nil, errorf(path, ErrTag, "bitlist must be a []byte with only ssz-max, not %s", t)
		}
		if !maxd.set {
			return nil, errorf(path, ErrTag, "bitlist needs ssz-max (its bit limit)")
		}
		return &Type{Kind: KindBitlist, Go: t, Limit: maxd.v}, nil
	case "progressive-bitlist":
		if !byteElem || size.set || maxd.set || bitsize.set {
			return nil, errorf(path, ErrTag, "progressive bitlist must be an untagged []byte, not %s", t)
		}
		return &Type{Kind: KindProgressiveBitlist, Go: t}, nil
	case "bitvector":
		if !byteElem || maxd.set {
			return nil, errorf(path, ErrTag, "bitvector must be a []byte with ssz-size, not %s", t)
		}
		if !size.set {
			if !bitsize.set {
				return nil, errorf(path, ErrTag, "bitvector slice needs ssz-size or ssz-bitsize")
			}
			size = dim{set: true, v: (bitsize.v + 7) / 8}
		}
		return bitvector(t, path, size.v, bitsize)
	case "progressive-list":
		if size.set || maxd.set || bitsize.set {
			return nil, errorf(path, ErrTag, "progressive list takes no size tags")
		}
		et, err := b.build(t.Elem(), ft, level+1, path+"[]")
		if err != nil {
			return nil, err
		}
		return &Type{Kind: KindProgressiveList, Go: t, Elem: et}, nil
	case "", "vector", "list":
		if bitsize.set {
			return nil, errorf(path, ErrTag, "ssz-bitsize on %s", t)
		}
		if size.set && typ != "list" {
			return b.vector(t, ft, level, path, size.v)
		}
		if !maxd.set {
			return nil, errorf(path, ErrTag, "slice %s needs ssz-size or ssz-max", t)
		}
		et, err := b.build(t.Elem(), ft, level+1, path+"[]")
		if err != nil {
			return nil, err
		}
		return &Type{Kind: KindList, Go: t, Elem: et, Limit: maxd.v}, nil
	}
	return nil, errorf(path, ErrTag, "ssz-type %q does not fit Go type %s", typ, t)
}

func (b *builder) vector(t reflect.Type, ft *fieldTags, level int, path string, n uint64) (*Type, error) {
	if n == 0 {
		return nil, errorf(path, ErrTag, "vector of length 0")
	}
	et, err := b.build(t.Elem(), ft, level+1, path+"[]")
	if err != nil {
		return nil, err
	}
	out := &Type{Kind: KindVector, Go: t, Elem: et, Length: n}
	if et.Fixed {
		hi, lo := bits.Mul64(n, et.Size)
		if hi != 0 {
			return nil, errorf(path, ErrTag, "vector size overflows")
		}
		out.Fixed, out.Size = true, lo
	}
	return out, nil
}

// bitvector describes a byte array or slice of nbytes holding a Bitvector;
// its bit count is the bitsize tag, a go-bitfield BitvectorN's N when that
// fits the bytes, or all bits of the bytes.
func bitvector(t reflect.Type, path string, nbytes uint64, bitsize dim) (*Type, error) {
	if t.Elem().Kind() != reflect.Uint8 {
		return nil, errorf(path, ErrTag, "bitvector must hold bytes, not %s", t)
	}
	nbits := nbytes * 8
	if bitsize.set {
		nbits = bitsize.v
	} else if n := bitfieldBits(t); n > 0 && (n+7)/8 == nbytes {
		nbits = n
	}
	if nbits == 0 || (nbits+7)/8 != nbytes {
		return nil, errorf(path, ErrTag, "bitvector of %d bits does not fit %d bytes", nbits, nbytes)
	}
	if t.Kind() == reflect.Array && uint64(t.Len()) != nbytes {
		return nil, errorf(path, ErrTag, "bitvector of %d bytes in %s", nbytes, t)
	}
	return &Type{Kind: KindBitvector, Go: t, Length: nbits, Fixed: true, Size: nbytes}, nil
}

func (b *builder) union(t reflect.Type, path string) (*Type, error) {
	desc := reflect.Zero(t).Interface().(unionOptionsType).unionOptions()
	if desc.Kind() != reflect.Struct {
		return nil, errorf(path, ErrTag, "union options must be a struct type, not %s", desc)
	}
	out := &Type{Kind: KindUnion, Go: t}
	for i := 0; i < desc.NumField(); i++ {
		f := desc.Field(i)
		fpath := path + "." + f.Name
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

func (b *builder) container(t reflect.Type, path string, progressive bool) (*Type, error) {
	for _, s := range b.stack {
		if s == t {
			return nil, errorf(path, ErrRecursive, "%s contains itself", t)
		}
	}
	b.stack = append(b.stack, t)
	defer func() { b.stack = b.stack[:len(b.stack)-1] }()

	out := &Type{Kind: KindContainer, Go: t}
	var indexed []fieldTags
	if err := b.fields(t, path, nil, 0, true, out, &indexed); err != nil {
		return nil, err
	}
	if len(out.Fields) == 0 {
		return nil, errorf(path, ErrTag, "container %s has no fields", t)
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
	out.Fixed = true
	for _, f := range out.Fields {
		if !f.Type.Fixed {
			out.Fixed = false
			out.Size = 0
			break
		}
		out.Size += f.Type.Size
	}
	return out, nil
}

// fields appends the SSZ fields of struct t (inlining embedded structs) to
// out.Fields and their tags to tags.
func (b *builder) fields(t reflect.Type, path string, index []int, offset uintptr, direct bool, out *Type, tags *[]fieldTags) error {
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		fpath := path + "." + f.Name
		ft, err := b.parseTags(f.Tag, fpath)
		if err != nil {
			return err
		}
		if ft.skip {
			continue
		}
		idx := append(append([]int(nil), index...), i)
		if f.Anonymous && ft.typeAt(0) == "" && !f.Type.Implements(unionIface) && f.Type != uint256Type {
			et, ptr := f.Type, false
			if et.Kind() == reflect.Pointer {
				et, ptr = et.Elem(), true
			}
			if et.Kind() == reflect.Struct {
				if ptr && !f.IsExported() {
					return errorf(fpath, ErrUnsupported, "embedded pointer to unexported struct")
				}
				for _, s := range b.stack {
					if s == et {
						return errorf(fpath, ErrRecursive, "%s contains itself", et)
					}
				}
				b.stack = append(b.stack, et)
				err := b.fields(et, path, idx, offset+f.Offset, direct && !ptr, out, tags)
				b.stack = b.stack[:len(b.stack)-1]
				if err != nil {
					return err
				}
				continue
			}
		}
		if !f.IsExported() {
			continue
		}
		typ, err := b.build(f.Type, &ft, 0, fpath)
		if err != nil {
			return err
		}
		out.Fields = append(out.Fields, Field{
			Name:   f.Name,
			Path:   fpath,
			Index:  idx,
			Offset: offset + f.Offset,
			Direct: direct,
			Type:   typ,
		})
		*tags = append(*tags, ft)
	}
	return nil
}
