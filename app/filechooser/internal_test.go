package filechooser

import (
	"strings"
	"testing"
)

// Whatever the portal sends as a URI, a path given is a local, absolute
// one, and a refusal quotes the URI on one line.
func FuzzPathOf(f *testing.F) {
	for _, s := range []string{"file:///tmp/a.pgn", "file://localhost/a%20b.pgn", "https://x/a", "file:rel", "", "file:///\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, uri string) {
		path, err := pathOf(uri)
		if err != nil {
			if strings.ContainsAny(err.Error(), "\r\n") {
				t.Errorf("a message of several lines: %q", err)
			}
			return
		}
		if !strings.HasPrefix(path, "/") {
			t.Errorf("pathOf(%q) = %q, not absolute", uri, path)
		}
	})
}
