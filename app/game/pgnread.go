package game

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/echiquier/echiquier/app/pgn"
)

// PGNError is a game of a PGN file that could not be read.
type PGNError struct {
	// Game is the game's number in the file, from 1.
	Game int
	// White and Black name the players, when the game's tags do.
	White, Black string
	// Line is where the problem is, and Text the offending text (a move,
	// a tag value), cut to one short line (see pgn.Excerpt).
	Line int
	Text string
	// Err says what is wrong: a *MoveError, a *FENError, a
	// *pgn.SyntaxError, ErrVariant...
	Err error
}

func (e *PGNError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "game %d", e.Game)
	if e.White != "" || e.Black != "" {
		fmt.Fprintf(&b, " (%s – %s)", orUnknown(e.White), orUnknown(e.Black))
	}
	if e.Line > 0 {
		fmt.Fprintf(&b, ", line %d", e.Line)
	}
	if e.Text != "" {
		fmt.Fprintf(&b, ", %q", e.Text)
	}
	var syntax *pgn.SyntaxError
	if errors.As(e.Err, &syntax) {
		return b.String() + ": " + syntax.Message()
	}
	return b.String() + ": " + e.Err.Error()
}

func (e *PGNError) Unwrap() error { return e.Err }

func orUnknown(s string) string {
	if s == "" {
		return "?"
	}
	return s
}

// ErrVariant: the game is of a chess variant (Chess960, Crazyhouse...),
// which this program does not play.
var ErrVariant = errors.New("chess variants are not supported, only standard chess")

// ErrNullMove: the game has a null move ("--", "Z0"), which is not a chess
// move.
var ErrNullMove = errors.New("null moves are not chess moves and are not supported")

// MaxPlies is the longest main line read, in plies: no game played under
// today's Laws of Chess is longer, so a longer one is not a game.
//
// Fivefold repetition aside, the 75-move rule (FIDE 9.6.2) ends a game
// once 150 plies in a row have neither moved a pawn nor captured. Each
// pawn moves at most 6 times (from its second rank to its eighth), so the
// 16 pawns make at most 96 pawn moves; at most 30 pieces (all but the
// kings) can be captured. That makes at most 126 plies that move a pawn
// or capture. Before each of them at most 149 plies do neither, and after
// the last one at most 150: 126 × 150 + 150 = 19,050 plies. A set-up
// position has no more pawns, pieces or pawn moves left than that. The
// true longest game is shorter (about 17,700 plies: a pawn that captures
// counts once, and pawns on a file must capture to pass each other), but
// that bound takes a subtler proof; the longest tournament game has 538.
const MaxPlies = 126*150 + 150

// ErrGameTooLong: the main line has more moves than MaxPlies, more than
// any game can have under the Laws of Chess. The PGNError's Line and Text
// are those of the first move beyond.
var ErrGameTooLong = fmt.Errorf("the game is longer than any game the Laws of Chess allow (%d moves by each side)", MaxPlies/2)

// readInfo is what a game read from PGN remembers of how it was read.
type readInfo struct {
	// status and end are the status and the end of the main line when
	// read: while they are the same, the Termination and PlyCount tags
	// are written back as read.
	status   Status
	end      *Node
	warnings []error
	// endComment is the final comment that said how the game ended
	// (readEndSentence), taken from the last move's comments: it is
	// written back as read while the status is as read.
	endComment string
}

// TimeControlWarning: the TimeControl tag of a game read from PGN could
// not be read, so the game is untimed.
type TimeControlWarning struct {
	// Value is the tag's value, and Err why it could not be read.
	Value string
	Err   error
}

func (w *TimeControlWarning) Error() string {
	return fmt.Sprintf("the time control %q could not be read: the game is untimed", w.Value)
}

func (w *TimeControlWarning) Unwrap() error { return w.Err }

// Warnings returns what was wrong in a game read from PGN that did not
// stop it from being read, such as a *TimeControlWarning; none for a game
// created here.
func (g *Game) Warnings() []error {
	if g.read == nil {
		return nil
	}
	return append([]error(nil), g.read.warnings...)
}

