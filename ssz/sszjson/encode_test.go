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

// failWriter fails the writes whose number (from 1) is k, or with every
// set any multiple of k, and keeps what the others write.
type failWriter struct {
	buf    bytes.Buffer
	k      int
	every  bool
	writes int
	failed int
}

var errWrite = errors.New("write refused")

func (w *failWriter) Write(p []byte) (int, error) {
	w.writes++
	if w.writes == w.k || w.every && w.writes%w.k == 0 {
		w.failed++
		return 0, errWrite
	}
	return w.buf.Write(p)
}

// wOpts are the options of the unions the write-error tests write.
type wOpts = ssz.Union[struct {
	None ssz.None
	A    uint16
	B    []uint64 `ssz-max:"3"`
}]

// padUnion puts a union where the encoder's buffer passes its flush
// threshold: the pad's hex and keys fill 65,532 bytes, so the union's
// first member flushes.
type padUnion struct {
	Pad []byte `ssz-max:"100000"`
	U   wOpts
}

type manyUnions struct {
	V []wOpts `ssz-max:"100000"`
}

// TestEncoderWriteErrors checks that an Encoder whose writer fails
// returns the writer's error, for a failure at each write k of a value
// (once, or at every k-th write), for values of unions, containers and
// lists, compact and indented: never nil with output missing. When no
// write fails, the output is Marshal's.
func TestEncoderWriteErrors(t *testing.T) {
	pad := padUnion{Pad: make([]byte, 32760), U: wOpts{Selector: 1, Value: uint16(5)}}
	many := manyUnions{}
	for i := range 20000 {
		switch i % 3 {
		case 0:
			many.V = append(many.V, wOpts{Selector: 1, Value: uint16(i)})
		case 1:
			many.V = append(many.V, wOpts{Selector: 2, Value: []uint64{uint64(i), 1 << 60}})
		default:
			many.V = append(many.V, wOpts{})
		}
	}
	state := &phase0.BeaconState{}
	for i := range 3000 {
		state.Validators = append(state.Validators, &phase0.Validator{EffectiveBalance: phase0.Gwei(i), WithdrawalCredentials: make([]byte, 32)})
		state.Balances = append(state.Balances, phase0.Gwei(i))
	}
	for _, c := range []struct {
		name string
		v    any
	}{{"padUnion", pad}, {"manyUnions", many}, {"phase0.BeaconState", state}} {
		for _, indent := range []string{"", "  "} {
			want, err := sszjson.MarshalIndent(c.v, "", indent)
			if err != nil {
				t.Fatal(err)
			}
			want = append(want, '\n')
			for _, every := range []bool{false, true} {
				for k := 1; ; k++ {
					w := &failWriter{k: k, every: every}
					enc := sszjson.NewEncoder(w)
					enc.SetIndent("", indent)
					err := enc.Encode(c.v)
					if w.failed == 0 {
						if err != nil || !bytes.Equal(w.buf.Bytes(), want) {
							t.Errorf("%s indent %q: no write failed: %v, %d bytes of %d", c.name, indent, err, w.buf.Len(), len(want))
						}
						break
					}
					var je *sszjson.Error
					if !errors.Is(err, errWrite) || !errors.As(err, &je) {
						t.Errorf("%s indent %q: write %d of %d failed (every %v): Encode returned %v with %d bytes of %d", c.name, indent, k, w.writes, every, err, w.buf.Len(), len(want))
					}
					if every && k == 1 {
						break // only one write: the first, which failed
					}
				}
			}
		}
	}
}
