package opening

import (
	"bufio"
	"bytes"
	_ "embed"
	"strings"
	"sync"
)

// The French names, this program's own translation (see README.md):
// eco_fr.tsv names every family of the table in French, the name before
// the colon ("Sicilian Defense"), and eco_fr_parts.tsv the parts after
// it, the variations and subvariations ("Dragon Variation"), each part
// once whatever the family. Both are "english<TAB>french" rows after a
// heading line, sorted.
var (
	//go:embed eco_fr.tsv
	frenchFamilies []byte
	//go:embed eco_fr_parts.tsv
	frenchParts []byte
)

// French puts the English opening names of the table into French. Its
// tables are read once, on first use: from any goroutine, Load reads
// them ahead, so that the first name does not wait.
type French struct {
	once sync.Once
	// families is the French of each family.
	families map[string]string
	// parts is the French of each part after the colon that has one.
	parts map[string]string
}

// NewFrench returns the translator; its tables are read at the first
// Load or Name.
func NewFrench() *French { return &French{} }

// Load reads the tables, unless they were read already. It may be called
// from any goroutine; Name waits for it.
func (f *French) Load() { f.once.Do(f.read) }

func (f *French) read() {
	f.families = readPairs(frenchFamilies)
	f.parts = readPairs(frenchParts)
}

// readPairs reads a table of "english<TAB>french" rows after a heading
// line. A row without a tab is left out (the tables have none).
func readPairs(tsv []byte) map[string]string {
	m := make(map[string]string, bytes.Count(tsv, []byte("\n")))
	sc := bufio.NewScanner(bytes.NewReader(tsv))
	sc.Scan() // the heading
	for sc.Scan() {
		if english, french, ok := strings.Cut(sc.Text(), "\t"); ok {
			m[english] = french
		}
	}
	return m
}

// Name returns the French name of an opening named in English as the
// table names it, "Family: Variation, Subvariation": the family in
// French, then each part after the colon in French when the tables have
// it and in English when not, joined as "Famille\u00a0: variante,
// sous-variante", with the no-break space French puts before a colon.
// A name whose family the tables do not have ("Sicilian", as some PGN
// files write it) comes back unchanged, with false.
func (f *French) Name(english string) (string, bool) {
	f.Load()
	family, rest, _ := strings.Cut(english, ":")
	french, ok := f.families[strings.TrimSpace(family)]
	if !ok {
		return english, false
	}
	if strings.TrimSpace(rest) == "" {
		return french, true
	}
	var b strings.Builder
	b.Grow(len(english) + len(french))
	b.WriteString(french)
	b.WriteString("\u00a0: ")
	first := true
	for part := range strings.SplitSeq(rest, ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		if t, ok := f.parts[part]; ok {
			part = t
		}
		if !first {
			b.WriteString(", ")
		}
		b.WriteString(part)
		first = false
	}
	return b.String(), true
}
