package main

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/golang/snappy"

	"github.com/lanehash/lanehash/ssz"
	"github.com/lanehash/lanehash/ssz/consensus/fulu"
)

// TestErrorOffset truncates a state inside its last variable-size field
// and checks that the error names the file, the field and the field's
// first byte, computed independently: the length of the same state
// serialized with that field empty.
func TestErrorOffset(t *testing.T) {
	s := fulu.SyntheticBeaconState(64, 1)
	if len(s.PendingConsolidations) == 0 {
		t.Fatal("the synthetic state has no pending consolidations")
	}
	b, err := ssz.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	s.PendingConsolidations = nil
	head, err := ssz.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	file := writeFile(t, "state.ssz", b[:len(b)-3])
	_, errOut, code := runCmd(t, nil, "root", "-type", "fulu.BeaconState", file)
	want := fmt.Sprintf("%s (%d bytes): byte %d, field pending_consolidations of fulu.BeaconState: wrong size", file, len(b)-3, len(head))
	if code != exitError || !strings.Contains(errOut, want) {
		t.Errorf("status %d, stderr %q, want it to contain %q", code, errOut, want)
	}

	// The error is typed: the sentinel and the position are values.
	e, _ := lookupType("fulu.BeaconState")
	p, _ := presetNamed("mainnet")
	_, rerr := e.RootBytes(p, b[:len(b)-3])
	err = describe(e, p, "f", payload{b[:len(b)-3], formatSSZ}, rerr)
	var ie *inputError
	if !errors.As(err, &ie) || !errors.Is(err, ssz.ErrSize) || ie.Offset != len(head) || ie.Field != "pending_consolidations" {
		t.Errorf("describe: %#v", err)
	}
}

// TestInputErrors checks the exit status and message of each way input
// or flags go wrong.
func TestInputErrors(t *testing.T) {
	dir := vectorsDir(t)
	state := filepath.Join(dir, "minimal", "fulu", "ssz_static", "BeaconState", "ssz_random", "case_0", "serialized.ssz_snappy")
	comp, err := os.ReadFile(state)
	if err != nil {
		t.Fatal(err)
	}
	raw, err := snappy.Decode(nil, comp)
	if err != nil {
		t.Fatal(err)
	}
	truncated := writeFile(t, "truncated.ssz", raw[:len(raw)/2])
	notSnappy := writeFile(t, "x.ssz_snappy", raw)
	for _, c := range []struct {
		name string
		args []string
		want string
	}{
		{"no type", []string{"root", state}, "-type is required"},
		{"bad type", []string{"root", "-type", "fulu.BeaconStat", state}, `unknown type "fulu.BeaconStat"`},
		{"bad preset", []string{"root", "-type", "fulu.BeaconState", "-preset", "testnet", state}, `-preset "testnet"`},
		{"bad format", []string{"root", "-type", "fulu.BeaconState", "-format", "zip", state}, `-format "zip"`},
		{"no file", []string{"root", "-type", "fulu.BeaconState"}, "no FILE"},
		{"missing file", []string{"root", "-type", "fulu.BeaconState", filepath.Join(dir, "nope.ssz")}, "nope.ssz"},
		{"directory", []string{"root", "-type", "fulu.BeaconState", dir}, "is a directory"},
		{"stdin twice", []string{"root", "-type", "fulu.BeaconState", "-", "-"}, "given 2 times"},
		{"wrong preset", []string{"root", "-type", "fulu.BeaconState", state}, "it decodes with -preset minimal"},
		{"truncated", []string{"root", "-type", "fulu.BeaconState", "-preset", "minimal", truncated}, truncated + " (" + fmt.Sprint(len(raw)/2) + " bytes): byte "},
		{"not snappy", []string{"root", "-type", "fulu.BeaconState", "-preset", "minimal", notSnappy}, "not snappy block data"},
		{"wrong type", []string{"root", "-type", "fulu.Validator", "-preset", "minimal", state}, "over the limit of 191 (121 bytes snappy compressed at worst, the SSZ size of fulu.Validator)"},
		{"prove no path", []string{"prove", "-type", "fulu.BeaconState", state}, "-path is required"},
		{"prove bad path", []string{"prove", "-type", "fulu.BeaconState", "-path", "validators[0].nope", state}, `no field "nope"`},
		{"prove bad file", []string{"prove", "-type", "fulu.BeaconState", "-path", "slot", truncated}, "truncated.ssz"},
		{"diff one file", []string{"diff", "-type", "fulu.BeaconState", state}, "want two files"},
		{"diff bad file", []string{"diff", "-type", "fulu.BeaconState", "-preset", "minimal", state, truncated}, "truncated.ssz"},
		{"diff -max", []string{"diff", "-type", "fulu.BeaconState", "-max", "-1", state, state}, "-max -1"},
		{"types bad fork", []string{"types", "-fork", "nope"}, `unknown fork "nope"`},
	} {
		out, errOut, code := runCmd(t, nil, c.args...)
		if code != exitError || !strings.Contains(errOut, c.want) || out != "" {
			t.Errorf("%s: status %d, stdout %q, stderr %q; want status 2 and %q", c.name, code, out, errOut, c.want)
		}
	}
	// Several files: the bad one is reported, the good one still rooted.
	out, errOut, code := runCmd(t, nil, "root", "-type", "fulu.BeaconState", "-preset", "minimal", truncated, state)
	if code != exitError || !strings.Contains(out, state) || !strings.Contains(errOut, "truncated.ssz") {
		t.Errorf("a bad and a good file: status %d, %q, %q", code, out, errOut)
	}
}

