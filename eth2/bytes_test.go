package eth2_test

import (
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/attestantio/go-eth2-client/api"
	"github.com/attestantio/go-eth2-client/spec"
	"github.com/attestantio/go-eth2-client/spec/deneb"
	"github.com/attestantio/go-eth2-client/spec/fulu"
	"github.com/attestantio/go-eth2-client/spec/phase0"
	"github.com/lanehash/lanehash"
	"github.com/lanehash/lanehash/eth2"
	"github.com/lanehash/lanehash/internal/cputime"
	"github.com/lanehash/lanehash/plan"
	"github.com/lanehash/lanehash/proof"
	"github.com/lanehash/lanehash/ssz"
	lfulu "github.com/lanehash/lanehash/ssz/consensus/fulu"
)

// clientBytes is the client's own MarshalSSZ of the value p points to.
func clientBytes(tb testing.TB, p reflect.Value) []byte {
	tb.Helper()
	m := p.MethodByName("MarshalSSZ")
	if !m.IsValid() {
		tb.Fatalf("%v has no MarshalSSZ method", p.Type())
	}
	out := m.Call(nil)
	if err, _ := out[1].Interface().(error); err != nil {
		tb.Fatalf("the client's %v.MarshalSSZ: %v", p.Type(), err)
	}
	return out[0].Interface().([]byte)
}

// template is a wrapper of type wt naming the type of fork field f:
// its Version and flags set, no fork's value.
func template(wt reflect.Type, f reflect.StructField, fork string) reflect.Value {
	w := reflect.New(wt)
	if fork != "v1" {
		w.Elem().FieldByName("Version").SetUint(uint64(forkNames[fork]))
	}
	if b := w.Elem().FieldByName("Blinded"); b.IsValid() {
		b.SetBool(strings.HasSuffix(f.Name, "Blinded"))
	}
	if b := w.Elem().FieldByName("ExecutionPayloadIncluded"); b.IsValid() {
		b.SetBool(strings.HasSuffix(f.Name, "Contents"))
	}
	return w
}

// TestBytesMatchesClient roots the client's serialization of a random
// value of every fork field of every versioned type, the type named by
// a wrapper holding only a Version (and flags), by the wrapper holding
// the value, and by the value's own type (a pointer to it, the value, a
// nil pointer): each is the client's HashTreeRoot of the value.
func TestBytesMatchesClient(t *testing.T) {
	for _, w := range wrappers {
		wt := reflect.TypeOf(w)
		fields, forks := forkFields(wt)
		for i, f := range fields {
			t.Run(wt.Name()+"/"+f.Name, func(t *testing.T) {
				wp, v := versioned(t, wt, f, forks[i], 7)
				want := clientRoot(t, v)
				b := clientBytes(t, v)
				tp := template(wt, f, forks[i])
				for _, of := range []any{tp.Interface(), tp.Elem().Interface(), wp.Interface(), v.Interface(), v.Elem().Interface(), reflect.Zero(v.Type()).Interface()} {
					if got, err := eth2.HashTreeRootBytes(of, b); err != nil || got != want {
						t.Fatalf("HashTreeRootBytes(%T): %x, %v; the client's %x", of, got, err, want)
					}
				}
			})
		}
	}
}

// TestProveBytesMatchesValue proves paths in the client's serialization
// of a random state of every fork and of a signed block of every fork
// the client has one for: the proofs are ProveFields' of the value, and
// verify against the client's root.
func TestProveBytesMatchesValue(t *testing.T) {
	paths := []string{"slot", "validators[0].effective_balance", "balances.__len__", "latest_block_header.state_root"}
	eachForkState(t, 23, func(t *testing.T, vs *spec.VersionedBeaconState, root [32]byte) {
		inner, err := eth2.Unwrap(vs)
		if err != nil {
			t.Fatal(err)
		}
		b := clientBytes(t, reflect.ValueOf(inner))
		testProveBytes(t, &spec.VersionedBeaconState{Version: vs.Version}, b, vs, root, paths)
	})
	wt := reflect.TypeFor[spec.VersionedSignedBeaconBlock]()
	fields, forks := forkFields(wt)
	for i, f := range fields {
		t.Run("block/"+forks[i], func(t *testing.T) {
			wp, v := versioned(t, wt, f, forks[i], 29)
			testProveBytes(t, template(wt, f, forks[i]).Interface(), clientBytes(t, v), wp.Interface(), clientRoot(t, v),
				[]string{"message.body.randao_reveal", "message.state_root", "signature"})
		})
	}
}