// LawEnd returns the first position of the main line where the Laws ended
// the game by themselves (checkmate, stalemate, a dead position, fivefold
// repetition, the 75-move rule) when the main line goes on after it, with
// how it ended; false when none does. Games read from files go on after
// such an end: old games predate fivefold repetition and the 75-move
// rule, and players shuffle pieces before they agree to a draw.
func (g *Game) LawEnd() (*Node, Status, bool) {
	for n := g.root; n.next() != nil; n = n.next() {
		// A position after which a move was played has a legal move:
		// only a dead position, fivefold repetition and the 75-move
		// rule can end the game there.
		if s := n.endStatus(true); s.Over() {
			return n, s, true
		}
	}
	return nil, Status{}, false
}

// ReadPGN reads every game of a PGN file. It returns the games it could
// read, and one error (errors.Join of *PGNError) naming each game it could
// not. Games that are not over are paused, ready to continue with their
// clocks.
func ReadPGN(r io.Reader) ([]*Game, error) {
	games, errs := ReadPGNWith(r, nil)
	return games, errors.Join(errs...)
}

// ReadPGNWith is ReadPGN with the clock source of the games it returns
// (nil for time.Now), and the errors as a list of *PGNError.
func ReadPGNWith(r io.Reader, now func() time.Time) ([]*Game, []error) {
	var games []*Game
	var errs []error
	eachGame(r, func(number int, pg *pgn.Game) {
		g, err := FromPGN(pg, now)
		if err != nil {
			errs = append(errs, renumber(err, number))
			return
		}
		games = append(games, g)
	}, func(_ int, err error) { errs = append(errs, err) })
	return games, errs
}

// eachGame reads the games of r one after the other. Each game read
// without a syntax error goes to use, with its number in the file; the
// error of any other, a *PGNError, goes to fail, and a read error that
// stops the file short comes last. It returns how many games were read,
// with or without errors.
func eachGame(r io.Reader, use func(number int, pg *pgn.Game), fail func(number int, err error)) (games int) {
	rd := pgn.NewReader(r)
	for number := 1; ; number++ {
		pg, err := rd.Next()
		if err == io.EOF {
			return games
		}
		if pg != nil {
			games++
		}
		if err == nil {
			use(number, pg)
			continue
		}
		fail(number, pgnError(number, pg, err))
		if pg == nil {
			return games
		}
	}
}

// pgnError wraps a syntax error of the reader.
func pgnError(number int, pg *pgn.Game, err error) error {
	e := &PGNError{Game: number, Err: err}
	var syntax *pgn.SyntaxError
	if errors.As(err, &syntax) {
		e.Line, e.Text = syntax.Line, syntax.Text
	}
	if pg != nil {
		e.White, e.Black = pgn.Excerpt(pg.Tag("White")), pgn.Excerpt(pg.Tag("Black"))
	}
	return e
}

func renumber(err error, number int) error {
	var e *PGNError
	if errors.As(err, &e) {
		e.Game = number
	}
	return err
}

// FromPGN builds a game from one game of a PGN file, checking every move,
// variations included, against its own position. A game that is not over
// is paused; Resume starts its clock. now is the clock source (nil for
// time.Now). A game that ParseGame read keeps its text (pg.Text), to be
// saved as it was while unchanged (FileText).
func FromPGN(pg *pgn.Game, now func() time.Time) (*Game, error) {
	var r replayer
	return readGame(pg, now, r.game, func(n *Node) bool { return n.pos.hasLegalMove() })
}

