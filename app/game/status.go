package game

// Reason says why a game ended.
type Reason int

// The reasons a game can end. The first six end a game by themselves; the
// others need a player (a claim, an offer, a resignation), the clock, or —
// for games read from PGN — the final comment or the Termination tag.
const (
	// NoReason: the game is in progress, or a PGN game ended without
	// saying why.
	NoReason Reason = iota
	// Checkmate: the side to move is checkmated (FIDE 5.1.1).
	Checkmate
	// Stalemate: the side to move has no legal move and is not in check
	// (FIDE 5.2.1).
	Stalemate
	// InsufficientMaterial: a dead position — neither side can checkmate by
	// any series of legal moves (FIDE 5.2.2) — for want of material.
	InsufficientMaterial
	// DeadPosition: a dead position with material enough to mate, such as
	// kings walled in by locked pawns (FIDE 5.2.2).
	DeadPosition
	// FivefoldRepetition: the same position has appeared five times
	// (FIDE 9.6.1).
	FivefoldRepetition
	// SeventyFiveMoveRule: 75 moves by each side without a pawn move or a
	// capture (FIDE 9.6.2).
	SeventyFiveMoveRule
	// ThreefoldRepetition: a correct claim of a third occurrence (FIDE 9.2).
	ThreefoldRepetition
	// FiftyMoveRule: a correct claim of 50 moves by each side without a
	// pawn move or a capture (FIDE 9.3).
	FiftyMoveRule
	// Agreement: a draw offer was accepted (FIDE 9.1).
	Agreement
	// Resignation: a player resigned (FIDE 5.1.2).
	Resignation
	// TimeForfeit: a player's time ran out (FIDE 6.9). When the opponent
	// could not have checkmated by any series of legal moves (for want of
	// material, or as proven by a search of FlagCheckNodes positions) the
	// result is a draw, with this same reason.
	TimeForfeit
	// Abandoned, Adjudication, RulesInfraction, Emergency and Death come
	// from games read from PGN: their Termination tag or final comment.
	Abandoned
	Adjudication
	RulesInfraction
	Emergency
	Death
	// NumReasons counts the reasons above: a loop up to it meets every
	// one.
	NumReasons
)

var reasonNames = [NumReasons]string{
	NoReason:             "",
	Checkmate:            "checkmate",
	Stalemate:            "stalemate",
	InsufficientMaterial: "insufficient material",
	DeadPosition:         "dead position",
	FivefoldRepetition:   "fivefold repetition",
	SeventyFiveMoveRule:  "seventy-five-move rule",
	ThreefoldRepetition:  "threefold repetition",
	FiftyMoveRule:        "fifty-move rule",
	Agreement:            "agreement",
	Resignation:          "resignation",
	TimeForfeit:          "time forfeit",
	Abandoned:            "abandoned",
	Adjudication:         "adjudication",
	RulesInfraction:      "rules infraction",
	Emergency:            "emergency",
	Death:                "death",
}

// String returns the reason in lower-case English, as written in a PGN
// Termination tag: "checkmate", "time forfeit". NoReason is "".
func (r Reason) String() string {
	if r < 0 || int(r) >= len(reasonNames) {
		return ""
	}
	return reasonNames[r]
}

// isDrawClaim reports whether a player may claim a draw for this reason.
func (r Reason) isDrawClaim() bool { return r == ThreefoldRepetition || r == FiftyMoveRule }

// Results of a game, as written in PGN.
const (
	WhiteWins  = "1-0"
	BlackWins  = "0-1"
	Draw       = "1/2-1/2"
	InProgress = "*"
)

// Status is the state of a game: its result ("1-0", "0-1", "1/2-1/2", or
// "*" while it goes on) and why it ended.
type Status struct {
	Result string
	Reason Reason
}

// Over reports whether the game has ended.
func (s Status) Over() bool { return s.Result != InProgress && s.Result != "" }

// Winner returns the winning colour, and false for a draw or a game in
// progress.
func (s Status) Winner() (Color, bool) {
	switch s.Result {
	case WhiteWins:
		return White, true
	case BlackWins:
		return Black, true
	}
	return White, false
}

// String describes the status in English: "1-0 (checkmate)", "*".
func (s Status) String() string {
	if s.Reason == NoReason || !s.Over() {
		return s.Result
	}
	return s.Result + " (" + s.Reason.String() + ")"
}

// winFor returns the status of a win for c.
func winFor(c Color, r Reason) Status {
	if c == White {
		return Status{WhiteWins, r}
	}
	return Status{BlackWins, r}
}

// drawn returns the status of a draw.
func drawn(r Reason) Status { return Status{Draw, r} }

var inProgress = Status{Result: InProgress}
