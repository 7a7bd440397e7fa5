package game

import (
	"fmt"
	"slices"
	"time"

	"github.com/notnil/chess"
)

// Options configure a new game.
type Options struct {
	// FEN is the start position; "" is the standard one.
	FEN string
	// TimeControl is the clock; the zero value is an untimed game.
	TimeControl TimeControl
	// Now tells the time; nil means time.Now. The game reads time only
	// through it.
	Now func() time.Time
	// White and Black name the players; "" leaves a name unknown.
	White, Black string
}

// Game is a game of chess: its tree of moves, the line being played, its
// clocks, tags and status.
type Game struct {
	now    func() time.Time
	tags   tagList
	root   *Node
	live   *Node // end of the line being played
	status Status
	offer  drawOffer
	clock  clock
	// version counts the changes of the live position and the status,
	// so that a PreparedMove made before one is refused.
	version uint64
	read    *readInfo // for a game read from PGN (pgnread.go), else nil
	// source is the text the game was read from or last saved as
	// (filetext.go), or nil.
	source *asRead
}

// drawOffer is a standing draw offer.
type drawOffer struct {
	pending bool
	by      Color
}

// Check returns the error New would give for o, without keeping a game.
func (o Options) Check() error {
	_, err := New(o)
	return err
}

// New starts a game. The side to move's clock runs from now on. A time
// control that TimeControl.Check refuses is refused.
func New(o Options) (*Game, error) {
	fen := o.FEN
	if fen == "" {
		fen = StartFEN
	}
	pos, err := ParseFEN(fen)
	if err != nil {
		return nil, err
	}
	if err := o.TimeControl.Check(); err != nil {
		return nil, err
	}
	now := o.Now
	if now == nil {
		now = time.Now
	}
	g := &Game{now: now, status: inProgress}
	if err := g.setRoot(pos); err != nil {
		return nil, err
	}
	g.clock = newClock(o.TimeControl, pos.Turn, now())
	g.tags.set("Date", now().Format("2006.01.02"))
	if o.FEN != "" && pos.FEN() != StartFEN {
		g.tags.set("SetUp", "1")
		g.tags.set("FEN", pos.FEN())
	}
	if !o.TimeControl.IsZero() {
		g.tags.set("TimeControl", o.TimeControl.String())
	}
	for _, name := range [][2]string{{"White", o.White}, {"Black", o.Black}} {
		if name[1] != "" {
			g.SetTag(name[0], name[1])
		}
	}
	if g.status, err = g.root.automaticEnd(); err != nil {
		return nil, err
	}
	return g, nil
}

func (g *Game) setRoot(pos Position) error {
	cp, err := chessPosition(&pos)
	if err != nil {
		return err
	}
	g.root = &Node{game: g, pos: pos, cp: cp, key: keyOf(&pos)}
	g.live = g.root
	return nil
}

// Move plays a move for the side to move, given in SAN ("Nf3", "exd6",
// "e8=Q", "O-O"), in a lenient form ("0-0", "e8Q", "Ngf3", a missing or
// wrong "+"), in long algebraic notation ("Ng1-f3") or in UCI ("e2e4",
// "e7e8q"). A move that cannot be played returns a *MoveError and changes
// nothing. A move made after the mover's flag fell ends the game on time
// instead.
func (g *Game) Move(s string) error {
	p, err := g.prepareText(s)
	if err != nil {
		return err
	}
	g.play(p)
	return nil
}

// PlayMove plays m for the side to move, as Move plays a text: it is
// PrepareMove, then PlayPrepared without a claim.
func (g *Game) PlayMove(m Move) error {
	p, err := g.PrepareMove(m)
	if err != nil {
		return err
	}
	g.play(p)
	return nil
}

// PreparedMove is a legal move at the live position of a game, with the
// position it leads to built, ready for PlayPrepared: a move that the
// user interface asks about (Claims) before playing it is resolved and
// built once. It is good until the game changes.
type PreparedMove struct {
	game    *Game
	version uint64 // the game's version when it was prepared
	input   string // the move as given, for messages
	node    *Node  // the position after the move, not yet in the tree
	end     Status // how that position ends the game by itself, or inProgress
}

