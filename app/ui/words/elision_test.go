package words

import (
	"strings"
	"testing"

	"github.com/echiquier/echiquier/app/game"
)

func TestNamingElidesDeAndQueBeforeAVowelSound(t *testing.T) {
	de := func(data map[string]any) string { return "abandon de " + data["Name"].(string) }
	que := func(data map[string]any) string { return "Que " + data["Name"].(string) + " joue" }
	for name, want := range map[string][2]string{
		"Émilie Château": {"abandon d’Émilie Château", "Qu’Émilie Château joue"},
		"Anand":          {"abandon d’Anand", "Qu’Anand joue"},
		"Ørnulf":         {"abandon d’Ørnulf", "Qu’Ørnulf joue"},
		"Hélène":         {"abandon d’Hélène", "Qu’Hélène joue"},
		"Hugo":           {"abandon d’Hugo", "Qu’Hugo joue"},
		"Yves":           {"abandon d’Yves", "Qu’Yves joue"},
		"Yannick":        {"abandon de Yannick", "Que Yannick joue"},
		"Capablanca":     {"abandon de Capablanca", "Que Capablanca joue"},
		"1. e4":          {"abandon de 1. e4", "Que 1. e4 joue"},
		"":               {"abandon de ", "Que  joue"},
	} {
		data := map[string]any{"Name": name}
		if got := Naming(data, de); got != want[0] {
			t.Errorf("%q after de: %q, want %q", name, got, want[0])
		}
		if got := Naming(data, que); got != want[1] {
			t.Errorf("%q after que: %q, want %q", name, got, want[1])
		}
	}
}

func TestNamingTouchesOnlyTheNames(t *testing.T) {
	text := func(data map[string]any) string {
		return "le monde " + data["A"].(string) + ", de " + data["B"].(string) + " (" + data["N"].(string) + ") de " + data["C"].(string)
	}
	got := Naming(map[string]any{"A": "Anand", "B": "de Alba", "C": "Hugo \uFDD0\uE000\uFDD0", "N": "12"}, text)
	if want := "le monde Anand, de de Alba (12) d’Hugo \uFDD0\uE000\uFDD0"; got != want {
		t.Errorf("got  %q\nwant %q", got, want)
	}
	if got := Naming(map[string]any{"Count": 3}, func(d map[string]any) string { return strings.Repeat("x", d["Count"].(int)) }); got != "xxx" {
		t.Errorf("a number: %q", got)
	}
}

func TestResignationInFrenchElides(t *testing.T) {
	locale := SystemLocale()
	if _, err := locale.Use("fr"); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { locale.Use("") })
	g, err := game.New(game.Options{})
	if err != nil {
		t.Fatal(err)
	}
	g.SetTag("White", "Émilie Château")
	g.SetTag("Black", "Hugo Blanc")
	if err := g.Resign(game.White); err != nil {
		t.Fatal(err)
	}
	if got, want := GameResult(g), "Hugo Blanc gagne — abandon d’Émilie Château"; got != want {
		t.Errorf("got  %q\nwant %q", got, want)
	}
}
