package app

import (
	"encoding/json"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// compiled is what `go list -export -json` says of a package.
type compiled struct {
	ImportPath, Dir, Export string
	GoFiles                 []string
}

// TestTheRoomsOnlyReadTheGame holds the rule of the document's one door:
// the rooms (and kit and words) call no method of a game.Game that is
// not one of game.View's, its queries, and no function that makes a
// game. The session hands them the game on screen as a View; every
// change goes through the session, which makes the games it shows from
// their description (game.Options). Their tests, and uitest that builds
// their fixtures, may make games of their own.
func TestTheRoomsOnlyReadTheGame(t *testing.T) {
	out, err := exec.Command("go", "list", "-export", "-deps", "-json", "../app/ui/...").Output()
	if err != nil {
		t.Fatalf("go list -export: %v", err)
	}
	pkgs := map[string]compiled{}
	dec := json.NewDecoder(strings.NewReader(string(out)))
	for dec.More() {
		var p compiled
		if err := dec.Decode(&p); err != nil {
			t.Fatal(err)
		}
		pkgs[p.ImportPath] = p
	}
	fset := token.NewFileSet()
	imp := importer.ForCompiler(fset, "gc", func(path string) (io.ReadCloser, error) {
		return os.Open(pkgs[path].Export)
	}).(types.ImporterFrom)
	gamePkg, err := imp.Import(module + "/app/game")
	if err != nil {
		t.Fatal(err)
	}
	gameType := gamePkg.Scope().Lookup("Game").Type()
	view := gamePkg.Scope().Lookup("View").Type().Underlying().(*types.Interface)
	reads := map[string]bool{}
	for i := range view.NumMethods() {
		reads[view.Method(i).Name()] = true
	}
	checked := 0
	for path, p := range pkgs {
		if !strings.HasPrefix(path, module+"/app/ui/") || path == module+"/app/ui/uitest" {
			continue
		}
		var files []*ast.File
		for _, name := range p.GoFiles {
			f, err := parser.ParseFile(fset, filepath.Join(p.Dir, name), nil, 0)
			if err != nil {
				t.Fatal(err)
			}
			files = append(files, f)
		}
		info := &types.Info{Selections: map[*ast.SelectorExpr]*types.Selection{}, Uses: map[*ast.Ident]types.Object{}}
		conf := types.Config{Importer: imp}
		if _, err := conf.Check(path, fset, files, info); err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		checked++
		for expr, sel := range info.Selections {
			recv := sel.Recv()
			if ptr, ok := recv.(*types.Pointer); ok {
				recv = ptr.Elem()
			}
			if sel.Kind() == types.MethodVal && types.Identical(recv, gameType) && !reads[sel.Obj().Name()] {
				t.Errorf("%s: %s calls game.Game.%s, which is not game.View's: changes go through the session",
					fset.Position(expr.Pos()), path, sel.Obj().Name())
			}
		}
		for id, obj := range info.Uses {
			if f, ok := obj.(*types.Func); ok && f.Pkg() == gamePkg && makesA(f, gameType) {
				t.Errorf("%s: %s calls game.%s, which makes a game.Game: the session makes the games it shows (Session.Start)",
					fset.Position(id.Pos()), path, f.Name())
			}
		}
	}
	if checked < 10 {
		t.Fatalf("only %d packages of app/ui checked", checked)
	}
	// The view has none of the game's changes: a method that changes the
	// game in the view lets the rooms change it too.
	for _, change := range []string{"Move", "PlayMove", "SetTag", "SetComment", "TakeBack", "Resign", "OfferDraw", "ClaimDraw", "SetResult", "AddVariation", "Pause", "Resume", "Saved"} {
		if reads[change] {
			t.Errorf("game.View has %s, which changes the game", change)
		}
	}
	if !reads["Tag"] || !reads["Status"] {
		t.Error("game.View lacks Tag or Status: is it the game's view?")
	}
}

// makesA reports whether the function f returns a game (a game.Game, a
// pointer to one, or a slice of them).
func makesA(f *types.Func, game types.Type) bool {
	sig := f.Type().(*types.Signature)
	if sig.Recv() != nil {
		return false
	}
	for i := range sig.Results().Len() {
		r := sig.Results().At(i).Type()
		if list, ok := r.(*types.Slice); ok {
			r = list.Elem()
		}
		if ptr, ok := r.(*types.Pointer); ok {
			r = ptr.Elem()
		}
		if types.Identical(r, game) {
			return true
		}
	}
	return false
}