// testProveBytes checks ProveFieldsBytes(of, b, paths) against
// ProveFields of the value v serialized in b, whose root is root.
func testProveBytes(t *testing.T, of any, b []byte, v any, root [32]byte, paths []string) {
	t.Helper()
	got, gotRoot, err := eth2.ProveFieldsBytes(of, b, paths...)
	if err != nil || gotRoot != root {
		t.Fatalf("ProveFieldsBytes: root %x, %v; the client's %x", gotRoot, err, root)
	}
	want, _, err := eth2.ProveFields(v, paths...)
	if err != nil {
		t.Fatal(err)
	}
	for i, p := range got {
		if !reflect.DeepEqual(p, want[i]) || !p.Verify(root) {
			t.Fatalf("%q: proof %+v, ProveFields' %+v; verifies: %v", paths[i], p, want[i], p.Verify(root))
		}
	}
	one, r, err := eth2.ProveFieldBytes(of, b, paths[0])
	if err != nil || r != root || !reflect.DeepEqual(one, want[0]) {
		t.Fatalf("ProveFieldBytes(%q): %+v, %x, %v; want %+v", paths[0], one, r, err, want[0])
	}
}

// TestBytesRefusals checks what the bytes functions refuse, each by its
// error's type: a wrapper naming no type, nil, bad bytes (the decoder's
// sentinel), no paths, a bad path and a type with no proofs.
func TestBytesRefusals(t *testing.T) {
	vs := &spec.VersionedBeaconState{Version: spec.DataVersionFulu}
	for _, c := range []struct {
		name string
		of   any
	}{
		{"unset version", &spec.VersionedBeaconState{}},
		{"unknown version", &spec.VersionedBeaconState{Version: 42}},
		{"a fork the wrapper has no field for", &spec.VersionedSignedBeaconBlock{Version: spec.DataVersionUnknown}},
		{"a nil wrapper", (*spec.VersionedBeaconState)(nil)},
		{"flags selecting none", &api.VersionedBlindedProposal{Version: spec.DataVersionPhase0}},
	} {
		_, err := eth2.HashTreeRootBytes(c.of, []byte{0})
		var ve *eth2.VersionError
		if !errors.Is(err, eth2.ErrNoType) || !errors.As(err, &ve) {
			t.Errorf("%s: HashTreeRootBytes: %v, want a *VersionError wrapping ErrNoType", c.name, err)
		}
		if _, _, err := eth2.ProveFieldBytes(c.of, []byte{0}, "slot"); !errors.Is(err, eth2.ErrNoType) {
			t.Errorf("%s: ProveFieldBytes: %v, want ErrNoType", c.name, err)
		}
	}
	if _, err := eth2.HashTreeRootBytes(nil, nil); !errors.Is(err, lanehash.ErrNil) {
		t.Errorf("HashTreeRootBytes(nil): %v, want lanehash.ErrNil", err)
	}
	// A valid serialization cut short, and one with a bad offset: the
	// decoder's sentinel, as ssz.Unmarshal gives it for the same bytes.
	st := reflect.New(reflect.TypeFor[fulu.BeaconState]())
	fill(t, st, 3)
	b := clientBytes(t, st)
	bad := append([]byte(nil), b...)
	bad[8+32+8+16+112+8192*32*2] ^= 0xff // the historical roots' offset
	for name, b := range map[string][]byte{"cut": b[:len(b)-3], "bad offset": bad} {
		derr := ssz.Unmarshal(b, new(fulu.BeaconState))
		sentinel := sentinelOf(derr)
		if sentinel == nil {
			t.Fatalf("%s: the decoder: %v, no ssz sentinel", name, derr)
		}
		_, err := eth2.HashTreeRootBytes(vs, b)
		var pe *plan.Error
		if !errors.As(err, &pe) || !errors.Is(err, sentinel) {
			t.Errorf("%s: HashTreeRootBytes: %v; the decoder: %v", name, err, derr)
		}
		if _, _, perr := eth2.ProveFieldsBytes(vs, b, "slot"); !errors.As(perr, &pe) || !errors.Is(perr, sentinel) {
			t.Errorf("%s: ProveFieldsBytes: %v; the decoder: %v", name, perr, derr)
		}
	}
	if _, _, err := eth2.ProveFieldsBytes(vs, b); !errors.Is(err, proof.ErrIndex) {
		t.Errorf("no paths: %v, want proof.ErrIndex", err)
	}
	var pathErr *proof.PathError
	if _, _, err := eth2.ProveFieldsBytes(vs, b, "no_such_field"); !errors.As(err, &pathErr) {
		t.Errorf("a bad path: %v, want a *proof.PathError", err)
	}
	if _, _, err := eth2.ProveFieldBytes(&phase0.Validator{}, make([]byte, 121), "slashed"); !errors.Is(err, eth2.ErrNotProvable) {
		t.Errorf("a Validator: %v, want ErrNotProvable", err)
	}
}

