// Package engine analyses chess positions and games with a UCI chess engine
// (Stockfish by default) run as a separate process. It has no user
// interface: a window drives it and shows what it reports.
//
// Everything that talks to the engine runs in this package's own
// goroutines. Results come through callbacks, called from those
// goroutines, at most ten times a second: a Fyne window wraps them in
// fyne.Do. Live analyses one position at a time and follows the position
// shown (stop, new position, go); AnalyseGame analyses every move of a
// game's main line and returns the result as data that Apply writes into
// the game tree on the caller's goroutine: [%eval] comments, the lichess
// convention, NAGs for inaccuracies, mistakes and blunders, and the
// engine's best line as a side line at each of them; a second analysis
// replaces what the first wrote. NewReport reads those [%eval] comments
// back, whoever wrote them (this package, lichess), into each player's
// accuracy, average centipawn loss and errors, by lichess's formulas.
//
// An Opponent plays a side of a game with an engine run for it: at each
// of its turns it is told the position and the clocks, and answers with
// its move, or accepts the draw offered, claims a draw it is owed or
// resigns, by rules of its own (WouldAcceptDraw, WouldClaimDraw,
// WouldResign). It plays at one of ten levels, from a beginner's game to
// the engine's full strength, by the options the engine offers
// (UCI_Elo, Skill Level): Probe says which levels an engine can play at.
//
// The client is this package's own, over os/exec, not
// github.com/notnil/chess/uci: that one waits for "bestmove" and cannot
// pass on the "info" lines as the engine prints them, which live analysis
// needs, and app/game is the only package that imports notnil/chess.
//
// An engine that cannot be started, that does not speak UCI, that crashes
// or that stops answering ends the analysis with an *Error saying so in
// words. Its process is always waited for (killed when it does not quit
// in time), so that no zombie is left behind, and no goroutine outlives
// an analysis. It runs in a process group of its own, killed once the
// engine has exited, so that nothing it started outlives it; on Linux
// the kernel kills it when the program ends, even killed itself.
package engine
