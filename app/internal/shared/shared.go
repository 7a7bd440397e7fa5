// Package shared finds the test data shared by the project's tests, in
// ../shared/data beside the module's folder (outside the repository),
// from the folder of any package.
package shared

import (
	"os"
	"path/filepath"
	"testing"
)

// RequiredEnv, set (make test sets it), makes a test whose data is
// missing fail instead of being skipped.
const RequiredEnv = "ECHIQUIER_SHARED_REQUIRED"

// Path returns the file or folder elem of the shared data. When it is
// missing, tb fails under make test and is skipped elsewhere (a checkout
// without ../shared).
func Path(tb testing.TB, elem ...string) string {
	tb.Helper()
	p := filepath.Join(append([]string{Root(tb)}, elem...)...)
	if _, err := os.Stat(p); err != nil {
		missing(tb, err.Error())
	}
	return p
}

// Glob returns the shared files that pattern, under the shared data,
// names; none is missing data, as for Path.
func Glob(tb testing.TB, pattern ...string) []string {
	tb.Helper()
	p := filepath.Join(append([]string{Root(tb)}, pattern...)...)
	files, err := filepath.Glob(p)
	if err != nil {
		tb.Fatal(err)
	}
	if len(files) == 0 {
		missing(tb, "no file matches "+p)
	}
	return files
}

// Root returns the shared data's folder, which need not exist: the
// module's folder is the first one up from the test's that holds go.mod.
func Root(tb testing.TB) string {
	tb.Helper()
	dir, err := os.Getwd()
	if err != nil {
		tb.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return filepath.Join(filepath.Dir(dir), "shared", "data")
		}
		up := filepath.Dir(dir)
		if up == dir {
			tb.Fatal("no go.mod above the test's folder")
		}
		dir = up
	}
}

func missing(tb testing.TB, why string) {
	tb.Helper()
	if os.Getenv(RequiredEnv) != "" {
		tb.Fatalf("the shared test data is missing (%s), and %s asks for it", why, RequiredEnv)
	}
	tb.Skipf("the shared test data lives in ../shared/data, outside the repository, and is not here (%s)", why)
}
