// Package game is Échiquier's rules layer: a chess game under the FIDE Laws
// of Chess, with draw claims, draw offers, resignation, chess clocks and
// lossless PGN.
//
// It has two move generators, each with its own role. github.com/notnil/chess
// is the rules core of play: it resolves the moves played (Game.Move,
// PrepareMove, PlayMove, the side lines), writes their SAN, lists the
// legal moves offered (Game.LegalMoves, Node.Legal) and tells whether a
// position played has a legal move left; this package is the only one
// that imports it. This package's own generator
// (Position, movegen.go) replays PGN in bulk (FromPGN, ReadPGN): it is
// many times faster, and a node read from a file builds notnil's position
// only when it is played from. The two agree move for move: a
// differential test checks it on perft positions and real games.
// Repetition keys are made by one function, keyOf, with this package's
// generator, for every node however it was made, so that the keys compared
// are always made the same way. A position notnil/chess refuses to play
// from says why in a *FENError (BadFENUnplayable); no error is dropped.
//
// Everything notnil/chess does not do, or does not do as the Laws say, is
// done here: validated FEN input, lenient move input with clear errors,
// repetition that counts only real en-passant possibilities, claims "on
// the board" and "with the intended move", fivefold repetition and the
// 75-move rule, insufficient material (the one kind of dead position this
// package detects), time controls and time forfeit, take-backs, and the
// game tree of a PGN file with its comments, NAGs and variations, and the
// arrows and circles drawn on its positions ([%cal], [%csl]).
//
// A Game is not safe for concurrent use: the app uses it from the user
// interface's goroutine only, its clock ticker included. Node values
// belong to their Game and follow the same rule.
package game
