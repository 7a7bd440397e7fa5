package game

import (
	"cmp"
	"errors"
	"slices"
	"strings"

	"github.com/echiquier/echiquier/app/pgn"
)

// MaxMoveText is the longest text read as one move: a move with its
// number and marks, "123... exd8=Q+!?". The move box takes no more.
const MaxMoveText = 16

// ParseMoveIn finds the legal move at n that s names, without playing
// it, for a user who writes moves in notation. It reads what Game.Move
// reads (SAN, its lenient forms, long algebraic notation, UCI),
// figurines ("♘f3", "e8=♕"), and French SAN: R (roi) for the king, D
// (dame) for the queen, T (tour) for the rook, F (fou) for the bishop and
// C (cavalier) for the knight, in moves and promotions ("Cf3", "e8=D",
// "e8D").
//
// When the text as typed names no legal move, a lower-case piece letter
// is read as a capital, for quick typing: "cf3" is Nf3, "fxe5" is a pawn
// capture when one is legal and else the bishop's, "bxc3" likewise; "b4"
// is only ever a pawn move. Where English and French readings name two
// different legal moves ("Rf1": a rook or the king), the one in notation
// wins: the rook's move in English SAN and figurines, the king's in
// French SAN. Any other refusal is a *MoveError saying why. It does not
// ask whether the game goes on.
func (n *Node) ParseMoveIn(s string, notation Notation) (Move, error) {
	french := notation == FrenchSAN
	return n.parseMove(s, &french)
}

// ParseMove reads s as ParseMoveIn does, a clash between the English and
// the French reading being an ambiguous move naming both.
func (n *Node) ParseMove(s string) (Move, error) { return n.parseMove(s, nil) }

// parseMove reads s tier by tier, as ParseMoveIn does; preferFrench, when
// set, settles a clash between the English and the French reading, and
// when nil such a clash is an ambiguous move naming both.
func (n *Node) parseMove(s string, preferFrench *bool) (Move, error) {
	legal, err := n.legal()
	if err != nil {
		return Move{}, err
	}
	rs := n.readings(s, movesOf(legal))
	for tier := range readingTiers {
		found := foundIn(rs, tier, nil)
		if len(found) > 1 && preferFrench != nil {
			if preferred := foundIn(rs, tier, preferFrench); len(preferred) == 1 {
				return preferred[0], nil
			}
		}
		switch len(found) {
		case 0:
			continue
		case 1:
			return found[0], nil
		}
		sortByOrigin(found)
		return Move{}, ambiguous(s, found, func(m Move) string { return n.sanIn(legal, m) })
	}
	return Move{}, bestError(s, rs)
}

// foundIn returns the distinct legal moves the readings of a tier name,
// only those of one language when french is set.
func foundIn(rs []reading, tier int, french *bool) []Move {
	var found []Move
	for _, r := range rs {
		if r.tier != tier || (french != nil && r.french != *french) {
			continue
		}
		for _, m := range r.found {
			if !slices.Contains(found, m) {
				found = append(found, m)
			}
		}
	}
	return found
}

// readingTiers is the number of tiers of readings: the text as typed,
// then with a capital piece letter, then as a pawn move in a form no pawn
// can make ("cf3": from the c-file to f3). The first tier that names a
// legal move decides.
const readingTiers = 3

// reading is one way to read a move's text: the legal moves it names, or
// why it names none.
type reading struct {
	tier   int
	french bool // read with French piece letters
	found  []Move
	err    error
}

// readings reads s in English and in French, as typed and with a capital
// first letter, among legal, the legal moves at n.
func (n *Node) readings(s string, legal []Move) []reading {
	typed := strings.TrimSpace(s)
	upper := capitalPiece(typed)
	texts := []string{typed, frenchToEnglish(typed), upper, frenchToEnglish(upper)}
	if fig := fromFigurines(typed); fig != typed {
		texts = []string{fig} // figurines are in no language
	}
	var rs []reading
	for i, text := range texts {
		if slices.Contains(texts[:i], text) {
			continue
		}
		r := reading{tier: i / 2, french: i%2 == 1}
		spec, err := n.pos.readMove(text)
		if err == nil {
			if impossiblePawn(spec) {
				r.tier = readingTiers - 1
			}
			r.found, err = n.pos.choose(text, spec, legal, nil)
		}
		r.err = err
		rs = append(rs, r)
	}
	return rs
}

