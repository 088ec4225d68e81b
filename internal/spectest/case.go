package spectest

import (
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/golang/snappy"
	"gopkg.in/yaml.v3"

	"github.com/lanehash/lanehash/ssz"
)

// Case is one case folder of the vectors.
type Case struct {
	// Path is the case folder.
	Path string
	// Handler is the ssz_generic handler ("bitlist", "containers", …) or
	// "ssz_static".
	Handler string
	// Preset is "general" for ssz_generic, else "minimal" or "mainnet";
	// Fork is the fork folder ("phase0", "fulu", …).
	Preset, Fork string
	// TypeName is the SSZ type: the static type folder, or for ssz_generic
	// a spec-style name such as "Bitlist[8]" or "ComplexTestStruct".
	TypeName string
	// Name is the case folder name.
	Name string
	// Valid is false for cases whose serialization must not decode.
	Valid bool

	// Type is the case's SSZ type, nil when TypeErr says why it is unknown.
	Type    *ssz.Type
	TypeErr error

	// Serialized, Root and Value are filled by Load: the snappy-decoded
	// SSZ bytes, the expected SHA-256 root (valid cases) and the raw
	// value.yaml (nil when the case has none).
	Serialized []byte
	Root       [32]byte
	Value      []byte
	loaded     bool
}

// String names the case by its path below the vectors folder.
func (c *Case) String() string {
	return strings.Join([]string{c.Preset, c.Fork, c.Handler, c.TypeName, c.Name}, "/")
}

// Cases lists every case folder below dir (ssz_generic and ssz_static),
// sorted by path, with its type resolved but its files not yet read.
func Cases(dir string) ([]*Case, error) {
	var out []*Case
	generic, err := filepath.Glob(filepath.Join(dir, "general", "*", "ssz_generic", "*", "*", "*"))
	if err != nil {
		return nil, err
	}
	for _, p := range generic {
		rel := splitPath(dir, p) // general fork ssz_generic handler valid case
		if len(rel) != 6 || (rel[4] != "valid" && rel[4] != "invalid") {
			continue
		}
		c := &Case{Path: p, Handler: rel[3], Preset: rel[0], Fork: rel[1], Name: rel[5], Valid: rel[4] == "valid"}
		c.Type, c.TypeName, c.TypeErr = genericType(c.Handler, c.Name)
		if c.TypeName == "" {
			c.TypeName = c.Name
		}
		out = append(out, c)
	}
	static, err := filepath.Glob(filepath.Join(dir, "*", "*", "ssz_static", "*", "*", "*"))
	if err != nil {
		return nil, err
	}
	for _, p := range static {
		rel := splitPath(dir, p) // preset fork ssz_static type suite case
		if len(rel) != 6 {
			continue
		}
		c := &Case{Path: p, Handler: "ssz_static", Preset: rel[0], Fork: rel[1], TypeName: rel[3],
			Name: rel[4] + "/" + rel[5], Valid: true}
		c.Type, c.TypeErr = staticSSZType(c.Preset, c.Fork, c.TypeName)
		out = append(out, c)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Path < out[j].Path })
	return out, nil
}

func splitPath(dir, p string) []string {
	rel, err := filepath.Rel(dir, p)
	if err != nil {
		return nil
	}
	return strings.Split(filepath.ToSlash(rel), "/")
}

// PresetSpec returns the spec values of a preset folder name.
func PresetSpec(preset string) (ssz.SpecValues, error) {
	switch preset {
	case "minimal":
		return ssz.MinimalSpec(), nil
	case "mainnet":
		return ssz.MainnetSpec(), nil
	}
	return nil, fmt.Errorf("unknown preset %q", preset)
}

func staticSSZType(preset, fork, name string) (*ssz.Type, error) {
	g, ok := StaticType(preset, fork, name)
	if !ok {
		return nil, fmt.Errorf("unknown type %s/%s/%s", preset, fork, name)
	}
	spec, err := PresetSpec(preset)
	if err != nil {
		return nil, err
	}
	return ssz.TypeOf(g, ssz.WithSpec(spec))
}

// Load reads the case's files: the serialized bytes, and for valid cases
// the expected root and the value (when present). Loading twice is a no-op.
func (c *Case) Load() error {
	if c.loaded {
		return nil
	}
	raw, err := os.ReadFile(filepath.Join(c.Path, "serialized.ssz_snappy"))
	if err != nil {
		return err
	}
	if c.Serialized, err = snappy.Decode(nil, raw); err != nil {
		return fmt.Errorf("%s: snappy: %w", c, err)
	}
	if c.Valid {
		rootFile := "roots.yaml"
		if c.Handler != "ssz_static" {
			rootFile = "meta.yaml"
		}
		if c.Root, err = readRoot(filepath.Join(c.Path, rootFile)); err != nil {
			return fmt.Errorf("%s: %w", c, err)
		}
		c.Value, err = os.ReadFile(filepath.Join(c.Path, "value.yaml"))
		if errors.Is(err, os.ErrNotExist) {
			c.Value, err = nil, nil
		}
		if err != nil {
			return err
		}
	}
	c.loaded = true
	return nil
}

func readRoot(path string) ([32]byte, error) {
	var root [32]byte
	raw, err := os.ReadFile(path)
	if err != nil {
		return root, err
	}
	var m struct {
		Root string `yaml:"root"`
	}
	if err := yaml.Unmarshal(raw, &m); err != nil {
		return root, fmt.Errorf("%s: %w", path, err)
	}
	b, err := hex.DecodeString(strings.TrimPrefix(m.Root, "0x"))
	if err != nil || len(b) != 32 {
		return root, fmt.Errorf("%s: bad root %q", path, m.Root)
	}
	copy(root[:], b)
	return root, nil
}