// PrepareMove resolves m at the live position and builds its node once;
// *MoveError if it cannot be played (illegal, game over, flag fallen...).
// Nothing changes in the game but its end when the flag has fallen.
func (g *Game) PrepareMove(m Move) (*PreparedMove, error) {
	input := m.text()
	if err := g.refuseOver(input); err != nil {
		return nil, err
	}
	cm, err := g.live.chessMove(m)
	if err != nil {
		return nil, err
	}
	return g.prepareAt(g.live, cm, input)
}

// prepareText is PrepareMove for a move given as text (see Move).
func (g *Game) prepareText(s string) (*PreparedMove, error) {
	if err := g.refuseOver(s); err != nil {
		return nil, err
	}
	cm, err := g.live.resolve(s)
	if err != nil {
		return nil, err
	}
	return g.prepareAt(g.live, cm, s)
}

// prepareAt builds the position after legal move cm of at, given as
// input, and how it ends the game.
func (g *Game) prepareAt(at *Node, cm *chess.Move, input string) (*PreparedMove, error) {
	n := g.newChild(at, cm)
	end, err := n.automaticEnd()
	if err != nil {
		return nil, err
	}
	return &PreparedMove{game: g, version: g.version, input: input, node: n, end: end}, nil
}

// Claims lists the draws the mover could claim with this move (FIDE
// 9.2.1.1 third repetition arising, 9.3.1 fiftieth move), in the order
// ClaimableDrawsWithMove gives: ThreefoldRepetition, then FiftyMoveRule.
// A move that ends the game by itself (checkmate, fivefold repetition...)
// gives none.
func (p *PreparedMove) Claims() []Reason {
	if p.end.Over() {
		return nil
	}
	return claimsAt(p.node)
}

// PlayPrepared plays a prepared move; with claim != NoReason it claims
// that draw with the move (as ClaimDrawWithMove). A PreparedMove made
// before the game changed, or for another game, is refused with
// ErrStaleMove; a move made after the mover's flag fell ends the game on
// time instead.
func (g *Game) PlayPrepared(p *PreparedMove, claim Reason) error {
	if p == nil || p.game != g || p.version != g.version {
		return ErrStaleMove
	}
	if claim != NoReason {
		if err := g.checkClaim(claim); err != nil {
			return err
		}
	}
	if err := g.refuseOver(p.input); err != nil {
		return err
	}
	claimant := g.live.pos.Turn
	g.play(p)
	switch {
	case claim == NoReason:
		return nil
	case g.status.Over() && g.status.Result == Draw:
		return nil
	case g.status.Over():
		return &ClaimError{Claim: claim, Move: g.live.san, Status: g.status}
	}
	return g.settleClaim(claim, claimant)
}

// refuseOver refuses a move, given as input, once the game has ended,
// ending it first if the side to move is out of time.
func (g *Game) refuseOver(input string) error {
	now := g.now()
	if g.clock.flagged(now) {
		g.endOnTime(now)
	}
	if g.status.Over() {
		return refuse(input, MoveError{Reason: RefusedGameOver, Status: g.status})
	}
	return nil
}

// play makes a prepared move at the live position: the clocks switch, a
// draw offer by the opponent lapses, and the game ends if the move ends
// it.
func (g *Game) play(p *PreparedMove) {
	now := g.now()
	mover := g.live.pos.Turn
	undo := g.clock.shown(now)
	n := g.appendChild(g.live, p.node)
	n.clockUndo, n.hasUndo = undo, true
	if g.clock.off {
		g.clock.pass()
	} else if left, spent := g.clock.press(now); g.clock.timed() {
		n.clock, n.hasClock = left, true
		n.elapsed, n.hasElapsed = spent, true
	}
	g.live = n
	g.version++
	if g.offer.pending && g.offer.by != mover {
		g.offer = drawOffer{}
	}
	g.finish(p.end, now)
}

// appendChild makes n, a new child of parent, parent's continuation, and
// returns it. A side line of that one move is reused instead, keeping its
// comments; a longer one stays a side line, as the continuation must end
// at the new move.
func (g *Game) appendChild(parent, n *Node) *Node {
	for i, c := range parent.children {
		if c.move == n.move && len(c.children) == 0 {
			copy(parent.children[1:i+1], parent.children[:i])
			parent.children[0] = c
			return c
		}
	}
	parent.children = append([]*Node{n}, parent.children...)
	return n
}