// readGame is FromPGN, building the game's tree with replay and asking
// hasMove whether the side to move at the end of the main line has a
// legal move. The tests do both through notnil/chess too, as live play
// does, and compare.
func readGame(pg *pgn.Game, now func() time.Time, replay func(*pgn.Game, *Game) error, hasMove func(*Node) bool) (*Game, error) {
	if now == nil {
		now = time.Now
	}
	g := &Game{now: now, tags: append(tagList(nil), pg.Tags...), read: &readInfo{}}
	if err := replay(pg, g); err != nil {
		return nil, err
	}
	for g.live.children != nil {
		g.live = g.live.children[0]
	}
	g.status = g.readStatus(pg, g.live.endStatus(hasMove(g.live)))
	g.read.status, g.read.end = g.status, g.live
	g.startClock(now())
	if pg.Text != nil {
		g.keepText(pg.Text)
	}
	return g, nil
}

// gameError is the *PGNError of game pg, numbered as game 1, for the
// text at line.
func gameError(pg *pgn.Game, line int, text string, err error) error {
	return &PGNError{Game: 1, White: pgn.Excerpt(pg.Tag("White")), Black: pgn.Excerpt(pg.Tag("Black")), Line: line, Text: pgn.Excerpt(text), Err: err}
}

// readStart checks that pg is a game of standard chess and returns its
// start position.
func readStart(pg *pgn.Game) (Position, error) {
	if v := pg.Tag("Variant"); !isStandardVariant(v) {
		return Position{}, gameError(pg, pg.TagLine("Variant"), v, ErrVariant)
	}
	pos, err := startPosition(pg)
	if err != nil {
		return pos, gameError(pg, pg.TagLine("FEN"), pg.Tag("FEN"), err)
	}
	return pos, nil
}

// isStandardVariant reports whether a Variant tag names standard chess:
// lichess names a game from a set-up position "From Position" (its FEN
// tag has the position; a Chess960 one is refused with the FEN).
func isStandardVariant(v string) bool {
	switch strings.ToLower(strings.TrimSpace(v)) {
	case "", "standard", "chess", "regular", "normal", "classical", "orthodox", "from position":
		return true
	}
	return false
}

func startPosition(pg *pgn.Game) (Position, error) {
	fen, ok := pg.LookupTag("FEN")
	if !ok || (strings.TrimSpace(fen) == "" && pg.Tag("SetUp") != "1") {
		return ParseFEN(StartFEN)
	}
	pos, err := ParseFEN(fen)
	var fe *FENError
	if errors.As(err, &fe) && fe.Reason == BadFENChess960 {
		return pos, fmt.Errorf("%w: %v", ErrVariant, err)
	}
	return pos, err
}

// annotate copies a PGN move's comments and NAGs, reading its [%clk] and
// [%emt] commands as the clock data. The comments stay as read, commands
// included, so that they are written back as they were.
func (n *Node) annotate(pm *pgn.Move) {
	n.nags, n.nagAt = pm.NAGs, pm.NAGAt
	n.before, n.after = pm.Before, pm.After
	for _, c := range pm.After {
		if v, _, ok := pgn.TakeCommand(c, "clk"); ok && !n.hasClock {
			if d, err := pgn.ParseClock(v); err == nil {
				n.clock, n.hasClock = d, true
			}
		}
		if v, _, ok := pgn.TakeCommand(c, "emt"); ok && !n.hasElapsed {
			if d, err := pgn.ParseClock(v); err == nil {
				n.elapsed, n.hasElapsed = d, true
			}
		}
	}
}

// readStatus decides the status of a game read from PGN: what its last
// position says if that ends the game (end, its automatic end), else its
// Result tag (or marker) with the reason its final comment gives
// (readEndSentence), or else its Termination tag. A final comment that
// says the status is taken from the last move's comments, to be written
// back as the game's end (readInfo.endComment): the move list shows the
// user's comments, and the status says how the game ended. g.live must
// be the end of the main line.
func (g *Game) readStatus(pg *pgn.Game, end Status) Status {
	s := end
	if !end.Over() {
		result := pg.Tag("Result")
		if !isResult(result) {
			result = pg.Result
		}
		if !isResult(result) || result == InProgress {
			return inProgress
		}
		s = Status{Result: result, Reason: reasonFromTermination(pg.Tag("Termination"), result)}
	}
	last, ok := g.live.finalComment()
	if !ok {
		return s
	}
	said, ok := readEndSentence(last, s.Result)
	switch {
	case !ok:
		return s
	case end.Over() && said.Reason != end.Reason && said.Reason != NoReason:
		return s // the board says otherwise: the comment is the user's
	case !end.Over() && said.Reason != NoReason:
		s.Reason = said.Reason
	}
	g.live.after = g.live.after[: len(g.live.after)-1 : len(g.live.after)-1]
	g.read.endComment = last
	return s
}