// TestBytesWrapperType roots api.BlobSidecars, which the client
// annotates as an SSZ wrapper (its serialization and root are its one
// field's: a blob_sidecars body is a bare list), from the client's
// bytes: the client's root, empty or not; the serialization of the Go
// struct as a container (an offset before the list), which the client
// refuses, is refused too.
func TestBytesWrapperType(t *testing.T) {
	for _, n := range []int{0, 1, 3} {
		v := &api.BlobSidecars{Sidecars: make([]*deneb.BlobSidecar, n)}
		for i := range v.Sidecars {
			p := reflect.New(reflect.TypeFor[deneb.BlobSidecar]())
			fill(t, p, uint64(40+i))
			v.Sidecars[i] = p.Interface().(*deneb.BlobSidecar)
		}
		want, err := v.HashTreeRoot()
		if err != nil {
			t.Fatal(err)
		}
		b, err := v.MarshalSSZ()
		if err != nil {
			t.Fatal(err)
		}
		if got, err := eth2.HashTreeRootBytes(&api.BlobSidecars{}, b); err != nil || got != want {
			t.Fatalf("%d sidecars: %x, %v; the client's %x", n, got, err, want)
		}
		if got, err := eth2.HashTreeRoot(v); err != nil || got != want {
			t.Fatalf("%d sidecars, the value: %x, %v; the client's %x", n, got, err, want)
		}
		if n == 0 {
			continue
		}
		container, err := ssz.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		cerr := new(api.BlobSidecars).UnmarshalSSZ(container)
		if _, err := eth2.HashTreeRootBytes(&api.BlobSidecars{}, container); err == nil || cerr == nil {
			t.Fatalf("%d sidecars behind an offset: %v; the client: %v", n, err, cerr)
		}
	}
}

// TestBlindedFlagWithoutBlindedForm: a proposal of a fork with no
// blinded form (phase0, altair) is read whatever its Blinded flag says,
// as the client reads it, from the value and as the type of bytes.
func TestBlindedFlagWithoutBlindedForm(t *testing.T) {
	v := reflect.New(reflect.TypeFor[phase0.BeaconBlock]())
	fill(t, v, 9)
	blk := v.Interface().(*phase0.BeaconBlock)
	want := clientRoot(t, v)
	b := clientBytes(t, v)
	w := &api.VersionedProposal{Version: spec.DataVersionPhase0, Blinded: true, Phase0: blk}
	if got, err := eth2.HashTreeRoot(w); err != nil || got != want {
		t.Errorf("HashTreeRoot: %x, %v; the client's %x", got, err, want)
	}
	if got, err := eth2.HashTreeRootBytes(&api.VersionedProposal{Version: spec.DataVersionPhase0, Blinded: true}, b); err != nil || got != want {
		t.Errorf("HashTreeRootBytes: %x, %v; the client's %x", got, err, want)
	}
}

