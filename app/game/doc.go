// Package game is Échiquier's rules layer: a chess game under the FIDE Laws
// of Chess, with draw claims, draw offers, resignation, chess clocks and
// lossless PGN.
//
// Live play (Game.Move, claims, LegalMoves) generates moves and encodes
// SAN with github.com/notnil/chess; this package is the only one that
// imports it. Reading PGN (FromPGN, ReadPGN, CheckPGN) replays the moves
// with this package's own legal move generator and SAN writer on
// Position, which are many times faster and agree with notnil/chess move
// for move (the tests check it on perft positions and real games); a node
// read from a file builds notnil's position only when it is played from.
// Everything notnil/chess
// does not do, or does not do as the Laws say, is done here: validated FEN
// input, lenient move input with clear errors, repetition that counts only
// real en-passant possibilities, claims "on the board" and "with the
// intended move", fivefold repetition and the 75-move rule, dead positions,
// time controls and time forfeit, take-backs, and the game tree of a PGN
// file with its comments, NAGs and variations.
//
// A Game is safe for use from several goroutines: a clock ticker may call
// Remaining and CheckFlag while the user interface plays moves. Node values
// belong to their Game and are read under its lock.
package game
