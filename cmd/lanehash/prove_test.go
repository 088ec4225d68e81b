package main

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestProveVerify proves fields of spec-vector states, checks each proof
// against the case's roots.yaml (an independent root), verifies it with
// the command, and checks that tampered proofs fail with status 1.
func TestProveVerify(t *testing.T) {
	var states []vectorCase
	for _, c := range vectorCases(t, "ssz_random") {
		if strings.HasSuffix(c.typ, ".BeaconState") {
			states = append(states, c)
		}
	}
	if len(states) == 0 {
		t.Fatal("no BeaconState vectors")
	}
	for _, c := range states {
		for _, path := range []string{"validators[0].effective_balance", "balances[1]", "validators.__len__", "finalized_checkpoint.root", "Slot"} {
			out, errOut, code := runCmd(t, nil, "prove", "-type", c.typ, "-preset", c.preset, "-path", path, c.file)
			if code != exitOK {
				t.Fatalf("%s %s: status %d: %s", c.typ, path, code, errOut)
			}
			var pj proofJSON
			if err := json.Unmarshal([]byte(out), &pj); err != nil {
				t.Fatalf("%s %s: %v in %q", c.typ, path, err, out)
			}
			if pj.Root != c.root || pj.Path != path || pj.Type != c.typ || pj.Preset != c.preset {
				t.Fatalf("%s %s: proof %+v, want root %s", c.typ, path, pj, c.root)
			}
			if got, errOut, code := runCmd(t, []byte(out), "verify"); code != exitOK || !strings.HasPrefix(got, "valid: "+path) {
				t.Errorf("%s %s: verify: status %d, %q %q", c.typ, path, code, got, errOut)
			}
			// Against the independent root, not the proof's own.
			if _, _, code := runCmd(t, []byte(out), "verify", "-root", c.root); code != exitOK {
				t.Errorf("%s %s: verify -root: status %d", c.typ, path, code)
			}
			// Told the independent root, the same proof; told another,
			// a negative answer and no proof.
			if got, errOut, code := runCmd(t, nil, "prove", "-type", c.typ, "-preset", c.preset, "-path", path, "-expect", c.root, c.file); code != exitOK || got != out {
				t.Errorf("%s %s: prove -expect the root: status %d, %q (%q), want the proof", c.typ, path, code, got, errOut)
			}
			if got, errOut, code := runCmd(t, nil, "prove", "-type", c.typ, "-preset", c.preset, "-path", path, "-expect", flipHex(c.root), c.file); code != exitNegative || got != "" || !strings.Contains(errOut, "differs from -expect") {
				t.Errorf("%s %s: prove -expect another root: status %d, %q, %q", c.typ, path, code, got, errOut)
			}
			if _, _, code := runCmd(t, nil, "prove", "-type", c.typ, "-preset", c.preset, "-path", path, "-expect", "0x12", c.file); code != exitError {
				t.Errorf("%s %s: prove -expect 0x12: status %d, want a usage error", c.typ, path, code)
			}
			for name, tamper := range map[string]func(*proofJSON){
				"branch": func(p *proofJSON) { p.Branch[len(p.Branch)/2] = flipHex(p.Branch[len(p.Branch)/2]) },
				"leaf":   func(p *proofJSON) { p.Leaf = flipHex(p.Leaf) },
				"root":   func(p *proofJSON) { p.Root = flipHex(p.Root) },
				"gindex": func(p *proofJSON) { p.GIndex ^= 1 },
				"path":   func(p *proofJSON) { p.Path = "genesis_time" },
				"short":  func(p *proofJSON) { p.Branch = p.Branch[1:] },
			} {
				bad := pj
				bad.Branch = append([]string(nil), pj.Branch...)
				tamper(&bad)
				raw, _ := json.Marshal(bad)
				if got, errOut, code := runCmd(t, raw, "verify", "-"); code != exitNegative || !strings.HasPrefix(got, "invalid: ") {
					t.Errorf("%s %s, tampered %s: status %d, %q %q", c.typ, path, name, code, got, errOut)
				}
			}
		}
	}
}

// flipHex flips the lowest bit of a 0x hex value's last digit.
func flipHex(s string) string {
	last := s[len(s)-1]
	if last == '0' {
		last = '1'
	} else {
		last = '0'
	}
	return s[:len(s)-1] + string(last)
}

func TestVerifyErrors(t *testing.T) {
	for name, in := range map[string]string{
		"not JSON":      "hello",
		"unknown field": `{"gindex":1,"leaf":"0x00","branch":[],"root":"0x00","extra":1}`,
		"short leaf":    `{"gindex":1,"leaf":"0x00","branch":[],"root":"0x00"}`,
		"no root":       `{"gindex":1,"leaf":"0x` + strings.Repeat("00", 32) + `","branch":[]}`,
		"unknown type":  `{"type":"fulu.Nope","path":"slot","gindex":1,"leaf":"0x` + strings.Repeat("00", 32) + `","branch":[],"root":"0x` + strings.Repeat("00", 32) + `"}`,
		// A path with no type could not be checked: reporting the
		// proof valid would name a path the index may not be.
		"path, no type": `{"path":"slot","gindex":1,"leaf":"0x` + strings.Repeat("00", 32) + `","branch":[],"root":"0x` + strings.Repeat("00", 32) + `"}`,
		// One proof a file: a second document is not left unread.
		"data after": `{"gindex":1,"leaf":"0x` + strings.Repeat("00", 32) + `","branch":[],"root":"0x` + strings.Repeat("00", 32) + `"} {}`,
	} {
		if _, errOut, code := runCmd(t, []byte(in), "verify"); code != exitError || errOut == "" {
			t.Errorf("%s: status %d, %q", name, code, errOut)
		}
	}
	// The root of a one-node tree is its leaf.
	leaf := "0x" + strings.Repeat("11", 32)
	one := `{"gindex":1,"leaf":"` + leaf + `","branch":[],"root":"` + leaf + `"}`
	if out, _, code := runCmd(t, []byte(one), "verify"); code != exitOK || out != "valid: gindex 1 in "+leaf+"\n" {
		t.Errorf("one-node proof: status %d, %q", code, out)
	}
}
