//go:build unix

package app_test

import (
	"bytes"
	"os/exec"
	"strings"

	"github.com/echiquier/echiquier/app/game"
)

// setClipboard puts text on the X clipboard; xclip serves it until
// another program takes the clipboard.
func (e *e2e) setClipboard(text string) {
	e.t.Helper()
	cmd := exec.Command("xclip", "-selection", "clipboard", "-i")
	cmd.Env = append(cmd.Environ(), "DISPLAY="+e.display)
	cmd.Stdin = strings.NewReader(text)
	if err := cmd.Run(); err != nil {
		e.t.Fatalf("xclip -i: %v", err)
	}
}

// clipboard returns what the X clipboard holds.
func (e *e2e) clipboard() string {
	cmd := exec.Command("xclip", "-selection", "clipboard", "-o")
	cmd.Env = append(cmd.Environ(), "DISPLAY="+e.display)
	out, err := cmd.Output()
	if err != nil {
		return ""
	}
	return string(out)
}

// pastedGame is a game with what a copy must keep: a side line, comments,
// clocks.
const pastedGame = `[Event "Club"]
[White "Anna"]
[Black "Bruno"]
[Result "*"]

1. e4 {[%clk 0:04:58]} e5 {[%clk 0:04:57]} 2. Nf3 {the usual} (2. f4 exf4) 2... Nc6 *
`

// clipboardRoundTrip pastes a game and a position through the real X
// clipboard with Ctrl+V, and copies them back with Ctrl+C and
// Ctrl+Shift+C.
// The program runs in language; screenshots are named by it.
func (e *e2e) clipboardRoundTrip(language string) {
	shot := func(name string) string { return "e2e-" + language[:2] + "-" + name + ".png" }
	t := e.t
	p := e.start(t.TempDir(), language)
	defer p.kill()
	b := e.findBoard("the program for the clipboard", brown, shot("clip-start"))

	e.setClipboard(pastedGame)
	e.keys("ctrl+v")
	e.waitFor("the pasted game on the board", func() bool {
		img := e.screenshot(shot("clip-game"))
		return e.pieceColour(img, b, "f3") == "white" && e.pieceColour(img, b, "c6") == "black"
	})
	games, err := game.ReadPGN(strings.NewReader(pastedGame))
	if err != nil {
		t.Fatal(err)
	}
	var want bytes.Buffer
	if err := games[0].WritePGN(&want); err != nil {
		t.Fatal(err)
	}
	e.setClipboard("")
	e.keys("ctrl+c")
	e.waitFor("the game copied back", func() bool { return e.clipboard() == want.String() })

	const fen = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"
	e.setClipboard(fen)
	e.keys("ctrl+v")
	e.waitFor("the pasted position on the board", func() bool {
		img := e.screenshot(shot("clip-fen"))
		return e.pieceColour(img, b, "e2") == "white" && e.pieceColour(img, b, "d1") == "empty"
	})
	e.setClipboard("")
	e.keys("ctrl+shift+c")
	e.waitFor("the position copied back", func() bool { return e.clipboard() == fen })
}
