package settings_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/echiquier/echiquier/settings"
)

// childEnv names the variable that makes the test binary a child writing
// settings in a loop (see TestKillDuringWrites) instead of running tests.
const childEnv = "ECHIQUIER_SETTINGS_WRITER"

// mergerEnv and mergerKeyEnv name the variables that make the test binary
// a child changing one key of the settings file at mergerEnv (see
// TestTwoProcessesMerge).
const (
	mergerEnv    = "ECHIQUIER_SETTINGS_MERGER"
	mergerKeyEnv = "ECHIQUIER_SETTINGS_MERGER_KEY"
)

func TestMain(m *testing.M) {
	if path := os.Getenv(childEnv); path != "" {
		writeForEver(path)
	}
	if path := os.Getenv(mergerEnv); path != "" {
		os.Exit(changeOneKey(path, os.Getenv(mergerKeyEnv)))
	}
	os.Exit(m.Run())
}

// open opens the store at path, failing the test on a notice, and closes
// it at the end of the test.
func open(t *testing.T, path string) *settings.FileStore {
	t.Helper()
	return openWith(t, path, settings.Options{})
}

// openWith opens the store at path with o, failing the test on a notice,
// and closes it at the end of the test.
func openWith(t *testing.T, path string, o settings.Options) *settings.FileStore {
	t.Helper()
	s, notices := settings.OpenFile(path, o)
	if len(notices) > 0 {
		t.Fatalf("notices on opening %s: %v", path, notices)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// fileValues parses a settings file independently of the package, failing
// the test unless it is a complete one.
func fileValues(t *testing.T, path string) map[string]any {
	t.Helper()
	values, err := parseFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return values
}

// parseFile parses a settings file independently of the package, failing
// unless it is a complete one.
func parseFile(path string) (map[string]any, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var f struct {
		Version int            `json:"version"`
		Values  map[string]any `json:"values"`
	}
	if err := json.Unmarshal(data, &f); err != nil {
		return nil, fmt.Errorf("%s is not valid JSON: %v\n%q", path, err, data)
	}
	if f.Version != 1 || f.Values == nil {
		return nil, fmt.Errorf("%s lacks its version or values: %q", path, data)
	}
	return f.Values, nil
}

// asideFiles returns the files kept aside next to path.
func asideFiles(t *testing.T, path string) []string {
	t.Helper()
	m, err := filepath.Glob(path + ".corrupt-*")
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// tempFiles returns the temporary files left next to path.
func tempFiles(t *testing.T, path string) []string {
	t.Helper()
	entries, err := os.ReadDir(filepath.Dir(path))
	if err != nil {
		t.Fatal(err)
	}
	var temps []string
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), "."+filepath.Base(path)) {
			temps = append(temps, e.Name())
		}
	}
	return temps
}

// saveErrorCount counts the errors a store reports.
type saveErrorCount struct {
	errs chan error
}

func countSaveErrors(s *settings.FileStore) *saveErrorCount {
	c := &saveErrorCount{errs: make(chan error, 100)}
	s.OnSaveError(func(err error) { c.errs <- err })
	return c
}

// reported returns the errors reported so far.
func (c *saveErrorCount) reported() []error {
	var errs []error
	for {
		select {
		case err := <-c.errs:
			errs = append(errs, err)
		default:
			return errs
		}
	}
}

// checkSaveError fails the test unless err is a *settings.SaveError that
// says the earlier settings are kept.
func checkSaveError(t *testing.T, err error) {
	t.Helper()
	var se *settings.SaveError
	if !errors.As(err, &se) {
		t.Fatalf("error %v (%T) is not a *SaveError", err, err)
	}
	if !strings.Contains(err.Error(), "settings could not be saved") || !strings.Contains(err.Error(), "your earlier settings are kept") {
		t.Errorf("message %q", err)
	}
}

// logs collects what stores log.
type logs struct {
	mu    sync.Mutex
	lines []string
}

// logf is the Options.Logf that collects.
func (l *logs) logf(format string, v ...any) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.lines = append(l.lines, fmt.Sprintf(format, v...))
}

// all returns the lines logged so far.
func (l *logs) all() []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return slices.Clone(l.lines)
}
