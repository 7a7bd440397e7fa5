package resources_test

import (
	"encoding/json"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
	"unicode"

	"github.com/echiquier/echiquier/resources"
)

// sourceDirs are the folders whose Go code may show text to the user.
var sourceDirs = []string{"../app", "../widgets", "../theme", "../pieces", "../settings", "../main.go"}

// visibleTextCalls are the functions and methods whose string arguments
// the user sees: a literal passed to one of them must go through lang.
var visibleTextCalls = map[string]bool{
	"NewLabel": true, "NewLabelWithStyle": true, "NewButton": true, "NewButtonWithIcon": true,
	"NewCheck": true, "NewMenuItem": true, "NewMenu": true, "NewFormItem": true,
	"NewHyperlink": true, "NewRadioGroup": true, "NewSelect": true, "NewTabItem": true,
	"NewTabItemWithIcon": true, "NewCard": true, "NewAccordionItem": true,
	"NewConfirm": true, "NewInformation": true, "ShowInformation": true, "ShowConfirm": true,
	"NewCustom": true, "NewCustomConfirm": true, "NewCustomWithoutButtons": true, "NewForm": true,
	"ShowCustom": true, "ShowCustomConfirm": true, "NewWindow": true, "NewEntry": true,
	"SetText": true, "SetTitle": true, "SetPlaceHolder": true, "SetConfirmText": true,
	"SetDismissText": true, "SendNotification": true, "NewNotification": true,
}

// translation reads one embedded translation file.
func translation(t *testing.T, name string) map[string]string {
	t.Helper()
	data, err := fs.ReadFile(resources.TranslationFiles(), "translations/"+name)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	if err := json.Unmarshal(data, &out); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return out
}

// usage is a place in the code.
type usage struct {
	pos  token.Position
	text string
}

// scan parses the app's Go files (not tests) and returns the keys given to
// lang.L, the lang calls whose key is not a literal, and the literals
// shown to the user without lang.
func scan(t *testing.T) (keys map[string]token.Position, dynamic, bare []usage) {
	t.Helper()
	keys = map[string]token.Position{}
	fset := token.NewFileSet()
	eachSource(t, fset, func(path string, f *ast.File) {
		ast.Inspect(f, func(n ast.Node) bool {
			switch x := n.(type) {
			case *ast.CallExpr:
				inspectCall(fset, x, keys, &dynamic, &bare)
			case *ast.CompositeLit:
				tableKeys(fset, x, keys)
			case *ast.FuncDecl:
				if isTableLabel(path, x) {
					return false // its lang.L takes the keys tableKeys finds
				}
			}
			return true
		})
	})
	return keys, dynamic, bare
}

// eachSource parses the app's Go files (not tests) and hands each to
// read.
func eachSource(t *testing.T, fset *token.FileSet, read func(path string, f *ast.File)) {
	t.Helper()
	for _, dir := range sourceDirs {
		err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
				return err
			}
			f, err := parser.ParseFile(fset, path, nil, 0)
			if err != nil {
				return err
			}
			read(path, f)
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
}

func inspectCall(fset *token.FileSet, call *ast.CallExpr, keys map[string]token.Position, dynamic, bare *[]usage) {
	pkg, name := callee(call)
	if pkg == "lang" && (name == "L" || name == "Localize" || name == "X" || name == "N") {
		if len(call.Args) == 0 {
			return
		}
		key, ok := stringLiteral(call.Args[0])
		if !ok {
			*dynamic = append(*dynamic, usage{fset.Position(call.Pos()), name})
			return
		}
		keys[key] = fset.Position(call.Pos())
		return
	}
	if !visibleTextCalls[name] {
		return
	}
	for _, arg := range call.Args {
		if s, ok := stringLiteral(arg); ok && hasWords(s) {
			*bare = append(*bare, usage{fset.Position(arg.Pos()), s})
		}
	}
}

// tableFields are the fields of the table of commands (app/ui/kit) that
// hold keys of the translations, which kit's label translates.
var tableFields = map[string]map[string]bool{
	"Command":  {"Label": true, "Button": true},
	"MenuSpec": {"Title": true},
}

// tableKeys adds to keys the keys a literal of the table of commands
// holds: Command{Label: "Save as…"}, and each of []MenuSpec{{Title:
// "Game"}}.
func tableKeys(fset *token.FileSet, lit *ast.CompositeLit, keys map[string]token.Position) {
	if list, ok := lit.Type.(*ast.ArrayType); ok {
		for _, e := range lit.Elts {
			if elem, ok := e.(*ast.CompositeLit); ok && elem.Type == nil {
				fieldKeys(fset, typeName(list.Elt), elem, keys)
			}
		}
		return
	}
	fieldKeys(fset, typeName(lit.Type), lit, keys)
}

// typeName is the name of a type, without its package: "Command".
func typeName(e ast.Expr) string {
	switch t := e.(type) {
	case *ast.Ident:
		return t.Name
	case *ast.SelectorExpr:
		return t.Sel.Name
	}
	return ""
}

// fieldKeys adds to keys the keys of the table's fields in lit, a
// literal of the type named typeName.
func fieldKeys(fset *token.FileSet, typeName string, lit *ast.CompositeLit, keys map[string]token.Position) {
	fields := tableFields[typeName]
	for _, e := range lit.Elts {
		kv, ok := e.(*ast.KeyValueExpr)
		if !ok {
			continue
		}
		if id, ok := kv.Key.(*ast.Ident); ok && fields[id.Name] {
			if key, ok := stringLiteral(kv.Value); ok {
				keys[key] = fset.Position(kv.Value.Pos())
			}
		}
	}
}

