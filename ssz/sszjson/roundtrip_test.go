package sszjson_test

import (
	"bytes"
	"encoding/json"
	"reflect"
	"testing"

	"github.com/holiman/uint256"

	"github.com/lanehash/lanehash/internal/spectest"
	"github.com/lanehash/lanehash/internal/sszrand"
	"github.com/lanehash/lanehash/internal/sszwalk"
	"github.com/lanehash/lanehash/ssz"
	"github.com/lanehash/lanehash/ssz/consensus/altair"
	"github.com/lanehash/lanehash/ssz/consensus/capella"
	"github.com/lanehash/lanehash/ssz/consensus/deneb"
	"github.com/lanehash/lanehash/ssz/consensus/electra"
	"github.com/lanehash/lanehash/ssz/consensus/fulu"
	"github.com/lanehash/lanehash/ssz/consensus/gloas"
	"github.com/lanehash/lanehash/ssz/consensus/phase0"
	"github.com/lanehash/lanehash/ssz/sszjson"
)

// kinds is a type with a field of every kind the form distinguishes.
type kinds struct {
	B     bool
	U8    uint8
	U16   uint16
	U32   uint32
	U64   uint64
	U128  [16]byte  `ssz-type:"uint128"`
	U128L [2]uint64 `ssz-type:"uint128"`
	U256  [32]byte  `ssz-type:"uint256"`
	U256L [4]uint64 `ssz-type:"uint256"`
	U256I uint256.Int
	U256P *uint256.Int
	Root  [32]byte
	Bytes []byte                      `ssz-max:"40"`
	Flags []altair.ParticipationFlags `ssz-max:"9"`
	Fixed []byte                      `ssz-size:"5"`
	Bools [3]bool
	Nums  []uint16   `ssz-max:"7"`
	BV    [2]byte    `ssz-type:"bitvector" ssz-bitsize:"12"`
	BL    []byte     `ssz:"bitlist" ssz-max:"20"`
	PBL   []byte     `ssz-type:"progressive-bitlist"`
	PL    []uint32   `ssz-type:"progressive-list"`
	Big   [][16]byte `ssz-max:"3" ssz-type:"list,uint128"`
	Inner *phase0.Checkpoint
	Vec   []phase0.Checkpoint `ssz-size:"2"`
	Lists [][]byte            `ssz-max:"3,4"`
	U     ssz.Union[struct {
		None ssz.None
		A    uint16
		B    []byte `ssz-max:"4"`
		C    phase0.Checkpoint
	}]
	CU spectest.CompatibleUnionABCA
}

