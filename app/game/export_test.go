package game

import (
	"io"

	"github.com/echiquier/echiquier/app/pgn"
)

// What the external tests use and the app does not.

// CheckPGN is checkPGN.
func CheckPGN(r io.Reader, workers int) (games int, errs []error) { return checkPGN(r, workers) }

// Tags returns the game's tags as WritePGN writes them.
func (g *Game) Tags() []pgn.Tag { return g.exportTags() }

// VariationIndex is variationIndex.
func (n *Node) VariationIndex() int { return n.variationIndex() }

// FENLetter is fenLetter.
func (p Piece) FENLetter() string { return p.fenLetter() }

// RaceEnabled tells the external tests whether they run under -race.
const RaceEnabled = raceDetector

// CountMaterialDead reports whether p is dead for want of material alone.
func CountMaterialDead(p Position) bool {
	m := countMaterial(&p.Board)
	return m.isDead()
}

// TypicalGame is a real game of 80 plies (Knezevic–Kasparov, Banja Luka
// 1979), as the corpus writes it, for the benchmarks.
const TypicalGame = typicalGameText

const typicalGameText = `[Event "Banja Luka"]
[Site "Banja Luka"]
[Date "1979.??.??"]
[Round "?"]
[White "Knezevic, Milorad"]
[Black "Kasparov, Gary"]
[Result "0-1"]
[WhiteElo "2500"]
[BlackElo ""]
[ECO "E01"]

1.d4 Nf6 2.c4 c5 3.Nf3 cxd4 4.Nxd4 e6 5.g3 d5 6.Bg2 e5 7.Nf3 d4 8.O-O Nc6
9.e3 Bc5 10.exd4 exd4 11.Nbd2 O-O 12.Nb3 Qb6 13.Bf4 Re8 14.Nxc5 Qxc5 15.Nd2 h6
16.Nb3 Qxc4 17.Rc1 Qa4 18.Nc5 Qxa2 19.Qd2 Bf5 20.Ra1 Qc4 21.Rfc1 Qb5 22.Nxb7 Be4
23.Nd6 Qd5 24.f3 Bg6 25.Nxe8 Rxe8 26.Ra6 Re6 27.b4 d3 28.Be3 Nd4 29.Rxe6 Ne2+
30.Kf2 Qxe6 31.Re1 Qf5 32.Bf4 Nd5 33.Rxe2 dxe2 34.Bd6 Qe6 35.Bc5 Bd3 36.Bxa7 Bb5
37.Bc5 h5 38.h4 Qf5 39.Ke1 Qb1+ 40.Kf2 Qf1+  0-1
`

// EndSentence is Status.endSentence.
func EndSentence(s Status) string { return s.endSentence() }
