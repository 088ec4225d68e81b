package spectest

import (
	"bufio"
	"errors"
	"os"
	"path/filepath"
	"strings"
)

// EnvDir names the environment variable that overrides the vectors folder.
const EnvDir = "LANEHASH_SPECTESTS"

// DefaultDir is the vectors folder's name next to the repository: the
// consensus SSZ vectors of release v1.7.0-alpha.13 (the flipped
// progressive merkleization, ProgressiveContainer, CompatibleUnion and
// Gloas), with the phase0/electra/fulu ssz_static files of
// v1.6.0-alpha.4, which those forks' types did not change since.
const DefaultDir = "spectests-v1.7.0-alpha.13"

const modulePath = "github.com/lanehash/lanehash"

// Dir returns the spec vectors folder: $LANEHASH_SPECTESTS if set, else
// ../shared/spectests-v1.7.0-alpha.13 (DefaultDir) relative to the
// repository root (the folder of the
// go.mod of github.com/lanehash/lanehash, found by walking up from the
// working directory).
func Dir() (string, error) {
	if d := os.Getenv(EnvDir); d != "" {
		return d, nil
	}
	wd, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for d := wd; ; {
		if isRoot(filepath.Join(d, "go.mod")) {
			return filepath.Join(d, "..", "shared", DefaultDir), nil
		}
		parent := filepath.Dir(d)
		if parent == d {
			return "", errors.New("spectest: no go.mod of " + modulePath + " above " + wd)
		}
		d = parent
	}
}

// isRoot reports whether the go.mod at path declares the lanehash module.
func isRoot(path string) bool {
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	s := bufio.NewScanner(f)
	for s.Scan() {
		fields := strings.Fields(s.Text())
		if len(fields) == 2 && fields[0] == "module" {
			return strings.Trim(fields[1], `"`) == modulePath
		}
	}
	return false
}
