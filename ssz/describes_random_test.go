package ssz_test

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"math"
	"reflect"
	"testing"

	"github.com/lanehash/lanehash/diff"
	"github.com/lanehash/lanehash/internal/hostile"
	"github.com/lanehash/lanehash/internal/sszrand"
	"github.com/lanehash/lanehash/ssz"
	"github.com/lanehash/lanehash/ssz/sszjson"
)

var descriptorRounds = flag.Int("descriptor.rounds", 1500, "mutated descriptors TestMutatedDescriptors tries")

// TestMutatedDescriptors mutates TypeOf's descriptor of random types
// (hostile.MutateDescriptor: kinds, Go types, lengths, limits, sizes,
// fields, elements, options, active fields, cycles) and runs every
// entry point that takes a descriptor on a random value of the type. A
// mutation CheckDescriptor refuses is ErrValue at every entry point,
// never a panic; one it accepts gives each entry point the reference's
// answer: the reference root's error class, the reflect encoder's
// bytes, a decode and a JSON round trip back to those bytes, no
// difference of the bytes with themselves.
func TestMutatedDescriptors(t *testing.T) {
	valid := 0
	for round := range *descriptorRounds {
		rng := sszrand.NewRand(uint64(round))
		top := hostile.ContainerOf(hostile.RandomShape(rng, 3), hostile.RandomShape(rng, 2))
		typ, err := ssz.TypeOf(top.Go)
		if err != nil {
			t.Fatalf("round %d: the generator made an invalid type: %v", round, err)
		}
		v := reflect.New(typ.Go).Elem()
		fl := sszrand.Filler{Rand: rng, MaxList: 1 + rng.IntN(6), MaxBits: 100}
		fl.Fill(typ, v)
		// A value that is none of its type (a compatible union left
		// zero) is kept: the entry points must refuse it alike.
		in, _ := ssz.MarshalValue(typ, v)
		mut, what := hostile.MutateDescriptor(rng, typ)
		if err := checkMutated(mut, v, in); err != nil {
			t.Fatalf("round %d (%s): %v", round, what, err)
		}
		if ssz.CheckDescriptor(mut) == nil {
			valid++
		}
	}
	t.Logf("%d of %d mutated descriptors describe their Go type", valid, *descriptorRounds)
	if *descriptorRounds >= 1000 && (valid < *descriptorRounds/20 || valid > *descriptorRounds*9/10) {
		t.Errorf("%d of %d mutated descriptors valid: the generator tests one side only", valid, *descriptorRounds)
	}
}

// entryResults are the answers of every entry point that takes a
// descriptor, for one descriptor and value.
type entryResults struct {
	root           [32]byte
	enc, app, json []byte
	size           int
	errs           map[string]error
	decoded        reflect.Value
}

// checkMutated runs every entry point on mut and v (in: v's bytes under
// the descriptor mut was made from) and checks their answers against
// CheckDescriptor's verdict.
func checkMutated(mut *ssz.Type, v reflect.Value, in []byte) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("panic: %v", r)
		}
	}()
	target := v.Type()
	if mut.Go != nil {
		target = mut.Go
	}
	var r entryResults
	r.errs = map[string]error{}
	r.root, r.errs["HashTreeRootValue"] = ssz.HashTreeRootValue(mut, v, ssz.SHA256)
	r.enc, r.errs["MarshalValue"] = ssz.MarshalValue(mut, v)
	r.app, r.errs["MarshalAppendValue"] = ssz.MarshalAppendValue([]byte{9}, mut, v)
	r.size, r.errs["SizeValue"] = ssz.SizeValue(mut, v)
	r.decoded = reflect.New(target).Elem()
	r.errs["UnmarshalValue"] = ssz.UnmarshalValue(mut, in, reflect.New(target).Elem())
	r.json, r.errs["sszjson.MarshalValue"] = sszjson.MarshalValue(mut, v)
	r.errs["sszjson.EncodeValue"] = sszjson.NewEncoder(new(bytes.Buffer)).EncodeValue(mut, v)
	r.errs["sszjson.UnmarshalValue"] = sszjson.UnmarshalValue(mut, []byte(`{}`), reflect.New(target).Elem())
	_, _, r.errs["diff.Serialized"] = diff.Serialized(mut, in, in)
	minSize := ssz.MinSize(mut)

	if refused := ssz.CheckDescriptor(mut); refused != nil {
		if !errors.Is(refused, ssz.ErrValue) {
			return fmt.Errorf("CheckDescriptor: %v, not ErrValue", refused)
		}
		if minSize != math.MaxUint64 {
			return fmt.Errorf("MinSize of a refused descriptor (%v): %d", refused, minSize)
		}
		for name, err := range r.errs {
			if !errors.Is(err, ssz.ErrValue) {
				return fmt.Errorf("%s of a refused descriptor (%v): %v, want ErrValue", name, refused, err)
			}
		}
		return nil
	}
	return checkAccepted(mut, v, &r)
}

// checkAccepted checks the answers for a descriptor CheckDescriptor
// accepts against the reference: the reference root says whether v is
// a value of mut, the reflect encoder what its bytes are.
func checkAccepted(mut *ssz.Type, v reflect.Value, r *entryResults) error {
	want, werr := ssz.ReflectEncode(mut, v)
	rootErr := r.errs["HashTreeRootValue"]
	if (werr == nil) != (rootErr == nil) {
		return fmt.Errorf("the reference root says %v, the reflect encoder %v", rootErr, werr)
	}
	for _, name := range []string{"MarshalValue", "MarshalAppendValue", "SizeValue", "sszjson.MarshalValue", "sszjson.EncodeValue"} {
		if err := r.errs[name]; (err == nil) != (rootErr == nil) {
			return fmt.Errorf("%s: %v, the reference root: %v", name, err, rootErr)
		}
	}
	if rootErr != nil {
		return nil
	}
	if !bytes.Equal(r.enc, want) || !bytes.Equal(r.app, append([]byte{9}, want...)) || r.size != len(want) {
		return fmt.Errorf("MarshalValue %x, MarshalAppendValue %x, SizeValue %d; the reflect encoder %x", r.enc, r.app, r.size, want)
	}
	if err := ssz.UnmarshalValue(mut, want, r.decoded); err != nil {
		return fmt.Errorf("UnmarshalValue of MarshalValue's bytes: %v", err)
	}
	if root, err := ssz.HashTreeRootValue(mut, r.decoded, ssz.SHA256); err != nil || root != r.root {
		return fmt.Errorf("the decoded value's root %x, %v; the value's %x", root, err, r.root)
	}
	back := reflect.New(mut.Go).Elem()
	if err := sszjson.UnmarshalValue(mut, r.json, back); err != nil {
		return fmt.Errorf("sszjson.UnmarshalValue of sszjson.MarshalValue's JSON: %v", err)
	}
	if b, err := ssz.MarshalValue(mut, back); err != nil || !bytes.Equal(b, want) {
		return fmt.Errorf("the JSON round trip encodes to %x, %v; want %x", b, err, want)
	}
	if d, _, err := diff.Serialized(mut, want, want); err != nil || len(d) != 0 {
		return fmt.Errorf("diff.Serialized of the bytes with themselves: %v, %v", d, err)
	}
	return nil
}
