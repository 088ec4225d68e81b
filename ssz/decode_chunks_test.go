package ssz_test

import (
	"bytes"
	"reflect"
	"runtime"
	"testing"

	"github.com/lanehash/lanehash/internal/longnames"
	"github.com/lanehash/lanehash/ssz"
	"github.com/lanehash/lanehash/ssz/consensus/fulu"
	"github.com/lanehash/lanehash/ssz/consensus/phase0"
)

type (
	chunkWords struct {
		L []uint64 `ssz-max:"100000"`
	}
	chunkPlain struct {
		L []*diffPlain `ssz-max:"100000"`
	}
	chunkVar struct {
		L []*diffVar `ssz-max:"100000"`
	}
	chunkValidators struct {
		L []phase0.Validator `ssz-max:"100000"`
	}
	chunkValidatorPtrs struct {
		L []*phase0.Validator `ssz-max:"100000"`
	}
)

// encode returns the encoding of v, failing the test on error.
func encode(tb testing.TB, v any) []byte {
	tb.Helper()
	b, err := ssz.Marshal(v)
	if err != nil {
		tb.Fatal(err)
	}
	return b
}

// plainList, varList and validatorList are values of n elements.
func plainList(n int) *chunkPlain {
	v := &chunkPlain{L: make([]*diffPlain, n)}
	for i := range v.L {
		v.L[i] = &diffPlain{A: uint64(i), B: [4]byte{byte(i)}, C: uint32(i)}
	}
	return v
}

func varList(n int) *chunkVar {
	v := &chunkVar{L: make([]*diffVar, n)}
	for i := range v.L {
		v.L[i] = &diffVar{X: uint16(i), L: []uint64{uint64(i), 1}, F: i%2 == 0}
	}
	return v
}

func validatorList(n int) []phase0.Validator { return phase0.RandomValidators(n, 5) }

// TestUnmarshalAllocs bounds the allocations of decodes whose values
// have many parts (testing.AllocsPerRun). The reflect decoder made
// each slice in two allocations (reflect.MakeSlice's header, then its
// array) and each pointed-to value in one: a state of n validators cost
// 3n. Now a list of basic values is one allocation, a list of pointers
// one plus one per 16 KiB chunk of values (two: reflect.MakeSlice), and
// pointer-free slices come from 4 KiB blocks.
func TestUnmarshalAllocs(t *testing.T) {
	words := &chunkWords{L: make([]uint64, 10000)}
	state := fulu.SyntheticBeaconState(4096, 3)
	for _, c := range []struct {
		name string
		v    any
		most float64
	}{
		// The slice of 10,000 words: one allocation.
		{"10,000 words", words, 1},
		// The pointers, then 10,000 values of 16 bytes in 10 chunks of
		// 1,024 (16 KiB).
		{"10,000 pointers to plain values", plainList(10000), 1 + 2*10},
		// Chunks of diffVar (40 bytes: 25 chunks of 409), and the
		// 16-byte lists in 40 blocks of 4 KiB.
		{"10,000 pointers to variable-size values", varList(10000), 1 + 2*25 + 40},
		// The value slice, and the 32-byte credentials in 4 KiB blocks.
		{"4,096 validators", &chunkValidators{L: validatorList(4096)}, 1 + 32},
		// Pointers, 31 chunks of 136 validators, credentials' blocks.
		{"4,096 pointers to validators", &chunkValidatorPtrs{L: ptrs(validatorList(4096))}, 1 + 2*31 + 32},
		// The validators as above; the state's other parts, fewer than
		// 100 allocations (was 12,300 in all).
		{"a fulu state of 4,096 validators", state, 1 + 2*31 + 32 + 100},
	} {
		enc := encode(t, c.v)
		typ, err := ssz.TypeOf(reflect.TypeOf(c.v).Elem())
		if err != nil {
			t.Fatal(err)
		}
		got := testing.AllocsPerRun(5, func() {
			if err := ssz.UnmarshalValue(typ, enc, reflect.New(typ.Go).Elem()); err != nil {
				t.Fatal(err)
			}
		})
		// The fresh value that AllocsPerRun's function makes: one more.
		// (UnmarshalValue: Unmarshal's TypeOf allocates its options.)
		if got > c.most+1 {
			t.Errorf("%s: %.0f allocations, want at most %.0f", c.name, got-1, c.most)
		}
	}
}