// roundTrip checks, for random values of T: Marshal's output is JSON;
// Unmarshal reads it back to a value of the same serialization, which
// Marshal writes as the same bytes; MarshalIndent is the same JSON
// indented; the Encoder writes the same.
func roundTrip[T any](t *testing.T, seed uint64, n int, spec ssz.SpecValues) {
	t.Helper()
	opts := []ssz.Option{}
	if spec != nil {
		opts = append(opts, ssz.WithSpec(spec))
	}
	st, err := ssz.TypeFor[T](opts...)
	if err != nil {
		t.Fatal(err)
	}
	src := &sszrand.Filler{Rand: sszrand.NewRand(seed), MaxList: 6, MaxBits: 300}
	for i := range n {
		a := new(T)
		if err := sszwalk.Fill(st, reflect.ValueOf(a).Elem(), src); err != nil {
			t.Fatal(err)
		}
		want, err := ssz.Marshal(a, opts...)
		if err != nil {
			t.Fatal(err)
		}
		js, err := sszjson.Marshal(a, opts...)
		if err != nil {
			t.Fatalf("value %d: Marshal: %v", i, err)
		}
		if !json.Valid(js) {
			t.Fatalf("value %d: Marshal wrote no JSON: %.200s", i, js)
		}
		b := new(T)
		if err := sszjson.Unmarshal(js, b, opts...); err != nil {
			t.Fatalf("value %d: Unmarshal: %v\n%.2000s", i, err, js)
		}
		got, err := ssz.Marshal(b, opts...)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Fatalf("value %d: the value read back serializes differently\n%.2000s", i, js)
		}
		// Decoded from SSZ, the value is the same Go value.
		c := new(T)
		if err := ssz.Unmarshal(want, c, opts...); err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(b, c) {
			t.Fatalf("value %d: read back %+v, from SSZ %+v", i, b, c)
		}
		again, err := sszjson.Marshal(b, opts...)
		if err != nil || !bytes.Equal(again, js) {
			t.Fatalf("value %d: written again: %v\n%.500s\n%.500s", i, err, again, js)
		}
		ind, err := sszjson.MarshalIndent(a, "", "  ", opts...)
		if err != nil {
			t.Fatal(err)
		}
		var compact bytes.Buffer
		if err := json.Compact(&compact, ind); err != nil || !bytes.Equal(compact.Bytes(), js) {
			t.Fatalf("value %d: MarshalIndent compacts to another JSON (%v)\n%.500s", i, err, ind)
		}
		var want2 bytes.Buffer
		json.Indent(&want2, js, "", "  ")
		if !bytes.Equal(ind, want2.Bytes()) {
			t.Fatalf("value %d: MarshalIndent is not encoding/json's indentation:\n%.500s\n%.500s", i, ind, want2.Bytes())
		}
		var enc bytes.Buffer
		if err := sszjson.NewEncoder(&enc).Encode(a, opts...); err != nil || enc.String() != string(js)+"\n" {
			t.Fatalf("value %d: Encoder: %v", i, err)
		}
	}
}

func TestRoundTrip(t *testing.T) {
	n := 40
	if testing.Short() {
		n = 8
	}
	min := ssz.MinimalSpec()
	t.Run("kinds", func(t *testing.T) { roundTrip[kinds](t, 1, n, nil) })
	t.Run("ComplexTestStruct", func(t *testing.T) { roundTrip[spectest.ComplexTestStruct](t, 2, n, nil) })
	t.Run("BitsStruct", func(t *testing.T) { roundTrip[spectest.BitsStruct](t, 3, n, nil) })
	t.Run("VarTestStruct", func(t *testing.T) { roundTrip[spectest.VarTestStruct](t, 4, n, nil) })
	t.Run("ProgressiveComplexTestStruct", func(t *testing.T) { roundTrip[spectest.ProgressiveComplexTestStruct](t, 5, n, nil) })
	t.Run("ProgressiveBitsStruct", func(t *testing.T) { roundTrip[spectest.ProgressiveBitsStruct](t, 6, n, nil) })
	t.Run("CompatibleUnionABCA", func(t *testing.T) { roundTrip[spectest.CompatibleUnionABCA](t, 7, n, nil) })
	t.Run("phase0.BeaconState", func(t *testing.T) { roundTrip[phase0.BeaconState](t, 8, n/4, min) })
	t.Run("altair.SyncCommittee", func(t *testing.T) { roundTrip[altair.SyncCommittee](t, 9, n/4, min) })
	t.Run("capella.SignedBLSToExecutionChange", func(t *testing.T) { roundTrip[capella.SignedBLSToExecutionChange](t, 11, n, nil) })
	t.Run("deneb.ExecutionPayload", func(t *testing.T) { roundTrip[deneb.ExecutionPayload](t, 12, n/2, nil) })
	t.Run("electra.BeaconState", func(t *testing.T) { roundTrip[electra.BeaconState](t, 10, n/4, min) })
	t.Run("electra.SignedBeaconBlock", func(t *testing.T) { roundTrip[electra.SignedBeaconBlock](t, 13, n/2, min) })
	t.Run("fulu.BeaconState", func(t *testing.T) { roundTrip[fulu.BeaconState](t, 14, n/4, min) })
	t.Run("gloas.BeaconState", func(t *testing.T) { roundTrip[gloas.BeaconState](t, 15, n/4, min) })
	t.Run("gloas.SignedBeaconBlock", func(t *testing.T) { roundTrip[gloas.SignedBeaconBlock](t, 16, n/2, min) })
}
