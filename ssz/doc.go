// Package ssz is lanehash's model of Simple Serialize (SSZ): it turns Go
// types and their struct tags into type descriptors, encodes and decodes
// values strictly, and computes hash_tree_root with a reference
// implementation that follows the consensus specification line by line.
//
// The reference is slow on purpose. It is the oracle every fast path of
// lanehash is tested against, so it favours being obviously correct over
// being quick, and it never uses the SIMD kernels.
//
// # Go representation
//
//   - bool is SSZ boolean; uint8, uint16, uint32 and uint64 (named or not)
//     are the SSZ unsigned integers. int, string, maps, channels, functions
//     and floats are rejected.
//   - uint128 is a [16]byte (little-endian, as serialized) or [2]uint64
//     (low limb first) tagged ssz-type:"uint128"; uint256 is a [32]byte or
//     [4]uint64 tagged ssz-type:"uint256", or a github.com/holiman/uint256
//     Int or *Int (no tag needed; a nil *Int is zero).
//   - Arrays [N]T are Vector[T, N]; slices need ssz-size (Vector) or
//     ssz-max (List). A fixed-size slice must have exactly its length, or be
//     empty, which stands for the zero vector.
//   - Bitvectors are []byte or [N]byte tagged ssz-type:"bitvector" (or
//     carrying ssz-bitsize); bitlists are []byte tagged ssz:"bitlist" or
//     ssz-type:"bitlist" (or a go-bitfield Bitlist), holding the SSZ bytes
//     including the delimiter bit.
//   - Structs are containers; exported fields are SSZ fields in order,
//     unexported fields and fields tagged ssz:"-" or ssz-type:"-" are left
//     out, embedded structs are inlined (a tag on the embedding is
//     ErrTag: it would describe nothing), except an embedded Union,
//     CompatibleUnion or uint256.Int, which is one field named for its
//     type (Union, CompatibleUnion, Int). A nil pointer to a struct hashes
//     and encodes as the zero value of the struct, as the rest of the
//     ecosystem does.
//   - A struct whose fields carry ssz-index tags (or one tagged
//     ssz-type:"progressive-container") is an EIP-7495 progressive
//     container; slices tagged ssz-type:"progressive-list" and []byte tagged
//     ssz-type:"progressive-bitlist" are the EIP-7916 progressive types.
//     Progressive trees are merkleized as the spec does since
//     v1.7.0-alpha.2: each binary subtree (1, 4, 16, … chunks) is the
//     left child of its spine node, the rest of the list the right one.
//   - Union[T] is an SSZ union; see its documentation.
//   - CompatibleUnion[T] is an EIP-8016 compatible union (selectors 1 …
//     127, no None); dynamic-ssz's dynssz.CompatibleUnion is read the same
//     way. See its documentation.
//
// # Encoding and decoding
//
// Marshal returns a value's serialization; MarshalAppend appends it to a
// buffer the caller reuses (growing it at most once, and writing nothing
// when the value is refused); Size returns its length without encoding;
// Unmarshal decodes strictly. Each has a Value form taking a descriptor
// and a reflect.Value (MarshalValue, MarshalAppendValue, SizeValue,
// UnmarshalValue). Encoding checks the whole value before writing (list
// limits, vector lengths, bitfield padding and delimiters, bool bytes,
// union selectors) and refuses what HashTreeRoot refuses, with the same
// *Error. The first use of a type compiles its encoder and decoder once:
// field offsets, and which runs of fields and elements are a plain copy
// of Go memory.
//
// # Tags
//
// ssz-size and ssz-max give one comma-separated dimension per nesting level
// ("?" for a level that is not fixed). dynssz-size, dynssz-max and
// dynssz-bitsize give the same dimensions as expressions over named spec
// values (SpecValues, for example "SLOTS_PER_HISTORICAL_ROOT,32" or
// "MAX_VALIDATORS_PER_COMMITTEE*MAX_COMMITTEES_PER_SLOT"); where such an
// expression can be evaluated it wins over the static tag, and where it
// names a value the spec does not have, the static tag is used. ssz-type
// and ssz-bitsize are also per level.
package ssz