// finalComment returns the last of n's after comments when nothing is
// written after it, no NAG among them: a final comment of the game when n
// ends the main line.
func (n *Node) finalComment() (string, bool) {
	k := len(n.after)
	if k == 0 {
		return "", false
	}
	for _, at := range n.nagAt {
		if at >= k {
			return "", false
		}
	}
	return n.after[k-1], true
}

func isResult(s string) bool {
	return s == WhiteWins || s == BlackWins || s == Draw || s == InProgress
}

// reasonFromTermination reads a Termination tag: the PGN standard's
// values, the specific ones this program writes, and common phrasings of
// other programs ("White won by resignation", "Game drawn by repetition").
func reasonFromTermination(t, result string) Reason {
	t = strings.ToLower(t)
	has := func(words ...string) bool {
		for _, w := range words {
			if strings.Contains(t, w) {
				return true
			}
		}
		return false
	}
	switch {
	case has("resign"):
		return Resignation
	case has("agree", "mutual"):
		return Agreement
	case has("fivefold", "five-fold", "5-fold"):
		return FivefoldRepetition
	case has("repetition"):
		return ThreefoldRepetition
	case has("seventy", "75"):
		return SeventyFiveMoveRule
	case has("fifty", "50"):
		return FiftyMoveRule
	case has("time", "flag", "timeout"):
		return TimeForfeit
	case has("insufficient"):
		return InsufficientMaterial
	case has("dead position"):
		return DeadPosition
	case has("stalemate"):
		return Stalemate
	case has("checkmate", "mate"):
		return Checkmate
	case has("abandon"):
		return Abandoned
	case has("adjudicat"):
		return Adjudication
	case has("infraction", "illegal"):
		return RulesInfraction
	case has("emergency"):
		return Emergency
	case has("death"):
		return Death
	}
	return NoReason
}

// startClock sets the clocks of a game read from PGN from its TimeControl
// tag and the [%clk] times of its main line, paused.
func (g *Game) startClock(now time.Time) {
	v, _ := g.tags.get("TimeControl")
	tc, err := ParseTimeControl(v)
	if err != nil {
		tc = TimeControl{}
		if s := strings.TrimSpace(v); s != "" && s != "?" { // "?": unknown, as the standard has it
			g.read.warnings = append(g.read.warnings, &TimeControlWarning{Value: v, Err: err})
		}
	}
	g.clock = newClock(tc, g.live.pos.Turn, now)
	if tc.IsZero() {
		return
	}
	g.clock.state = g.clockAfter(g.live)
	g.clock.pause(now)
	if g.status.Over() {
		g.clock.stop(now)
	}
}

// clockAfter rebuilds both clocks after n from the recorded clock times of
// the moves leading to n.
func (g *Game) clockAfter(n *Node) clockState {
	start := g.clock.tc.Stages[0].Time
	s := clockState{left: [2]time.Duration{start, start}}
	found := [2]bool{}
	for a := n; a.parent != nil; a = a.parent {
		mover := a.parent.pos.Turn
		s.moves[mover]++
		if a.hasClock && !found[mover] {
			s.left[mover], found[mover] = a.clock, true
		}
	}
	return s
}

// clockBefore rebuilds both clocks before n's move.
func (g *Game) clockBefore(n *Node) clockState {
	if !g.clock.timed() {
		return clockState{}
	}
	return g.clockAfter(n.parent)
}
