package app

import (
	"encoding/json"
	"os/exec"
	"slices"
	"strings"
	"testing"
)

const module = "github.com/echiquier/echiquier"

// listed is what `go list -json` says of a package.
type listed struct {
	ImportPath  string
	Imports     []string
	TestImports []string
	Deps        []string
}

// listPackages lists the packages that pattern names.
func listPackages(t *testing.T, pattern string) []listed {
	t.Helper()
	out, err := exec.Command("go", "list", "-json", pattern).Output()
	if err != nil {
		t.Fatalf("go list %s: %v", pattern, err)
	}
	var pkgs []listed
	dec := json.NewDecoder(strings.NewReader(string(out)))
	for dec.More() {
		var p listed
		if err := dec.Decode(&p); err != nil {
			t.Fatal(err)
		}
		pkgs = append(pkgs, p)
	}
	return pkgs
}

// shared are the packages of app/ui that are not rooms: any room may use
// them, and they use no room.
var shared = []string{module + "/app/ui/kit", module + "/app/ui/words", module + "/app/ui/uitest"}

// TestTheRoomsImportNoOtherRoom holds the rule of the window's rooms: a
// room (a package of app/ui) imports no other room and not the window
// (app), in its code or its tests; kit, words and uitest import no room.
// Only the window puts the rooms together.
func TestTheRoomsImportNoOtherRoom(t *testing.T) {
	pkgs := listPackages(t, "../app/ui/...")
	rooms := 0
	for _, p := range pkgs {
		if !slices.Contains(shared, p.ImportPath) {
			rooms++
		}
	}
	if rooms < 8 {
		t.Fatalf("only %d rooms under app/ui: is go list looking at the right folder?", rooms)
	}
	for _, p := range pkgs {
		for _, imp := range append(slices.Clone(p.Imports), p.TestImports...) {
			switch {
			case imp == module+"/app":
				t.Errorf("%s imports the window (app)", p.ImportPath)
			case strings.HasPrefix(imp, module+"/app/ui/") && !slices.Contains(shared, imp) && imp != p.ImportPath:
				t.Errorf("%s imports the room %s: rooms meet only in the window (app)", p.ImportPath, imp)
			}
		}
	}
}

// TestTheLayersPointDown: what is below the window never imports it, nor
// Fyne where the layer has no window: the document, the file of games,
// the rules, the text and the packages beside them.
func TestTheLayersPointDown(t *testing.T) {
	for _, p := range listPackages(t, "../...") {
		below := strings.HasPrefix(p.ImportPath, module+"/widgets") || strings.HasPrefix(p.ImportPath, module+"/app/session") ||
			strings.HasPrefix(p.ImportPath, module+"/app/collection") ||
			strings.HasPrefix(p.ImportPath, module+"/app/game") || strings.HasPrefix(p.ImportPath, module+"/app/pgn")
		for _, dep := range p.Deps {
			if below && (dep == module+"/app" || strings.HasPrefix(dep, module+"/app/ui")) {
				t.Errorf("%s, below the window, depends on %s", p.ImportPath, dep)
			}
		}
	}
	// The diagrams draw with the window's piece sets and colours, which
	// are Fyne resources: their own code is Fyne's no more than the
	// others'.
	fyneFree := []string{"session", "collection", "game", "pgn", "explore", "engine", "safefile", "autosave", "diagram", "opening", "filechooser"}
	for _, name := range fyneFree {
		for _, p := range listPackages(t, "../app/"+name) {
			deps := p.Deps
			if name == "diagram" {
				deps = p.Imports
			}
			for _, dep := range deps {
				if strings.HasPrefix(dep, "fyne.io/") {
					t.Errorf("app/%s depends on %s: it has no window", name, dep)
				}
			}
		}
	}
}
