//go:build !race

package pgn_test

// raceEnabled is set when the tests run with -race.
const raceEnabled = false
