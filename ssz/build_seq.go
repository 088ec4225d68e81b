package ssz

import (
	"reflect"
	"strconv"
	"strings"

	"github.com/lanehash/lanehash/internal/checked"
)

// isBitfieldPkg reports whether t is declared in a go-bitfield package
// (github.com/prysmaticlabs/go-bitfield, github.com/OffchainLabs/go-bitfield
// and their forks).
func isBitfieldPkg(t reflect.Type) bool {
	p := t.PkgPath()
	return p == "go-bitfield" || strings.HasSuffix(p, "/go-bitfield")
}

// isGoBitlist reports whether t is go-bitfield's Bitlist: the name
// whole, so that a type of the package named BitlistFoo, or its
// Bitlist64 (a struct), is not read as one.
func isGoBitlist(t reflect.Type) bool {
	return isBitfieldPkg(t) && t.Name() == "Bitlist"
}

// bitfieldBits returns N of a go-bitfield BitvectorN type (N written in
// decimal without leading zeros, the whole rest of the name), or 0: a
// type named Bitvector4Foo is not a 4-bit bitvector.
func bitfieldBits(t reflect.Type) uint64 {
	if !isBitfieldPkg(t) {
		return 0
	}
	digits, ok := strings.CutPrefix(t.Name(), "Bitvector")
	if !ok || digits == "" || digits[0] == '0' {
		return 0
	}
	n, err := strconv.ParseUint(digits, 10, 64)
	if err != nil {
		return 0
	}
	return n
}

// array describes a Go array: a Vector, a bitvector, or a uint128/uint256.
func (b *builder) array(t reflect.Type, ft *fieldTags, level int, path, typ string, size, maxd, bitsize dim) (*Type, error) {
	n := uint64(t.Len())
	elem := t.Elem().Kind()
	if maxd.set {
		return nil, errorf(path, ErrTag, "ssz-max on array %s", t)
	}
	if size.set && size.v != n {
		// A bitvector's size is its bytes too: a size in bits here
		// (or any other) would otherwise be left unread.
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
		if typ == "" && elem == reflect.Uint8 && (bitsize.set || bitfieldBits(t) > 0) {
			return bitvector(t, path, n, bitsize)
		}
		if bitsize.set {
			return nil, errorf(path, ErrTag, "ssz-bitsize on %s", t)
		}
		return b.vector(t, ft, level, path, n)
	}
	return nil, errorf(path, ErrTag, "ssz-type %q does not fit Go type %s", typ, t)
}

// slice describes a Go slice: a Vector or List by its size tags, a bitlist,
// a bitvector or a progressive list or bitlist by its ssz-type.
func (b *builder) slice(t reflect.Type, ft *fieldTags, level int, path, typ string, size, maxd, bitsize dim) (*Type, error) {
	byteElem := t.Elem().Kind() == reflect.Uint8
	if typ == "" && level == 0 && ft.bitlist {
		typ = "bitlist"
	}
	if typ == "" && byteElem && isGoBitlist(t) {
		typ = "bitlist"
	}
	if typ == "" && byteElem && (bitsize.set || bitfieldBits(t) > 0) {
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
			size = dim{set: true, v: bitvectorBytesFor(bitsize.v)}
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

// vector describes Vector[elem, n].
func (b *builder) vector(t reflect.Type, ft *fieldTags, level int, path string, n uint64) (*Type, error) {
	if n == 0 {
		return nil, errorf(path, ErrTag, "vector of length 0")
	}
	if err := fitsInt(path, "vector length", n); err != nil {
		return nil, err
	}
	et, err := b.build(t.Elem(), ft, level+1, path+"[]")
	if err != nil {
		return nil, err
	}
	out := &Type{Kind: KindVector, Go: t, Elem: et, Length: n}
	if et.Fixed {
		if out.Size, err = vectorSize(path, n, et.Size); err != nil {
			return nil, err
		}
		out.Fixed = true
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
	if err := fitsInt(path, "bitvector size", nbytes); err != nil {
		return nil, err
	}
	nbits, ok := checked.Mul(nbytes, 8)
	if bitsize.set {
		nbits, ok = bitsize.v, true
	} else if n := bitfieldBits(t); n > 0 && bitvectorBytesFor(n) == nbytes {
		nbits, ok = n, true
	}
	if !ok {
		return nil, errorf(path, ErrOverflow, "bitvector of %d bytes passes 2^64 bits", nbytes)
	}
	if nbits == 0 || bitvectorBytesFor(nbits) != nbytes {
		return nil, errorf(path, ErrTag, "bitvector of %d bits does not fit %d bytes", nbits, nbytes)
	}
	if t.Kind() == reflect.Array && uint64(t.Len()) != nbytes {
		return nil, errorf(path, ErrTag, "bitvector of %d bytes in %s", nbytes, t)
	}
	return &Type{Kind: KindBitvector, Go: t, Length: nbits, Fixed: true, Size: nbytes}, nil
}