// isTableLabel reports whether fn is kit's label, the one call of lang
// whose key is not a literal: it translates the table's keys.
func isTableLabel(path string, fn *ast.FuncDecl) bool {
	return filepath.ToSlash(path) == "../app/ui/kit/commands.go" && fn.Name.Name == "label" && fn.Recv == nil
}

// callee names the function a call calls: ("lang", "L") for lang.L(…),
// ("", "SetText") for x.SetText(…) on anything else.
func callee(call *ast.CallExpr) (pkg, name string) {
	switch f := call.Fun.(type) {
	case *ast.Ident:
		return "", f.Name
	case *ast.SelectorExpr:
		if id, ok := f.X.(*ast.Ident); ok {
			return id.Name, f.Sel.Name
		}
		return "", f.Sel.Name
	}
	return "", ""
}

func stringLiteral(e ast.Expr) (string, bool) {
	lit, ok := e.(*ast.BasicLit)
	if !ok || lit.Kind != token.STRING {
		return "", false
	}
	s, err := strconv.Unquote(lit.Value)
	return s, err == nil
}

// hasWords reports whether s holds two letters in a row: text a person
// reads, rather than a symbol or a number.
func hasWords(s string) bool {
	run := 0
	for _, r := range s {
		if unicode.IsLetter(r) {
			run++
			if run == 2 {
				return true
			}
		} else {
			run = 0
		}
	}
	return false
}

func TestEveryKeyIsTranslated(t *testing.T) {
	keys, dynamic, _ := scan(t)
	if len(keys) < 50 {
		t.Fatalf("found only %d keys: is the scan looking at the app's code?", len(keys))
	}
	for _, file := range []string{"en.json", "fr.json"} {
		tr := translation(t, file)
		var missing []string
		for key, pos := range keys {
			if strings.TrimSpace(tr[key]) == "" {
				missing = append(missing, pos.String()+": "+strconv.Quote(key))
			}
		}
		sort.Strings(missing)
		for _, m := range missing {
			t.Errorf("%s lacks %s", file, m)
		}
	}
	for _, d := range dynamic {
		t.Errorf("%s: lang.%s with a key that is not a string literal cannot be checked", d.pos, d.text)
	}
}

func TestNoUnusedOrStrayKeys(t *testing.T) {
	keys, _, _ := scan(t)
	en, fr := translation(t, "en.json"), translation(t, "fr.json")
	for _, tr := range []struct {
		name string
		m    map[string]string
	}{{"en.json", en}, {"fr.json", fr}} {
		for key := range tr.m {
			if _, used := keys[key]; !used {
				t.Errorf("%s has %q, which the code no longer uses", tr.name, key)
			}
		}
	}
}

func TestEnglishIsTheKey(t *testing.T) {
	for key, value := range translation(t, "en.json") {
		if key != value {
			t.Errorf("en.json: %q translates to %q; the English text is the key", key, value)
		}
	}
}

func TestFrenchKeepsTheTemplates(t *testing.T) {
	for key, value := range translation(t, "fr.json") {
		if a, b := placeholders(key), placeholders(value); a != b {
			t.Errorf("fr.json: %q has placeholders %s, its translation %q has %s", key, a, value, b)
		}
	}
}

// placeholders lists the {{.Name}} fields of a template, sorted.
func placeholders(s string) string {
	var out []string
	for {
		i := strings.Index(s, "{{")
		if i < 0 {
			break
		}
		j := strings.Index(s[i:], "}}")
		if j < 0 {
			break
		}
		out = append(out, s[i:i+j+2])
		s = s[i+j+2:]
	}
	sort.Strings(out)
	return strings.Join(out, " ")
}

func TestNoVisibleTextBypassesTranslation(t *testing.T) {
	_, _, bare := scan(t)
	for _, b := range bare {
		t.Errorf("%s: %q is shown without lang.L", b.pos, b.text)
	}
}

// namedAfterDeOrQue finds a French text that puts a player's name right
// after "de" or "que", which French elides before a vowel sound.
var namedAfterDeOrQue = regexp.MustCompile(`(?i)(^|[^\pL])(de|que) \{\{\.(Player|Opponent|Loser|Winner|White|Black)\}\}`)

// TestNamesAfterDeOrQueAreElided: every French text that puts a name
// after "de" or "que" is made through words.Naming, which elides them
// ("abandon d’Émilie"), wherever the code makes it.
func TestNamesAfterDeOrQueAreElided(t *testing.T) {
	fr := translation(t, "fr.json")
	calls, named := map[string]int{}, map[string]int{}
	count := func(into map[string]int) func(ast.Node) bool {
		return func(n ast.Node) bool {
			if call, ok := n.(*ast.CallExpr); ok {
				if pkg, name := callee(call); pkg == "lang" && name == "L" && len(call.Args) > 0 {
					if key, ok := stringLiteral(call.Args[0]); ok {
						into[key]++
					}
				}
			}
			return true
		}
	}
	eachSource(t, token.NewFileSet(), func(_ string, f *ast.File) {
		ast.Inspect(f, count(calls))
		ast.Inspect(f, func(n ast.Node) bool {
			if call, ok := n.(*ast.CallExpr); ok && calleeName(call) == "Naming" {
				ast.Inspect(call, count(named))
				return false
			}
			return true
		})
	})
	found := 0
	for key, value := range fr {
		if !namedAfterDeOrQue.MatchString(value) {
			continue
		}
		found++
		if calls[key] != named[key] {
			t.Errorf("%q (%q) is made %d times, %d of them through words.Naming", key, value, calls[key], named[key])
		}
	}
	if found < 3 {
		t.Errorf("found %d French texts with a name after de or que: is the pattern right?", found)
	}
}

func calleeName(call *ast.CallExpr) string {
	_, name := callee(call)
	return name
}
