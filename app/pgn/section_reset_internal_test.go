package pgn

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/echiquier/echiquier/app/internal/shared"
)

// A reader reset for section after section, of one file then of another,
// reads the headers a new reader of each section reads.
func TestResetReaderReadsAsANewOne(t *testing.T) {
	paths, err := filepath.Glob(filepath.Join(shared.Path(t, "pgn", "edge"), "*.pgn"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no edge files: %v", err)
	}
	var reused SectionReader
	for _, path := range paths {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		r, size := bytes.NewReader(data), int64(len(data))
		for start := int64(0); start < size; {
			end, err := Cut(r, start+97, size)
			if err != nil {
				t.Fatal(err)
			}
			reused.reset(r, size, start, end)
			if got, want := sectionHeaders(&reused), sectionHeaders(NewSectionReader(r, size, start, end)); !reflect.DeepEqual(got, want) {
				t.Fatalf("%s, section [%d, %d): a reset reader reads\n%+v\na new one\n%+v", filepath.Base(path), start, end, got, want)
			}
			start = end
		}
	}
}

// sectionHeaders reads the headers of a section's games, and the error
// that ended them.
func sectionHeaders(s *SectionReader) []any {
	var out []any
	var h Header
	for {
		ok, err := s.readHeader(&h, true)
		if ok {
			out = append(out, fmt.Sprintf("%+v", h))
		}
		if err != nil {
			return append(out, err)
		}
	}
}
