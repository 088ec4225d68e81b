package breaker22json

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"sync"
	"testing"

	"github.com/lanehash/lanehash/ssz"
	"github.com/lanehash/lanehash/ssz/consensus/altair"
	"github.com/lanehash/lanehash/ssz/consensus/phase0"
	"github.com/lanehash/lanehash/ssz/sszjson"
)

// Registry has the shapes a state's bulk has: pointers to containers
// (carved from 16 KiB chunks), their small slices (from 4 KiB blocks),
// lists of integers and of a named uint8, bitlists and short lists.
type Registry struct {
	Validators  []*phase0.Validator         `ssz-max:"1099511627776"`
	Balances    []phase0.Gwei               `ssz-max:"1099511627776"`
	Flags       []altair.ParticipationFlags `ssz-max:"1099511627776"`
	Bits        [][]byte                    `ssz-type:"?,bitlist" ssz-max:"4096,2048"`
	Small       [][]uint16                  `ssz-max:"4096,7"`
	Roots       [][]byte                    `ssz-max:"4096" ssz-size:"?,32"`
	Checkpoints [4]*phase0.Checkpoint
}

func validatorFor(i int, salt byte) *phase0.Validator {
	v := &phase0.Validator{
		WithdrawalCredentials:      make([]byte, 32),
		EffectiveBalance:           phase0.Gwei(uint64(i)*1000 + uint64(salt)),
		Slashed:                    i%3 == 0,
		ActivationEligibilityEpoch: phase0.Epoch(i),
		ActivationEpoch:            phase0.Epoch(i + 1),
		ExitEpoch:                  phase0.Epoch(i + 2),
		WithdrawableEpoch:          phase0.Epoch(uint64(i) + uint64(salt)<<40),
	}
	binary.LittleEndian.PutUint64(v.Pubkey[:], uint64(i))
	v.Pubkey[47] = salt
	binary.LittleEndian.PutUint64(v.WithdrawalCredentials, uint64(i))
	v.WithdrawalCredentials[31] = salt
	return v
}

func registry(n int, salt byte) *Registry {
	r := &Registry{}
	for i := range n {
		r.Validators = append(r.Validators, validatorFor(i, salt))
		r.Balances = append(r.Balances, phase0.Gwei(uint64(i)^uint64(salt)))
		r.Flags = append(r.Flags, altair.ParticipationFlags(i+int(salt)))
	}
	for i := range 3000 {
		bl := make([]byte, 1+i%5)
		bl[len(bl)-1] = 0x80 | byte(i)
		r.Bits = append(r.Bits, bl)
		s := make([]uint16, i%8)
		for j := range s {
			s[j] = uint16(i*7 + j + int(salt))
		}
		r.Small = append(r.Small, s)
		root := make([]byte, 32)
		binary.LittleEndian.PutUint64(root, uint64(i))
		root[31] = salt
		r.Roots = append(r.Roots, root)
	}
	for i := range r.Checkpoints {
		r.Checkpoints[i] = &phase0.Checkpoint{Epoch: phase0.Epoch(i) + phase0.Epoch(salt)}
	}
	return r
}

// fill overwrites every byte of every part of r that decoding made:
// each validator's fields and its withdrawal credentials, each small
// slice, with values of its own index (so an overlap shows as another
// element's value).
func fill(r *Registry, tag byte) {
	for i, v := range r.Validators {
		for j := range v.Pubkey {
			v.Pubkey[j] = tag
		}
		binary.LittleEndian.PutUint32(v.Pubkey[:], uint32(i))
		for j := range v.WithdrawalCredentials {
			v.WithdrawalCredentials[j] = tag
		}
		binary.LittleEndian.PutUint32(v.WithdrawalCredentials, uint32(i))
		v.EffectiveBalance = phase0.Gwei(i) | phase0.Gwei(tag)<<56
		v.Slashed = true
		v.ActivationEligibilityEpoch = phase0.Epoch(i)
		v.ActivationEpoch = phase0.Epoch(i)
		v.ExitEpoch = phase0.Epoch(i)
		v.WithdrawableEpoch = phase0.Epoch(i) | phase0.Epoch(tag)<<56
	}
	for i, b := range r.Bits {
		for j := range b {
			b[j] = byte(i) ^ tag
		}
	}
	for i, s := range r.Small {
		for j := range s {
			s[j] = uint16(i) ^ uint16(tag)<<8
		}
	}
	for i, b := range r.Roots {
		for j := range b {
			b[j] = tag
		}
		binary.LittleEndian.PutUint32(b, uint32(i))
	}
	for i, c := range r.Checkpoints {
		c.Epoch = phase0.Epoch(i) | phase0.Epoch(tag)<<56
		c.Root[0] = tag
	}
}

