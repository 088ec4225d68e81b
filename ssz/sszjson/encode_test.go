package sszjson_test

import (
	"bytes"
	"errors"
	"strings"
	"testing"
	"unsafe"

	"github.com/lanehash/lanehash/internal/spectest"
	"github.com/lanehash/lanehash/ssz"
	"github.com/lanehash/lanehash/ssz/consensus/phase0"
	"github.com/lanehash/lanehash/ssz/sszjson"
)

// TestMarshalErrors checks that values no SSZ value is are refused with
// the path of the part at fault, as ssz.Marshal refuses them.
func TestMarshalErrors(t *testing.T) {
	ok := func() *kinds {
		k := new(kinds)
		k.BL = []byte{1}
		k.PBL = []byte{1}
		k.CU.Variant = 1
		k.CU.Data = spectest.ProgressiveSingleFieldContainerTestStruct{}
		return k
	}
	if _, err := sszjson.Marshal(ok()); err != nil {
		t.Fatalf("the valid value: %v", err)
	}
	for _, c := range []struct {
		name string
		edit func(k *kinds)
		err  error
		path string
	}{
		{"bool byte", func(k *kinds) { *(*byte)(unsafe.Pointer(&k.Bools[1])) = 2 }, ssz.ErrBool, "bools[1]"},
		{"list over limit", func(k *kinds) { k.Nums = make([]uint16, 8) }, ssz.ErrListTooLong, "nums"},
		{"byte list over limit", func(k *kinds) { k.Bytes = make([]byte, 41) }, ssz.ErrListTooLong, "bytes"},
		{"vector slice", func(k *kinds) { k.Fixed = make([]byte, 4) }, ssz.ErrSize, "fixed"},
		{"vector of containers", func(k *kinds) { k.Vec = make([]phase0.Checkpoint, 3) }, ssz.ErrSize, "vec"},
		{"bitlist", func(k *kinds) { k.BL = []byte{1, 0} }, ssz.ErrBitlist, "bl"},
		{"bitvector", func(k *kinds) { k.BV[1] = 0x10 }, ssz.ErrBitvector, "bv"},
		{"nested", func(k *kinds) { k.Lists = [][]byte{{1}, make([]byte, 5)} }, ssz.ErrListTooLong, "lists[1]"},
		{"union selector", func(k *kinds) { k.U.Selector = 7 }, ssz.ErrUnion, "u.selector"},
		{"union type", func(k *kinds) { k.U.Selector, k.U.Value = 1, uint32(1) }, ssz.ErrUnion, "u.value"},
		{"union none", func(k *kinds) { k.U.Selector, k.U.Value = 0, uint16(1) }, ssz.ErrUnion, "u.value"},
		{"compatible union 0", func(k *kinds) { k.CU.Variant = 0 }, ssz.ErrUnion, "cu.selector"},
	} {
		k := ok()
		c.edit(k)
		_, err := sszjson.Marshal(k)
		var je *sszjson.Error
		if !errors.As(err, &je) || !errors.Is(err, c.err) || je.Path != c.path || je.Offset != -1 {
			t.Errorf("%s: %v, want %v at %q", c.name, err, c.err, c.path)
		}
		if _, serr := ssz.Marshal(k); !errors.Is(serr, c.err) {
			t.Errorf("%s: ssz.Marshal says %v", c.name, serr)
		}
	}
}

// TestEncoderStreams checks that an Encoder writes a large value in
// pieces as it goes, and the same bytes as Marshal.
func TestEncoderStreams(t *testing.T) {
	s := &phase0.BeaconState{}
	for i := range 5000 {
		s.Validators = append(s.Validators, &phase0.Validator{EffectiveBalance: phase0.Gwei(i), WithdrawalCredentials: make([]byte, 32)})
	}
	w := &countWriter{}
	enc := sszjson.NewEncoder(w)
	enc.SetIndent("", "\t")
	if err := enc.Encode(s); err != nil {
		t.Fatal(err)
	}
	want, err := sszjson.MarshalIndent(s, "", "\t")
	if err != nil {
		t.Fatal(err)
	}
	if w.writes < 10 || !bytes.Equal(w.buf.Bytes(), append(want, '\n')) {
		t.Errorf("%d writes; same bytes: %v", w.writes, bytes.Equal(w.buf.Bytes(), append(want, '\n')))
	}
	if !strings.Contains(string(want), "\n\t\"validators\": [\n\t\t{\n\t\t\t\"pubkey\": \"0x") {
		t.Errorf("indentation: %.300s", want)
	}
}

type countWriter struct {
	buf    bytes.Buffer
	writes int
}

func (w *countWriter) Write(p []byte) (int, error) {
	w.writes++
	return w.buf.Write(p)
}
