package game

import "strings"

// Move is a move on the board: the squares a piece leaves and reaches, and
// the piece a pawn promotes to. Castling is the king's move (e1g1).
type Move struct {
	From, To  Square
	Promotion Kind
}

// UCI returns the move in UCI notation: "e2e4", "e7e8q", "e1g1".
func (m Move) UCI() string {
	s := m.From.String() + m.To.String()
	if m.Promotion != NoKind {
		s += strings.ToLower(m.Promotion.Letter())
	}
	return s
}

// valid reports whether m's squares are on the board and its promotion,
// if any, a kind of piece.
func (m Move) valid() bool {
	return m.From >= 0 && m.From <= 63 && m.To >= 0 && m.To <= 63 && m.Promotion >= NoKind && m.Promotion <= King
}

// text writes m for a message: in UCI, or its squares alone when m is
// not valid.
func (m Move) text() string {
	if !m.valid() {
		return m.From.String() + m.To.String()
	}
	return m.UCI()
}

// moveSpec is what a move's text says, before it is matched against the
// legal moves of a position.
type moveSpec struct {
	kind      Kind   // NoKind: not said (UCI and long forms say From instead)
	from      Square // known origin, or NoSquare
	fromFile  int    // -1 when not given
	fromRank  int    // -1 when not given
	to        Square
	promotion Kind
	castle    int // 0, or 6 for king side (g-file) and 2 for queen side (c-file)
}

// parseMove reads SAN (with the common lenient forms), long algebraic
// notation and UCI. It returns false when s is not shaped like a move.
func parseMove(s string) (moveSpec, bool) {
	s = trimAnnotations(strings.TrimSpace(s))
	if c := castleSide(s); c != 0 {
		return moveSpec{castle: c, from: NoSquare, fromFile: -1, fromRank: -1, to: NoSquare}, true
	}
	spec := moveSpec{from: NoSquare, fromFile: -1, fromRank: -1}
	if len(s) > 0 && kindFromLetter(s[0]) != NoKind {
		spec.kind = kindFromLetter(s[0])
		s = s[1:]
	}
	s, spec.promotion = cutPromotion(s)
	if len(s) < 2 {
		return spec, false
	}
	var ok bool
	if spec.to, ok = ParseSquare(s[len(s)-2:]); !ok {
		return spec, false
	}
	origin := trimRight(s[:len(s)-2], "x-:")
	switch {
	case len(origin) == 2:
		spec.from, ok = ParseSquare(origin)
	case len(origin) == 1 && origin[0] >= 'a' && origin[0] <= 'h':
		spec.fromFile, ok = int(origin[0]-'a'), true
	case len(origin) == 1 && origin[0] >= '1' && origin[0] <= '8':
		spec.fromRank, ok = int(origin[0]-'1'), true
	default:
		ok = origin == ""
	}
	if spec.kind == NoKind && spec.from == NoSquare {
		spec.kind = Pawn
	}
	if spec.kind == Pawn && spec.fromRank >= 0 {
		ok = false
	}
	return spec, ok
}

// parseSAN reads the strict SAN that nearly every PGN file writes ("e4",
// "Nf3", "exd5", "Nbd7", "R1e2", "Qh4xe1", "e8=Q", "O-O", each perhaps
// with "+" or "#") faster than parseMove, and gives the same moveSpec.
// For any other text it returns false, and parseMove reads it.
func parseSAN(s string) (moveSpec, bool) {
	n := len(s)
	for n > 0 && (s[n-1] == '+' || s[n-1] == '#') {
		n--
	}
	s = s[:n]
	switch s {
	case "O-O":
		return moveSpec{castle: 6, from: NoSquare, fromFile: -1, fromRank: -1, to: NoSquare}, true
	case "O-O-O":
		return moveSpec{castle: 2, from: NoSquare, fromFile: -1, fromRank: -1, to: NoSquare}, true
	}
	spec := moveSpec{from: NoSquare, fromFile: -1, fromRank: -1}
	if n > 0 && s[0] != 'P' {
		if spec.kind = kindFromLetter(s[0]); spec.kind != NoKind {
			s = s[1:]
		}
	}
	if n = len(s); n >= 4 && s[n-2] == '=' {
		spec.promotion = kindFromLetter(s[n-1])
		if spec.promotion == NoKind || spec.promotion == Pawn || spec.promotion == King || (s[n-3] != '1' && s[n-3] != '8') {
			return spec, false
		}
		s = s[:n-2]
	}
	if n = len(s); n < 2 || s[n-2] < 'a' || s[n-2] > 'h' || s[n-1] < '1' || s[n-1] > '8' {
		return spec, false
	}
	spec.to = NewSquare(int(s[n-2]-'a'), int(s[n-1]-'1'))
	origin := s[:n-2]
	if len(origin) > 0 && origin[len(origin)-1] == 'x' {
		origin = origin[:len(origin)-1]
	}
	switch {
	case len(origin) == 0:
	case len(origin) == 1 && origin[0] >= 'a' && origin[0] <= 'h':
		spec.fromFile = int(origin[0] - 'a')
	case len(origin) == 1 && origin[0] >= '1' && origin[0] <= '8' && spec.kind != NoKind:
		spec.fromRank = int(origin[0] - '1')
	case len(origin) == 2 && spec.kind != NoKind:
		var ok bool
		if spec.from, ok = ParseSquare(origin); !ok {
			return spec, false
		}
	default:
		return spec, false
	}
	if spec.kind == NoKind {
		spec.kind = Pawn
	}
	return spec, true
}

// trimAnnotations drops what may follow a move without changing it: check
// and mate marks, "!?"-style suffixes and "e.p.".
func trimAnnotations(s string) string {
	s = strings.TrimSuffix(s, "e.p.")
	return trimRight(s, "+#!? ")
}

// trimRight is strings.TrimRight for a cutset of ASCII bytes, without
// its set-up cost (moves are read by the million).
func trimRight(s, cutset string) string {
	for len(s) > 0 && strings.IndexByte(cutset, s[len(s)-1]) >= 0 {
		s = s[:len(s)-1]
	}
	return s
}

func castleSide(s string) int {
	if s == "" || (s[0] != 'O' && s[0] != 'o' && s[0] != '0') {
		return 0 // not castling: save the upper-casing
	}
	switch strings.ToUpper(strings.ReplaceAll(s, "0", "O")) {
	case "O-O", "OO":
		return 6
	case "O-O-O", "OOO":
		return 2
	}
	return 0
}

// cutPromotion removes a trailing promotion ("=Q", "Q", "q", "(Q)", "/Q")
// and returns the kind promoted to.
func cutPromotion(s string) (string, Kind) {
	s = strings.TrimSuffix(s, ")")
	if len(s) < 3 {
		return s, NoKind
	}
	last := s[len(s)-1]
	k := kindFromLetter(last &^ 0x20)
	if k == NoKind || k == Pawn || k == King {
		return s, NoKind
	}
	// A lower-case letter is a promotion only right after a rank 1 or 8
	// ("e7e8q"); "b" could otherwise be a file.
	rest := trimRight(s[:len(s)-1], "=/(")
	if len(rest) == 0 || (rest[len(rest)-1] != '8' && rest[len(rest)-1] != '1') {
		return s, NoKind
	}
	return rest, k
}