// impossiblePawn reports whether spec is a pawn move from a file that no
// pawn could reach its square from, as "cf3" or "dd4" read in English.
func impossiblePawn(spec moveSpec) bool {
	return spec.kind == Pawn && spec.fromFile >= 0 && abs(spec.fromFile-spec.to.File()) != 1
}

// bestError picks the error that explains best why s names no move: the
// first in tier order that got past the syntax, about the text as the
// user typed it.
func bestError(s string, rs []reading) error {
	slices.SortStableFunc(rs, func(a, b reading) int { return cmp.Compare(a.tier, b.tier) })
	pick := rs[0].err
	for _, r := range rs {
		var me *MoveError
		if errors.As(r.err, &me) && me.Reason != RefusedNotAMove {
			pick = r.err
			break
		}
	}
	var me *MoveError
	if !errors.As(pick, &me) {
		return pick
	}
	e := *me
	e.Input = pgn.Excerpt(s)
	return &e
}

// capitalPiece returns s with its first letter in capitals when that
// letter may be a piece typed in lower case, in English or in French.
func capitalPiece(s string) string {
	if s == "" || !strings.ContainsRune("bcdfknpqrt", rune(s[0])) {
		return s
	}
	return string(s[0]-'a'+'A') + s[1:]
}

// frenchToEnglish rewrites a move in French SAN in English SAN: its
// leading piece letter, and the piece a pawn promotes to (in either case:
// "=d", "e8D"). Squares are left alone.
func frenchToEnglish(s string) string {
	b := []byte(s)
	if len(b) > 0 {
		b[0] = englishLetter(b[0])
	}
	i := len(b) - 1
	for i > 0 && strings.IndexByte("+#!? )", b[i]) >= 0 {
		i--
	}
	if i > 0 && strings.IndexByte("=/(18", b[i-1]) >= 0 {
		// A French R would promote to a king: leave it an English rook.
		if l := b[i] &^ 0x20; strings.IndexByte("DTFC", l) >= 0 {
			b[i] = englishLetter(l)
		}
	}
	return string(b)
}

// englishLetter maps a French SAN piece letter to the English one; any
// other byte stays as it is.
func englishLetter(b byte) byte {
	switch b {
	case 'R':
		return 'K'
	case 'D':
		return 'Q'
	case 'T':
		return 'R'
	case 'F':
		return 'B'
	case 'C':
		return 'N'
	}
	return b
}

// fromFigurines writes the figurines of s (white ♔ U+2654 to ♙, black
// ♚ to ♟ U+265F, each in the order K Q R B N P) as English piece letters.
func fromFigurines(s string) string {
	return strings.Map(func(r rune) rune {
		if r >= '♔' && r <= '♟' {
			return rune("KQRBNP"[(r-'♔')%6])
		}
		return r
	}, s)
}

// LegalSAN returns the legal moves at n in SAN, pawn moves first, then
// those of the knights, bishops, rooks, queen and king (castling last),
// each group in alphabetical order: the list to complete a typed move
// from. There are none where Legal has none.
func (n *Node) LegalSAN() []string {
	type entry struct {
		kind Kind
		san  string
	}
	legal, err := n.legal()
	if err != nil {
		return nil
	}
	entries := make([]entry, len(legal))
	for i, cm := range legal {
		entries[i] = entry{n.pos.Board[fromChess(cm).From].Kind(), n.sanOf(cm)}
	}
	slices.SortFunc(entries, func(a, b entry) int {
		return cmp.Or(cmp.Compare(a.kind, b.kind), strings.Compare(a.san, b.san))
	})
	out := make([]string, len(entries))
	for i, e := range entries {
		out[i] = e.san
	}
	return out
}

// SANOf returns legal move m of n in SAN, or a *MoveError saying why
// m is not legal at n.
func (n *Node) SANOf(m Move) (string, error) {
	cm, err := n.chessMove(m)
	if err != nil {
		return "", err
	}
	return n.sanOf(cm), nil
}
