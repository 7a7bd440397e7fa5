package game

// TEMPORARY: the typed API, by text, until the real one lands.

// PreparedMove is a move resolved at the live position.
type PreparedMove struct {
	m      Move
	claims []Reason
	at     *Node
}

// PrepareMove resolves m at the live position.
func (g *Game) PrepareMove(m Move) (*PreparedMove, error) {
	claims, err := g.ClaimableDrawsWithMove(m.UCI())
	if err != nil {
		return nil, err
	}
	return &PreparedMove{m: m, claims: claims, at: g.Live()}, nil
}

// Claims lists the draws claimable with the move.
func (p *PreparedMove) Claims() []Reason { return p.claims }

// PlayPrepared plays p.
func (g *Game) PlayPrepared(p *PreparedMove, claim Reason) error {
	if claim != NoReason {
		return g.ClaimDrawWithMove(p.m.UCI(), claim)
	}
	return g.Move(p.m.UCI())
}

// PlayMove plays m.
func (g *Game) PlayMove(m Move) error { return g.Move(m.UCI()) }

// AddVariationMove is AddVariation.
func (g *Game) AddVariationMove(at *Node, m Move) (*Node, error) { return g.AddVariation(at, m.UCI()) }

// ReplaceFromMove is ReplaceFrom.
func (g *Game) ReplaceFromMove(at *Node, m Move) (*Node, error) { return g.ReplaceFrom(at, m.UCI()) }

// Legal is LegalMoves.
func (n *Node) Legal() []Move { return n.LegalMoves() }