// checkFilled reports the first part of r that does not hold what fill
// wrote.
func checkFilled(r *Registry, tag byte) error {
	for i, v := range r.Validators {
		if binary.LittleEndian.Uint32(v.Pubkey[:]) != uint32(i) || v.Pubkey[47] != tag ||
			binary.LittleEndian.Uint32(v.WithdrawalCredentials) != uint32(i) || v.WithdrawalCredentials[31] != tag ||
			v.EffectiveBalance != phase0.Gwei(i)|phase0.Gwei(tag)<<56 || !v.Slashed ||
			v.ActivationEligibilityEpoch != phase0.Epoch(i) || v.ActivationEpoch != phase0.Epoch(i) ||
			v.ExitEpoch != phase0.Epoch(i) || v.WithdrawableEpoch != phase0.Epoch(i)|phase0.Epoch(tag)<<56 {
			return fmt.Errorf("validator %d overwritten: %+v", i, v)
		}
	}
	for i, b := range r.Bits {
		for j := range b {
			if b[j] != byte(i)^tag {
				return fmt.Errorf("bits[%d] overwritten", i)
			}
		}
	}
	for i, s := range r.Small {
		for j := range s {
			if s[j] != uint16(i)^uint16(tag)<<8 {
				return fmt.Errorf("small[%d] overwritten", i)
			}
		}
	}
	for i, b := range r.Roots {
		if binary.LittleEndian.Uint32(b) != uint32(i) || b[31] != tag {
			return fmt.Errorf("roots[%d] overwritten", i)
		}
	}
	for i, c := range r.Checkpoints {
		if c.Epoch != phase0.Epoch(i)|phase0.Epoch(tag)<<56 || c.Root[0] != tag {
			return fmt.Errorf("checkpoint %d overwritten", i)
		}
	}
	return nil
}