// finish ends the game with s, if s is an end.
func (g *Game) finish(s Status, now time.Time) {
	if !s.Over() {
		return
	}
	g.status = s
	g.offer = drawOffer{}
	g.clock.stop(now)
	g.version++
}

// automaticEnd returns how n's position ends the game by itself, or
// inProgress: checkmate, stalemate, insufficient material, fivefold
// repetition, the 75-move rule (a mate on the 75th move stands).
func (n *Node) automaticEnd() (Status, error) {
	legal, err := n.legal()
	if err != nil {
		return Status{}, err
	}
	return n.endStatus(len(legal) > 0), nil
}

// endStatus is automaticEnd, told whether the side to move has a legal
// move.
func (n *Node) endStatus(hasMove bool) Status {
	if !hasMove {
		if n.pos.Check {
			return winFor(n.pos.Turn.Other(), Checkmate)
		}
		return drawn(Stalemate)
	}
	m := countMaterial(&n.pos.Board)
	switch {
	case m.isDead():
		return drawn(InsufficientMaterial)
	case n.pos.deadAfterMove():
		return drawn(DeadPosition)
	case n.repetitions() >= 5:
		return drawn(FivefoldRepetition)
	case n.pos.HalfMoves >= 150:
		return drawn(SeventyFiveMoveRule)
	}
	return inProgress
}

// endOnTime ends the game because the side to move is out of time: a loss,
// or a draw when the opponent could not checkmate (FIDE 6.9).
func (g *Game) endOnTime(now time.Time) {
	loser := g.live.pos.Turn
	s := winFor(loser.Other(), TimeForfeit)
	if g.live.pos.CannotMate(loser.Other(), FlagCheckNodes) {
		s = drawn(TimeForfeit)
	}
	g.finish(s, now)
}

// LegalMoves returns the legal moves of the side to move in UCI ("e2e4",
// "e7e8q", "e1g1"); none once the game is over.
func (g *Game) LegalMoves() []string {
	legal := g.Legal()
	if legal == nil {
		return nil
	}
	out := make([]string, len(legal))
	for i, m := range legal {
		out[i] = m.UCI()
	}
	return out
}

// Legal returns the legal moves of the side to move; none once the game
// is over.
func (g *Game) Legal() []Move {
	if g.status.Over() {
		return nil
	}
	return g.live.Legal()
}

// FEN returns the live position in FEN.
func (g *Game) FEN() string {
	return g.live.pos.FEN()
}

// Position returns the live position.
func (g *Game) Position() Position {
	return g.live.pos
}

// Turn returns the side to move.
func (g *Game) Turn() Color {
	return g.live.pos.Turn
}

// History returns the moves played so far, in SAN.
func (g *Game) History() []string {
	out := make([]string, g.live.ply)
	for n := g.live; n.parent != nil; n = n.parent {
		out[n.ply-1] = n.san
	}
	return out
}

// Status returns the game's result and why it ended.
func (g *Game) Status() Status {
	return g.status
}

// Resign ends the game: c resigns, the opponent wins. Either player may
// resign at any time while the game goes on.
func (g *Game) Resign(c Color) error {
	if err := g.goesOn(); err != nil {
		return err
	}
	g.finish(winFor(c.Other(), Resignation), g.now())
	return nil
}

// goesOn returns ErrGameOver once the game has ended, ending it first if
// the side to move is out of time.
func (g *Game) goesOn() error {
	now := g.now()
	if g.clock.flagged(now) {
		g.endOnTime(now)
	}
	if g.status.Over() {
		return fmt.Errorf("%w (%s)", ErrGameOver, g.status)
	}
	return nil
}

// TakeBack undoes the last move of the line being played and puts both
// clocks back to what they showed just before it. One rule holds after
// every end of the game: the end is taken back with the move, whether
// the move ended the game by itself (checkmate, stalemate…) or the game
// ended after it (a draw claimed or agreed, a resignation, a flag).
func (g *Game) TakeBack() error {
	_, err := g.TakeBackMove()
	return err
}

