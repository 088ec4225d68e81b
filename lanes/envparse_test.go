package lanes

import (
	"errors"
	"reflect"
	"slices"
	"strings"
	"testing"
)

func TestParseHide(t *testing.T) {
	got, err := parseHide(" AVX512 ,shani,,avx2")
	want := map[string]bool{"avx512f": true, "avx512vl": true, "avx512bw": true, "sha": true, "avx2": true}
	if err != nil || !reflect.DeepEqual(got, want) {
		t.Errorf("parseHide = %v, %v; want %v", got, err, want)
	}
	fs := []feature{{"avx", true}, {"avx2", true}, {"sha", false}}
	if m := missingWith(got, fs...); m != "avx2 (hidden by LANEHASH_HIDE), sha" {
		t.Errorf("missing = %q", m)
	}
	if none, err := parseHide(""); err != nil || missingWith(none, fs[:2]...) != "" {
		t.Errorf("nothing hidden, features present: %v, missing = %q", err, missingWith(none, fs[:2]...))
	}
	// Another GOARCH's feature is a valid name (one setting for a fleet).
	if set, err := parseHide("sha2,sse4.1"); err != nil || !set["sha2"] || !set["sse4.1"] {
		t.Errorf("parseHide(sha2,sse4.1) = %v, %v", set, err)
	}
}

// TestParseHideRejectsUnknownNames: a misspelt feature (avx-512, shani2)
// used to hide nothing without a word; it is an EnvError naming it, and
// the valid names of the value are still hidden.
func TestParseHideRejectsUnknownNames(t *testing.T) {
	set, err := parseHide("avx2, avx-512 ,shani2")
	var ee *EnvError
	if !errors.Is(err, ErrEnv) || !errors.Is(err, ErrUnknownFeature) || !errors.As(err, &ee) || ee.Var != EnvHide {
		t.Fatalf("parseHide with unknown names: %v, want an EnvError of %s wrapping ErrUnknownFeature", err, EnvHide)
	}
	if !set["avx2"] || len(set) != 1 {
		t.Errorf("valid part not hidden: %v", set)
	}
	for _, name := range []string{"avx-512", "shani2"} {
		if !strings.Contains(err.Error(), name) {
			t.Errorf("error %q does not name %q", err, name)
		}
	}
}

func TestParseCalibrate(t *testing.T) {
	for value, want := range map[string]calibrateMode{"": calibrateOn, " On ": calibrateOn, "OFF": calibrateOff, "persist": calibratePersist} {
		if got, err := parseCalibrate(value); err != nil || got != want {
			t.Errorf("parseCalibrate(%q) = %v, %v; want %v", value, got, err, want)
		}
	}
	for _, value := range []string{"0", "false", "of", "persist,off", "no"} {
		mode, err := parseCalibrate(value)
		var ee *EnvError
		if !errors.Is(err, ErrEnv) || !errors.Is(err, ErrUnknownSetting) || !errors.As(err, &ee) || ee.Var != EnvCalibrate || ee.Value != value {
			t.Errorf("parseCalibrate(%q) = %v; want an EnvError wrapping ErrUnknownSetting", value, err)
		}
		if mode != calibrateOff {
			t.Errorf("parseCalibrate(%q) mode %v; an unknown value must measure nothing", value, mode)
		}
	}
}

func TestParseKernelEnv(t *testing.T) {
	ok := map[string]map[Hash]string{
		"":                                       {},
		" , ":                                    {},
		"sha256/genericx1":                       {SHA256: "sha256/genericx1"},
		"sha256/genericx1, sha256/genericx1":     {SHA256: "sha256/genericx1"},
		" keccak256/auto ,sha256/genericx1":      {SHA256: "sha256/genericx1", Keccak256: "keccak256/auto"},
		"keccak256/genericx1,,sha256/genericx1,": {SHA256: "sha256/genericx1", Keccak256: "keccak256/genericx1"},
	}
	for value, want := range ok {
		if got, err := parseKernelEnv(value); err != nil || !reflect.DeepEqual(got, want) {
			t.Errorf("parseKernelEnv(%q) = %v, %v; want %v", value, got, err, want)
		}
	}
	bad := map[string]error{
		"genericx1":                          ErrUnknownKernel, // no hash prefix
		"sha512/genericx1":                   ErrUnknownKernel,
		"sha256/genericx1,keccak256/bogusx3": ErrUnknownKernel, // the other hash's entry is checked too
		"sha256/auto,sha256/genericx1":       ErrConflict,
		"keccak256/genericx1,keccak256/auto": ErrConflict,
	}
	for value, want := range bad {
		_, err := parseKernelEnv(value)
		var ee *EnvError
		if !errors.Is(err, want) || !errors.Is(err, ErrEnv) || !errors.As(err, &ee) || ee.Var != EnvKernel {
			t.Errorf("parseKernelEnv(%q) = %v; want an EnvError wrapping %v", value, err, want)
		}
	}
}

// FuzzEnvValues: no value of the three variables panics, every error is
// an *EnvError carrying the whole value, and a value is accepted only if
// all it names exists: each LANEHASH_KERNEL name is a kernel of its hash
// function (or its auto), each hidden name a known feature, the
// LANEHASH_CALIBRATE value one of the three settings.
func FuzzEnvValues(f *testing.F) {
	for _, s := range []string{"", "sha256/genericx1,keccak256/auto", "avx512, shani", " OFF ", "persist", "sha256/auto,sha256/auto", ",,", "sha256/", "/"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, v string) {
		isEnvErr := func(err error, name string) {
			var ee *EnvError
			if !errors.Is(err, ErrEnv) || !errors.As(err, &ee) || ee.Var != name || ee.Value != v {
				t.Fatalf("%s=%q: error %v is not an EnvError of the whole value", name, v, err)
			}
		}
		if names, err := parseKernelEnv(v); err != nil {
			isEnvErr(err, EnvKernel)
		} else {
			for h, name := range names {
				if got, ok := hashOfName(name); !ok || got != h || name != h.String()+"/auto" && kernelEntry(h, name) == nil {
					t.Fatalf("%s=%q accepted %q for %v", EnvKernel, v, name, h)
				}
			}
		}
		set, err := parseHide(v)
		if err != nil {
			isEnvErr(err, EnvHide)
		}
		unknown := false
		for _, name := range strings.Split(v, ",") {
			name = strings.ToLower(strings.TrimSpace(name))
			if name != "" && featureGroups[name] == nil && !slices.Contains(knownFeatures, name) {
				unknown = true
			}
		}
		if unknown != (err != nil) {
			t.Fatalf("%s=%q: error %v, but unknown names: %v", EnvHide, v, err, unknown)
		}
		for name := range set {
			if !slices.Contains(knownFeatures, name) {
				t.Fatalf("%s=%q hides %q, no known feature", EnvHide, v, name)
			}
		}
		if _, err := parseCalibrate(v); err != nil {
			isEnvErr(err, EnvCalibrate)
		}
	})
}
