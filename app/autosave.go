package app

import (
	"log"
	"os"
	"path/filepath"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/storage"

	"github.com/echiquier/echiquier/app/game"
	"github.com/echiquier/echiquier/app/session"
)

// autosave keeps the game being played in the app's storage after every
// change, so that a game interrupted by a crash or a kill can be resumed.
// It is removed once the game is saved or deliberately given up.
type autosave struct {
	path string // "" when the app has no storage
}

func newAutosave(root fyne.URI, dir string) *autosave {
	if dir != "" {
		return &autosave{path: filepath.Join(dir, "autosave.pgn")}
	}
	u, err := storage.Child(root, "autosave.pgn")
	if err != nil || u.Scheme() != "file" {
		return &autosave{}
	}
	return &autosave{path: u.Path()}
}

// Save writes the game's text; a failure is logged.
func (s *autosave) Save(text []byte) {
	if s.path == "" {
		return
	}
	if err := os.MkdirAll(filepath.Dir(s.path), 0o755); err != nil {
		fyne.LogError("autosave failed", err)
		return
	}
	if err := os.WriteFile(s.path+".tmp", text, 0o644); err != nil {
		fyne.LogError("autosave failed", err)
		return
	}
	if err := os.Rename(s.path+".tmp", s.path); err != nil {
		fyne.LogError("autosave failed", err)
	}
}

// Clear removes the autosave.
func (s *autosave) Clear() {
	if s.path != "" {
		os.Remove(s.path)
	}
}

// offerResume offers to resume the game of the autosave, if there is one
// that is not over. Its clocks stay paused until the players resume them.
func (a *App) offerResume() {
	if a.autosave.path == "" {
		return
	}
	f, err := os.Open(a.autosave.path)
	if err != nil {
		return
	}
	games, _ := game.ReadPGNWith(f, a.now)
	f.Close()
	if len(games) != 1 || games[0].Status().Over() || len(games[0].History()) == 0 {
		a.autosave.Clear()
		return
	}
	g := games[0]
	log.Print("autosave: offering to resume the interrupted game")
	msg := lang.L("A game was interrupted after {{.Move}} ({{.White}} – {{.Black}}). Resume it?", map[string]any{
		"White": playerName(g, game.White), "Black": playerName(g, game.Black), "Move": moveLabel(g.Live())})
	a.ask(lang.L("Resume the interrupted game?"), msg, lang.L("Resume"), lang.L("Discard"), func(ok bool) {
		if !ok {
			a.autosave.Clear()
			return
		}
		a.sess.Resume(g)
	})
}

var _ session.Autosaver = (*autosave)(nil)
