package spectest

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/lanehash/lanehash/internal/sszwalk"
	"github.com/lanehash/lanehash/ssz"
)

func TestDirFromEnvironment(t *testing.T) {
	t.Setenv(EnvDir, "/some/where")
	if d, err := Dir(); err != nil || d != "/some/where" {
		t.Errorf("Dir() = %q, %v", d, err)
	}
	t.Setenv(EnvDir, "")
	d, err := Dir()
	if err != nil {
		t.Fatal(err)
	}
	// This package sits two levels below the repository root.
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	root := filepath.Join(wd, "..", "..")
	if !isRoot(filepath.Join(root, "go.mod")) {
		t.Fatalf("%s is not the lanehash root", root)
	}
	if want := filepath.Join(root, "..", "shared", DefaultDir); d != want {
		t.Errorf("Dir() = %s, want %s", d, want)
	}
}

// TestCheckDetectsWrongRoot makes sure Check compares roots: a root
// function that is off by one bit must fail every valid case it is given.
func TestCheckDetectsWrongRoot(t *testing.T) {
	cases := casesOrSkip(t)
	tried := 0
	for _, c := range cases {
		if !c.Valid || c.Type == nil || tried == 20 {
			continue
		}
		tried++
		wrong := func(t *ssz.Type, v reflect.Value) ([32]byte, error) {
			r, err := ReferenceRoot(t, v)
			r[31] ^= 1
			return r, err
		}
		if err := Check(c, wrong); err == nil {
			t.Errorf("%s passed with a wrong root", c)
		}
		if err := Check(c, nil); err != nil {
			t.Errorf("%s: %v", c, err)
		}
	}
}

type yamlUnion = ssz.Union[struct {
	N ssz.None
	A uint16
	B []byte `ssz-max:"4"`
}]

type yamlSample struct {
	Name    []byte   `ssz-max:"8"`
	Numbers []byte   `ssz-size:"3"`
	Big     [32]byte `ssz-type:"uint256"`
	Choice  yamlUnion
	Flag    bool
}

func TestDecodeYAML(t *testing.T) {
	typ, err := ssz.TypeFor[yamlSample]()
	if err != nil {
		t.Fatal(err)
	}
	doc := "name: '0x0102'\nnumbers: [1, 2, 3]\nbig: '258'\nchoice: {selector: 2, value: '0xff'}\nflag: true\n"
	v, err := DecodeYAML(typ, []byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	want := yamlSample{Name: []byte{1, 2}, Numbers: []byte{1, 2, 3}, Big: [32]byte{2, 1},
		Choice: yamlUnion{Selector: 2, Value: []byte{0xff}}, Flag: true}
	if !reflect.DeepEqual(v.Interface(), want) {
		t.Errorf("got %+v, want %+v", v.Interface(), want)
	}
	for _, bad := range []string{
		"name: '0x01'\nnumbers: [1, 2]\nbig: '1'\nchoice: {selector: 0}\nflag: true\n",
		"name: '0x01'\nnumbers: [1, 2, 3]\nbig: '1'\nchoice: {selector: 0}\n",
		"name: '0x01'\nnumbers: [1, 2, 3]\nbig: '1'\nchoice: {selector: 0}\nflag: true\nextra: 1\n",
		"name: '0x01'\nnumbers: [1, 2, 3]\nbig: '-1'\nchoice: {selector: 0}\nflag: true\n",
		"name: '0x01'\nnumbers: [1, 2, 3]\nbig: '1'\nchoice: {selector: 5}\nflag: true\n",
		"name: '0x01'\nnumbers: [1, 2, 300]\nbig: '1'\nchoice: {selector: 0}\nflag: true\n",
	} {
		if _, err := DecodeYAML(typ, []byte(bad)); err == nil {
			t.Errorf("decoded %q", bad)
		}
	}
	// An error names the value's path and the YAML line.
	bad := "name: '0x01'\nnumbers: [1, 2, 300]\nbig: '1'\nchoice: {selector: 1, value: 70000}\nflag: true\n"
	_, err = DecodeYAML(typ, []byte(bad))
	var we *sszwalk.Error
	if !errors.As(err, &we) || we.Path != ".Numbers[2]" || !strings.Contains(err.Error(), "line 2") {
		t.Errorf("error %v: want path .Numbers[2], line 2", err)
	}
	bad = "name: '0x01'\nnumbers: [1, 2, 3]\nbig: '1'\nchoice: {selector: 1, value: 70000}\nflag: true\n"
	if _, err = DecodeYAML(typ, []byte(bad)); !errors.As(err, &we) || we.Path != ".Choice.Value" {
		t.Errorf("error %v: want path .Choice.Value", err)
	}
}
