package main

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/golang/snappy"

	"github.com/lanehash/lanehash/ssz"
	"github.com/lanehash/lanehash/ssz/consensus/fulu"
	"github.com/lanehash/lanehash/ssz/consensus/phase0"
)

// maxTestAlloc bounds what one refused input may cost: far below any
// input the tests offer (endless, or 8 GiB), far above the command's own
// allocations.
const maxTestAlloc = 64 << 20

// allocated returns the bytes fn allocates (runtime.MemStats.TotalAlloc
// delta: every allocation, including any freed again).
func allocated(fn func()) uint64 {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	fn()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// endless is a reader that never ends: an infinite pipe on stdin.
type endless struct{}

func (endless) Read(p []byte) (int, error) {
	clear(p)
	return len(p), nil
}

// runLimited runs the command on stdin and checks that it exits 2 with
// an error naming want, allocating less than maxTestAlloc.
func runLimited(t *testing.T, stdin io.Reader, want string, args ...string) {
	t.Helper()
	var out, errb bytes.Buffer
	var code int
	n := allocated(func() { code = run(args, stdin, &out, &errb) })
	if code != exitError || !strings.Contains(errb.String(), want) {
		t.Errorf("%v: status %d, stderr %q, want %d and %q", args, code, errb.String(), exitError, want)
	}
	if n > maxTestAlloc {
		t.Errorf("%v: allocated %d bytes, want under %d", args, n, maxTestAlloc)
	}
}

// TestInputLimitDevZero reads /dev/zero, a device that never ends, with
// every command that reads SSZ: the read stops past the type's limit.
func TestInputLimitDevZero(t *testing.T) {
	if st, err := os.Stat("/dev/zero"); err != nil || st.Mode().IsRegular() {
		t.Skipf("host has no /dev/zero device: %v", err)
	}
	want := "/dev/zero: more bytes than the limit of 191 (121 bytes snappy compressed at worst, the SSZ size of phase0.Validator)"
	runLimited(t, nil, want, "root", "-type", "phase0.Validator", "/dev/zero")
	runLimited(t, nil, want, "prove", "-type", "phase0.Validator", "-path", "slashed", "/dev/zero")
	runLimited(t, nil, want, "diff", "-type", "phase0.Validator", "/dev/zero", "/dev/zero")
	runLimited(t, nil, "/dev/zero: more bytes than the limit of 121 (the SSZ size",
		"root", "-type", "phase0.Validator", "-format", "ssz", "/dev/zero")
	runLimited(t, nil, "/dev/zero: more bytes than the limit of 1048576 (-max-input)",
		"root", "-type", "fulu.BeaconState", "-format", "ssz", "-max-input", "1MiB", "/dev/zero")
	runLimited(t, nil, "/dev/zero: more bytes than the limit of 1048576 (a proof is under 10 KB)", "verify", "/dev/zero")
}

// TestInputLimitEndlessStdin feeds each command a stdin that never ends.
func TestInputLimitEndlessStdin(t *testing.T) {
	want := "stdin: more bytes than the limit of 191 (121 bytes snappy compressed at worst, the SSZ size of phase0.Validator)"
	runLimited(t, endless{}, want, "root", "-type", "phase0.Validator", "-")
	runLimited(t, endless{}, want, "prove", "-type", "phase0.Validator", "-path", "slashed", "-")
	runLimited(t, endless{}, want, "diff", "-type", "phase0.Validator", "-", writeFile(t, "v.ssz", make([]byte, 121)))
	runLimited(t, endless{}, "stdin: more bytes than the limit of 1048576 (-max-input)",
		"root", "-type", "fulu.BeaconState", "-format", "ssz", "-max-input", "1MiB", "-")
	runLimited(t, endless{}, "stdin: more bytes than the limit of 1048576", "verify")
}

// TestInputLimitSparseFile offers an 8 GiB file that takes no disk space:
// its size alone refuses it, nothing of that size is allocated.
func TestInputLimitSparseFile(t *testing.T) {
	const size int64 = 8 << 30
	file := filepath.Join(t.TempDir(), "big.ssz")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Truncate(file, size); err != nil {
		t.Skipf("the temporary directory's file system makes no sparse files: %v", err)
	}
	big := file + ": " + strconv.FormatInt(size, 10) + " bytes, over the limit of "
	runLimited(t, nil, big+"191 (121 bytes snappy compressed at worst, the SSZ size of phase0.Validator)",
		"root", "-type", "phase0.Validator", file)
	runLimited(t, nil, big+"121 (the SSZ size of phase0.Validator)",
		"diff", "-type", "phase0.Validator", "-format", "ssz", file, file)
	runLimited(t, nil, big+strconv.FormatInt(4<<30, 10)+" (-max-input)",
		"prove", "-type", "fulu.BeaconState", "-format", "ssz", "-path", "slot", file)
	runLimited(t, nil, big+"1048576 (a proof is under 10 KB)", "verify", file)
}

// TestInputLimitSnappyClaim offers snappy inputs whose decoded length is
// over the limit: a block whose header claims it (refused from the
// header, before the claimed length is allocated) and a framed stream
// (read through the limit).
func TestInputLimitSnappyClaim(t *testing.T) {
	// A block claiming 4000 bytes in 152: a plausible ratio, over
	// phase0.Validator's 121.
	claim := binary.AppendUvarint(nil, 4000)
	block := append(claim, make([]byte, 152-len(claim))...)
	file := writeFile(t, "v.ssz_snappy", block)
	runLimited(t, nil, file+": 4000 bytes decompressed, over the limit of 121 (the SSZ size of phase0.Validator)",
		"root", "-type", "phase0.Validator", file)

	// A 64 KiB block claiming 2 MiB, over -max-input.
	claim = binary.AppendUvarint(nil, 2<<20)
	block = append(claim, make([]byte, 64<<10-len(claim))...)
	file = writeFile(t, "s.ssz_snappy", block)
	runLimited(t, nil, file+": 2097152 bytes decompressed, over the limit of 1048576 (-max-input)",
		"root", "-type", "fulu.BeaconState", "-max-input", "1MiB", file)

	// A framed stream of 200 zero bytes, compressed to a few.
	var framed bytes.Buffer
	w := snappy.NewBufferedWriter(&framed)
	if _, err := w.Write(make([]byte, 200)); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	file = writeFile(t, "v.framed", framed.Bytes())
	runLimited(t, nil, file+": more bytes decompressed than the limit of 121 (the SSZ size of phase0.Validator)",
		"root", "-type", "phase0.Validator", file)

	// The error is typed. block is the 64 KiB one claiming 2 MiB: over
	// phase0.Validator's size it is also of the wrong size; over
	// -max-input (a state's bound is larger) it is not.
	st, err := ssz.TypeFor[phase0.Validator]()
	if err != nil {
		t.Fatal(err)
	}
	_, err = payloads("v", block, formatBlock, limitFor(st, "phase0.Validator", formatBlock, defaultMaxInput))
	var tl *tooLargeError
	if !errors.As(err, &tl) || !errors.Is(err, errInput) || !errors.Is(err, ssz.ErrSize) || tl.Size != 2<<20 || tl.Limit != 121 || !tl.Decoded {
		t.Errorf("payloads: %#v", err)
	}
	st, err = ssz.TypeFor[fulu.BeaconState]()
	if err != nil {
		t.Fatal(err)
	}
	_, err = payloads("s", block, formatBlock, limitFor(st, "fulu.BeaconState", formatBlock, 1<<20))
	if !errors.As(err, &tl) || !errors.Is(err, errInput) || errors.Is(err, ssz.ErrSize) || tl.Limit != 1<<20 {
		t.Errorf("payloads under -max-input: %#v", err)
	}
}

// TestMaxSize checks maxSize against the length of values serialized at
// their bounds, and limitFor's choice between it and -max-input.
func TestMaxSize(t *testing.T) {
	bits := make([]byte, 2048/8+1)
	bits[len(bits)-1] = 1 // the delimiter after 2048 bits
	att := &phase0.Attestation{AggregationBits: bits, Data: &phase0.AttestationData{}}
	ia := &phase0.IndexedAttestation{AttestingIndices: make([]phase0.ValidatorIndex, 2048), Data: &phase0.AttestationData{}}
	for _, v := range []any{att, ia, &phase0.Validator{}} {
		b, err := ssz.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		st, err := ssz.TypeOf(reflect.TypeOf(v))
		if err != nil {
			t.Fatal(err)
		}
		if m, ok := maxSize(st); !ok || m != uint64(len(b)) {
			t.Errorf("%T: maxSize %d, %t, want %d", v, m, ok, len(b))
		}
		lim := limitFor(st, "x", formatSSZ, defaultMaxInput)
		if lim.ssz != int64(len(b)) || lim.raw != lim.ssz {
			t.Errorf("%T: limit %+v, want %d", v, lim, len(b))
		}
		lim = limitFor(st, "x", formatSSZ, 100)
		if lim.ssz != 100 || lim.sszWhy != "-max-input" {
			t.Errorf("%T under -max-input 100: limit %+v", v, lim)
		}
		lim = limitFor(st, "x", formatBlock, defaultMaxInput)
		if lim.raw != int64(snappy.MaxEncodedLen(len(b))) {
			t.Errorf("%T: block limit %d, want snappy.MaxEncodedLen %d", v, lim.raw, snappy.MaxEncodedLen(len(b)))
		}
	}
}

// TestByteSize parses -max-input sizes.
func TestByteSize(t *testing.T) {
	for in, want := range map[string]int64{"512MiB": 512 << 20, "4GiB": 4 << 30, "300MB": 300e6,
		"1000": 1000, "2 KiB": 2048, "7B": 7, "1TiB": 1 << 40} {
		var s byteSize
		if err := s.Set(in); err != nil || int64(s) != want {
			t.Errorf("%q: %d, %v, want %d", in, s, err, want)
		}
	}
	for _, in := range []string{"", "0", "-1MiB", "1.5GiB", "12XB", "9999999TiB"} {
		var s byteSize
		if err := s.Set(in); err == nil {
			t.Errorf("%q: accepted as %d", in, s)
		}
	}
	s := byteSize(defaultMaxInput)
	if s.String() != "4GiB" {
		t.Errorf("default shows as %q", s.String())
	}
}

// TestMaxInputRawUnderAuto: under -format auto a file may be as long as
// the limit's snappy encoding at worst, and its raw reading was tried at
// that length: -max-input let about 7/6 of itself through as raw SSZ.
// The raw reading is now within the SSZ limit, from a file and from
// stdin, as under -format ssz.
func TestMaxInputRawUnderAuto(t *testing.T) {
	v := phase0.RandomValidators(64, 5)
	ptrs := make([]*phase0.Validator, len(v))
	for i := range v {
		ptrs[i] = &v[i]
	}
	state := &phase0.BeaconState{Validators: ptrs, Balances: make([]phase0.Gwei, len(v))}
	raw, err := ssz.Marshal(state)
	if err != nil {
		t.Fatal(err)
	}
	file := writeFile(t, "state.ssz", raw)
	limit := strconv.Itoa(len(raw) - 300)
	for _, format := range []string{"ssz", "auto"} {
		runLimited(t, nil, file+": "+strconv.Itoa(len(raw))+" bytes, over the limit of "+limit+" (-max-input)",
			"root", "-type", "phase0.BeaconState", "-format", format, "-max-input", limit, file)
		// A stream is refused once it passes the limit it may have.
		runLimited(t, bytes.NewReader(raw), "the limit of "+limit+" (-max-input)", "root", "-type", "phase0.BeaconState", "-format", format, "-max-input", limit, "-")
	}
	// At the limit it is read.
	if out, errOut, code := runCmd(t, nil, "root", "-type", "phase0.BeaconState", "-max-input", strconv.Itoa(len(raw)), file); code != exitOK {
		t.Errorf("-max-input the file's size: status %d, %q %q", code, out, errOut)
	}
}

// TestProveExpectSnappyUnnamed: a snappy block under a name that does
// not say snappy is read raw first, then as snappy; prove -expect with
// another root got the raw reading's parse error (status 2) where the
// snappy reading, the type with another root, is the answer (status 1),
// as for the same bytes named .ssz_snappy.
func TestProveExpectSnappyUnnamed(t *testing.T) {
	c := vectorCases(t, "ssz_random")[0]
	for _, vc := range vectorCases(t, "ssz_random") {
		if vc.typ == "phase0.BeaconBlock" && vc.preset == "mainnet" {
			c = vc
		}
	}
	block, err := os.ReadFile(c.file)
	if err != nil {
		t.Fatal(err)
	}
	unnamed := writeFile(t, "block.bin", block)
	if out, errOut, code := runCmd(t, nil, "root", "-type", c.typ, "-preset", c.preset, unnamed); code != exitOK || strings.TrimSpace(out) != c.root {
		t.Fatalf("root of %s: status %d, %q %q; want %s", unnamed, code, out, errOut, c.root)
	}
	for _, f := range []string{c.file, unnamed} {
		args := []string{"prove", "-type", c.typ, "-preset", c.preset, "-path", "slot", "-expect", flipHex(c.root), f}
		if out, errOut, code := runCmd(t, nil, args...); code != exitNegative || out != "" || !strings.Contains(errOut, "differs from -expect") {
			t.Errorf("%s: prove -expect another root: status %d, %q %q; want status 1", f, code, out, errOut)
		}
	}
}

// TestSSZNameReadRaw: a file named .ssz is read raw under -format auto,
// even when its bytes begin as a snappy framed stream does (a Checkpoint
// whose epoch and root start with the stream identifier): root gives
// its raw root, and convert writes such a value to a .ssz name and
// reads it back. Sniffing the identifier first read it as a broken
// stream (break23f).
func TestSSZNameReadRaw(t *testing.T) {
	dir := t.TempDir()
	var cp phase0.Checkpoint
	raw := append([]byte("\xff\x06\x00\x00sNaPpY"), make([]byte, 30)...)
	if err := ssz.Unmarshal(raw, &cp); err != nil {
		t.Fatal(err)
	}
	want, err := ssz.HashTreeRoot(&cp, ssz.SHA256)
	if err != nil {
		t.Fatal(err)
	}
	in := filepath.Join(dir, "cp.ssz")
	if err := os.WriteFile(in, raw, 0o644); err != nil {
		t.Fatal(err)
	}
	if out, errs, code := runCmd(t, nil, "root", "-type", "phase0.Checkpoint", in); code != 0 || strings.TrimSpace(out) != fmt.Sprintf("0x%x", want) {
		t.Errorf("root of a .ssz file beginning as a framed stream: status %d %q; %s; want 0x%x", code, out, errs, want)
	}
	out := filepath.Join(dir, "out.ssz")
	if _, errs, code := runCmd(t, nil, "convert", "-type", "phase0.Checkpoint", "-o", out, in); code != 0 {
		t.Fatalf("convert to a .ssz name: status %d; %s", code, errs)
	}
	if got, err := os.ReadFile(out); err != nil || !bytes.Equal(got, raw) {
		t.Errorf("convert wrote %x (%v), want %x", got, err, raw)
	}
}