func sszOf(t *testing.T, v any) []byte {
	t.Helper()
	b, err := ssz.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestNoAliasing: 70,000 validators (many 16 KiB chunks, many 4 KiB
// blocks): the value read is the one written; every part of it written
// over leaves every other part, and two other values read from the same
// document, untouched; appending to a small slice never writes into its
// neighbour; and a value read into a variable read before leaves what
// the caller kept of the old one alone.
func TestNoAliasing(t *testing.T) {
	orig := registry(70000, 7)
	doc, err := sszjson.Marshal(orig)
	if err != nil {
		t.Fatal(err)
	}
	want := sszOf(t, orig)
	var a, b Registry
	if err := sszjson.Unmarshal(doc, &a); err != nil {
		t.Fatal(err)
	}
	if err := sszjson.Unmarshal(doc, &b); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(sszOf(t, &a), want) {
		t.Fatal("WRONG VALUE: the registry read is not the one written")
	}
	// Distinct pointers everywhere.
	seen := map[*phase0.Validator]bool{}
	for _, v := range a.Validators {
		if seen[v] {
			t.Fatal("one *Validator twice")
		}
		seen[v] = true
	}
	for _, v := range b.Validators {
		if seen[v] {
			t.Fatal("a *Validator shared between two reads")
		}
	}
	fill(&a, 0xa5)
	if err := checkFilled(&a, 0xa5); err != nil {
		t.Fatal("parts of one value overlap: ", err)
	}
	if !bytes.Equal(sszOf(t, &b), want) {
		t.Fatal("writing one read value changed another")
	}
	// Appends to small slices carved from a block.
	for i := range a.Small {
		if cap(a.Small[i]) != len(a.Small[i]) && len(a.Small[i]) > 0 {
			t.Fatalf("small[%d] has len %d cap %d: an append writes past it", i, len(a.Small[i]), cap(a.Small[i]))
		}
	}
	for i := range a.Validators {
		wc := a.Validators[i].WithdrawalCredentials
		if cap(wc) != len(wc) {
			t.Fatalf("validator %d credentials: len %d cap %d", i, len(wc), cap(wc))
		}
		_ = append(wc, 0xff, 0xff, 0xff, 0xff)
	}
	for i := range a.Bits {
		_ = append(a.Bits[i], 0xff)
		_ = append(a.Roots[i], 0xff)
		_ = append(a.Small[i], 0xffff)
	}
	if err := checkFilled(&a, 0xa5); err != nil {
		t.Fatal("an append wrote into a neighbour: ", err)
	}
	// A read into a, while the caller keeps parts of a.
	keptV := a.Validators
	keptV0 := a.Validators[0]
	keptWC := a.Validators[1].WithdrawalCredentials
	keptSmall := a.Small
	keptCp := a.Checkpoints[0]
	other := registry(70000, 9)
	doc2, err := sszjson.Marshal(other)
	if err != nil {
		t.Fatal(err)
	}
	if err := sszjson.Unmarshal(doc2, &a); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(sszOf(t, &a), sszOf(t, other)) {
		t.Fatal("WRONG VALUE: the second read into a")
	}
	kept := Registry{Validators: keptV, Small: keptSmall, Bits: nil, Roots: nil, Checkpoints: [4]*phase0.Checkpoint{keptCp, keptCp, keptCp, keptCp}}
	_ = kept
	for i, v := range keptV {
		if binary.LittleEndian.Uint32(v.Pubkey[:]) != uint32(i) || v.Pubkey[47] != 0xa5 || v.EffectiveBalance != phase0.Gwei(i)|phase0.Gwei(0xa5)<<56 {
			t.Fatalf("the caller's old validator %d was overwritten by the second read", i)
		}
	}
	if keptV0 != keptV[0] || keptWC[31] != 0xa5 || keptCp.Epoch != 0|phase0.Epoch(0xa5)<<56 {
		t.Fatal("the caller's old parts were overwritten by the second read")
	}
	for i, s := range keptSmall {
		for j := range s {
			if s[j] != uint16(i)^0xa5<<8 {
				t.Fatal("old small slices overwritten")
			}
		}
	}
	fill(&a, 0x3c)
	if err := checkFilled(&a, 0x3c); err != nil {
		t.Fatal(err)
	}
	for i, v := range keptV {
		if v.EffectiveBalance != phase0.Gwei(i)|phase0.Gwei(0xa5)<<56 {
			t.Fatal("new and old values share a validator")
		}
	}
}

// TestConcurrentTypes: many goroutines read documents of many types at
// once (the key cache, minJSON's cache, proof.FieldIndex), each checked
// against its SSZ; run under -race.
func TestConcurrentTypes(t *testing.T) {
	type job struct {
		doc  []byte
		ssz  []byte
		make func() any
	}
	var jobs []job
	add := func(v any, mk func() any) {
		doc, err := sszjson.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		jobs = append(jobs, job{doc, sszOf(t, v), mk})
	}
	add(registry(300, 1), func() any { return new(Registry) })
	add(validatorFor(5, 2), func() any { return new(phase0.Validator) })
	add(&Flat{A: 1, B: [4]byte{1}, D: []uint16{3}, E: Inner{X: 1}, G: []byte{1}}, func() any { return new(Flat) })
	add(&HoldsBigUnion{U: BigUnion{Selector: 0}}, func() any { return new(HoldsBigUnion) })
	add(&phase0.Checkpoint{Epoch: 3}, func() any { return new(phase0.Checkpoint) })
	add(&WithEmbeddedPointer{EmbInner: &EmbInner{X: 1, Y: []byte{}}, Z: 4}, func() any { return new(WithEmbeddedPointer) })
	// and with folded keys, to go through proof.FieldIndex
	folded := func(j job) job {
		s := strings.ReplaceAll(string(j.doc), `"effective_balance"`, `"EffectiveBalance"`)
		s = strings.ReplaceAll(s, `"pubkey"`, `"PUBLIC_KEY"`)
		j.doc = []byte(s)
		return j
	}
	jobs = append(jobs, folded(jobs[0]), folded(jobs[1]))
	var wg sync.WaitGroup
	errs := make(chan error, 64)
	for g := range 16 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r := rand.New(rand.NewPCG(uint64(g), 1))
			for range 150 {
				j := jobs[r.IntN(len(jobs))]
				v := j.make()
				if err := sszjson.Unmarshal(j.doc, v); err != nil {
					errs <- err
					return
				}
				if got, _ := ssz.Marshal(v); !bytes.Equal(got, j.ssz) {
					errs <- errors.New("WRONG VALUE under concurrency: " + reflect.TypeOf(v).String())
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}
