package spectest

import (
	"fmt"
	"os"
	"testing"
)

// RequireDir returns the spec vectors folder for a test. When the folder
// is missing the test fails under CI=true, where the vectors must be
// present, and is skipped elsewhere with a message saying how to get
// them: the vectors are not part of the repository.
func RequireDir(tb testing.TB) string {
	tb.Helper()
	dir, err := Dir()
	if err != nil {
		tb.Fatal(err)
	}
	if _, err := os.Stat(dir); err != nil {
		msg := fmt.Sprintf("spec vectors not found at %s (%v); set %s to the tests/ folder of the "+
			"consensus-spec-tests release v1.7.0-alpha.13 (https://github.com/ethereum/consensus-spec-tests/releases), "+
			"or place it at ../shared/%s next to the repository", dir, err, EnvDir, DefaultDir)
		if os.Getenv("CI") == "true" {
			tb.Fatal(msg)
		}
		tb.Skip(msg)
	}
	return dir
}