// TestHostileInput feeds random and mutated bytes to every command that
// reads SSZ: each must end with status 2 or a result, never a panic.
func TestHostileInput(t *testing.T) {
	dir := vectorsDir(t)
	comp, err := os.ReadFile(filepath.Join(dir, "minimal", "gloas", "ssz_static", "BeaconState", "ssz_random", "case_0", "serialized.ssz_snappy"))
	if err != nil {
		t.Fatal(err)
	}
	raw, err := snappy.Decode(nil, comp)
	if err != nil {
		t.Fatal(err)
	}
	good := writeFile(t, "good.ssz", raw)
	r := rand.New(rand.NewPCG(1, 2))
	n := 200
	if testing.Short() {
		n = 50
	}
	for i := 0; i < n; i++ {
		b := append([]byte(nil), raw...)
		switch i % 3 {
		case 0: // a few bytes of the offsets and lengths flipped
			for k := 0; k < 1+r.IntN(4); k++ {
				b[r.IntN(len(b))] ^= byte(1 << r.IntN(8))
			}
		case 1:
			b = b[:r.IntN(len(b))]
		case 2:
			b = make([]byte, r.IntN(64))
			for k := range b {
				b[k] = byte(r.Uint32())
			}
		}
		f := writeFile(t, "bad.ssz", b)
		for _, args := range [][]string{
			{"root", "-type", "gloas.BeaconState", "-preset", "minimal", f},
			{"prove", "-type", "gloas.BeaconState", "-preset", "minimal", "-path", "validators[0].slashed", f},
			{"diff", "-type", "gloas.BeaconState", "-preset", "minimal", good, f},
		} {
			_, errOut, code := runCmd(t, b, args...)
			if code == exitError && errOut == "" {
				t.Fatalf("%v: status 2 with no message", args)
			}
		}
	}
}

// TestErrorOffsetElement corrupts the slashed byte of one validator, found
// by searching the serialization for a marker in the field before it (not
// by the command's layout code), and checks the offset and field named.
func TestErrorOffsetElement(t *testing.T) {
	s := fulu.SyntheticBeaconState(64, 2)
	const marker = 0x0123456789abcdef
	s.Validators[5].EffectiveBalance = marker
	b, err := ssz.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	var m [8]byte
	binary.LittleEndian.PutUint64(m[:], marker)
	pos := bytes.Index(b, m[:])
	if pos < 0 || bytes.Contains(b[pos+1:], m[:]) {
		t.Fatal("marker not found once")
	}
	b[pos+8] = 2 // slashed follows effective_balance
	file := writeFile(t, "state.ssz", b)
	_, errOut, code := runCmd(t, nil, "root", "-type", "fulu.BeaconState", file)
	want := fmt.Sprintf("byte %d, field validators[5].slashed of fulu.BeaconState: bad boolean", pos+8)
	if code != exitError || !strings.Contains(errOut, want) {
		t.Errorf("status %d, stderr %q, want it to contain %q", code, errOut, want)
	}
}
