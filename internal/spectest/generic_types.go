package spectest

// The container types of the ssz_generic "containers" handler, as the
// consensus-specs generator defines them.

// SingleFieldTestStruct is Container{A: byte}.
type SingleFieldTestStruct struct {
	A uint8
}

// SmallTestStruct is Container{A, B: uint16}.
type SmallTestStruct struct {
	A uint16
	B uint16
}

// FixedTestStruct is Container{A: uint8, B: uint64, C: uint32}.
type FixedTestStruct struct {
	A uint8
	B uint64
	C uint32
}

// VarTestStruct is Container{A: uint16, B: List[uint16, 1024], C: uint8}.
type VarTestStruct struct {
	A uint16
	B []uint16 `ssz-max:"1024"`
	C uint8
}

// ComplexTestStruct mixes fixed and variable fields, nested containers and
// vectors of both.
type ComplexTestStruct struct {
	A uint16
	B []uint16 `ssz-max:"128"`
	C uint8
	D []byte `ssz-max:"256"`
	E VarTestStruct
	F [4]FixedTestStruct
	G [2]VarTestStruct
}

// BitsStruct holds small bitlists and bitvectors.
type BitsStruct struct {
	A []byte  `ssz:"bitlist" ssz-max:"5"`
	B [1]byte `ssz-type:"bitvector" ssz-bitsize:"2"`
	C [1]byte `ssz-type:"bitvector" ssz-bitsize:"1"`
	D []byte  `ssz:"bitlist" ssz-max:"6"`
	E [1]byte `ssz-type:"bitvector" ssz-bitsize:"8"`
}

// ProgressiveTestStruct holds EIP-7916 progressive lists, one of them
// nested.
type ProgressiveTestStruct struct {
	A []byte            `ssz-type:"progressive-list"`
	B []uint64          `ssz-type:"progressive-list"`
	C []SmallTestStruct `ssz-type:"progressive-list"`
	D [][]VarTestStruct `ssz-type:"progressive-list,progressive-list"`
}

// ProgressiveBitsStruct holds bitvectors, bitlists and progressive
// bitlists around the 256-bit chunk boundaries.
type ProgressiveBitsStruct struct {
	A [32]byte  `ssz-type:"bitvector" ssz-bitsize:"256"`
	B []byte    `ssz:"bitlist" ssz-max:"256"`
	C []byte    `ssz-type:"progressive-bitlist"`
	D [33]byte  `ssz-type:"bitvector" ssz-bitsize:"257"`
	E []byte    `ssz:"bitlist" ssz-max:"257"`
	F []byte    `ssz-type:"progressive-bitlist"`
	G [160]byte `ssz-type:"bitvector" ssz-bitsize:"1280"`
	H []byte    `ssz:"bitlist" ssz-max:"1280"`
	I []byte    `ssz-type:"progressive-bitlist"`
	J [161]byte `ssz-type:"bitvector" ssz-bitsize:"1281"`
	K []byte    `ssz:"bitlist" ssz-max:"1281"`
	L []byte    `ssz-type:"progressive-bitlist"`
}
