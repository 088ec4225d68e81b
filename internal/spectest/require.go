package spectest

import (
	"fmt"
	"os"
	"testing"
)

// RequireDir returns the spec vectors folder for a test. When the folder
// is missing the test fails under CI=true, where the vectors must be
// present, and is skipped elsewhere with a message saying how to get
// them (scripts/spectests.sh): the vectors are not part of the
// repository.
func RequireDir(tb testing.TB) string {
	tb.Helper()
	dir, err := Dir()
	if err != nil {
		tb.Fatal(err)
	}
	if _, err := os.Stat(dir); err != nil {
		msg := fmt.Sprintf("spec vectors not found at %s (%v): fetch them with `bash scripts/spectests.sh fetch` "+
			"(what it fetches: scripts/spectests.sh), or set %s to a folder it made", dir, err, EnvDir)
		if os.Getenv("CI") == "true" {
			tb.Fatal(msg)
		}
		tb.Skip(msg)
	}
	return dir
}
