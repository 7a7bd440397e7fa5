package opening

import (
	"bytes"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

// frenchTables are the two tables of French names, by file.
var frenchTables = []struct {
	file string
	data []byte
}{{"eco_fr.tsv", frenchFamilies}, {"eco_fr_parts.tsv", frenchParts}}

// sameInFrench are the English names that French writes the same.
var sameInFrench = map[string]bool{"Formation": true}

// lichessNames returns the name of every row of the lichess table, in
// its order (a name is on several rows when several positions bear it).
func lichessNames(t testing.TB) []string {
	t.Helper()
	lines := strings.Split(strings.TrimSuffix(string(table), "\n"), "\n")
	names := make([]string, 0, len(lines))
	for _, line := range lines[1:] {
		f := strings.Split(line, "\t")
		if len(f) != 5 {
			t.Fatalf("lichess table: %q", line)
		}
		names = append(names, f[1])
	}
	return names
}

// partsOf splits a name as Name does: its family, the text before the
// first colon, and its parts after it, split on commas and trimmed.
func partsOf(name string) (family string, parts []string) {
	family, rest, _ := strings.Cut(name, ":")
	for part := range strings.SplitSeq(rest, ",") {
		if part = strings.TrimSpace(part); part != "" {
			parts = append(parts, part)
		}
	}
	return strings.TrimSpace(family), parts
}

// TestTheFrenchTablesAreWellFormed reads the two tables as text, not as
// Name does, so that what the reading would hide shows: a heading, two
// columns a row, neither empty nor padded, each English name once and in
// order, and a French name that is French: not the English one, nor
// another English name of the tables (the columns mixed up), with no
// punctuation a name does not have, the apostrophe the program writes
// (’), and after the colon the lower case French gives to "variante",
// "défense", "attaque"...
func TestTheFrenchTablesAreWellFormed(t *testing.T) {
	english := map[string]bool{}
	for _, tb := range frenchTables {
		for _, line := range strings.Split(string(tb.data), "\n")[1:] {
			en, _, _ := strings.Cut(line, "\t")
			english[en] = true
		}
	}
	common := map[string]bool{"variante": true, "variantes": true, "défense": true, "attaque": true,
		"gambit": true, "contre-gambit": true, "contre-attaque": true, "système": true, "ligne": true,
		"formation": true, "ouverture": true, "piège": true, "partie": true, "début": true}
	for _, tb := range frenchTables {
		if !bytes.HasSuffix(tb.data, []byte("\n")) {
			t.Errorf("%s does not end with a new line", tb.file)
		}
		if !utf8.Valid(tb.data) {
			t.Errorf("%s is not UTF-8", tb.file)
		}
		lines := strings.Split(strings.TrimSuffix(string(tb.data), "\n"), "\n")
		if lines[0] != "english\tfrench" {
			t.Errorf("%s: heading %q", tb.file, lines[0])
		}
		if len(lines) < 100 {
			t.Errorf("%s: %d rows", tb.file, len(lines)-1)
		}
		lineOf := map[string]int{}
		previous := ""
		for i, line := range lines[1:] {
			at := func(format string, args ...any) {
				t.Helper()
				t.Errorf("%s:%d: %q: "+format, append([]any{tb.file, i + 2, line}, args...)...)
			}
			f := strings.Split(line, "\t")
			if len(f) != 2 {
				at("%d columns, want 2", len(f))
				continue
			}
			en, fr := f[0], f[1]
			if en == "" || fr == "" {
				at("a column is empty")
				continue
			}
			if en != strings.TrimSpace(en) || fr != strings.TrimSpace(fr) || strings.Contains(line, "  ") {
				at("spaces around a column, or doubled")
			}
			if first, ok := lineOf[en]; ok {
				at("English name already on line %d", first)
			} else if en < previous {
				at("out of order: after %q", previous)
			}
			lineOf[en], previous = i+2, en
			if fr == en && !sameInFrench[en] {
				at("not translated")
			}
			if fr != en && english[fr] {
				at("the French is an English name of the tables: the columns are mixed up")
			}
			if strings.ContainsAny(fr, ":;!?\"") {
				at("punctuation a name does not have")
			}
			if strings.Contains(fr, "'") {
				at("straight apostrophe: the program's French writes ’")
			}
			if strings.Count(fr, ",") != strings.Count(en, ",") {
				at("a comma would split the French name into parts")
			}
			first, _ := utf8.DecodeRuneInString(fr)
			word, _, _ := strings.Cut(fr, " ")
			switch {
			case tb.file == "eco_fr.tsv" && !unicode.IsUpper(first):
				at("a family begins with a capital")
			case tb.file == "eco_fr_parts.tsv" && unicode.IsUpper(first) && common[strings.ToLower(word)]:
				at("after the colon, French writes %q in lower case", word)
			}
		}
	}
}

// TestEveryFamilyHasAFrenchName checks the family table against the
// lichess one, both ways: every family there has its French name, and
// every name of the family table is a family there (a misspelt English
// name would never be found).
func TestEveryFamilyHasAFrenchName(t *testing.T) {
	f := NewFrench()
	f.Load()
	families := map[string]bool{}
	for _, name := range lichessNames(t) {
		family, _ := partsOf(name)
		if !families[family] {
			families[family] = true
			if _, ok := f.families[family]; !ok {
				t.Errorf("family %q (of %q) has no French name", family, name)
			}
		}
	}
	for en := range f.families {
		if !families[en] {
			t.Errorf("eco_fr.tsv: %q is not a family of the lichess table", en)
		}
	}
	if len(families) < 150 {
		t.Errorf("%d families: the table is not the one expected", len(families))
	}
}

// TestEveryPartOfTheTableIsOneOfLichess: a part of eco_fr_parts.tsv that
// no name of the lichess table has is misspelt, and never used.
func TestEveryPartOfTheTableIsOneOfLichess(t *testing.T) {
	f := NewFrench()
	f.Load()
	parts, translated, occurrences := map[string]bool{}, 0, 0
	for _, name := range lichessNames(t) {
		_, ps := partsOf(name)
		for _, p := range ps {
			parts[p] = true
			occurrences++
			if _, ok := f.parts[p]; ok {
				translated++
			}
		}
	}
	for en := range f.parts {
		if !parts[en] {
			t.Errorf("eco_fr_parts.tsv: %q is not a part of a name of the lichess table", en)
		}
	}
	t.Logf("%d of %d distinct parts translated, %d of %d occurrences", len(f.parts), len(parts), translated, occurrences)
	if translated*2 < occurrences {
		t.Errorf("only %d of %d parts translated", translated, occurrences)
	}
}

// TestEveryNameOfTheTableComesOutInFrench names every row in French: the
// family found, the parts kept in number and order, one colon, after a
// no-break space, exactly when the English has one.
func TestEveryNameOfTheTableComesOutInFrench(t *testing.T) {
	f := NewFrench()
	for _, name := range lichessNames(t) {
		fr, ok := f.Name(name)
		if !ok || fr == name {
			t.Errorf("%q: %q, %v", name, fr, ok)
			continue
		}
		colons := strings.Count(fr, ":")
		if colons != strings.Count(fr, "\u00a0: ") || colons != strings.Count(name, ":") {
			t.Errorf("%q → %q: the colon is not written \"\\u00a0: \"", name, fr)
		}
		if strings.Count(fr, ",") != strings.Count(name, ",") {
			t.Errorf("%q → %q: not as many parts", name, fr)
		}
	}
}

func TestKnownNamesInFrench(t *testing.T) {
	f := NewFrench()
	for _, c := range []struct{ english, french string }{
		{"Sicilian Defense: Dragon Variation", "Défense sicilienne\u00a0: variante du Dragon"},
		{"Sicilian Defense: Najdorf Variation, English Attack", "Défense sicilienne\u00a0: variante Najdorf, attaque anglaise"},
		{"Ruy Lopez: Closed, Chigorin Defense", "Partie espagnole\u00a0: variante fermée, défense Tchigorine"},
		{"Queen's Gambit Declined: Orthodox Defense, Main Line", "Gambit dame refusé\u00a0: défense orthodoxe, ligne principale"},
		{"French Defense: Exchange Variation", "Défense française\u00a0: variante d’échange"},
		{"King's Indian Defense: Sämisch Variation", "Défense est-indienne\u00a0: variante Sämisch"},
		{"Italian Game", "Partie italienne"},
		{"Russian Game", "Défense russe (Petrov)"},
		{"Nimzo-Indian Defense", "Défense nimzo-indienne"},
		// A family with a comma in it is one family still.
		{"Blackmar-Diemer, Lemberger Countergambit", "Blackmar-Diemer, contre-gambit Lemberger"},
		// Parts the table does not have stay in English, in their place.
		{"Pterodactyl Defense: Sicilian, Siroccopteryx", "Défense ptérodactyle\u00a0: variante sicilienne, Siroccopteryx"},
		{"Grob Opening: Spike, Hurst Attack", "Ouverture Grob\u00a0: Spike, attaque Hurst"},
		// So do those of a name the lichess table does not have.
		{"Sicilian Defense: Some New Line", "Défense sicilienne\u00a0: Some New Line"},
		// Spaces as a PGN file may have them are those of the table.
		{" Sicilian Defense :Dragon Variation ,  Yugoslav Attack ", "Défense sicilienne\u00a0: variante du Dragon, attaque yougoslave"},
		{"Sicilian Defense: ", "Défense sicilienne"},
	} {
		got, ok := f.Name(c.english)
		if !ok || got != c.french {
			t.Errorf("Name(%q) = %q, %v\n                 want %q, true", c.english, got, ok, c.french)
		}
	}
	for _, kept := range []string{"Siroccopteryx", "Spike", "Some New Line"} {
		if _, ok := f.parts[kept]; ok {
			t.Errorf("%q has a French name now: the test above no longer shows a part kept in English", kept)
		}
	}
}

func TestUnknownNamesComeBackUnchanged(t *testing.T) {
	f := NewFrench()
	for _, name := range []string{"", "Sicilian", "Sicilian: Dragon Variation", "sicilian defense",
		"Défense sicilienne", "Défense sicilienne\u00a0: variante du Dragon", "Dragon Variation", "B70", ":"} {
		if got, ok := f.Name(name); ok || got != name {
			t.Errorf("Name(%q) = %q, %v; want it unchanged, false", name, got, ok)
		}
	}
}

// BenchmarkFrenchName names the rows of the lichess table in French one
// after another, as a list of games does: the cost of a name.
func BenchmarkFrenchName(b *testing.B) {
	names := lichessNames(b)
	f := NewFrench()
	f.Load()
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		f.Name(names[i%len(names)])
		i++
	}
}

// BenchmarkFrenchLoad reads the two tables.
func BenchmarkFrenchLoad(b *testing.B) {
	for b.Loop() {
		NewFrench().Load()
	}
}
