package session

import "github.com/echiquier/echiquier/app/game"

// Show shows a position of the game; the live one (or nil) returns to
// play. Looking at a past position forgets a touched piece.
func (s *Session) Show(n *game.Node) {
	if n == nil || n == s.game.Live() {
		n = nil
	}
	if n == s.view {
		return
	}
	s.view = n
	c := ViewChanged
	if s.Browsing() {
		s.touch.square, s.touch.target, s.touch.at = game.NoSquare, game.NoSquare, nil
		c |= TouchChanged
	}
	s.notify(c)
}

// ShowLive returns from browsing to the position being played.
func (s *Session) ShowLive() { s.Show(nil) }

// ShowStart shows the start position.
func (s *Session) ShowStart() { s.Show(s.game.Root()) }

// Step shows the position delta moves away along the line shown: back
// towards the start, or forward along the first continuation, never past
// the live position.
func (s *Session) Step(delta int) {
	n := s.Shown()
	for ; delta < 0 && n.Parent() != nil; delta++ {
		n = n.Parent()
	}
	for ; delta > 0; delta-- {
		next := n.Children()
		if len(next) == 0 || n == s.game.Live() {
			break
		}
		n = next[0]
	}
	s.Show(n)
}

// edited records a change to the game's tree that is not a move of the
// game in progress, and shows n.
func (s *Session) edited(n *game.Node) {
	if n == s.game.Live() {
		n = nil
	}
	s.view = n
	s.changed(ViewChanged)
}

// SetComment makes text the comment after n's move.
func (s *Session) SetComment(n *game.Node, text string) error {
	if err := s.game.SetComment(n, text); err != nil {
		return err
	}
	s.edited(s.view)
	return nil
}

// SetNAGs sets the annotation glyphs of n's move.
func (s *Session) SetNAGs(n *game.Node, nags []int) error {
	if err := s.game.SetNAGs(n, nags); err != nil {
		return err
	}
	s.edited(s.view)
	return nil
}

// PromoteSideLine moves the side line n is in one place up, towards the
// main line.
func (s *Session) PromoteSideLine(n *game.Node) error {
	if err := s.game.PromoteVariation(sideLineStart(n)); err != nil {
		return err
	}
	s.edited(n)
	return nil
}

// sideLineStart returns the first move of the side line n is in.
func sideLineStart(n *game.Node) *game.Node {
	for p := n.Parent(); p != nil; n, p = p, p.Parent() {
		if c := p.Children(); len(c) > 0 && c[0] != n {
			return n
		}
	}
	return n
}

// DeleteSideLine removes n and what follows it in its line. A position
// shown inside what was removed gives way to n's parent.
func (s *Session) DeleteSideLine(n *game.Node) error {
	parent := n.Parent()
	shown := s.Shown()
	if err := s.game.DeleteVariation(n); err != nil {
		return err
	}
	for p := shown; p != nil; p = p.Parent() {
		if p == n {
			shown = parent
			break
		}
	}
	s.edited(shown)
	return nil
}

// SetAssessment gives n's move the judgement nag, of the move ("!", $1)
// or of the position ("±", $16), in place of the one of that kind it had.
func (s *Session) SetAssessment(n *game.Node, nag int) error {
	if err := s.game.SetAssessment(n, nag); err != nil {
		return err
	}
	s.edited(s.view)
	return nil
}

// ClearAssessments removes the judgements of n's move and position.
func (s *Session) ClearAssessments(n *game.Node) error {
	if err := s.game.ClearAssessments(n); err != nil {
		return err
	}
	s.edited(s.view)
	return nil
}
