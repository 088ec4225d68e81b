package spectest

import "github.com/lanehash/lanehash/ssz"

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

// The progressive containers of the ssz_generic "progressive_containers"
// handler (EIP-7495): ssz-index is the field's position in active_fields.

// ProgressiveSingleFieldContainerTestStruct is
// ProgressiveContainer(active_fields=[1]){A: Byte}.
type ProgressiveSingleFieldContainerTestStruct struct {
	A uint8 `ssz-index:"0"`
}

// ProgressiveSingleListContainerTestStruct is
// ProgressiveContainer(active_fields=[0, 0, 0, 0, 1]){C: ProgressiveBitList}.
type ProgressiveSingleListContainerTestStruct struct {
	C []byte `ssz-index:"4" ssz-type:"progressive-bitlist"`
}

// ProgressiveVarTestStruct is ProgressiveContainer(active_fields=[1, 0,
// 1, 0, 1]){A: Byte, B: List[Uint16, 123], C: ProgressiveBitList}.
type ProgressiveVarTestStruct struct {
	A uint8    `ssz-index:"0"`
	B []uint16 `ssz-index:"2" ssz-max:"123"`
	C []byte   `ssz-index:"4" ssz-type:"progressive-bitlist"`
}

// ProgressiveComplexTestStruct has every kind of field a progressive
// container can hold, spread over 22 active_fields positions.
type ProgressiveComplexTestStruct struct {
	A uint8                                       `ssz-index:"0"`
	B []uint16                                    `ssz-index:"2" ssz-max:"123"`
	C []byte                                      `ssz-index:"4" ssz-type:"progressive-bitlist"`
	D []uint64                                    `ssz-index:"8" ssz-type:"progressive-list"`
	E []SmallTestStruct                           `ssz-index:"12" ssz-type:"progressive-list"`
	F [][]VarTestStruct                           `ssz-index:"13" ssz-type:"progressive-list,progressive-list"`
	G []ProgressiveSingleFieldContainerTestStruct `ssz-index:"20" ssz-max:"10"`
	H []ProgressiveVarTestStruct                  `ssz-index:"21" ssz-type:"progressive-list"`
}

// The compatible unions of the ssz_generic "compatible_unions" handler
// (EIP-8016); ssz-index is the option's selector.

// CompatibleUnionA is CompatibleUnion({1: ProgressiveSingleFieldContainerTestStruct}).
type CompatibleUnionA = ssz.CompatibleUnion[struct {
	A ProgressiveSingleFieldContainerTestStruct `ssz-index:"1"`
}]

// CompatibleUnionBC is CompatibleUnion({2: ProgressiveSingleListContainerTestStruct,
// 3: ProgressiveVarTestStruct}).
type CompatibleUnionBC = ssz.CompatibleUnion[struct {
	B ProgressiveSingleListContainerTestStruct `ssz-index:"2"`
	C ProgressiveVarTestStruct                 `ssz-index:"3"`
}]

// CompatibleUnionABCA has four options, the first type twice (selectors 1
// and 4).
type CompatibleUnionABCA = ssz.CompatibleUnion[struct {
	A1 ProgressiveSingleFieldContainerTestStruct `ssz-index:"1"`
	B  ProgressiveSingleListContainerTestStruct  `ssz-index:"2"`
	C  ProgressiveVarTestStruct                  `ssz-index:"3"`
	A4 ProgressiveSingleFieldContainerTestStruct `ssz-index:"4"`
}]