// TakenBack is a move taken back by TakeBackMove, with what PutBack
// needs to put it back as it was.
type TakenBack struct {
	node   *Node
	place  int // among its parent's moves
	status Status
	offer  drawOffer
	clock  clock
}

// Move is the node of the move taken back.
func (t *TakenBack) Move() *Node { return t.node }

// TakeBackMove is TakeBack, returning the move taken back for PutBack.
func (g *Game) TakeBackMove() (*TakenBack, error) {
	n := g.live
	if n.parent == nil {
		return nil, ErrNoMoves
	}
	now := g.now()
	p := n.parent
	t := &TakenBack{node: n, place: slices.Index(p.children, n), status: g.status, offer: g.offer, clock: g.clock}
	t.clock.spent, t.clock.running = t.clock.elapsed(now), false
	p.children = removeNode(p.children, n)
	g.live = p
	g.version++
	g.status = inProgress
	g.offer = drawOffer{}
	undo := g.undoState(n)
	g.clock.restore(undo, p.pos.Turn, now)
	return t, nil
}

// PutBack puts back a move TakeBackMove took back, where it was, with the
// end of the game, the draw offer and the clocks as they were then. It
// returns ErrStaleMove, changing nothing, unless the game stands where
// the move was taken back from, without it: its caller puts back only
// into the game as the take-back left it.
func (g *Game) PutBack(t *TakenBack) error {
	p := t.node.parent
	if g.live != p || g.status.Over() || slices.Contains(p.children, t.node) {
		return ErrStaleMove
	}
	place := min(t.place, len(p.children))
	p.children = slices.Insert(p.children, place, t.node)
	g.live, g.status, g.offer, g.clock = t.node, t.status, t.offer, t.clock
	if g.clock.timed() && !g.clock.paused && !g.clock.stopped && !g.clock.off {
		g.clock.started, g.clock.running = g.now(), true
	}
	g.version++
	return nil
}

func removeNode(list []*Node, n *Node) []*Node {
	for i, c := range list {
		if c == n {
			return append(list[:i:i], list[i+1:]...)
		}
	}
	return list
}

// undoState returns the clocks as they were before n's move: recorded when
// the move was played here, or else rebuilt from the clock times of the
// moves before it.
func (g *Game) undoState(n *Node) clockState {
	if n.hasUndo {
		return n.clockUndo
	}
	return g.clockBefore(n)
}

// SetClocksOff turns the clocks off (true) for a game that is edited,
// not played: they stay paused where they are, no flag falls, and a move
// made records no time and passes the turn; Resume does nothing. Turned
// on again (false), they are paused, to start with Resume.
func (g *Game) SetClocksOff(off bool) {
	if off {
		g.clock.pause(g.now())
	}
	g.clock.off = off
}

// ClocksOff reports whether the clocks are off (SetClocksOff).
func (g *Game) ClocksOff() bool { return g.clock.off }

// Pause stops both clocks; Resume starts the side to move's clock again.
func (g *Game) Pause() {
	g.clock.pause(g.now())
}

// WaitForFirstMove pauses the clocks of a game with no move yet, the
// time since the game was made given back, so that its first move starts
// them.
func (g *Game) WaitForFirstMove() {
	if g.live != g.root || !g.clock.timed() {
		return
	}
	g.clock.spent, g.clock.running, g.clock.paused = 0, false, true
}

// Resume starts the clock of the side to move after Pause.
func (g *Game) Resume() {
	g.clock.resume(g.now())
}

// Paused reports whether the clocks are paused.
func (g *Game) Paused() bool {
	return g.clock.paused
}

// TimeControl returns the game's time control.
func (g *Game) TimeControl() TimeControl {
	return g.clock.tc
}

// Remaining returns c's time left, including the time the side to move
// has used so far; never below zero. It is zero in an untimed game.
func (g *Game) Remaining(c Color) time.Duration {
	return max(g.clock.left(c, g.now()), 0)
}

// CheckFlag ends the game when the side to move is out of time, and
// reports whether it did. The opponent wins, unless they could not
// checkmate by any series of legal moves: then it is a draw (FIDE 6.9).
func (g *Game) CheckFlag() bool {
	now := g.now()
	if g.status.Over() || !g.clock.flagged(now) {
		return false
	}
	g.endOnTime(now)
	return true
}