// ptrs returns pointers to each of vs.
func ptrs[T any](vs []T) []*T {
	out := make([]*T, len(vs))
	for i := range vs {
		out[i] = &vs[i]
	}
	return out
}

// TestChunkedValuesIndependent: the values a list's pointers point to
// share chunks, but each is a value of its own: writing one, or
// appending to a slice one holds (carved from a shared block with its
// capacity at its length), changes no other, and every pointer is
// distinct.
func TestChunkedValuesIndependent(t *testing.T) {
	var v chunkValidatorPtrs
	want := validatorList(300)
	if err := ssz.Unmarshal(encode(t, &chunkValidatorPtrs{L: ptrs(want)}), &v); err != nil {
		t.Fatal(err)
	}
	seen := map[*phase0.Validator]bool{}
	for i, p := range v.L {
		if seen[p] || !reflect.DeepEqual(*p, want[i]) {
			t.Fatalf("element %d: shared or wrong", i)
		}
		seen[p] = true
		if c := p.WithdrawalCredentials; cap(c) != len(c) {
			t.Fatalf("element %d: credentials of capacity %d, length %d", i, cap(c), len(c))
		}
	}
	v.L[0].EffectiveBalance++
	v.L[0].Pubkey[47]++
	v.L[0].WithdrawalCredentials = append(v.L[0].WithdrawalCredentials, 0xee)
	v.L[0].WithdrawalCredentials[0]++
	for i := 1; i < len(v.L); i++ {
		if !reflect.DeepEqual(*v.L[i], want[i]) {
			t.Fatalf("writing element 0 changed element %d", i)
		}
	}
	*v.L[1] = phase0.Validator{}
	if !reflect.DeepEqual(*v.L[2], want[2]) {
		t.Fatal("overwriting element 1 changed element 2")
	}
}

// TestChunkRetention keeps one pointer of a decoded list of 100,000
// (1.6 MB of values) and drops the rest: what stays alive is that
// value's chunk (16 KiB) and the block of its neighbours' bytes, not the
// list's values (the bound of keeping a chunk, documented at Unmarshal).
func TestChunkRetention(t *testing.T) {
	enc := encode(t, plainList(100000))
	before := longnames.LiveHeap()
	var v chunkPlain
	if err := ssz.Unmarshal(enc, &v); err != nil {
		t.Fatal(err)
	}
	kept := v.L[54321]
	v = chunkPlain{}
	after := longnames.LiveHeap()
	if kept.A != 54321 {
		t.Fatalf("kept value %+v", *kept)
	}
	if after > before && after-before > 64<<10 {
		t.Errorf("one value kept alive %d bytes, want at most its chunk (16 KiB) and change", after-before)
	}
	runtime.KeepAlive(kept)
}

// TestUnmarshalIntoPrefilledReplaces: decoding into a value that holds
// slices and pointers replaces them (a fresh slice, a fresh value), as
// the reflect decoder did: the old backing arrays, which the caller may
// still hold, are not written.
func TestUnmarshalIntoPrefilledReplaces(t *testing.T) {
	src := &diffVar{X: 1, L: []uint64{7, 8}, F: true}
	enc := encode(t, src)
	old := []uint64{1, 2, 3}
	v := diffVar{L: old}
	if err := ssz.Unmarshal(enc, &v); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(old, []uint64{1, 2, 3}) || &v.L[0] == &old[0] || !reflect.DeepEqual(v, *src) {
		t.Fatalf("decoded %+v, old slice %v", v, old)
	}
	keep := &diffPlain{A: 5}
	w := chunkPlain{L: []*diffPlain{keep}}
	if err := ssz.Unmarshal(encode(t, plainList(3)), &w); err != nil {
		t.Fatal(err)
	}
	if keep.A != 5 || w.L[0] == keep || !bytes.Equal(encode(t, &w), encode(t, plainList(3))) {
		t.Fatalf("decoded into a list holding a pointer: wrote through it")
	}
}
