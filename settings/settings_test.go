package settings_test

import (
	"testing"

	"fyne.io/fyne/v2/test"

	"github.com/echiquier/echiquier/app/game"
	"github.com/echiquier/echiquier/settings"
)

func TestDefaults(t *testing.T) {
	a := test.NewTempApp(t)
	s := settings.New(a.Preferences())
	if s.AutoFlip() || s.Flipped() {
		t.Error("the board should start unflipped, without auto-flip")
	}
	if got := s.TimeControl().String(); got != "600+5" {
		t.Errorf("default time control = %s", got)
	}
}

func TestValuesPersist(t *testing.T) {
	a := test.NewTempApp(t)
	s := settings.New(a.Preferences())
	s.SetAutoFlip(true)
	s.SetFlipped(true)
	tc, _ := game.ParseTimeControl("40/5400+30:1800+30")
	s.SetTimeControl(tc)
	s.SetPlayerNames("Anna", "Bruno")
	s.SetLastDirectory("/home/anna/chess")

	again := settings.New(a.Preferences())
	if !again.AutoFlip() || !again.Flipped() {
		t.Error("flags lost")
	}
	if got := again.TimeControl().String(); got != "40/5400+30:1800+30" {
		t.Errorf("time control = %s", got)
	}
	if w, b := again.PlayerNames(); w != "Anna" || b != "Bruno" {
		t.Errorf("names = %q %q", w, b)
	}
	if again.LastDirectory() != "/home/anna/chess" {
		t.Errorf("directory = %q", again.LastDirectory())
	}
}

func TestCorruptValueFallsBack(t *testing.T) {
	a := test.NewTempApp(t)
	a.Preferences().SetString("game.timeControl", "not a time control")
	s := settings.New(a.Preferences())
	if got := s.TimeControl().String(); got != "600+5" {
		t.Errorf("a corrupt time control gives %s, want the default", got)
	}
}

func TestBoardAndPlayDefaults(t *testing.T) {
	a := test.NewTempApp(t)
	s := settings.New(a.Preferences())
	if !s.Coordinates() || !s.Hints() || !s.LastMove() || !s.Animate() {
		t.Error("coordinates, hints, last-move highlight and animation should start on")
	}
	if s.TouchMove() || s.ConfirmDrawOffer() || !s.ConfirmResign() {
		t.Error("touch-move off, draw offers unconfirmed, resignation confirmed by default")
	}
	if s.MoveInput() != settings.MoveByDragOrClick {
		t.Errorf("move input = %q", s.MoveInput())
	}
	if s.BoardScheme() != "" || s.PieceSet() != "" || s.Language() != "" {
		t.Error("scheme, pieces and language should start at their defaults")
	}
}

func TestBoardAndPlayValuesPersist(t *testing.T) {
	a := test.NewTempApp(t)
	s := settings.New(a.Preferences())
	s.SetBoardScheme("green")
	s.SetPieceSet("fancy")
	s.SetCoordinates(false)
	s.SetHints(false)
	s.SetLastMove(false)
	s.SetAnimate(false)
	s.SetTouchMove(true)
	s.SetConfirmResign(false)
	s.SetConfirmDrawOffer(true)
	s.SetMoveInput(settings.MoveByClick)
	s.SetLanguage("fr")

	again := settings.New(a.Preferences())
	if again.BoardScheme() != "green" || again.PieceSet() != "fancy" || again.Language() != "fr" {
		t.Errorf("scheme %q, pieces %q, language %q", again.BoardScheme(), again.PieceSet(), again.Language())
	}
	if again.Coordinates() || again.Hints() || again.LastMove() || again.Animate() {
		t.Error("board flags lost")
	}
	if !again.TouchMove() || again.ConfirmResign() || !again.ConfirmDrawOffer() {
		t.Error("play flags lost")
	}
	if again.MoveInput() != settings.MoveByClick {
		t.Errorf("move input = %q", again.MoveInput())
	}
}

func TestOutOfRangeValuesFallBack(t *testing.T) {
	a := test.NewTempApp(t)
	p := a.Preferences()
	p.SetString("board.moveInput", "telepathy")
	p.SetString("view.language", "klingon")
	p.SetString("board.hints", "yes") // a string where a bool belongs
	s := settings.New(p)
	if s.MoveInput() != settings.MoveByDragOrClick {
		t.Errorf("unknown move input gives %q", s.MoveInput())
	}
	if s.Language() != "" {
		t.Errorf("unknown language gives %q", s.Language())
	}
	if !s.Hints() {
		t.Error("a mistyped flag should read as its default")
	}
}

func TestNotationPersists(t *testing.T) {
	a := test.NewTempApp(t)
	s := settings.New(a.Preferences())
	if s.Notation(game.FigurineSAN) != game.FigurineSAN {
		t.Errorf("without a choice the notation should be the fallback, got %s", s.Notation(game.FigurineSAN))
	}
	s.SetNotation(game.FrenchSAN)
	if got := settings.New(a.Preferences()).Notation(game.EnglishSAN); got != game.FrenchSAN {
		t.Errorf("notation = %s after a restart", got)
	}
	a.Preferences().SetString("view.notation", "hieroglyphs")
	if got := s.Notation(game.FrenchSAN); got != game.EnglishSAN {
		t.Errorf("unknown notation reads as %s", got)
	}
}

func TestNotationFollowsTheLanguageUntilChosen(t *testing.T) {
	a := test.NewTempApp(t)
	s := settings.New(a.Preferences())
	if s.NotationChosen() {
		t.Error("a new user has chosen a notation")
	}
	s.SetNotation(game.EnglishSAN)
	if !s.NotationChosen() || s.Notation(game.FrenchSAN) != game.EnglishSAN {
		t.Errorf("English chosen: chosen %v, notation %s", s.NotationChosen(), s.Notation(game.FrenchSAN))
	}
	s.FollowLanguageNotation()
	if s.NotationChosen() || s.Notation(game.FrenchSAN) != game.FrenchSAN {
		t.Errorf("back to the language's: chosen %v, notation %s", s.NotationChosen(), s.Notation(game.FrenchSAN))
	}
}