// TestNestedWrapperRefused: a value holding a versioned wrapper at any
// depth (a field, an embedded one, a list's element) is refused as the
// wrapper itself is (lanehash.ErrVersioned), by value and as the type
// of bytes: its root as a container is no chain's.
func TestNestedWrapperRefused(t *testing.T) {
	type field struct {
		A uint64
		S *spec.VersionedSignedBeaconBlock
	}
	type embedded struct {
		spec.VersionedBeaconState
	}
	type list struct {
		L []*spec.VersionedBeaconState `ssz-max:"4"`
	}
	for _, v := range []any{&field{}, &embedded{}, &list{}} {
		if _, err := lanehash.HashTreeRoot(v); !errors.Is(err, lanehash.ErrVersioned) {
			t.Errorf("lanehash.HashTreeRoot(%T): %v, want ErrVersioned", v, err)
		}
		if _, err := eth2.HashTreeRoot(v); !errors.Is(err, lanehash.ErrVersioned) {
			t.Errorf("eth2.HashTreeRoot(%T): %v, want ErrVersioned", v, err)
		}
		if _, err := eth2.HashTreeRootBytes(v, []byte{0}); !errors.Is(err, lanehash.ErrVersioned) {
			t.Errorf("eth2.HashTreeRootBytes(%T): %v, want ErrVersioned", v, err)
		}
	}
}

// BenchmarkStateBytes roots a 100,000-validator fulu state's
// serialization (lanehash's synthetic state, which the client's type
// reads too) through HashTreeRootBytes and through the client's
// UnmarshalSSZ then HashTreeRoot, in CPU ns a validator of the process
// (one core: GOMAXPROCS=1 or taskset).
func BenchmarkStateBytes(b *testing.B) {
	const n = 100_000
	body, err := ssz.Marshal(lfulu.SyntheticBeaconState(n, 1))
	if err != nil {
		b.Fatal(err)
	}
	var want [32]byte
	for _, c := range []struct {
		name string
		root func() ([32]byte, error)
	}{
		{"eth2.HashTreeRootBytes", func() ([32]byte, error) {
			return eth2.HashTreeRootBytes(&spec.VersionedBeaconState{Version: spec.DataVersionFulu}, body)
		}},
		{"client-UnmarshalSSZ+HashTreeRoot", func() ([32]byte, error) {
			var s fulu.BeaconState
			if err := s.UnmarshalSSZ(body); err != nil {
				return [32]byte{}, err
			}
			return s.HashTreeRoot()
		}},
	} {
		b.Run(c.name, func(b *testing.B) {
			got, err := c.root()
			if err != nil || want != [32]byte{} && got != want {
				b.Fatalf("root %x, %v; want %x", got, err, want)
			}
			want = got
			t0 := processCPU(b)
			for b.Loop() {
				if _, err := c.root(); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(processCPU(b)-t0)/float64(b.N)/n, "cpu-ns/validator")
		})
	}
}

// processCPU is the process's CPU time in ns.
func processCPU(b *testing.B) int64 {
	t, ok := cputime.Process()
	if !ok {
		b.Skip("no process CPU clock on this system")
	}
	return t
}

// sentinelOf returns the ssz sentinel err wraps, nil for none.
func sentinelOf(err error) error {
	for _, s := range []error{ssz.ErrOverflow, ssz.ErrListTooLong, ssz.ErrOffset, ssz.ErrSize, ssz.ErrBitlist, ssz.ErrBitvector, ssz.ErrBool, ssz.ErrUnion, ssz.ErrValue} {
		if errors.Is(err, s) {
			return s
		}
	}
	return nil
}

func ExampleHashTreeRootBytes() {
	// A state's SSZ as a beacon node serves it, with its version in the
	// Eth-Consensus-Version header.
	state := &fulu.BeaconState{Slot: 7}
	body, err := state.MarshalSSZ()
	if err != nil {
		fmt.Println(err)
		return
	}
	version := spec.DataVersionFulu

	// The root straight from the bytes: the wrapper names the type.
	root, err := eth2.HashTreeRootBytes(&spec.VersionedBeaconState{Version: version}, body)
	if err != nil {
		fmt.Println(err)
		return
	}
	want, _ := state.HashTreeRoot()
	fmt.Println(root == want)

	// A proof of one field, from the same bytes.
	p, _, err := eth2.ProveFieldBytes(&spec.VersionedBeaconState{Version: version}, body, "slot")
	fmt.Println(err == nil && p.Verify(want))
	// Output:
	// true
	// true
}
