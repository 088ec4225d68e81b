package ssz

import (
	"github.com/lanehash/lanehash/internal/checked"
	"github.com/lanehash/lanehash/internal/sszpath"
)

// The size rules every descriptor obeys, checked once where TypeOf's
// builder makes it and where CheckDescriptor first meets one made by
// hand (describes), with the helpers below, so that the codec, the
// reference and the plan compiler can convert sizes and lengths to int
// without checking again:
//
//   - a fixed serialized size fits an int (checked.MaxInt), so a value of
//     the type can at least be described by a Go slice length;
//   - a vector's length fits an int, so its elements can be indexed;
//   - sums and products of sizes never wrap (checked.Add, checked.Mul).
//
// List and bitlist limits may be any uint64: they are only compared with
// actual lengths and turned into chunk counts with checked.CeilDiv.

// fitsInt fails with ErrOverflow if n (a size or count named what) does
// not fit an int.
func fitsInt(path, what string, n uint64) error {
	if _, ok := checked.Int(n); !ok {
		return errorf(path, ErrOverflow, "%s %d does not fit an int", what, n)
	}
	return nil
}

// vectorSize returns the serialized size of n elements of elemSize bytes.
func vectorSize(path string, n, elemSize uint64) (uint64, error) {
	size, ok := checked.Mul(n, elemSize)
	if !ok {
		return 0, errorf(path, ErrOverflow, "%d elements of %d bytes pass 2^64 bytes", n, elemSize)
	}
	return size, fitsInt(path, "size", size)
}

// containerSizes returns the fixed-part size of a container's fields (an
// offset for each variable field) and whether the container is fixed.
// Errors name the container's path and the field's name (not
// Field.Path, which a descriptor made by hand need not set).
func containerSizes(path string, fields []Field) (fixedPart uint64, fixed bool, err error) {
	fixed = true
	for i := range fields {
		t := fields[i].Type
		fixed = fixed && t.Fixed
		var ok bool
		if fixedPart, ok = checked.Add(fixedPart, t.FixedPartSize()); !ok {
			return 0, false, errorf(sszpath.Field(path, fields[i].Name), ErrOverflow, "container size passes 2^64 bytes")
		}
	}
	return fixedPart, fixed, fitsInt(path, "container size", fixedPart)
}

// bitvectorBytesFor returns the byte count of a bitvector of nbits bits.
func bitvectorBytesFor(nbits uint64) uint64 { return checked.CeilDiv(nbits, 8) }
