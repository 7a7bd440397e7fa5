//go:build race

package game

// raceDetector is set when the tests run with -race, which makes them
// about ten times slower: the perft tests then stop at smaller depths.
const raceDetector = true
